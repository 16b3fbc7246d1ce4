// Finished tables after a restart: their status and record are still served from the store.
#include <gtest/gtest.h>

#include "core/untrusted.hpp"
#include "play.hpp"

namespace sabbat::server::testing {
namespace {

// Requirement: "when the game ends, the table shows the result and its record": a restart keeps
// both, byte for byte, and a person rejoining or a spectator watching is told the result.
TEST(ServerRestart, FinishedTableStatusAndRecordAreServedAfterARestart) {
  TempDir dir;
  Created t;
  std::string token, record_before;
  {
    TestServer server(dir.path());
    PlayedTable played =
        play_whole_game(server.port(), TablePlan{"sortileges", 2, {}, {"", "random"}, false});
    t = played.created;
    token = played.people.at(0).token;
    auto answer = http_get(server.port(), "/api/tables/" + t.table + "/record");
    ASSERT_EQ(answer.status, 200);
    record_before = answer.body;
  }
  TestServer server(dir.path());
  EXPECT_TRUE(server.logged("restored 1 finished tables"));
  auto record = http_get(server.port(), "/api/tables/" + t.table + "/record");
  EXPECT_EQ(record.status, 200);
  EXPECT_EQ(record.body, record_before);
  auto status = http_get(server.port(), "/api/tables/" + t.table);
  ASSERT_EQ(status.status, 200);
  auto j = parse_untrusted_json(status.body, {1 << 20, 16});
  ASSERT_TRUE(j.ok());
  EXPECT_EQ((*j)["phase"], "finished");
  EXPECT_EQ((*j)["seats"][0]["name"], "seat 0");
  EXPECT_EQ((*j)["seats"][1]["kind"], "bot");

  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", t.table}, {"token", token}});
  EXPECT_EQ(again.next().value("type", ""), "joined");
  EXPECT_EQ(again.next_of("result").value("type", ""), "result");
  Client late(server.port());
  late.send({{"type", "join"}, {"table", t.table}, {"name", "Late"}});
  EXPECT_EQ(late.next().value("code", ""), "finished");

  // A finished table does not count toward the server's limit of tables.
  Limits one;
  one.max_tables = 1;
  server.stop();
  TestServer small(dir.path(), one);
  Client c(small.port());
  c.send({{"type", "create"}, {"game", "sortileges"}});
  EXPECT_EQ(c.next().value("type", ""), "created");
}

}  // namespace
}  // namespace sabbat::server::testing
