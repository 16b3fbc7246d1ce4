// The embedded store: one SQLite file in WAL mode (docs/architecture.md, "Store").
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "core/untrusted.hpp"
#include "store/folder_lock.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"

namespace sabbat {
namespace {

using sqlite::Database;
using sqlite::Statement;
using sqlite::Use;

// "Sabb": marks the file as a Sabbat store, so that another program's database is not adopted.
constexpr int64_t kApplicationId = 0x53616262;
constexpr int kBusyTimeoutMs = 5000;

// One change of the schema, made in one transaction that also stamps the new version.
struct SchemaStep {
  const char* change;  // what it changes, for the error if it fails
  const char* sql;
};

// The schema's history, oldest first: step k takes a store from version k to k + 1 (version 0
// is the empty file), and the current version is the number of steps. New and older stores
// take the same steps, so they end with the same layout: the next change of the schema only
// appends a step here. A file of a newer version is refused, never rewritten.
constexpr SchemaStep kSchemaSteps[] = {
    {"create the tables and their actions", R"sql(
CREATE TABLE tables (
  code TEXT PRIMARY KEY NOT NULL,
  header TEXT NOT NULL,
  settings TEXT NOT NULL,
  result TEXT,
  created_ms INTEGER NOT NULL
);
CREATE INDEX tables_unfinished ON tables (created_ms) WHERE result IS NULL;
CREATE TABLE actions (
  table_code TEXT NOT NULL REFERENCES tables (code),
  seq INTEGER NOT NULL,
  time INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  action TEXT NOT NULL,
  PRIMARY KEY (table_code, seq)
) WITHOUT ROWID;
)sql"},
    {"add the tables' chat", R"sql(
ALTER TABLE tables ADD COLUMN chat TEXT NOT NULL DEFAULT '';
)sql"},
};
constexpr int64_t kSchemaVersion = int64_t(std::size(kSchemaSteps));

std::string code_text(std::string_view code) {
  return "'" + printable(code) + "'";
}

class SqliteStore final : public Store {
 public:
  SqliteStore(std::string path, Database db, FolderLock lock)
      : lock_(std::move(lock)), path_(std::move(path)), db_(std::move(db)) {}

  Status prepare_statements() {
    struct Entry {
      Statement* stmt;
      const char* sql;
    };
    const Entry entries[] = {
        {&begin_read_, "BEGIN"},
        {&begin_write_, "BEGIN IMMEDIATE"},
        {&commit_, "COMMIT"},
        {&rollback_, "ROLLBACK"},
        {&insert_table_,
         "INSERT INTO tables (code, header, settings, result, created_ms) "
         "VALUES (?1, ?2, ?3, NULL, ?4)"},
        {&update_settings_, "UPDATE tables SET settings = ?2 WHERE code = ?1"},
        {&update_chat_, "UPDATE tables SET chat = ?2 WHERE code = ?1"},
        {&table_state_,
         "SELECT result IS NOT NULL, "
         "(SELECT coalesce(max(seq), 0) FROM actions WHERE table_code = ?1) "
         "FROM tables WHERE code = ?1"},
        {&insert_action_,
         "INSERT INTO actions (table_code, seq, time, seat, action) VALUES (?1, ?2, ?3, ?4, ?5)"},
        {&finish_, "UPDATE tables SET result = ?2 WHERE code = ?1"},
        {&select_table_,
         "SELECT header, settings, result, created_ms, chat FROM tables WHERE code = ?1"},
        {&select_actions_,
         "SELECT seq, time, seat, action FROM actions WHERE table_code = ?1 ORDER BY seq"},
        {&select_unfinished_,
         "SELECT code FROM tables WHERE result IS NULL ORDER BY created_ms, rowid"},
        {&select_finished_,
         "SELECT code FROM tables WHERE result IS NOT NULL ORDER BY created_ms, rowid"},
    };
    for (const auto& e : entries) {
      auto stmt = db_.prepare(e.sql);
      if (!stmt) return failure("cannot prepare its statements", stmt.error());
      *e.stmt = std::move(stmt.value());
    }
    return Status::success();
  }

