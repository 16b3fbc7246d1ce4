// The server's store (src/store/): tables and their actions survive restarts, bad writes change
// nothing, and group commit loses no acknowledged action even when the process is killed.
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <semaphore>
#include <sstream>
#include <thread>

#include "store/folder_lock.hpp"
#include "store/store.hpp"
#include "support/postgres_server.hpp"

namespace sabbat {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

enum class Backend { Sqlite, Postgresql };

// Opens the store a test (or its crash child) writes to: a PostgreSQL URL, or a file.
std::unique_ptr<Store> open_target(const std::string& target) {
  if (target.starts_with("postgresql://")) {
    auto store = open_postgresql_store(target, "n1", std::chrono::seconds(30));
    EXPECT_TRUE(store.ok()) << store.error();
    return store ? std::unique_ptr<Store>(std::move(store.value())) : nullptr;
  }
  auto store = open_sqlite_store(target);
  EXPECT_TRUE(store.ok()) << store.error();
  return store ? std::move(store.value()) : nullptr;
}

// A fresh store per test, removed afterwards: a SQLite file in a directory of its own, or a
// PostgreSQL database of its own.
class StoreFixture : public ::testing::Test {
 protected:
  virtual Backend backend() const = 0;
  void SetUp() override {
    static int counter = 0;
    dir_ = fs::temp_directory_path() /
           ("sabbat-store-test-" + std::to_string(getpid()) + "-" + std::to_string(++counter));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    path_ = (dir_ / "tables.sqlite").string();
    if (backend() == Backend::Postgresql) database_ = std::make_unique<testing::TestDatabase>();
  }
  void TearDown() override {
    database_.reset();
    fs::remove_all(dir_);
  }

  // What sabbat serve would open: the file, or the database as node "n1".
  std::string target() const { return database_ ? database_->url() : path_; }
  std::unique_ptr<Store> open() { return open_target(target()); }

  fs::path dir_;
  std::string path_;
  std::unique_ptr<testing::TestDatabase> database_;
};

class StoreTest : public StoreFixture, public ::testing::WithParamInterface<Backend> {
 protected:
  Backend backend() const override { return GetParam(); }
};

class SqliteStoreTest : public StoreFixture {
 protected:
  Backend backend() const override { return Backend::Sqlite; }
};

StoredTable new_table(const std::string& code, int64_t created_ms = 1000) {
  StoredTable t;
  t.code = code;
  t.header = R"({"format":"sabbat-record","game":"sortileges","table":")" + code + "\"}";
  t.settings = R"({"spectators":true})";
  t.created_ms = created_ms;
  return t;
}

RecordedAction recorded(const std::string& table, int64_t seq) {
  return RecordedAction{seq, seq * 10, Seat(seq % 4), "place " + table + " " + std::to_string(seq)};
}

StoredAction action(const std::string& table, int64_t seq) {
  return StoredAction{table, recorded(table, seq)};
}

