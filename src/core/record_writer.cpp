#include "record_writer.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace sabbat {

RecordWriter::RecordWriter(RecordWriter&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      path_(std::move(other.path_)),
      durability_(other.durability_),
      actions_(other.actions_),
      result_(other.result_),
      failure_(std::move(other.failure_)) {}

RecordWriter& RecordWriter::operator=(RecordWriter&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
    durability_ = other.durability_;
    actions_ = other.actions_;
    result_ = other.result_;
    failure_ = std::move(other.failure_);
  }
  return *this;
}

RecordWriter::~RecordWriter() {
  if (fd_ >= 0) ::close(fd_);
}

Result<RecordWriter> RecordWriter::create(const std::string& path, const Record& record,
                                          Durability durability) {
  RecordWriter w;
  w.path_ = path;
  w.durability_ = durability;
  w.fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (w.fd_ < 0) return fail("cannot write '" + path + "': " + std::strerror(errno));
  // The header alone is a valid record of a game not yet begun.
  if (Status st = w.write_line(record.lines().front()); !st) return fail(st.error());
  if (Status st = w.sync(record); !st) return fail(st.error());
  return w;
}

Status RecordWriter::sync(const Record& record) {
  if (!failure_.empty()) return fail(failure_);
  if (fd_ < 0) return fail("no record file is open");
  for (; actions_ < record.actions.size(); ++actions_) {
    const std::string line = Record::action_json(record.actions[actions_])
                                 .dump(-1, ' ', false, json::error_handler_t::replace);
    if (Status st = write_line(line); !st) return st;
  }
  if (record.result && !result_) {
    const std::string line =
        Record::result_json(*record.result).dump(-1, ' ', false, json::error_handler_t::replace);
    if (Status st = write_line(line); !st) return st;
    result_ = true;
  }
  return {};
}

Status RecordWriter::write_line(const std::string& line) {
  // One write per line: a reader (or a crash) sees whole lines, except at worst a cut last
  // one, which a reader reports as truncated.
  std::string text = line + '\n';
  std::string_view rest = text;
  while (!rest.empty()) {
    const ssize_t n = ::write(fd_, rest.data(), rest.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      failure_ = "cannot write '" + path_ + "': " + std::strerror(errno);
      return fail(failure_);
    }
    rest.remove_prefix(size_t(n));
  }
  if (durability_ == Durability::Sync && ::fdatasync(fd_) != 0) {
    failure_ = "cannot write '" + path_ + "': " + std::strerror(errno);
    return fail(failure_);
  }
  return {};
}

}  // namespace sabbat
