// `sabbat restore`: a backup put in place as a server's store (docs/hosting.md, "Backups").
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <string>

#include "store/folder_lock.hpp"
#include "store/store.hpp"

namespace sabbat {
namespace {

namespace fs = std::filesystem;

// The store's file and SQLite's journal beside it.
constexpr const char* kStoreFiles[] = {"", "-wal", "-shm"};

std::string now_stamp() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &local);
  return text;
}

// Moves the store at `from` and its journal to `to`; on failure, what moved goes back.
Status move_store(const std::string& from, const std::string& to) {
  std::error_code ec;
  int moved = 0;
  for (const char* suffix : kStoreFiles) {
    if (!fs::exists(from + suffix, ec)) {
      ++moved;
      continue;
    }
    fs::rename(from + suffix, to + suffix, ec);
    if (ec) {
      const std::string why = ec.message();
      for (int k = 0; k < moved; ++k) fs::rename(to + kStoreFiles[k], from + kStoreFiles[k], ec);
      return fail("cannot move " + from + suffix + " to " + to + suffix + ": " + why);
    }
    ++moved;
  }
  return Status::success();
}

}  // namespace

Result<RestoreSummary> restore_sqlite_store(const std::string& file, const std::string& path) {
  const std::string folder = store_folder(path);
  const std::string unchanged = " (nothing was changed)";
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return fail("no backup at " + file + unchanged);
  if (!fs::is_directory(folder, ec))
    return fail("no folder " + folder +
                " to restore into (is --data the directory sabbat serve uses?)" + unchanged);
  auto lock = FolderLock::take(folder, FolderLock::Kind::Alone);
  if (!lock) return fail("cannot restore into " + path + ": " + lock.error() + unchanged);

  // Copied and checked beside the store first (a backup of the backup, by SQLite's online
  // backup): a damaged or foreign file is refused before the store is touched.
  const std::string incoming = path + ".restoring";
  for (const char* suffix : kStoreFiles)
    fs::remove(incoming + suffix, ec);  // an interrupted restore
  auto copied = backup_sqlite_store(file, incoming);
  if (!copied) return fail("cannot restore " + file + ": " + copied.error() + unchanged);
  const auto drop_incoming = [&] {
    for (const char* suffix : kStoreFiles) fs::remove(incoming + suffix, ec);
  };
  // Run as root for the service: the store belongs to the folder's owner, or the server would
  // find it read-only.
  struct stat owner {};
  if (::geteuid() == 0 && ::stat(folder.c_str(), &owner) == 0 &&
      ::chown(incoming.c_str(), owner.st_uid, owner.st_gid) != 0) {
    const std::string why = std::strerror(errno);
    drop_incoming();
    return fail("cannot give " + incoming + " to the owner of " + folder + ": " + why + unchanged);
  }

  RestoreSummary summary{*copied, ""};
  if (fs::exists(path, ec) || fs::exists(path + "-wal", ec)) {
    summary.kept = path + ".before-restore-" + now_stamp();
    if (Status s = move_store(path, summary.kept); !s) {
      drop_incoming();
      return fail("cannot set the current store aside: " + s.error() + unchanged);
    }
  }
  fs::rename(incoming, path, ec);
  if (ec) {
    const std::string why = ec.message();
    if (!summary.kept.empty()) (void)move_store(summary.kept, path);
    drop_incoming();
    return fail("cannot put " + incoming + " in place as " + path + ": " + why + unchanged);
  }
  return summary;
}

}  // namespace sabbat