// Everything the store says about these tables, as text, to compare before and after.
std::string snapshot(Store& store, const std::vector<std::string>& codes) {
  std::ostringstream out;
  for (const auto& code : codes) {
    auto table = store.load_table(code);
    if (!table) return "error: " + table.error();
    if (!*table) {
      out << code << ": none\n";
      continue;
    }
    const StoredTable& t = **table;
    out << t.code << " " << t.header << " " << t.settings << " " << t.created_ms << " "
        << t.result.value_or("(playing)") << "\n";
    for (const auto& a : t.actions)
      out << "  " << a.seq << " " << a.time << " " << a.seat << " " << a.action << "\n";
  }
  auto unfinished = store.unfinished_tables();
  if (!unfinished) return "error: " + unfinished.error();
  for (const auto& code : *unfinished) out << "unfinished " << code << "\n";
  return out.str();
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Requirement: a created table loads back as written, its actions in seq order, and its
// result once finished.
TEST_P(StoreTest, CreatedTableLoadsBackWithItsActionsAndResult) {
  auto store = open();
  ASSERT_TRUE(store->create_table(new_table("abc", 42)).ok());
  std::vector<StoredAction> first = {action("abc", 1), action("abc", 2), action("abc", 3)};
  ASSERT_TRUE(store->append_actions(first).ok());
  std::vector<StoredAction> second = {action("abc", 4)};
  ASSERT_TRUE(store->append_actions(second).ok());
  ASSERT_TRUE(store->save_settings("abc", R"({"spectators":false})").ok());

  auto loaded = store->load_table("abc");
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_TRUE(loaded->has_value());
  const StoredTable& t = **loaded;
  EXPECT_EQ(t.code, "abc");
  EXPECT_EQ(t.header, new_table("abc").header);
  EXPECT_EQ(t.settings, R"({"spectators":false})");
  EXPECT_EQ(t.created_ms, 42);
  EXPECT_FALSE(t.result);
  ASSERT_EQ(t.actions.size(), 4u);
  for (int64_t seq = 1; seq <= 4; ++seq) EXPECT_EQ(t.actions[seq - 1], recorded("abc", seq));

  ASSERT_TRUE(store->finish_table("abc", R"({"result":{"scores":[1,2]}})").ok());
  auto finished = store->load_table("abc");
  ASSERT_TRUE(finished.ok());
  EXPECT_EQ((*finished)->result, R"({"result":{"scores":[1,2]}})");
  EXPECT_EQ((*finished)->actions.size(), 4u);
}

// Requirement: the clock's seat (kClock, negative) and large times are stored as they are.
TEST_P(StoreTest, ClockSeatAndLargeTimesRoundTrip) {
  auto store = open();
  ASSERT_TRUE(store->create_table(new_table("t")).ok());
  StoredAction clock{"t", RecordedAction{1, int64_t(1) << 40, kClock, "close-book"}};
  ASSERT_TRUE(store->append_actions(std::span(&clock, 1)).ok());
  auto loaded = store->load_table("t");
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ((*loaded)->actions.at(0), clock.action);
}

// Requirement: an unknown code loads as "no table", not as an error.
TEST_P(StoreTest, UnknownTableLoadsAsNone) {
  auto store = open();
  auto loaded = store->load_table("nope");
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_FALSE(loaded->has_value());
}

// Requirement: the server restores unfinished tables oldest first (creation time, then
// creation order), and finished ones not at all.
TEST_P(StoreTest, UnfinishedTablesAreListedOldestFirst) {
  auto store = open();
  ASSERT_TRUE(store->create_table(new_table("c", 300)).ok());
  ASSERT_TRUE(store->create_table(new_table("a", 100)).ok());
  ASSERT_TRUE(store->create_table(new_table("b", 200)).ok());
  ASSERT_TRUE(store->create_table(new_table("d", 100)).ok());
  auto all = store->unfinished_tables();
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(*all, (std::vector<std::string>{"a", "d", "b", "c"}));
  ASSERT_TRUE(store->finish_table("b", "{}").ok());
  auto rest = store->unfinished_tables();
  ASSERT_TRUE(rest.ok());
  EXPECT_EQ(*rest, (std::vector<std::string>{"a", "d", "c"}));
}

// Requirement: a batch with an action of an unknown table is refused whole, even its good
// actions, and the database is unchanged.
TEST_P(StoreTest, AppendToUnknownTableIsRefusedWhole) {
  auto store = open();
  ASSERT_TRUE(store->create_table(new_table("t")).ok());
  const std::string before = snapshot(*store, {"t", "ghost"});
  std::vector<StoredAction> batch = {action("t", 1), action("ghost", 1)};
  Status s = store->append_actions(batch);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("no table has the code 'ghost'"), std::string::npos) << s.error();
  EXPECT_EQ(snapshot(*store, {"t", "ghost"}), before);
}

// Requirement: a table code is created once; a second create is refused and changes nothing.
TEST_P(StoreTest, DuplicateCodeIsRefused) {
  auto store = open();
  ASSERT_TRUE(store->create_table(new_table("t", 5)).ok());
  ASSERT_TRUE(store->append_actions(std::vector{action("t", 1)}).ok());
  const std::string before = snapshot(*store, {"t"});
  StoredTable again = new_table("t", 9);
  again.header = "{}";
  Status s = store->create_table(again);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("already exists"), std::string::npos) << s.error();
  EXPECT_EQ(snapshot(*store, {"t"}), before);
}

// Requirement: a table is created empty (its actions go through append_actions) and with a
// code.
TEST_P(StoreTest, CreateWithActionsResultOrNoCodeIsRefused) {
  auto store = open();
  StoredTable with_actions = new_table("t");
  with_actions.actions.push_back(recorded("t", 1));
  EXPECT_FALSE(store->create_table(with_actions).ok());
  StoredTable with_result = new_table("t");
  with_result.result = "{}";
  EXPECT_FALSE(store->create_table(with_result).ok());
  EXPECT_FALSE(store->create_table(new_table("")).ok());
  EXPECT_EQ(snapshot(*store, {"t", ""}), "t: none\n: none\n");
}