  Status create_table(const StoredTable& table) override {
    if (table.code.empty()) return fail("a table needs a code; the code given is empty");
    if (!table.actions.empty() || table.result)
      return fail("table " + code_text(table.code) +
                  " must be created without actions or result; append them afterwards");
    return write("cannot create table " + code_text(table.code), [&]() -> Status {
      auto known = table_state(table.code);
      if (!known) return fail(known.error());
      if (known->exists) return fail("a table with this code already exists");
      Use insert(insert_table_);
      insert->bind(1, table.code);
      insert->bind(2, table.header);
      insert->bind(3, table.settings);
      insert->bind(4, table.created_ms);
      return insert->run();
    });
  }

  Status save_settings(std::string_view code, std::string_view settings) override {
    return write("cannot save the settings of table " + code_text(code), [&]() -> Status {
      auto known = table_state(code);
      if (!known) return fail(known.error());
      if (!known->exists) return fail("no table has this code");
      Use update(update_settings_);
      update->bind(1, code);
      update->bind(2, settings);
      return update->run();
    });
  }

  Status save_chat(std::string_view code, std::string_view chat) override {
    return write("cannot save the chat of table " + code_text(code), [&]() -> Status {
      auto known = table_state(code);
      if (!known) return fail(known.error());
      if (!known->exists) return fail("no table has this code");
      Use update(update_chat_);
      update->bind(1, code);
      update->bind(2, chat);
      return update->run();
    });
  }

  Status append_actions(std::span<const StoredAction> actions) override {
    if (actions.empty()) return Status::success();
    return write("cannot append actions", [&]() -> Status {
      // The next seq of each table met so far in this batch.
      std::vector<std::pair<std::string_view, int64_t>> next;
      for (const auto& a : actions) {
        auto it = std::find_if(next.begin(), next.end(),
                               [&](const auto& n) { return n.first == a.table; });
        if (it == next.end()) {
          auto known = table_state(a.table);
          if (!known) return fail(known.error());
          if (!known->exists) return fail("no table has the code " + code_text(a.table));
          if (known->finished)
            return fail("table " + code_text(a.table) + " is finished; it takes no more actions");
          next.emplace_back(a.table, known->last_seq + 1);
          it = next.end() - 1;
        }
        if (a.action.seq != it->second)
          return fail("table " + code_text(a.table) + ": action seq " +
                      std::to_string(a.action.seq) + " is not the next one (" +
                      std::to_string(it->second) + ")");
        Use insert(insert_action_);
        insert->bind(1, a.table);
        insert->bind(2, a.action.seq);
        insert->bind(3, a.action.time);
        insert->bind(4, int64_t(a.action.seat));
        insert->bind(5, a.action.action);
        if (Status s = insert->run(); !s) return s;
        ++it->second;
      }
      return Status::success();
    });
  }

  Status finish_table(std::string_view code, std::string_view result_line) override {
    if (result_line.empty())
      return fail("cannot finish table " + code_text(code) + ": the result line is empty");
    return write("cannot finish table " + code_text(code), [&]() -> Status {
      auto known = table_state(code);
      if (!known) return fail(known.error());
      if (!known->exists) return fail("no table has this code");
      if (known->finished) return fail("the table is already finished");
      Use update(finish_);
      update->bind(1, code);
      update->bind(2, result_line);
      return update->run();
    });
  }

  Result<std::optional<StoredTable>> load_table(std::string_view code) override {
    const std::string what = "cannot load table " + code_text(code);
    // One read transaction, so that the table and its actions are seen at one moment.
    if (Status s = Use(begin_read_)->run(); !s) return failure(what, s.error());
    auto table = read_table(code);
    if (!table) {
      rollback_quietly();
      return failure(what, table.error());
    }
    if (Status s = Use(commit_)->run(); !s) {
      rollback_quietly();
      return failure(what, s.error());
    }
    return table;
  }

  Result<std::vector<std::string>> unfinished_tables() override {
    return codes(select_unfinished_, "cannot list the unfinished tables");
  }

  Status probe() override {
    if (sqlite3_db_readonly(db_.handle(), "main") == 1)
      return fail("the store " + path_ + " is open read-only");
    // After a write the disk refused, only a real write says whether one would pass now: the
    // schema version written again (one page).
    if (!disk_refused_.empty()) {
      const std::string stamp = "PRAGMA user_version = " + std::to_string(kSchemaVersion);
      if (Status s = write("the health check's write", [&] { return db_.exec(stamp.c_str()); }); !s)
        return fail("the last writes to the store failed: " + s.error());
      return Status::success();
    }
    // The write lock, as a commit would take it, then nothing written.
    if (Status s = db_.exec("BEGIN IMMEDIATE"); !s)
      return fail("the store " + path_ + " cannot take its write lock: " + s.error());
    return db_.exec("ROLLBACK");
  }

