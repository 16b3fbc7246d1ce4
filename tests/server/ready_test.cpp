// Ready, then the clock: in a real-time game (Du Balai !, Baba Yaga) the first hidden or timed
// thing does not start the moment the last seat is taken. Every person says she is ready (bots
// always are; the owner may start for someone away), then a short countdown everyone sees,
// then the game for everyone at once (docs/protocol.md, "Ready, then the clock").
#include <gtest/gtest.h>

#include <thread>

#include "play.hpp"
#include "support/postgres_server.hpp"

namespace sabbat::server::testing {
namespace {

using namespace std::chrono_literals;

// Everything the client is sent up to the answer of a ping sent now: what came meanwhile.
std::vector<json> so_far(Client& c) {
  c.send({{"type", "ping"}, {"id", "so far"}});
  std::vector<json> out;
  for (json m = c.next(); !m.is_null() && m.value("type", "") != "pong"; m = c.next())
    out.push_back(m);
  return out;
}

bool any_state(const std::vector<json>& got) {
  for (const json& m : got)
    if (m.value("type", "") == "state" || m.contains("view")) return true;
  return false;
}

// The last status among the messages, null if none.
json last_status(const std::vector<json>& got) {
  json out;
  for (const json& m : got)
    if (m.value("type", "") == "table") out = m["status"];
  return out;
}

// Reads table messages until one whose status passes `wanted`; null if the state or the
// result came first, or nothing more came.
template <class P>
json status_until(Client& c, P wanted) {
  for (json m = c.next(); !m.is_null(); m = c.next()) {
    const std::string type = m.value("type", "");
    if (type == "state" || type == "result") return nullptr;
    if (type == "table" && wanted(m["status"])) return m["status"];
  }
  return nullptr;
}

// A status whose countdown runs.
bool counting(const json& s) {
  return s["ready_step"].is_object() && s["ready_step"]["countdown"].is_object();
}

Limits countdown_of(std::chrono::milliseconds length) {
  Limits l;
  l.countdown = length;
  return l;
}

TablePlan du_balai(int players) {
  return {"du-balai", players, quick_params(*registry().find("du-balai"), 30), {}, false};
}

// The clock does not start before everyone is ready: with every seat taken the table shows
// its ready step and sends no state; one person ready is not enough; the last one's "ready"
// starts a countdown everyone sees, then both get the first state at game time 0 with the
// game's first clock whole.
TEST(ServerReadyStep, TheClockWaitsUntilEveryPersonIsReadyThenCountsDownForAll) {
  TempDir dir;
  TestServer server(dir.path(), countdown_of(300ms));
  Client creator(server.port());
  Created t = create_table(creator, du_balai(2));
  Client watcher(server.port());
  watcher.send({{"type", "watch"}, {"table", t.table}});
  Person a = join(server.port(), t.table, 0, "Alice");
  Person b = join(server.port(), t.table, 1, "Bea");
  json status = status_until(*a.client, [](const json& s) { return !s["ready_step"].is_null(); });
  ASSERT_FALSE(status.is_null()) << "the last seat taken opens the ready step";
  EXPECT_EQ(status["phase"], "waiting");
  EXPECT_TRUE(status["ready_step"]["countdown"].is_null());
  EXPECT_TRUE(status["seats"][0]["ready"].is_null());

  a.client->send({{"type", "ready"}});
  status = status_until(*b.client, [](const json& s) { return s["seats"][0]["ready"] == "self"; });
  ASSERT_FALSE(status.is_null()) << "everyone sees who is ready";
  EXPECT_TRUE(status["ready_step"]["countdown"].is_null()) << "one person is not everyone";
  std::this_thread::sleep_for(400ms);
  for (Client* c : {a.client.get(), b.client.get(), &watcher})
    EXPECT_FALSE(any_state(so_far(*c))) << "nothing of the game before everyone is ready";

  b.client->send({{"type", "ready"}});
  for (Client* c : {a.client.get(), b.client.get(), &watcher}) {
    json told = status_until(*c, [](const json& s) { return counting(s); });
    ASSERT_FALSE(told.is_null()) << "everyone sees the countdown";
    EXPECT_EQ(told["ready_step"]["countdown"]["length"], 300);
    EXPECT_LE(told["ready_step"]["countdown"]["in"].get<int64_t>(), 300);
    json first = c->next_of("state");
    ASSERT_FALSE(first.is_null());
    EXPECT_EQ(first["seq"], 0);
    EXPECT_EQ(first["time"], 0) << "the game begins at game time 0 for everyone";
  }
}

// The owner may start for someone who is away: her "ready" with the seat and the owner token
// marks that seat, and the countdown follows. Another person cannot do it for her.
TEST(ServerReadyStep, TheOwnerStartsForAPersonWhoIsAway) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, du_balai(2));
  Person a = join(server.port(), t.table, 0, "Alice");
  {
    Person away = join(server.port(), t.table, 1, "Bea");
  }  // Bea closes her tab without saying ready.
  a.client->send({{"type", "ready"}});
  json status = status_until(*a.client, [](const json& s) {
    return s["seats"][0]["ready"] == "self" && !s["seats"][1]["connected"].get<bool>();
  });
  ASSERT_FALSE(status.is_null());
  EXPECT_TRUE(status["ready_step"]["countdown"].is_null());

