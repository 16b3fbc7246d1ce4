// Seats and spectators: tokens, rejoining, watching, starting with bots.
#include <gtest/gtest.h>

#include "play.hpp"

namespace sabbat::server::testing {
namespace {

TablePlan two_people() {
  return TablePlan{"sortileges", 2, {}, {"", ""}, false};
}

// Requirement: a person who loses the connection gets the same seat back with the token, with
// the state as it is now, and the game goes on to its end.
TEST(ServerSeats, RejoinWithTheTokenMidGameGivesTheSameSeatAndTheStateAsItIsNow) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, two_people());
  Person a = join(server.port(), t.table, 0, "Morgane");
  Person b = join(server.port(), t.table, 1, "Viviane");
  // A few actions each, then seat 0's connection drops.
  std::thread tb([&] { play_randomly(*b.client, 2); });
  play_randomly(*a.client, 1, 3);
  a.client.reset();
  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", t.table}, {"token", a.token}});
  json joined = again.next();
  EXPECT_EQ(joined.value("type", ""), "joined");
  EXPECT_EQ(joined.value("seat", -1), 0);
  json state = again.next_of("state");
  EXPECT_TRUE(state["snapshot"].get<bool>());
  EXPECT_GE(state["seq"].get<int64_t>(), 3);
  // The snapshot is where the game stands; carry on from it to the end.
  json last = state["legal"].empty() ? play_randomly(again, 3) : json();
  if (!state["legal"].empty()) {
    again.send({{"type", "act"}, {"seq", 1}, {"action", state["legal"][0]}});
    last = play_randomly(again, 3);
  }
  tb.join();
  EXPECT_EQ(last.value("type", ""), "result");
}

// Requirement: the token is the only way to a seat; a wrong one is refused and logged.
TEST(ServerSeats, WrongTokenIsRefused) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, two_people());
  Person a = join(server.port(), t.table, 0, "Morgane");
  Client thief(server.port());
  thief.send({{"type", "rejoin"}, {"table", t.table}, {"token", std::string(32, '0')}});
  json refused = thief.next();
  EXPECT_EQ(refused.value("code", ""), "wrong-token");
  // The connection may try again, and acts for nobody meanwhile.
  thief.send({{"type", "act"}, {"seq", 1}, {"action", "anything"}});
  EXPECT_EQ(thief.next().value("code", ""), "wrong-role");
  EXPECT_TRUE(server.logged("wrong token"));
}

// Requirement: a second connection to a seat replaces the first, which is told and closed.
TEST(ServerSeats, RejoiningReplacesTheOlderConnection) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, two_people());
  Person a = join(server.port(), t.table, 0, "Morgane");
  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", t.table}, {"token", a.token}});
  EXPECT_EQ(again.next().value("type", ""), "joined");
  EXPECT_EQ(a.client->next_of("error").value("code", ""), "replaced");
  a.client->until_closed();
  EXPECT_EQ(a.client->close_code(), 1008);
}

// Requirement: a taken seat cannot be joined; a full table has no free seat.
TEST(ServerSeats, TakenSeatsAreRefused) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, TablePlan{"sortileges", 2, {}, {"", "random"}, false});
  Person a = join(server.port(), t.table, 0, "Morgane");
  Client late(server.port());
  // Told, a client may try again at once (within the rate limit): the refusal and the
  // leaving are one step.
  for (int again = 0; again < 6; ++again) {
    late.send({{"type", "join"}, {"table", t.table}, {"seat", 0}, {"name", "Other"}});
    ASSERT_EQ(late.next().value("code", ""), "seat-taken") << "try " << again;
  }
  late.send({{"type", "join"}, {"table", t.table}, {"seat", 1}, {"name", "Other"}});
  EXPECT_EQ(late.next().value("code", ""), "seat-taken");
  late.send({{"type", "join"}, {"table", t.table}, {"name", "Other"}});
  EXPECT_EQ(late.next().value("code", ""), "no-free-seat");
  late.send({{"type", "join"}, {"table", t.table}, {"seat", 7}, {"name", "Other"}});
  EXPECT_EQ(late.next().value("code", ""), "no-such-seat");
}

// Requirement: spectators get the spectator view; the owner may turn them off.
TEST(ServerSeats, SpectatorsWatchUnlessTheOwnerTurnedThemOff) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  creator.send({{"type", "create"}, {"game", "sortileges"}, {"players", 2}, {"spectators", false}});
  json created = creator.next();
  Client watcher(server.port());
  watcher.send({{"type", "watch"}, {"table", created["table"]}});
  EXPECT_EQ(watcher.next().value("code", ""), "no-spectators");

  Client creator2(server.port());
  Created open = create_table(creator2, TablePlan{"sortileges", 2, {}, {"random", "random"}});
  Client viewer(server.port());
  viewer.send({{"type", "watch"}, {"table", open.table}});
  EXPECT_EQ(viewer.next().value("type", ""), "watching");
  json result = viewer.next_of("result");
  EXPECT_EQ(result.value("type", ""), "result");
  for (const json& m : viewer.received)
    if (m.value("type", "") == "state") {
      EXPECT_TRUE(m["legal"].empty());
    }
}

// Requirement: the creator starts the table early and bots fill the free seats; only the owner
// token may.
TEST(ServerSeats, OwnerStartsEarlyAndBotsFillFreeSeats) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, TablePlan{"sortileges", 3, {}, {"", "", ""}, false});
  Person a = join(server.port(), t.table, 0, "Morgane");
  a.client->send({{"type", "start"}, {"owner", std::string(32, 'a')}});
  EXPECT_EQ(a.client->next_of("error").value("code", ""), "wrong-token");
  a.client->send({{"type", "act"}, {"seq", 1}, {"action", "x"}});
  EXPECT_EQ(a.client->next_of("refused").value("code", ""), "not-started");
  a.client->send({{"type", "start"}, {"owner", t.owner}});
  json last = play_randomly(*a.client, 5);
  EXPECT_EQ(last.value("type", ""), "result");
  auto status = http_get(server.port(), "/api/tables/" + t.table);
  EXPECT_NE(status.body.find("\"kind\":\"bot\""), std::string::npos);
  EXPECT_NE(status.body.find("\"phase\":\"finished\""), std::string::npos);
}

}  // namespace
}  // namespace sabbat::server::testing
