#pragma once
// An advisory lock (flock) on the folder that holds a SQLite store, beside SQLite's own locks
// on the file: a server holds it shared for as long as its store is open, and `sabbat restore`
// holds it alone while it puts a backup in place, so that neither happens during the other.
// The folder, not the file: closing a second descriptor of the store's file would drop the
// POSIX locks SQLite holds on it.
#include <string>

#include "core/result.hpp"

namespace sabbat {

class FolderLock {
 public:
  enum class Kind { Shared, Alone };
  // Never waits: a lock held the other way by another process is refused at once.
  static Result<FolderLock> take(const std::string& folder, Kind kind);
  FolderLock() = default;
  ~FolderLock();
  FolderLock(FolderLock&& other) noexcept;
  FolderLock& operator=(FolderLock&& other) noexcept;
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  explicit FolderLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

// The folder a store's file is in ("." for a bare name).
std::string store_folder(const std::string& path);
// What keeps SQLite from using a store there, as far as the folder tells (SQLite writes the
// file's journal, -wal and -shm, beside it): a folder or file this user cannot write, or a full
// disk. Empty when none of these.
std::string store_folder_problem(const std::string& path);

}  // namespace sabbat
