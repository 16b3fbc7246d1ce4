#pragma once
// A record written as the game goes: the header at once, then each action line and the result
// as they are applied. Every line is handed to the system before `sync` returns, so a process
// stopped at any moment (Ctrl-C, a closed terminal, a crash) leaves a valid record of the game
// so far, unfinished unless it ended. The same appender serves anything that must not lose an
// applied action (the play command, a server's write-ahead).
#include <string>

#include "record.hpp"

namespace sabbat {

class RecordWriter {
 public:
  // What a line costs besides the write: `Flush` hands it to the system (it survives the
  // process), `Sync` also waits until it is on the disk (it survives the machine).
  enum class Durability { Flush, Sync };

  RecordWriter() = default;
  RecordWriter(RecordWriter&& other) noexcept;
  RecordWriter& operator=(RecordWriter&& other) noexcept;
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;
  ~RecordWriter();

  // Creates `path` (emptying an older file) and writes every line `record` holds so far: at
  // least its header. The error says the system's reason.
  static Result<RecordWriter> create(const std::string& path, const Record& record,
                                     Durability durability = Durability::Flush);

  // Appends what `record` holds beyond what was written: new action lines, then the result
  // line once the game has one. `record` must be the one the writer was created with, grown.
  // After a failure the writer refuses everything, so a record never gets a gap.
  Status sync(const Record& record);

  bool is_open() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }
  size_t actions_written() const { return actions_; }

 private:
  Status write_line(const std::string& line);

  int fd_ = -1;
  std::string path_;
  Durability durability_ = Durability::Flush;
  size_t actions_ = 0;
  bool result_ = false;
  std::string failure_;  // the first failure, repeated by every later call
};

}  // namespace sabbat