  Result<std::vector<std::string>> finished_tables() override {
    return codes(select_finished_, "cannot list the finished tables");
  }

 private:
  struct TableState {
    bool exists = false;
    bool finished = false;
    int64_t last_seq = 0;
  };

  Result<std::vector<std::string>> codes(Statement& statement, const char* what) {
    Use select(statement);
    std::vector<std::string> out;
    for (;;) {
      auto row = select->step();
      if (!row) return failure(what, row.error());
      if (!*row) return out;
      out.push_back(select->column_text(0));
    }
  }

  Result<TableState> table_state(std::string_view code) {
    Use select(table_state_);
    select->bind(1, code);
    auto row = select->step();
    if (!row) return fail(row.error());
    if (!*row) return TableState{};
    return TableState{true, select->column_int(0) != 0, select->column_int(1)};
  }

  Result<std::optional<StoredTable>> read_table(std::string_view code) {
    StoredTable table;
    {
      Use select(select_table_);
      select->bind(1, code);
      auto row = select->step();
      if (!row) return fail(row.error());
      if (!*row) return std::optional<StoredTable>();
      table.code = std::string(code);
      table.header = select->column_text(0);
      table.settings = select->column_text(1);
      if (!select->column_null(2)) table.result = select->column_text(2);
      table.created_ms = select->column_int(3);
      table.chat = select->column_text(4);
    }
    Use select(select_actions_);
    select->bind(1, code);
    for (;;) {
      auto row = select->step();
      if (!row) return fail(row.error());
      if (!*row) break;
      table.actions.push_back(RecordedAction{select->column_int(0), select->column_int(1),
                                             Seat(select->column_int(2)), select->column_text(3)});
    }
    return std::optional<StoredTable>(std::move(table));
  }

  // Runs `body` in one write transaction: committed whole if it succeeds, rolled back whole
  // (the database as it was) if it or the commit fails.
  template <class Body>
  Status write(const std::string& what, Body&& body) {
    if (Status s = Use(begin_write_)->run(); !s) return failure(what, s.error());
    if (Status s = body(); !s) {
      note_disk(s.error());
      rollback_quietly();
      return fail(what + ": " + s.error());
    }
    if (Status s = Use(commit_)->run(); !s) {
      note_disk(s.error());
      rollback_quietly();
      return failure(what, s.error());
    }
    disk_refused_.clear();
    return Status::success();
  }

  // A write the disk refused (full, failing, read-only), unlike one the store's rules refused:
  // the health check fails until a write passes again.
  void note_disk(const std::string& message) {
    switch (sqlite3_errcode(db_.handle()) & 0xff) {  // the primary code
      case SQLITE_FULL:
      case SQLITE_IOERR:
      case SQLITE_READONLY:
      case SQLITE_CANTOPEN:
        disk_refused_ = message;
        break;
      default:
        break;
    }
  }

  void rollback_quietly() {
    // A failed COMMIT may already have ended the transaction; ROLLBACK would then fail.
    if (db_.in_transaction()) (void)Use(rollback_)->run();
  }

  Error failure(const std::string& what, const std::string& sqlite_message) const {
    return fail(what + " in the store " + path_ + ": " + sqlite_message);
  }