  a.client->send({{"type", "ready"}, {"seat", 1}});
  json refused = a.client->next_of("error");
  EXPECT_EQ(refused["code"], "wrong-token") << "only the owner starts for another seat";
  EXPECT_EQ(refused["ref"], "ready");

  a.client->send({{"type", "ready"}, {"seat", 1}, {"owner", t.owner}});
  status = status_until(*a.client, [](const json& s) { return s["seats"][1]["ready"] == "owner"; });
  ASSERT_FALSE(status.is_null());
  EXPECT_FALSE(a.client->next_of("state").is_null()) << "the game begins";
}

// A person who leaves during the ready step takes her "ready" with her, and a countdown that
// ran stops: nobody starts a game for someone who has gone, unless the owner says so.
TEST(ServerReadyStep, APersonWhoLeavesIsNoLongerReadyAndTheCountdownStops) {
  TempDir dir;
  TestServer server(dir.path(), countdown_of(30s));
  Client creator(server.port());
  Created t = create_table(creator, du_balai(2));
  Person a = join(server.port(), t.table, 0, "Alice");
  auto b = std::make_unique<Person>(join(server.port(), t.table, 1, "Bea"));
  a.client->send({{"type", "ready"}});
  b->client->send({{"type", "ready"}});
  json status = status_until(*a.client, [](const json& s) { return counting(s); });
  ASSERT_FALSE(status.is_null());
  b.reset();  // Bea leaves during the countdown
  status = status_until(*a.client, [](const json& s) { return s["seats"][1]["ready"].is_null(); });
  ASSERT_FALSE(status.is_null()) << "her ready went with her";
  EXPECT_FALSE(status["ready_step"].is_null());
  EXPECT_TRUE(status["ready_step"]["countdown"].is_null()) << "the countdown stopped";
  EXPECT_EQ(status["seats"][0]["ready"], "self") << "the one who stayed is still ready";
  EXPECT_FALSE(any_state(so_far(*a.client)));
}

// Bad "ready" messages get a clear error naming the message and change nothing: not at a
// table, a spectator without a seat, seats still free, a turn-based game, a seat that is not
// one, a malformed seat, after the start.
TEST(ServerReadyStep, BadReadyMessagesAreRefusedAndChangeNothing) {
  TempDir dir;
  TestServer server(dir.path());
  const auto refused = [](Client& c, const json& message) {
    c.send(message);
    json e = c.next_of("error");
    EXPECT_EQ(e.value("ref", ""), "ready") << e.dump();
    EXPECT_FALSE(e.value("message", "").empty());
    return e.value("code", "");
  };
  Client nowhere(server.port());
  EXPECT_EQ(refused(nowhere, {{"type", "ready"}}), "wrong-role");

  Client creator(server.port());
  Created t = create_table(creator, du_balai(2));
  Person a = join(server.port(), t.table, 0, "Alice");
  EXPECT_EQ(refused(*a.client, {{"type", "ready"}}), "seats-free");
  Client watcher(server.port());
  watcher.send({{"type", "watch"}, {"table", t.table}});
  Person b = join(server.port(), t.table, 1, "Bea");
  EXPECT_EQ(refused(watcher, {{"type", "ready"}}), "wrong-role");
  EXPECT_EQ(refused(*a.client, {{"type", "ready"}, {"seat", 2}, {"owner", t.owner}}),
            "no-such-seat");
  EXPECT_EQ(refused(*a.client, {{"type", "ready"}, {"seat", "1"}}), "malformed");
  EXPECT_EQ(refused(*a.client, {{"type", "ready"}, {"owner", 7}}), "malformed");
  const json status = last_status(so_far(*b.client));
  const json stored = json::parse(http_get(server.port(), "/api/tables/" + t.table).body);
  for (const json& s : {status, stored}) {
    EXPECT_TRUE(s["seats"][0]["ready"].is_null()) << s.dump();
    EXPECT_TRUE(s["seats"][1]["ready"].is_null()) << s.dump();
  }

  Client other(server.port());
  Created turns = create_table(other, {"sortileges", 2, {}, {}, false});
  Person c = join(server.port(), turns.table, 0, "Cleo");
  Person d = join(server.port(), turns.table, 1, "Dora");
  EXPECT_EQ(refused(*c.client, {{"type", "ready"}}), "already-started")
      << "a turn-based game begins with the last seat";
  Client third(server.port());
  Created early = create_table(third, {"sortileges", 2, {}, {}, false});
  Person e = join(server.port(), early.table, 0, "Eve");
  EXPECT_EQ(refused(*e.client, {{"type", "ready"}}), "no-ready-step");
}

