#pragma once
// Where the server's tables live between restarts (docs/architecture.md, "Server"). The server
// names no database: SQLite is the embedded default for one machine, and PostgreSQL lets
// several server processes share the tables (docs/cluster.md).
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
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
  // The table's chat (server/table/chat.hpp) as JSON text; empty while nobody wrote. Never part of
  // the record.
  std::string chat;
};

// Not thread-safe: one thread uses a Store at a time (WriteAhead's writer, or start-up).
class Store {
 public:
  virtual ~Store() = default;
  // `table.actions` and `table.result` must be empty. Refused if the code exists.
  virtual Status create_table(const StoredTable& table) = 0;
  virtual Status save_settings(std::string_view code, std::string_view settings) = 0;
  // The table's chat, in place of the one stored.
  virtual Status save_chat(std::string_view code, std::string_view chat) {
    (void)chat;
    return fail("this store keeps no chat (table " + std::string(code) + ")");
  }
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

// A store that several servers share (docs/cluster.md): each unfinished table is held by one
// node at a time, which renews its lease on all its tables together; a node whose lease ran out
// loses them to whichever node claims them next. Every write to a table (appends, settings,
// its end) is refused unless this store's node holds it.
class SharedStore : public Store {
 public:
  // What claim_table() found.
  struct Claim {
    enum class Found {
      Missing,   // no table has this code
      Taken,     // unfinished, now held by this node: `table` holds it
      Finished,  // over: `table` holds it, for anyone to read
      Held,      // another node holds it and its lease runs: it was asked to let it go
    } found = Found::Missing;
    std::optional<StoredTable> table;
    std::string holder;  // with Held
  };
  virtual const std::string& node() const = 0;
  virtual std::chrono::milliseconds lease() const = 0;
  // Takes the table if nobody holds it, this node already does, or its holder's lease ran out.
  virtual Result<Claim> claim_table(std::string_view code) = 0;
  // Renews this node's lease; answers the codes of the tables it holds that another node asked
  // for (it lets them go with release_table() once their writes are stored).
  virtual Result<std::vector<std::string>> renew_lease() = 0;
  virtual Status release_table(std::string_view code) = 0;
  // A node whose lease runs, and how many unfinished tables it holds.
  struct Share {
    std::string node;
    int64_t tables = 0;
  };
  // Every live node's share, in name order: how a node sees that others came back, and
  // whether it holds more than its part.
  virtual Result<std::vector<Share>> live_shares() = 0;
  // Lets go of every table this node holds, and ends its lease (a graceful stop: the other
  // nodes claim its tables at once instead of after the lease).
  virtual Status release_all() = 0;
  // The unfinished tables this node holds (after a restart with the same node name).
  virtual Result<std::vector<std::string>> held_tables() = 0;
  // The lobby's entries of the listed tables this node holds, by code (status JSON text; empty
  // withdraws one), and the entries other live nodes published, at most `limit`.
  virtual Status publish_listings(
      const std::vector<std::pair<std::string, std::string>>& listings) = 0;
  virtual Result<std::vector<std::string>> listings_elsewhere(int limit) = 0;
};

// The PostgreSQL store at `url` (a libpq connection URI), its schema created or brought to
// the current version (one node at a time). `node` names this server among those sharing it
// (empty: no holding, for tools that only read); its lease lasts `lease` from each renewal.
Result<std::unique_ptr<SharedStore>> open_postgresql_store(const std::string& url, std::string node,
                                                           std::chrono::milliseconds lease);
int64_t postgresql_store_schema_version();

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

// What a restore put in place, and where the store it replaced was kept ("" when none).
struct RestoreSummary {
  BackupSummary copied;
  std::string kept;
};
// Puts the backup `file` in place as the store `path`, for a server to start on. Refused, with
// nothing changed, while a server has a store of that folder open, or when `file` is not a
// whole Sabbat store that this build reads. The copy is checked and written beside `path`, with
// mode 0600 and, when run as root, the folder's owner (the service's user); the store it
// replaces is kept with its journal as PATH.before-restore-YYYYMMDD-HHMMSS.
Result<RestoreSummary> restore_sqlite_store(const std::string& file, const std::string& path);

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