  FolderLock lock_;           // first, so released after the database is closed
  std::string disk_refused_;  // why the last write failed, when the disk refused it
  std::string path_;
  Database db_;
  Statement begin_read_, begin_write_, commit_, rollback_, insert_table_, update_settings_,
      update_chat_, table_state_, insert_action_, finish_, select_table_, select_actions_,
      select_unfinished_, select_finished_;
};

// What a program too old for the store is told: which versions, and the ways out.
std::string newer_schema(const std::string& path, int64_t version) {
  return "cannot open the store " + path + ": its schema version is " + std::to_string(version) +
         ", written by a newer Sabbat; this program reads schema versions up to " +
         std::to_string(kSchemaVersion) +
         ": upgrade Sabbat, or restore a backup taken before the upgrade (nothing was changed)";
}

// Why SQLite could not read or create the store, as far as the folder tells: a store refused
// because its folder is read-only or its disk full must not be taken for a damaged one.
std::string why_unreadable(Database& db, const std::string& path) {
  const int code = db.handle() ? sqlite3_errcode(db.handle()) & 0xff : SQLITE_CANTOPEN;
  if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT)
    return " (the file is not a SQLite database, or is damaged; nothing was changed)";
  const std::string problem = store_folder_problem(path);
  return problem.empty() ? " (nothing was changed)" : " (" + problem + "; nothing was changed)";
}

// Checks that the file is a Sabbat store this build can read, or an empty file to become one.
// Only reads: a file refused here is left exactly as it was.
Status check_identity(Database& db, const std::string& path) {
  const std::string refused = "cannot open the store " + path + ": ";
  auto version = db.query_int("PRAGMA user_version");
  if (!version) return fail(refused + version.error() + why_unreadable(db, path));
  auto application = db.query_int("PRAGMA application_id");
  if (!application) return fail(refused + application.error());
  auto objects = db.query_int("SELECT count(*) FROM sqlite_master");
  if (!objects)
    return fail(refused + objects.error() + " (the file is damaged; nothing was changed)");
  if (*version == 0 && *application == 0 && *objects == 0) return Status::success();  // new
  if (*application != kApplicationId)
    return fail(refused + "it is a SQLite database of another program, not a Sabbat store " +
                "(nothing was changed)");
  if (*version > kSchemaVersion) return fail(newer_schema(path, *version));
  // Every step stamps its version with its change, so a Sabbat store is never at version 0.
  if (*version < 1)
    return fail(refused + "its schema version " + std::to_string(*version) +
                " is unknown; this program reads versions 1 to " + std::to_string(kSchemaVersion) +
                " (nothing was changed)");
  return Status::success();
}

// Takes the schema from version `from` to `from + 1`: the change and the stamp in one write
// transaction, so that a failure leaves the store at `from`, as it was.
Status take_step(Database& db, int64_t from) {
  if (Status s = db.exec("BEGIN IMMEDIATE"); !s) return s;
  // Read again under the write lock: another process may have taken the step meanwhile.
  auto version = db.query_int("PRAGMA user_version");
  Status s = version ? Status::success() : Status(fail(version.error()));
  if (s && *version == from) {
    s = db.exec(kSchemaSteps[from].sql);
    if (s)
      s = db.exec(("PRAGMA application_id = " + std::to_string(kApplicationId) +
                   "; PRAGMA user_version = " + std::to_string(from + 1))
                      .c_str());
  }
  if (s) s = db.exec("COMMIT");
  if (!s && db.in_transaction()) (void)db.exec("ROLLBACK");
  return s;
}

// Brings the store from `version` to kSchemaVersion, one step at a time. A store already at
// the current version takes no write transaction.
Status upgrade_schema(Database& db, const std::string& path, int64_t version) {
  for (int64_t from = version; from < kSchemaVersion; ++from)
    if (Status s = take_step(db, from); !s)
      return fail("cannot bring the store " + path + " from schema version " +
                  std::to_string(from) + " to " + std::to_string(from + 1) + " (" +
                  kSchemaSteps[from].change + "): " + s.error());
  // A newer Sabbat may have upgraded it in between: read what is there now.
  auto now = db.query_int("PRAGMA user_version");
  if (!now) return fail("cannot read the schema version of the store " + path + ": " + now.error());
  if (*now > kSchemaVersion) return fail(newer_schema(path, *now));
  return Status::success();
}

}  // namespace

Result<std::unique_ptr<Store>> open_sqlite_store(const std::string& path) {
  auto lock = FolderLock::take(store_folder(path), FolderLock::Kind::Shared);
  if (!lock) return fail("cannot open the store " + path + ": " + lock.error());
  auto db = Database::open(path);
  if (!db) {
    const std::string problem = store_folder_problem(path);
    return fail("cannot open the store " + path + ": " + db.error() +
                (problem.empty() ? "" : " (" + problem + ")"));
  }
  sqlite3_busy_timeout(db->handle(), kBusyTimeoutMs);
  if (Status s = check_identity(*db, path); !s) return fail(s.error());
  // WAL: readers never block the writer, and a commit appends to one file. synchronous=FULL
  // syncs the WAL at every commit, so that a committed transaction survives a power loss too,
  // not only a killed process; group commit (WriteAhead) shares that sync among many actions.
  auto mode = db->query_text("PRAGMA journal_mode = WAL");
  if (!mode) return fail("cannot put the store " + path + " in WAL mode: " + mode.error());
  if (*mode != "wal")
    return fail("cannot put the store " + path + " in WAL mode: SQLite kept the mode '" + *mode +
                "' (is the file on a network file system?)");
  if (Status s = db->exec("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON"); !s)
    return fail("cannot set up the store " + path + ": " + s.error());
  auto version = db->query_int("PRAGMA user_version");
  if (!version)
    return fail("cannot read the schema version of the store " + path + ": " + version.error());
  if (Status s = upgrade_schema(*db, path, *version); !s) return fail(s.error());
  auto store = std::make_unique<SqliteStore>(path, std::move(db.value()), std::move(*lock));
  if (Status s = store->prepare_statements(); !s) return fail(s.error());
  return std::unique_ptr<Store>(std::move(store));
}