// The owner's "start" before every seat is taken fills them with bots; a real-time game
// then still has its ready step, in which the owner at a seat is ready.
TEST(ServerReadyStep, StartingWithFreeSeatsStillAsksThePeopleSeated) {
  TempDir dir;
  TestServer server(dir.path(), countdown_of(30s));
  Client creator(server.port());
  Created t = create_table(creator, du_balai(3));
  Person a = join(server.port(), t.table, 0, "Alice");
  Person b = join(server.port(), t.table, 1, "Bea");
  a.client->send({{"type", "start"}, {"owner", t.owner}});
  json status = status_until(*b.client, [](const json& s) {
    return !s["ready_step"].is_null() && s["seats"][2]["kind"] == "bot";
  });
  ASSERT_FALSE(status.is_null());
  EXPECT_EQ(status["seats"][0]["ready"], "self");
  EXPECT_TRUE(status["seats"][1]["ready"].is_null());
  EXPECT_FALSE(any_state(so_far(*b.client)));
}

// A table stored during the ready step comes back in it after a restart, with the marks it
// had; its people rejoin and the countdown runs once everyone is ready and back.
void restored_in_ready_step(ServerOptions options) {
  Created t;
  std::string token_a, token_b;
  {
    TestServer server(options);
    Client creator(server.port());
    t = create_table(creator, du_balai(2));
    Person a = join(server.port(), t.table, 0, "Alice");
    Person b = join(server.port(), t.table, 1, "Bea");
    token_a = a.token;
    token_b = b.token;
    a.client->send({{"type", "ready"}, {"seat", 1}, {"owner", t.owner}});
    ASSERT_FALSE(status_until(*a.client, [](const json& s) {
                   return s["seats"][1]["ready"] == "owner";
                 }).is_null());
    server.stop();
  }
  TestServer server(options);
  // Named in the URL, so that a server sharing a PostgreSQL store brings it from the store.
  Client a(server.port(), {}, "/ws?table=" + t.table);
  a.send({{"type", "rejoin"}, {"table", t.table}, {"token", token_a}});
  json status = a.next_of("table")["status"];
  EXPECT_EQ(status["phase"], "waiting");
  ASSERT_FALSE(status["ready_step"].is_null()) << status.dump();
  EXPECT_EQ(status["seats"][1]["ready"], "owner") << "the owner's start for Bea was stored";
  EXPECT_TRUE(status["seats"][0]["ready"].is_null());
  EXPECT_FALSE(any_state(so_far(a)));
  a.send({{"type", "ready"}});
  EXPECT_FALSE(a.next_of("state").is_null()) << "the restored table starts once all are ready";
}

TEST(ServerReadyStep, ATableStoredInItsReadyStepComesBackInItSqlite) {
  TempDir dir;
  restored_in_ready_step(TestServer::options_for(dir.path()));
}

TEST(ServerReadyStep, ATableStoredInItsReadyStepComesBackInItPostgres) {
  TempDir dir;
  sabbat::testing::TestDatabase db;
  ServerOptions o = TestServer::options_for(dir.path());
  o.store = db.url();
  restored_in_ready_step(o);
}

}  // namespace
}  // namespace sabbat::server::testing