// Requirement: seqs go 1, 2, 3... per table with no gap and no repeat; a batch breaking
// that is refused whole.
TEST_P(StoreTest, SeqGapOrRepeatIsRefusedWhole) {
  auto store = open();
  ASSERT_TRUE(store->create_table(new_table("t")).ok());
  ASSERT_TRUE(store->create_table(new_table("u")).ok());
  const std::vector<std::string> codes = {"t", "u"};
  std::string before = snapshot(*store, codes);
  Status starts_at_two = store->append_actions(std::vector{action("t", 2)});
  ASSERT_FALSE(starts_at_two.ok());
  EXPECT_NE(starts_at_two.error().find("seq 2 is not the next one (1)"), std::string::npos)
      << starts_at_two.error();
  EXPECT_FALSE(store->append_actions(std::vector{action("t", 0)}).ok());
  EXPECT_FALSE(
      store->append_actions(std::vector{action("u", 1), action("t", 1), action("t", 3)}).ok());
  EXPECT_EQ(snapshot(*store, codes), before);

  ASSERT_TRUE(store->append_actions(std::vector{action("t", 1), action("t", 2)}).ok());
  before = snapshot(*store, codes);
  EXPECT_FALSE(store->append_actions(std::vector{action("u", 1), action("t", 2)}).ok());
  EXPECT_FALSE(store->append_actions(std::vector{action("t", 3), action("t", 3)}).ok());
  EXPECT_EQ(snapshot(*store, codes), before);
}

// Requirement: a finished table takes no more actions and no second result; finishing or
// configuring an unknown table is refused.
TEST_P(StoreTest, FinishedTableRefusesActionsAndASecondResult) {
  auto store = open();
  ASSERT_TRUE(store->create_table(new_table("t")).ok());
  ASSERT_TRUE(store->append_actions(std::vector{action("t", 1)}).ok());
  ASSERT_TRUE(store->finish_table("t", "{\"result\":1}").ok());
  const std::string before = snapshot(*store, {"t", "ghost"});
  Status after_finish = store->append_actions(std::vector{action("t", 2)});
  ASSERT_FALSE(after_finish.ok());
  EXPECT_NE(after_finish.error().find("is finished"), std::string::npos) << after_finish.error();
  EXPECT_FALSE(store->finish_table("t", "{\"result\":2}").ok());
  EXPECT_FALSE(store->finish_table("ghost", "{}").ok());
  EXPECT_FALSE(store->save_settings("ghost", "{}").ok());
  EXPECT_EQ(snapshot(*store, {"t", "ghost"}), before);
}

// Requirement: codes quoted in errors are made printable (they may come from a client).
TEST_P(StoreTest, ErrorsQuoteCodesPrintably) {
  auto store = open();
  Status s = store->append_actions(std::vector{action("\x1b[2Jevil", 1)});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().find('\x1b'), std::string::npos) << s.error();
}

// Requirement: everything committed is there after closing and reopening the file.
TEST_P(StoreTest, ReopenedStoreHasEverythingCommitted) {
  std::string before;
  {
    auto store = open();
    ASSERT_TRUE(store->create_table(new_table("a", 1)).ok());
    ASSERT_TRUE(store->create_table(new_table("b", 2)).ok());
    ASSERT_TRUE(
        store->append_actions(std::vector{action("a", 1), action("b", 1), action("a", 2)}).ok());
    ASSERT_TRUE(store->finish_table("b", "{}").ok());
    before = snapshot(*store, {"a", "b"});
  }
  auto store = open();
  EXPECT_EQ(snapshot(*store, {"a", "b"}), before);
  EXPECT_TRUE(store->append_actions(std::vector{action("a", 3)}).ok());
}

void set_pragma(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
  sqlite3_close(db);
}

// Requirement: a store written by a newer Sabbat (higher schema version) is refused with a
// clear error and left untouched.
TEST_F(SqliteStoreTest, NewerSchemaVersionIsRefused) {
  {
    auto store = open();
    ASSERT_TRUE(store->create_table(new_table("t")).ok());
  }
  const std::string newer = std::to_string(sqlite_store_schema_version() + 1);
  set_pragma(path_, "PRAGMA user_version = " + newer);
  const std::string before = file_bytes(path_);
  auto store = open_sqlite_store(path_);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.error().find("schema version is " + newer + ", written by a newer Sabbat"),
            std::string::npos)
      << store.error();
  EXPECT_EQ(file_bytes(path_), before);
}

