#pragma once
// Where the server's tables live between restarts (docs/architecture.md, "Server"). The server
// names no database: SQLite is the embedded default, and the interface leaves room for a
// PostgreSQL store so that several server processes can share tables later.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/record.hpp"

namespace sabbat {

// One applied action of one table, as the record writes it.
struct StoredAction {
  std::string table;  // the table's code
  RecordedAction action;
};

// Everything needed to rebuild a table: its record so far and the server's own settings.
struct StoredTable {
  std::string code;                     // unguessable table code
  std::string header;                   // the record's header line (docs/record-format.md)
  std::string settings;                 // the server's table settings, as JSON text
  std::vector<RecordedAction> actions;  // in seq order
  std::optional<std::string> result;    // the record's result line, once the game ended
  int64_t created_ms = 0;               // wall-clock milliseconds since the Unix epoch
};

// Not thread-safe: one thread uses a Store at a time (WriteAhead's writer, or start-up).
class Store {
 public:
  virtual ~Store() = default;
  // `table.actions` and `table.result` must be empty. Refused if the code exists.
  virtual Status create_table(const StoredTable& table) = 0;
  virtual Status save_settings(std::string_view code, std::string_view settings) = 0;
  // All in one durable transaction: once it returns success, every action survives a crash
  // of the process at any later moment. Refused whole (nothing written) if any action's table
  // is unknown or finished, or its seq is not the next one of its table.
  virtual Status append_actions(std::span<const StoredAction> actions) = 0;
  virtual Status finish_table(std::string_view code, std::string_view result_line) = 0;
  virtual Result<std::optional<StoredTable>> load_table(std::string_view code) = 0;
  // Codes of the tables without a result, oldest first.
  virtual Result<std::vector<std::string>> unfinished_tables() = 0;
  // Codes of the tables with a result, oldest first: the server still serves their status
  // and record after a restart. A store that keeps no finished tables says so.
  // Whether a write could be made now (the health check): takes the write lock and lets go.
  virtual Status probe() { return Status::success(); }
  virtual Result<std::vector<std::string>> finished_tables() {
    return fail("this store does not list its finished tables");
  }
};

// The SQLite store in one file (WAL mode), created with its schema if missing. A store of an
// older schema version is brought to the current one on opening; one of a newer version (or
// not a Sabbat store) is refused and left as it was.
Result<std::unique_ptr<Store>> open_sqlite_store(const std::string& path);
// The schema version this build writes, in the file's PRAGMA user_version.
int64_t sqlite_store_schema_version();

// What a backup copied.
struct BackupSummary {
  int64_t tables = 0;
  int64_t unfinished = 0;
  int64_t actions = 0;
  uintmax_t bytes = 0;
};
// A consistent copy of the SQLite store at `path` into the new file `file`, while a server may
// go on writing to it: SQLite's online backup in one step, so one read transaction sees one
// moment of the store (in WAL mode the writer is not blocked). The copy is written beside
// `file` and renamed into place when whole; an existing `file` is refused, not overwritten.
Result<BackupSummary> backup_sqlite_store(const std::string& path, const std::string& file);

// Group commit: operations queued from any thread run in order on one writer thread; appends
// queued within `window` of each other are committed in one transaction. Each `done` runs on
// the writer thread once its operation is durable (or failed), so the caller must hand the
// result back to its own executor.
//
// The writer takes everything queued once the oldest operation has waited `window` (at once
// while someone waits in flush()); what is queued during a commit goes into the next one, so a
// window of zero still groups under load. If a batch of appends is refused, each of its actions
// is tried alone, so that each `done` hears its own fate. A `done` may be empty, may queue more
// operations, and must neither throw nor call flush() (it would wait for itself). No call may
// race the destructor.
class WriteAhead {
 public:
  using Done = std::function<void(const Status&)>;
  // Told how long each transaction of appends took to commit (refused ones too), on the
  // writer thread: the server's metrics watch the store through it. It must be quick and
  // must not throw.
  using CommitObserver = std::function<void(std::chrono::nanoseconds)>;
  WriteAhead(Store& store, std::chrono::microseconds window, CommitObserver on_commit = {});
  ~WriteAhead();  // commits everything queued, then stops the writer
  WriteAhead(const WriteAhead&) = delete;
  WriteAhead& operator=(const WriteAhead&) = delete;

  void append(StoredAction action, Done done);
  // Any other store operation (create_table, save_settings, finish_table), kept in order
  // with the appends.
  void run(std::function<Status(Store&)> operation, Done done);
  // Blocks until everything queued so far is durable.
  void flush();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sabbat
