// Bad input: every refusal says why, changes nothing, and leaves the connection usable.
#include <gtest/gtest.h>

#include "play.hpp"

namespace sabbat::server::testing {
namespace {

// The connection still answers after a refusal.
void expect_still_serving(Client& c) {
  c.send({{"type", "ping"}, {"id", 42}});
  json pong = c.next_of("pong");
  EXPECT_EQ(pong.value("id", 0), 42);
}

// Requirement: malformed JSON, unknown types and wrong roles are refused with a message.
TEST(ServerRefusals, MalformedUnknownAndWrongRoleMessagesAreRefused) {
  TempDir dir;
  TestServer server(dir.path());
  Client c(server.port());
  const std::pair<std::string, std::string> cases[] = {
      {"{", "malformed"},
      {"[1,2]", "malformed"},
      {"{\"kind\":\"join\"}", "malformed"},
      {std::string(100, '[') + std::string(100, ']'), "malformed"},
      {"{\"type\":\"dance\"}", "unknown-type"},
      {"{\"type\":\"act\",\"seq\":1,\"action\":\"x\"}", "wrong-role"},
      {"{\"type\":\"start\",\"owner\":\"x\"}", "wrong-role"},
      {"{\"type\":\"join\",\"table\":\"nope\",\"name\":\"a\"}", "no-such-table"},
      {"{\"type\":\"join\",\"table\":\"abcdefghijkmnpqr\",\"name\":\"a\"}", "no-such-table"},
      {"{\"type\":\"create\",\"game\":\"chess\"}", "bad-table"},
      {"{\"type\":\"create\",\"game\":\"sortileges\",\"players\":9}", "bad-table"},
      {"{\"type\":\"create\",\"game\":\"sortileges\",\"params\":{\"first_seat\":\"9\"}}",
       "bad-table"},
      {"{\"type\":\"create\",\"game\":\"sortileges\",\"seats\":[{\"bot\":\"genius\"}]}",
       "bad-table"},
      {"{\"type\":\"ping\",\"protocol\":2}", "unsupported-protocol"},
      {"{\"type\":\"ping\",\"protocol\":1.5}", "unsupported-protocol"},
      {"{\"type\":\"ping\",\"protocol\":\"1\"}", "unsupported-protocol"},
  };
  for (const auto& [text, code] : cases) {
    c.send_text(text);
    json e = c.next();
    EXPECT_EQ(e.value("type", ""), "error") << text;
    EXPECT_EQ(e.value("code", ""), code) << text;
    EXPECT_FALSE(e.value("message", "").empty());
  }
  expect_still_serving(c);
}

// Requirement: the version a client names is a JSON number, however written: 1, 1.0 and 1e0
// are protocol 1.
TEST(ServerRefusals, ProtocolOneIsOneHoweverTheNumberIsWritten) {
  TempDir dir;
  TestServer server(dir.path());
  Client c(server.port());
  for (const char* version : {"1", "1.0", "1e0"}) {
    c.send_text(std::string("{\"type\":\"ping\",\"id\":7,\"protocol\":") + version + "}");
    json pong = c.next();
    EXPECT_EQ(pong.value("type", ""), "pong") << version;
  }
}

// Requirement: out of turn, unknown or illegal actions, and actions of a spectator are refused
// with the game's message, and the game does not change: the next accepted action is the
// first of the record.
TEST(ServerRefusals, OutOfTurnAndIllegalActionsChangeNothing) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, TablePlan{"sortileges", 2, {{"first_seat", "0"}}, {"", ""}});
  Client watcher(server.port());
  watcher.send({{"type", "watch"}, {"table", t.table}});
  Person a = join(server.port(), t.table, 0, "Morgane");
  Person b = join(server.port(), t.table, 1, "Viviane");
  json sa = a.client->next_of("state");  // the start
  while (sa["legal"].empty()) sa = a.client->next_of("state");
  json sb = b.client->next_of("state");  // the start
  ASSERT_FALSE(sa["legal"].empty());
  ASSERT_TRUE(sb["legal"].empty());
  // Seat 1 plays seat 0's move out of turn.
  b.client->send({{"type", "act"}, {"seq", 1}, {"action", sa["legal"][0]}});
  json r1 = b.client->next_of("refused");
  EXPECT_EQ(r1.value("seq", 0), 1);
  EXPECT_FALSE(r1.value("error", "").empty());
  // Nonsense and malformed actions from the seat to play.
  a.client->send({{"type", "act"}, {"seq", 2}, {"action", "dance wildly"}});
  json r2 = a.client->next_of("refused");
  EXPECT_EQ(r2.value("seq", 0), 2);
  EXPECT_FALSE(r2.value("error", "").empty());
  a.client->send({{"type", "act"}, {"action", "x"}});
  EXPECT_EQ(a.client->next_of("error").value("code", ""), "malformed");
  watcher.send({{"type", "act"}, {"seq", 3}, {"action", sa["legal"][0]}});
  EXPECT_EQ(watcher.next_of("refused").value("code", ""), "wrong-role");
  // The state is the same: the legal move is still accepted as the first action.
  a.client->send({{"type", "act"}, {"seq", 4}, {"action", sa["legal"][0]}});
  json ok = a.client->next_of("accepted");
  EXPECT_EQ(ok.value("seq", 0), 4);
  EXPECT_EQ(ok.value("at", 0), 1);
  json after = a.client->next_of("state");
  EXPECT_EQ(after["seq"], 1);
  expect_still_serving(*a.client);
}

// Requirement: a record is not downloadable before the end (it would tell every hidden card).
TEST(ServerRefusals, RecordIsRefusedBeforeTheEnd) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, TablePlan{"sortileges", 2, {}, {"", ""}, false});
  EXPECT_EQ(http_get(server.port(), "/api/tables/" + t.table + "/record").status, 409);
  EXPECT_EQ(http_get(server.port(), "/api/tables/" + t.table).status, 200);
  EXPECT_EQ(http_get(server.port(), "/api/tables/abcdefghijkmnpqr").status, 404);
  EXPECT_EQ(http_get(server.port(), "/../etc/passwd").status, 404);
  auto games = http_get(server.port(), "/api/games");
  EXPECT_EQ(games.status, 200);
  EXPECT_NE(games.body.find("\"sortileges\""), std::string::npos);
  EXPECT_EQ(http_get(server.port(), "/").status, 200);
}

}  // namespace
}  // namespace sabbat::server::testing