// Requirement: a file that is not a SQLite database is refused and not overwritten.
TEST_F(SqliteStoreTest, NonSqliteFileIsRefusedUntouched) {
  std::string garbage(8192, '\0');
  for (size_t i = 0; i < garbage.size(); ++i) garbage[i] = char(i * 7 + 3);
  std::ofstream(path_, std::ios::binary) << garbage;
  auto store = open_sqlite_store(path_);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.error().find("not a SQLite database"), std::string::npos) << store.error();
  EXPECT_EQ(file_bytes(path_), garbage);
  EXPECT_FALSE(fs::exists(path_ + "-wal"));
}

// Requirement: another program's SQLite database is not adopted as a store.
TEST_F(SqliteStoreTest, OtherProgramsDatabaseIsRefusedUntouched) {
  set_pragma(path_, "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me')");
  const std::string before = file_bytes(path_);
  auto store = open_sqlite_store(path_);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.error().find("another program"), std::string::npos) << store.error();
  EXPECT_EQ(file_bytes(path_), before);
}

// Requirement: a damaged store gives SQLite's error, never a crash or made-up data.
TEST_F(SqliteStoreTest, DamagedStoreGivesAnError) {
  {
    auto store = open();
    for (int i = 0; i < 20; ++i) {
      const std::string code = "table-" + std::to_string(i);
      ASSERT_TRUE(store->create_table(new_table(code, i)).ok());
      std::vector<StoredAction> batch;
      for (int seq = 1; seq <= 50; ++seq) batch.push_back(action(code, seq));
      ASSERT_TRUE(store->append_actions(batch).ok());
    }
  }
  // Closing checkpointed the WAL into the file; now every page but the first is garbage.
  std::string bytes = file_bytes(path_);
  ASSERT_GT(bytes.size(), 8192u);
  for (size_t i = 4096; i < bytes.size(); ++i) bytes[i] = char(0xA5 ^ i);
  std::ofstream(path_, std::ios::binary | std::ios::trunc) << bytes;

  auto store = open_sqlite_store(path_);
  if (!store) {
    EXPECT_NE(store.error().find(path_), std::string::npos) << store.error();
    return;
  }
  auto loaded = (*store)->load_table("table-3");
  auto unfinished = (*store)->unfinished_tables();
  EXPECT_FALSE(loaded.ok() && unfinished.ok());
  if (!loaded.ok()) {
    EXPECT_NE(loaded.error().find("malformed"), std::string::npos) << loaded.error();
  }
}

// Requirement (busy timeout): while another connection holds the write lock for a moment, a
// write waits for it instead of failing at once.
TEST_F(SqliteStoreTest, WriteWaitsForAnotherWritersLock) {
  auto store = open();
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  std::thread holder([other] {
    std::this_thread::sleep_for(100ms);
    sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr);
  });
  Status s = store->create_table(new_table("t"));
  holder.join();
  sqlite3_close(other);
  EXPECT_TRUE(s.ok()) << s.error();
}

constexpr fs::perms kOwnerOnly = fs::perms::owner_read | fs::perms::owner_write;

fs::perms mode_of(const std::string& path) {
  return fs::status(path).permissions() & fs::perms::all;
}

// Requirement (backups hold the games' seeds): a copy is readable by its owner alone.
TEST_F(SqliteStoreTest, BackupCopiesAreReadableByTheirOwnerAlone) {
  auto store = open();
  ASSERT_TRUE(store->create_table(new_table("t")).ok());
  const std::string copy = (dir_ / "copy.db").string();
  auto copied = backup_sqlite_store(path_, copy);
  ASSERT_TRUE(copied.ok()) << copied.error();
  EXPECT_EQ(mode_of(copy), kOwnerOnly);
}

