// `sabbat backup --data DIR FILE`: the store of a server (DIR/sabbat.db), copied to FILE by
// SQLite's online backup while the server may go on playing (docs/hosting.md, "Backups").
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
         << "to restore: put it as sabbat.db in an empty directory, then sabbat serve --data "
            "DIRECTORY\n";
  return kExitOk;
}

}  // namespace sabbat::cli
