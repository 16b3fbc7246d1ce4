#include "store/folder_lock.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

namespace sabbat {

Result<FolderLock> FolderLock::take(const std::string& folder, Kind kind) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return fail("cannot open the folder " + folder + ": " + std::strerror(errno));
  FolderLock lock(fd);
  int rc;
  do {
    rc = ::flock(fd, (kind == Kind::Shared ? LOCK_SH : LOCK_EX) | LOCK_NB);
  } while (rc != 0 && errno == EINTR);
  if (rc != 0) {
    if (errno != EWOULDBLOCK)
      return fail("cannot lock the folder " + folder + ": " + std::strerror(errno));
    return fail(kind == Kind::Shared ? "a backup is being restored into " + folder +
                                           " (sabbat restore); start once it ends"
                                     : "a server is using the store in " + folder +
                                           "; stop it first (systemctl stop sabbat)");
  }
  return lock;
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) ::close(fd_);  // closing drops the lock
}

FolderLock::FolderLock(FolderLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

FolderLock& FolderLock::operator=(FolderLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

std::string store_folder(const std::string& path) {
  const auto folder = std::filesystem::path(path).parent_path();
  return folder.empty() ? std::string(".") : folder.string();
}

std::string store_folder_problem(const std::string& path) {
  const std::string folder = store_folder(path);
  const passwd* user = ::getpwuid(::geteuid());
  const std::string who = "the user " + std::string(user ? user->pw_name : "?") + " (uid " +
                          std::to_string(::geteuid()) + ")";
  if (::access(folder.c_str(), F_OK) != 0) return "there is no folder " + folder;
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    return who + " cannot write in the folder " + folder +
           ", where SQLite keeps the store's journal; give it the folder (chown)";
  if (::access(path.c_str(), F_OK) == 0 && ::access(path.c_str(), R_OK | W_OK) != 0)
    return who + " cannot read and write the file " + path + "; give it the file (chown)";
  struct statvfs disk {};
  if (::statvfs(folder.c_str(), &disk) == 0 && uint64_t(disk.f_bavail) * disk.f_frsize < 64 * 1024)
    return "the disk holding " + folder + " is full; free some space";
  return "";
}

}  // namespace sabbat