// Requirement (restore): the backup takes the store's place, readable by its owner alone, and
// the store it replaces is kept beside it with what was played after the copy.
TEST_F(SqliteStoreTest, RestorePutsTheBackupInPlaceAndKeepsTheStoreItReplaces) {
  const std::string copy = (dir_ / "copy.db").string();
  {
    auto store = open();
    ASSERT_TRUE(store->create_table(new_table("before")).ok());
    ASSERT_TRUE(backup_sqlite_store(path_, copy).ok());
    ASSERT_TRUE(store->create_table(new_table("after")).ok());
  }
  auto restored = restore_sqlite_store(copy, path_);
  ASSERT_TRUE(restored.ok()) << restored.error();
  EXPECT_EQ(restored->copied.tables, 1);
  EXPECT_EQ(mode_of(path_), kOwnerOnly);
  EXPECT_FALSE(fs::exists(path_ + ".restoring"));
  ASSERT_TRUE(restored->kept.starts_with(path_ + ".before-restore-")) << restored->kept;
  {
    auto store = open();
    EXPECT_EQ(snapshot(*store, {"after"}), "after: none\nunfinished before\n");
  }
  auto kept = open_sqlite_store(restored->kept);
  ASSERT_TRUE(kept.ok()) << kept.error();
  auto after = (*kept)->load_table("after");
  ASSERT_TRUE(after.ok()) << after.error();
  EXPECT_TRUE(after->has_value()) << "the replaced store lost what was played after the copy";
}

// Requirement (restore refuses while a server runs): with a store of the folder open, nothing
// is changed; and a server does not open its store while a restore is under way.
TEST_F(SqliteStoreTest, RestoreAndAServerNeverUseTheFolderAtOnce) {
  const std::string copy = (dir_ / "copy.db").string();
  {
    auto store = open();
    ASSERT_TRUE(store->create_table(new_table("t")).ok());
    ASSERT_TRUE(backup_sqlite_store(path_, copy).ok());
    ASSERT_TRUE(store->create_table(new_table("u")).ok());
    auto restored = restore_sqlite_store(copy, path_);
    ASSERT_FALSE(restored.ok());
    EXPECT_NE(restored.error().find("a server is using the store in " + dir_.string() +
                                    "; stop it first"),
              std::string::npos)
        << restored.error();
    EXPECT_NE(restored.error().find("nothing was changed"), std::string::npos);
    EXPECT_EQ(snapshot(*store, {"u"}).substr(0, 2), "u ") << "the open store lost a table";
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), {}), 2) << "a file was left behind";
  auto restoring = FolderLock::take(dir_.string(), FolderLock::Kind::Alone);
  ASSERT_TRUE(restoring.ok()) << restoring.error();
  auto server = open_sqlite_store(path_);
  ASSERT_FALSE(server.ok());
  EXPECT_NE(server.error().find("a backup is being restored into"), std::string::npos)
      << server.error();
}

// Requirement (restore checks the backup first): a file that is no store is refused, and the
// store stays exactly as it was.
TEST_F(SqliteStoreTest, RestoreRefusesAFileThatIsNoStoreAndChangesNothing) {
  {
    auto store = open();
    ASSERT_TRUE(store->create_table(new_table("t")).ok());
  }
  const std::string before = file_bytes(path_);
  const std::string copy = (dir_ / "notes.txt").string();
  std::ofstream(copy) << std::string(5000, 'x');
  auto restored = restore_sqlite_store(copy, path_);
  ASSERT_FALSE(restored.ok());
  EXPECT_NE(restored.error().find("not a SQLite database"), std::string::npos) << restored.error();
  EXPECT_NE(restored.error().find("nothing was changed"), std::string::npos);
  EXPECT_EQ(file_bytes(path_), before);
  for (const auto& entry : fs::directory_iterator(dir_)) {
    const std::string name = entry.path().filename().string();
    EXPECT_TRUE(name == "tables.sqlite" || name == "notes.txt") << name << " was left behind";
  }
}

// Requirement (a healthy store is not called damaged): a store whose folder this user cannot
// write (SQLite keeps the journal there) is refused for that reason, and the file is not
// suspected. Root may write anywhere, so as root the check runs as nobody, in a child.
TEST_F(SqliteStoreTest, AStoreInAFolderThisUserCannotWriteIsNotCalledDamaged) {
  {
    auto store = open();
    ASSERT_TRUE(store->create_table(new_table("t")).ok());
  }
  fs::permissions(path_, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                             fs::perms::others_read);
  std::string error;
  if (::geteuid() == 0) {
    int out[2];
    ASSERT_EQ(::pipe(out), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      ::close(out[0]);
      std::string said = "the child could not become nobody";
      if (::setgid(65534) == 0 && ::setuid(65534) == 0) {
        auto store = open_sqlite_store(path_);
        said = store.ok() ? std::string("opened") : store.error();
      }
      (void)!::write(out[1], said.data(), said.size());
      ::_exit(0);
    }
    ::close(out[1]);
    char chunk[512];
    for (ssize_t n; (n = ::read(out[0], chunk, sizeof chunk)) > 0;) error.append(chunk, size_t(n));
    ::close(out[0]);
    ::waitpid(child, nullptr, 0);
  } else {
    fs::permissions(dir_, fs::perms::owner_read | fs::perms::owner_exec);
    auto store = open_sqlite_store(path_);
    error = store.ok() ? std::string("opened") : store.error();
    fs::permissions(dir_, fs::perms::owner_all);
  }
  EXPECT_NE(error.find("cannot write in the folder " + dir_.string()), std::string::npos) << error;
  EXPECT_EQ(error.find("damaged"), std::string::npos) << error;
}

