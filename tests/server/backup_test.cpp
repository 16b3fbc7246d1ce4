// Backups (docs/hosting.md, "Backups"): `sabbat backup` copies the store of a server that goes
// on playing; a server started on the copy brings back every unfinished table, with every
// action acknowledged before the backup began, and plays it to the end.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "play.hpp"
#include "store/store.hpp"

namespace sabbat::server::testing {
namespace {

namespace fs = std::filesystem;

// The highest `at` of the person's accepted actions: the seq they were told of.
int64_t acknowledged(const Client& c) {
  int64_t seen = 0;
  for (const json& m : c.received)
    if (m.value("type", "") == "accepted") seen = std::max(seen, m["at"].get<int64_t>());
  return seen;
}

TEST(Backup, CopyTakenDuringPlayRestoresEveryUnfinishedTable) {
  TempDir live, backups;
  Created first, second;
  std::string token;
  int64_t before = 0;
  const fs::path copy = backups.path() / "backup.db";
  {
    TestServer server(live.path());
    Client creator(server.port());
    first = create_table(creator, TablePlan{"sortileges", 2, {}, {"", "random"}, false});
    second = create_table(creator, TablePlan{"baba-yaga", 2, {}, {"random", "random"}, false});
    Person a = join(server.port(), first.table, 0, "Morgane");
    token = a.token;
    play_randomly(*a.client, 21, 6);
    before = acknowledged(*a.client);
    // The person goes on playing while the copy is taken, and the bots' table plays by itself.
    std::thread playing([&] { play_randomly(*a.client, 22, 6); });
    auto copied = backup_sqlite_store((live.path() / "sabbat.db").string(), copy.string());
    playing.join();
    ASSERT_TRUE(copied.ok()) << copied.error();
    EXPECT_GE(copied->tables, 1);
    EXPECT_GE(copied->actions, before);
    EXPECT_GT(copied->bytes, 0u);
    EXPECT_FALSE(fs::exists(copy.string() + ".partial"));
    // The copy is one file: no write-ahead log beside it.
    EXPECT_FALSE(fs::exists(copy.string() + "-wal"));
  }
  // Restored as the docs say: with the server stopped, into its own directory.
  auto put = restore_sqlite_store(copy.string(), (live.path() / "sabbat.db").string());
  ASSERT_TRUE(put.ok()) << put.error();
  EXPECT_FALSE(put->kept.empty()) << "the store the copy replaced was not kept";
  TestServer server(live.path());
  EXPECT_TRUE(server.logged("restored 2 unfinished tables"));
  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", first.table}, {"token", token}});
  ASSERT_EQ(again.next().value("type", ""), "joined");
  json state = again.next_of("state");
  EXPECT_GE(state["seq"].get<int64_t>(), before) << "an acknowledged action is missing";
  // The snapshot may already offer the person's move: play it, then play on.
  if (!state["legal"].empty())
    again.send({{"type", "act"}, {"seq", 100}, {"action", state["legal"][0]}});
  const json last = play_randomly(again, 23);
  EXPECT_EQ(last.value("type", ""), "result");
  EXPECT_TRUE(download_record(server.port(), first.table).has_value());
}

TEST(Backup, RefusesAMissingStoreAnExistingFileAndAnotherProgramsDatabase) {
  TempDir dir;
  const std::string store = (dir.path() / "sabbat.db").string();
  const std::string out = (dir.path() / "out.db").string();
  auto missing = backup_sqlite_store(store, out);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("no store at"), std::string::npos) << missing.error();
  EXPECT_FALSE(fs::exists(out));

  { TestServer server(dir.path()); }
  std::ofstream(out) << "precious";
  auto exists = backup_sqlite_store(store, out);
  ASSERT_FALSE(exists.ok());
  EXPECT_NE(exists.error().find("exists already"), std::string::npos) << exists.error();
  std::ifstream kept(out);
  std::string text;
  kept >> text;
  EXPECT_EQ(text, "precious") << "an existing file was overwritten";

  const std::string other = (dir.path() / "other.db").string();
  std::ofstream(other) << "not a database at all, but long enough to be read as one........";
  auto wrong = backup_sqlite_store(other, (dir.path() / "copy.db").string());
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.error().find("not a SQLite database"), std::string::npos) << wrong.error();
  EXPECT_FALSE(fs::exists(dir.path() / "copy.db"));
}

}  // namespace
}  // namespace sabbat::server::testing
