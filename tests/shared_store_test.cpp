// The shared store (PostgreSQL, docs/cluster.md): each unfinished table is held by one node
// under its lease; a table held by a live node cannot be taken, only asked for; a node's
// writes to a table it does not hold are refused; a dead node's tables are taken once its
// lease has run out.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "store/postgres.hpp"
#include "store/store.hpp"
#include "support/postgres_server.hpp"

namespace sabbat {
namespace {

using namespace std::chrono_literals;
using Found = SharedStore::Claim::Found;

StoredTable table_named(const std::string& code) {
  StoredTable t;
  t.code = code;
  t.header = R"({"format":"sabbat-record","game":"sortileges"})";
  t.settings = "{}";
  t.created_ms = 1;
  return t;
}

StoredAction act(const std::string& code, int64_t seq) {
  return StoredAction{code, RecordedAction{seq, seq, Seat(0), "pass"}};
}

class SharedStoreTest : public ::testing::Test {
 protected:
  std::unique_ptr<SharedStore> node(const std::string& name,
                                    std::chrono::milliseconds lease = 30s) {
    auto store = open_postgresql_store(db_.url(), name, lease);
    EXPECT_TRUE(store.ok()) << store.error();
    return store ? std::move(store.value()) : nullptr;
  }
  testing::TestDatabase db_;
};

// Requirement: a table is held by the node that created it; another live node's claim finds
// it held, asks for it, and the holder hears of it at its next renewal; once released, the
// asker takes it with every action stored.
TEST_F(SharedStoreTest, HeldTableIsAskedForThenReleasedAndTaken) {
  auto a = node("a"), b = node("b");
  ASSERT_TRUE(a->create_table(table_named("t")).ok());
  ASSERT_TRUE(a->append_actions(std::vector{act("t", 1), act("t", 2)}).ok());
  auto held = b->claim_table("t");
  ASSERT_TRUE(held.ok()) << held.error();
  EXPECT_EQ(held->found, Found::Held);
  EXPECT_EQ(held->holder, "a");
  auto asked = a->renew_lease();
  ASSERT_TRUE(asked.ok()) << asked.error();
  EXPECT_EQ(*asked, std::vector<std::string>{"t"});
  ASSERT_TRUE(a->release_table("t").ok());
  auto taken = b->claim_table("t");
  ASSERT_TRUE(taken.ok()) << taken.error();
  ASSERT_EQ(taken->found, Found::Taken);
  EXPECT_EQ(taken->table->actions.size(), 2u);
  auto none = a->renew_lease();
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());
  auto held_by_b = b->held_tables();
  ASSERT_TRUE(held_by_b.ok());
  EXPECT_EQ(*held_by_b, std::vector<std::string>{"t"});
}

// Requirement (fencing): a node that does not hold a table cannot append to it, configure it
// or finish it; nothing changes.
TEST_F(SharedStoreTest, WritesOfANodeThatDoesNotHoldTheTableAreRefused) {
  auto a = node("a"), b = node("b");
  ASSERT_TRUE(a->create_table(table_named("t")).ok());
  Status append = b->append_actions(std::vector{act("t", 1)});
  ASSERT_FALSE(append.ok());
  EXPECT_NE(append.error().find("held by node 'a', not by 'b'"), std::string::npos)
      << append.error();
  EXPECT_FALSE(b->save_settings("t", R"({"x":1})").ok());
  EXPECT_FALSE(b->finish_table("t", "{}").ok());
  auto loaded = a->load_table("t");
  ASSERT_TRUE(loaded.ok() && *loaded);
  EXPECT_TRUE((*loaded)->actions.empty());
  EXPECT_EQ((*loaded)->settings, "{}");
  EXPECT_FALSE((*loaded)->result);
  EXPECT_TRUE(a->append_actions(std::vector{act("t", 1)}).ok());
}

// Requirement (failover): a node that stops renewing loses its tables when its lease runs out;
// from then on the node that took one holds it, and the old holder's writes are refused.
TEST_F(SharedStoreTest, DeadNodesTablesAreTakenOnceItsLeaseRunsOut) {
  auto dying = node("dying", 400ms), b = node("b");
  ASSERT_TRUE(dying->create_table(table_named("t")).ok());
  ASSERT_TRUE(dying->append_actions(std::vector{act("t", 1)}).ok());
  auto early = b->claim_table("t");
  ASSERT_TRUE(early.ok());
  EXPECT_EQ(early->found, Found::Held);
  std::this_thread::sleep_for(600ms);
  auto late = b->claim_table("t");
  ASSERT_TRUE(late.ok()) << late.error();
  ASSERT_EQ(late->found, Found::Taken);
  EXPECT_EQ(late->table->actions.size(), 1u);
  // Back from a pause, the old holder renews, but the table is no longer its.
  ASSERT_TRUE(dying->renew_lease().ok());
  EXPECT_FALSE(dying->append_actions(std::vector{act("t", 2)}).ok());
  EXPECT_TRUE(b->append_actions(std::vector{act("t", 2)}).ok());
}

// Requirement (spreading): a renewal can read every live node's share, the unfinished tables
// it holds, in name order; a node whose lease ran out is not among them, nor finished tables.
TEST_F(SharedStoreTest, LiveSharesCountTheUnfinishedTablesOfLiveNodes) {
  auto a = node("a"), b = node("b"), gone = node("gone", 300ms);
  for (const char* code : {"t", "u", "done"}) ASSERT_TRUE(a->create_table(table_named(code)).ok());
  ASSERT_TRUE(a->finish_table("done", R"({"result":1})").ok());
  ASSERT_TRUE(gone->create_table(table_named("v")).ok());
  std::this_thread::sleep_for(500ms);
  auto shares = b->live_shares();
  ASSERT_TRUE(shares.ok()) << shares.error();
  ASSERT_EQ(shares->size(), 2u);
  EXPECT_EQ((*shares)[0].node, "a");
  EXPECT_EQ((*shares)[0].tables, 2);
  EXPECT_EQ((*shares)[1].node, "b");
  EXPECT_EQ((*shares)[1].tables, 0);
}

// Requirement: a node that stops gracefully lets go of every table it holds, so that another
// node takes them at once, not after the lease.
TEST_F(SharedStoreTest, NodeThatStopsLetsGoOfItsTablesAtOnce) {
  auto a = node("a"), b = node("b");
  ASSERT_TRUE(a->create_table(table_named("t")).ok());
  ASSERT_TRUE(a->create_table(table_named("u")).ok());
  ASSERT_TRUE(a->release_all().ok());
  for (const char* code : {"t", "u"}) {
    auto taken = b->claim_table(code);
    ASSERT_TRUE(taken.ok()) << taken.error();
    EXPECT_EQ(taken->found, Found::Taken) << code;
  }
  EXPECT_FALSE(a->append_actions(std::vector{act("t", 1)}).ok());
}

// Requirement: a finished table is anyone's to read; an unknown code is missing; a node may
// claim again what it holds (after a restart under the same name).
TEST_F(SharedStoreTest, FinishedTablesAreReadByAnyNodeAndUnknownOnesAreMissing) {
  auto a = node("a"), b = node("b");
  ASSERT_TRUE(a->create_table(table_named("done")).ok());
  ASSERT_TRUE(a->append_actions(std::vector{act("done", 1)}).ok());
  ASSERT_TRUE(a->finish_table("done", R"({"result":1})").ok());
  auto finished = b->claim_table("done");
  ASSERT_TRUE(finished.ok());
  EXPECT_EQ(finished->found, Found::Finished);
  EXPECT_EQ(finished->table->result, R"({"result":1})");
  auto missing = b->claim_table("nope");
  ASSERT_TRUE(missing.ok());
  EXPECT_EQ(missing->found, Found::Missing);
  ASSERT_TRUE(a->create_table(table_named("mine")).ok());
  auto again = node("a")->claim_table("mine");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->found, Found::Taken);
}