// A store that counts the transactions of append_actions, to see the group commit.
class CountingStore : public Store {
 public:
  explicit CountingStore(Store& inner) : inner_(inner) {}
  Status create_table(const StoredTable& t) override { return inner_.create_table(t); }
  Status save_settings(std::string_view c, std::string_view s) override {
    return inner_.save_settings(c, s);
  }
  Status append_actions(std::span<const StoredAction> a) override {
    ++appends;
    return inner_.append_actions(a);
  }
  Status finish_table(std::string_view c, std::string_view r) override {
    return inner_.finish_table(c, r);
  }
  Result<std::optional<StoredTable>> load_table(std::string_view c) override {
    return inner_.load_table(c);
  }
  Result<std::vector<std::string>> unfinished_tables() override {
    return inner_.unfinished_tables();
  }
  std::atomic<int> appends = 0;

 private:
  Store& inner_;
};

// Requirement (group commit): appends queued within the window are committed in one
// transaction, and each caller is told after the commit.
TEST_P(StoreTest, AppendsWithinTheWindowShareOneTransaction) {
  auto store = open();
  for (int t = 0; t < 4; ++t) ASSERT_TRUE(store->create_table(new_table(std::to_string(t))).ok());
  CountingStore counting(*store);
  std::atomic<int> acknowledged = 0;
  {
    // A window far longer than the test: only flush() ends it.
    WriteAhead wal(counting, std::chrono::hours(1));
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        for (int seq = 1; seq <= 25; ++seq)
          wal.append(action(std::to_string(t), seq), [&](const Status& s) {
            EXPECT_TRUE(s.ok()) << s.error();
            ++acknowledged;
          });
      });
    for (auto& th : threads) th.join();
    EXPECT_EQ(acknowledged, 0);
    wal.flush();
    EXPECT_EQ(acknowledged, 100);
    EXPECT_EQ(counting.appends, 1);
  }
  for (int t = 0; t < 4; ++t) {
    auto loaded = store->load_table(std::to_string(t));
    ASSERT_TRUE(loaded.ok());
    EXPECT_EQ((*loaded)->actions.size(), 25u);
  }
}

// Requirement (group commit): many threads appending to many tables; after flush every
// action is durable (seen by another connection), each table's actions in the order queued,
// and each table's callbacks called in that order.
TEST_P(StoreTest, ManyThreadsAppendingKeepEachTablesOrder) {
  constexpr int kThreads = 6, kTablesPerThread = 4, kActions = 60;
  auto store = open();
  auto code = [](int thread, int table) {
    return "t" + std::to_string(thread) + "-" + std::to_string(table);
  };
  for (int th = 0; th < kThreads; ++th)
    for (int t = 0; t < kTablesPerThread; ++t)
      ASSERT_TRUE(store->create_table(new_table(code(th, t))).ok());
  std::mutex mutex;
  std::map<std::string, std::vector<int64_t>> acknowledged;
  {
    WriteAhead wal(*store, 500us);
    std::vector<std::thread> threads;
    for (int th = 0; th < kThreads; ++th)
      threads.emplace_back([&, th] {
        for (int seq = 1; seq <= kActions; ++seq)
          for (int t = 0; t < kTablesPerThread; ++t) {
            const std::string c = code(th, t);
            wal.append(action(c, seq), [&, c, seq](const Status& s) {
              EXPECT_TRUE(s.ok()) << s.error();
              std::lock_guard lock(mutex);
              acknowledged[c].push_back(seq);
            });
          }
      });
    for (auto& th : threads) th.join();
    wal.flush();
    std::lock_guard lock(mutex);
    ASSERT_EQ(acknowledged.size(), size_t(kThreads * kTablesPerThread));
    for (const auto& [c, seqs] : acknowledged) {
      ASSERT_EQ(seqs.size(), size_t(kActions)) << c;
      EXPECT_TRUE(std::is_sorted(seqs.begin(), seqs.end())) << c;
    }
    // Durable and visible to another connection while the writer still runs.
    auto other = open();
    for (int th = 0; th < kThreads; ++th)
      for (int t = 0; t < kTablesPerThread; ++t) {
        auto loaded = other->load_table(code(th, t));
        ASSERT_TRUE(loaded.ok()) << loaded.error();
        ASSERT_EQ((*loaded)->actions.size(), size_t(kActions));
        for (int seq = 1; seq <= kActions; ++seq)
          EXPECT_EQ((*loaded)->actions[seq - 1], recorded(code(th, t), seq));
      }
  }
}

