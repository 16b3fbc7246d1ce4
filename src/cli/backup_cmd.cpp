// `sabbat backup --data DIR FILE`: the store of a server (DIR/sabbat.db), copied to FILE by
// SQLite's online backup while the server may go on playing; `sabbat restore --data DIR FILE`
// puts such a copy back for a stopped server (docs/hosting.md, "Backups").
#include <filesystem>
#include <ostream>

#include "cli/commands.hpp"
#include "store/store.hpp"

namespace sabbat::cli {

int run_backup(const BackupOptions& options, const Io& io) {
  const std::string store = (std::filesystem::path(options.data_dir) / "sabbat.db").string();
  auto copied = backup_sqlite_store(store, options.file);
  if (!copied) return report_error(io.err, copied.error(), kExitFailure);
  io.out << "backed up " << copied->tables << " table" << (copied->tables == 1 ? "" : "s") << " ("
         << copied->unfinished << " unfinished, " << copied->actions << " actions) from " << store
         << " to " << options.file << " (" << copied->bytes << " bytes)\n"
         << "to restore, with the server stopped: sabbat restore --data " << options.data_dir << " "
         << options.file << "\n";
  return kExitOk;
}

int run_restore(const BackupOptions& options, const Io& io) {
  const std::string store = (std::filesystem::path(options.data_dir) / "sabbat.db").string();
  auto restored = restore_sqlite_store(options.file, store);
  if (!restored) return report_error(io.err, restored.error(), kExitFailure);
  const BackupSummary& copied = restored->copied;
  io.out << "restored " << copied.tables << " table" << (copied.tables == 1 ? "" : "s") << " ("
         << copied.unfinished << " unfinished, " << copied.actions << " actions) from "
         << options.file << " as " << store << "\n";
  if (!restored->kept.empty())
    io.out << "the store it replaced is kept as " << restored->kept << "\n";
  io.out << "start the server on it (systemctl start sabbat, or sabbat serve --data "
         << options.data_dir << ")\n";
  return kExitOk;
}

}  // namespace sabbat::cli
