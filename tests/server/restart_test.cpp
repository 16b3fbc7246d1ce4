// Persistence: tables survive a stop and a restart, tokens stay valid, clocks and bots resume.
#include <gtest/gtest.h>

#include "play.hpp"

namespace sabbat::server::testing {
namespace {

// Requirement: a graceful stop tells clients "going-away"; the next start restores the table
// from its stored actions; the person rejoins with the token and the bot plays on.
TEST(ServerRestart, UnfinishedTableIsRestoredAndPlayedToTheEnd) {
  TempDir dir;
  Created t;
  std::string token;
  int64_t seen = 0;
  {
    TestServer server(dir.path());
    Client creator(server.port());
    t = create_table(creator, TablePlan{"sortileges", 2, {}, {"", "random"}, false});
    Person a = join(server.port(), t.table, 0, "Morgane");
    token = a.token;
    play_randomly(*a.client, 11, 4);
    for (const json& m : a.client->received)
      if (m.value("type", "") == "accepted") seen = std::max(seen, m["at"].get<int64_t>());
    server.stop();
    auto last = a.client->until_closed();
    EXPECT_EQ(a.client->close_code(), 1001);
    bool told = false;
    for (const json& m : a.client->received) told |= m.value("code", "") == "going-away";
    EXPECT_TRUE(told);
  }
  TestServer server(dir.path());
  EXPECT_TRUE(server.logged("restored 1 unfinished tables"));
  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", t.table}, {"token", token}});
  EXPECT_EQ(again.next().value("type", ""), "joined");
  json state = again.next_of("state");
  // Every action the person saw accepted is in the restored game.
  EXPECT_GE(state["seq"].get<int64_t>(), seen);
  json last;
  if (!state["legal"].empty()) {
    again.send({{"type", "act"}, {"seq", 100}, {"action", state["legal"][0]}});
  }
  last = play_randomly(again, 12);
  EXPECT_EQ(last.value("type", ""), "result");
  EXPECT_TRUE(download_record(server.port(), t.table).has_value());
}

}  // namespace
}  // namespace sabbat::server::testing