// Requirement: `run` operations keep their place among the appends, and callbacks come in
// the order the operations were queued.
TEST_P(StoreTest, RunOperationsKeepTheirPlaceAmongAppends) {
  auto store = open();
  std::vector<std::string> heard;
  {
    WriteAhead wal(*store, std::chrono::hours(1));
    auto note = [&](std::string what) {
      return [&heard, what](const Status& s) { heard.push_back(what + (s ? " ok" : " refused")); };
    };
    wal.run([](Store& s) { return s.create_table(new_table("t")); }, note("create"));
    wal.append(action("t", 1), note("1"));
    wal.append(action("t", 2), note("2"));
    wal.run([](Store& s) { return s.finish_table("t", "{}"); }, note("finish"));
    wal.append(action("t", 3), note("3"));
    wal.flush();
  }
  EXPECT_EQ(heard,
            (std::vector<std::string>{"create ok", "1 ok", "2 ok", "finish ok", "3 refused"}));
  auto loaded = store->load_table("t");
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ((*loaded)->actions.size(), 2u);
  EXPECT_TRUE((*loaded)->result);
}

// Requirement: in a batch that fails, one bad table costs only its own actions; every other
// action is committed and each caller hears its own status.
TEST_P(StoreTest, OneBadTableInABatchCostsOnlyItsOwnActions) {
  auto store = open();
  ASSERT_TRUE(store->create_table(new_table("a")).ok());
  ASSERT_TRUE(store->create_table(new_table("b")).ok());
  CountingStore counting(*store);
  std::vector<std::string> heard(6);
  {
    WriteAhead wal(counting, std::chrono::hours(1));
    auto note = [&](int i) {
      return [&heard, i](const Status& s) { heard[i] = s ? "ok" : s.error(); };
    };
    wal.append(action("a", 1), note(0));
    wal.append(action("ghost", 1), note(1));
    wal.append(action("b", 1), note(2));
    wal.append(action("a", 2), note(3));
    wal.append(action("a", 4), note(4));  // a gap
    wal.append(action("b", 2), note(5));
    wal.flush();
  }
  EXPECT_EQ(heard[0], "ok");
  EXPECT_NE(heard[1].find("ghost"), std::string::npos) << heard[1];
  EXPECT_EQ(heard[2], "ok");
  EXPECT_EQ(heard[3], "ok");
  EXPECT_NE(heard[4].find("seq 4 is not the next one (3)"), std::string::npos) << heard[4];
  EXPECT_EQ(heard[5], "ok");
  EXPECT_GT(counting.appends, 1);
  auto a = store->load_table("a");
  auto b = store->load_table("b");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ((*a)->actions.size(), 2u);
  EXPECT_EQ((*b)->actions.size(), 2u);
}

// Requirement: destroying the WriteAhead commits everything queued before it stops.
TEST_P(StoreTest, DestroyingTheWriteAheadCommitsEverythingQueued) {
  auto store = open();
  ASSERT_TRUE(store->create_table(new_table("t")).ok());
  int acknowledged = 0;
  {
    WriteAhead wal(*store, std::chrono::hours(1));
    for (int seq = 1; seq <= 100; ++seq)
      wal.append(action("t", seq), [&](const Status& s) { acknowledged += s.ok(); });
  }
  EXPECT_EQ(acknowledged, 100);
  auto loaded = store->load_table("t");
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ((*loaded)->actions.size(), 100u);
}

// --- Crash test: a writer process killed with SIGKILL at random moments. ---

constexpr int kCrashTables = 6;

std::string crash_table(int i) {
  return "crash-" + std::to_string(i);
}

struct Acknowledgement {
  int32_t table;
  int64_t seq;
};