int64_t sqlite_store_schema_version() {
  return kSchemaVersion;
}

Result<BackupSummary> backup_sqlite_store(const std::string& path, const std::string& file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(path, ec))
    return fail("no store at " + path + " (is --data the directory sabbat serve uses?)");
  if (fs::exists(file, ec))
    return fail(file + " exists already; name a new file (nothing was written)");
  auto source = Database::open_existing(path);
  if (!source) return fail("cannot open the store " + path + ": " + source.error());
  sqlite3_busy_timeout(source->handle(), kBusyTimeoutMs);
  if (Status s = check_identity(*source, path); !s) return fail(s.error());
  if (auto v = source->query_int("PRAGMA user_version"); !v || *v == 0)
    return fail(path + " is an empty store: nothing to back up");

  // Written beside the destination, then renamed: a half-made copy never has its name.
  const std::string partial = file + ".partial";
  fs::remove(partial, ec);
  // The copy holds the games' seeds: readable by its owner alone (SQLite gives its journal the
  // same mode).
  const int fd = ::open(partial.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0) return fail("cannot create " + partial + ": " + std::strerror(errno));
  ::close(fd);
  auto target = Database::open(partial);
  if (!target) return fail("cannot create " + partial + ": " + target.error());
  const auto failed = [&](std::string why) -> Result<BackupSummary> {
    *target = sqlite::Database();
    fs::remove(partial, ec);
    return fail(std::move(why) + " (nothing was written to " + file + ")");
  };
  sqlite3_backup* b = sqlite3_backup_init(target->handle(), "main", source->handle(), "main");
  if (!b) return failed("cannot back up " + path + ": " + target->message());
  // All pages in one step: one read transaction, so one moment of the store. A writer that
  // holds the lock for a moment makes the step wait, up to the busy timeout.
  int rc = SQLITE_OK;
  for (int tries = 0; tries < kBusyTimeoutMs / 10; ++tries) {
    rc = sqlite3_backup_step(b, -1);
    if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED) break;
    sqlite3_sleep(10);
  }
  const int finished = sqlite3_backup_finish(b);
  if (rc != SQLITE_DONE) return failed("cannot back up " + path + ": " + sqlite3_errstr(rc));
  if (finished != SQLITE_OK)
    return failed("cannot back up " + path + ": " + sqlite3_errstr(finished));

  BackupSummary summary;
  auto tables = target->query_int("SELECT count(*) FROM tables");
  auto unfinished = target->query_int("SELECT count(*) FROM tables WHERE result IS NULL");
  auto actions = target->query_int("SELECT count(*) FROM actions");
  auto check = target->query_text("PRAGMA quick_check");
  if (!tables || !unfinished || !actions || !check)
    return failed("the copy of " + path + " cannot be read back");
  if (*check != "ok") return failed("the copy of " + path + " fails SQLite's check: " + *check);
  // The copy keeps the source's WAL mode; its log is folded into the file before it is closed,
  // so that the one file is the whole backup.
  if (Status s = target->exec("PRAGMA wal_checkpoint(TRUNCATE)"); !s)
    return failed("cannot complete the copy of " + path + ": " + s.error());
  summary.tables = *tables;
  summary.unfinished = *unfinished;
  summary.actions = *actions;
  *target = sqlite::Database();
  fs::rename(partial, file, ec);
  if (ec) {
    fs::remove(partial, ec);
    return fail("cannot name the copy " + file + ": " + ec.message() + " (nothing was written)");
  }
  summary.bytes = fs::file_size(file, ec);
  return summary;
}

}  // namespace sabbat