// Requirement: the lobby's entries a node publishes are read by the others while its lease
// runs, withdrawn when emptied, and never its own.
TEST_F(SharedStoreTest, PublishedListingsAreReadByOtherLiveNodes) {
  auto a = node("a"), b = node("b");
  ASSERT_TRUE(a->create_table(table_named("t")).ok());
  ASSERT_TRUE(a->create_table(table_named("u")).ok());
  ASSERT_TRUE(a->publish_listings({{"t", R"({"table":"t"})"}, {"u", R"({"table":"u"})"}}).ok());
  auto seen = b->listings_elsewhere(10);
  ASSERT_TRUE(seen.ok()) << seen.error();
  EXPECT_EQ(*seen, (std::vector<std::string>{R"({"table":"t"})", R"({"table":"u"})"}));
  auto own = a->listings_elsewhere(10);
  ASSERT_TRUE(own.ok());
  EXPECT_TRUE(own->empty());
  ASSERT_TRUE(a->publish_listings({{"t", ""}}).ok());
  auto after = b->listings_elsewhere(10);
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(*after, std::vector<std::string>{R"({"table":"u"})"});
}

// Requirement: a store that cannot be reached, or a database of a newer Sabbat, is refused
// with a clear error (the password never shown).
TEST_F(SharedStoreTest, UnreachableOrNewerStoreIsRefusedClearly) {
  auto unreachable = open_postgresql_store(
      "postgresql://sabbat:secret@127.0.0.1:1/none?connect_timeout=2", "a", 5s);
  ASSERT_FALSE(unreachable.ok());
  EXPECT_NE(unreachable.error().find("cannot open the store"), std::string::npos)
      << unreachable.error();
  EXPECT_EQ(unreachable.error().find("secret"), std::string::npos) << unreachable.error();
  { auto a = node("a"); }
  db_.query("UPDATE sabbat_schema SET version = 99");
  auto newer = open_postgresql_store(db_.url(), "a", 5s);
  ASSERT_FALSE(newer.ok());
  EXPECT_NE(newer.error().find("schema version is 99, written by a newer Sabbat"),
            std::string::npos)
      << newer.error();
  EXPECT_EQ(postgres::without_password("postgresql://u:pw@h/db"), "postgresql://u:***@h/db");
}

}  // namespace
}  // namespace sabbat