// The child: appends to every table from three threads through a WriteAhead, and writes each
// acknowledged seq to the pipe, until it is killed. Never returns.
[[noreturn]] void crash_child(const std::string& target, int pipe_out) {
  auto opened = open_target(target);
  if (!opened) _exit(3);
  Store& store = *opened;
  std::vector<int64_t> next(kCrashTables);
  for (int t = 0; t < kCrashTables; ++t) {
    auto loaded = store.load_table(crash_table(t));
    if (!loaded || !*loaded) _exit(4);
    next[t] = int64_t((*loaded)->actions.size()) + 1;
  }
  WriteAhead wal(store, 1ms);
  std::vector<std::thread> threads;
  for (int th = 0; th < 3; ++th)
    threads.emplace_back([&, th] {
      std::counting_semaphore<64> in_flight(64);
      for (;;)
        for (int t = th; t < kCrashTables; t += 3) {
          in_flight.acquire();
          const int64_t seq = next[t]++;
          wal.append(action(crash_table(t), seq), [&, t, seq](const Status& s) {
            if (!s) _exit(5);
            const Acknowledgement ack{t, seq};
            if (write(pipe_out, &ack, sizeof ack) != sizeof ack) _exit(6);
            in_flight.release();
          });
        }
    });
  for (auto& th : threads) th.join();
  _exit(7);
}

// Requirement (write-ahead): a kill -9 at any moment loses no acknowledged action,
// and a table's stored seqs never have a gap. Even kills land at random moments from the
// start (opening the store, recovering the WAL, the first commits); odd ones at random moments
// after the first acknowledgement, so that every other kill finds appends under way.
TEST_P(StoreTest, KilledWriterLosesNoAcknowledgedAction) {
  {
    auto store = open();
    for (int t = 0; t < kCrashTables; ++t)
      ASSERT_TRUE(store->create_table(new_table(crash_table(t), t)).ok());
  }
  const unsigned seed = std::random_device()();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  std::vector<int64_t> acknowledged(kCrashTables, 0);
  int64_t total = 0;
  bool in_order = true, well_formed = true;
  // Takes one acknowledgement; false at the end of the pipe.
  auto take = [&](int fd) {
    Acknowledgement ack;
    if (read(fd, &ack, sizeof ack) != sizeof ack) return false;
    if (ack.table < 0 || ack.table >= kCrashTables) {
      well_formed = false;
      return true;
    }
    in_order &= ack.seq == acknowledged[ack.table] + 1;
    acknowledged[ack.table] = ack.seq;
    ++total;
    return true;
  };
  for (int kill_no = 0; kill_no < 26; ++kill_no) {
    SCOPED_TRACE("kill " + std::to_string(kill_no));
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      close(fds[0]);
      crash_child(target(), fds[1]);
    }
    close(fds[1]);
    const int64_t before = total;
    if (kill_no % 2 == 1)
      while (total == before && take(fds[0])) {
      }
    std::this_thread::sleep_for(
        std::chrono::microseconds(std::uniform_int_distribution<int>(0, 30000)(rng)));
    kill(child, SIGKILL);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    // What the child wrote before dying is still in the pipe.
    while (take(fds[0])) {
    }
    close(fds[0]);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
        << "the child stopped by itself with status " << status;
    ASSERT_TRUE(well_formed);
    EXPECT_TRUE(in_order) << "a table's appends were acknowledged out of order";
    if (kill_no % 2 == 1) {
      EXPECT_GT(total, before) << "the child acknowledged nothing";
    }
    if (database_) database_->wait_until_unused();

    auto store = open();
    for (int t = 0; t < kCrashTables; ++t) {
      auto loaded = store->load_table(crash_table(t));
      ASSERT_TRUE(loaded.ok() && *loaded) << (loaded.ok() ? "missing" : loaded.error());
      const auto& actions = (*loaded)->actions;
      ASSERT_GE(int64_t(actions.size()), acknowledged[t]) << crash_table(t);
      for (size_t i = 0; i < actions.size(); ++i)
        ASSERT_EQ(actions[i], recorded(crash_table(t), int64_t(i) + 1)) << crash_table(t);
      // Committed but not yet acknowledged when killed: acknowledged from now on.
      acknowledged[t] = int64_t(actions.size());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest,
                         ::testing::Values(Backend::Sqlite, Backend::Postgresql),
                         [](const auto& backend) {
                           return backend.param == Backend::Sqlite ? "sqlite" : "postgresql";
                         });

}  // namespace
}  // namespace sabbat
