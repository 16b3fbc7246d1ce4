// Coming back to a table: the history a seat or a spectator gets on arriving at a game that
// has begun, the pause of a table every person left, and the next game with the same people.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/registry.hpp"
#include "core/untrusted.hpp"
#include "play.hpp"
#include "whisper_game.hpp"

namespace sabbat::server::testing {
namespace {

// What a receiver was told live: each non-snapshot state with events, as {seq, time, events}.
json told_live(const Client& c) {
  json out = json::array();
  for (const json& m : c.received)
    if (m.value("type", "") == "state" && !m["snapshot"].get<bool>() && !m["events"].empty())
      out.push_back({{"seq", m["seq"]}, {"time", m["time"]}, {"events", m["events"]}});
  return out;
}

// Arrives with `hello` (a rejoin or a watch) and returns the history and the snapshot after it.
std::pair<json, json> history_on_arrival(uint16_t port, const json& hello) {
  Client c(port);
  c.send(hello);
  json history = c.next_of("history");
  json snapshot = c.next_of("state");
  // The history comes just before the snapshot, with nothing between.
  EXPECT_EQ(c.received.back().value("type", ""), "state");
  EXPECT_EQ(c.received[c.received.size() - 2].value("type", ""), "history");
  return {history, snapshot};
}

json status_of(uint16_t port, const std::string& table) {
  auto answer = http_get(port, "/api/tables/" + table);
  EXPECT_EQ(answer.status, 200) << answer.body;
  auto j = parse_untrusted_json(answer.body, {1 << 20, 16});
  return j ? *j : json();
}

// Requirement (coming back, the log): a seat or a spectator that arrives at a game under way
// gets, before its snapshot, exactly the events it was told live, in order, with the same seq
// and time; an answer secret to its seat (Whisper) goes back to that seat alone, and the
// history's seq is the snapshot's. Checked again after a restart, which replays the store.
TEST(ServerHistory, ArrivingReceiverGetsExactlyWhatItWasToldLive) {
  TempDir dir;
  auto server = std::make_unique<TestServer>(dir.path(), Limits{}, &whisper_registry());
  Client creator(server->port());
  const Created t = create_table(creator, {"whisper", 3, {}, {}, false});
  Client spectator(server->port());
  spectator.send({{"type", "watch"}, {"table", t.table}});
  ASSERT_EQ(spectator.next().value("type", ""), "watching");
  std::vector<Person> people;
  for (int s = 0; s < 3; ++s)
    people.push_back(join(server->port(), t.table, s, "seat " + std::to_string(s)));
  // Round 1: seats 0 and 1 answer in secret, seat 2 closes it; round 2: seat 0 in secret.
  int64_t seq = 0;
  for (int s : {0, 1, 2, 0}) {
    people[size_t(s)].client->send({{"type", "act"}, {"seq", ++seq}, {"action", "answer"}});
    ASSERT_FALSE(people[size_t(s)].client->next_of("accepted").is_null());
  }
  // Everyone reads up to the close of round 1; seat 0 also up to its answer of round 2.
  std::vector<Client*> receivers;
  for (Person& p : people) receivers.push_back(p.client.get());
  receivers.push_back(&spectator);
  for (Client* c : receivers) {
    // Up to now, everything sent is read: a ping's answer comes after it.
    c->send({{"type", "ping"}});
    ASSERT_FALSE(c->next_of("pong").is_null());
  }

  std::vector<json> live;
  for (Client* c : receivers) live.push_back(told_live(*c));
  // What each receiver was told: seat 0 its two answers and the close, seat 1 its answer and
  // the close, seat 2 and the spectator the close alone.
  ASSERT_EQ(live[0].size(), 3u);
  ASSERT_EQ(live[1].size(), 2u);
  ASSERT_EQ(live[2].size(), 1u);
  ASSERT_EQ(live[3].size(), 1u);

  std::vector<json> hellos;
  for (const Person& p : people)
    hellos.push_back({{"type", "rejoin"}, {"table", t.table}, {"token", p.token}});
  hellos.push_back({{"type", "watch"}, {"table", t.table}});
  const auto check = [&](uint16_t port, const char* when) {
    for (size_t i = 0; i < hellos.size(); ++i) {
      auto [history, snapshot] = history_on_arrival(port, hellos[i]);
      ASSERT_FALSE(history.is_null()) << when;
      EXPECT_EQ(history["entries"], live[i]) << when << ", receiver " << i;
      EXPECT_EQ(history["complete"], true);
      EXPECT_EQ(history["seq"], snapshot["seq"]) << when << ", receiver " << i;
      // No other seat's secret answer: "answered" events are the receiver's own only.
      for (const json& e : history["entries"])
        for (const json& ev : e["events"])
          if (ev["kind"] == "answered") {
            EXPECT_LT(i, 2u) << "seat 2 and spectators never answered";
          }
    }
  };
  check(server->port(), "live");
  people.clear();
  server.reset();
  server = std::make_unique<TestServer>(dir.path(), Limits{}, &whisper_registry());
  check(server->port(), "after a restart");
}

// A Whisper table of three people, who answer in `order` (each answer accepted), and what
// seat 0 was told live by then.
struct Answered {
  std::string table;
  std::vector<Person> people;
  json live;
};
Answered whisper_answers(uint16_t port, std::initializer_list<int> order) {
  Answered out;
  Client creator(port);
  out.table = create_table(creator, {"whisper", 3, {}, {}, false}).table;
  for (int s = 0; s < 3; ++s)
    out.people.push_back(join(port, out.table, s, "seat " + std::to_string(s)));
  int64_t seq = 0;
  for (int s : order) {
    out.people[size_t(s)].client->send({{"type", "act"}, {"seq", ++seq}, {"action", "answer"}});
    EXPECT_FALSE(out.people[size_t(s)].client->next_of("accepted").is_null()) << "seat " << s;
  }
  out.people[0].client->send({{"type", "ping"}});
  EXPECT_FALSE(out.people[0].client->next_of("pong").is_null());
  out.live = told_live(*out.people[0].client);
  return out;
}

// Requirement (coming back, the log; the size of a history): past the server's limit of
// events, a history holds the newest ones, whole actions at a time, says it is not complete,
// and still ends at the receiver's seq. Whisper with a limit of 2 events: seat 0 was told 3
// actions of one event each (its two answers and the close of round 1).
TEST(ServerHistory, HistoryKeepsTheNewestEventsWithinTheLimit) {
  TempDir dir;
  Limits limits;
  limits.history_events = 2;
  TestServer server(dir.path(), limits, &whisper_registry());
  const Answered t = whisper_answers(server.port(), {0, 1, 2, 0});
  const json& live = t.live;
  ASSERT_EQ(live.size(), 3u);
  auto [history, snapshot] = history_on_arrival(
      server.port(), {{"type", "rejoin"}, {"table", t.table}, {"token", t.people[0].token}});
  EXPECT_EQ(history["complete"], false);
  EXPECT_EQ(history["entries"], json::array({live[1], live[2]}));
  EXPECT_EQ(history["seq"], snapshot["seq"]);
}

// Requirement (no server message over the bound): a history longer than the server's message
// bound comes in parts, one after the other just before the snapshot, each within the bound,
// numbered 1 to `parts`, which together hold every event the receiver was told live.
TEST(ServerHistory, ALongHistoryComesInPartsWithinTheMessageBound) {
  TempDir dir;
  Limits limits;
  limits.max_server_message_bytes = 300;
  TestServer server(dir.path(), limits, &whisper_registry());
  // Round 1 whole, and two answers of round 2 (two rounds make a game).
  const Answered t = whisper_answers(server.port(), {0, 1, 2, 0, 1});
  const json& live = t.live;
  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", t.table}, {"token", t.people[0].token}});
  const json snapshot = again.next_of("state");
  json entries = json::array();
  std::vector<json> parts;
  for (const json& m : again.received)
    if (m.value("type", "") == "history") parts.push_back(m);
  ASSERT_GE(parts.size(), 2u);
  for (size_t k = 0; k < parts.size(); ++k) {
    EXPECT_LE(parts[k].dump().size(), limits.max_server_message_bytes) << "part " << k + 1;
    EXPECT_EQ(parts[k]["part"], k + 1);
    EXPECT_EQ(parts[k]["parts"], parts.size());
    EXPECT_EQ(parts[k]["seq"], snapshot["seq"]);
    for (const json& e : parts[k]["entries"]) entries.push_back(e);
  }
  EXPECT_EQ(entries, live);
  // The parts come one after the other, the snapshot right after the last.
  const size_t n = again.received.size();
  for (size_t k = 0; k < parts.size(); ++k)
    EXPECT_EQ(again.received[n - 1 - parts.size() + k], parts[k]);
}

// Requirement (coming back, the log): a table that waits has no history to tell.
TEST(ServerHistory, NoHistoryBeforeTheStart) {
  TempDir dir;
  TestServer server(dir.path(), Limits{}, &whisper_registry());
  Client creator(server.port());
  const Created t = create_table(creator, {"whisper", 3, {}, {}, false});
  Client spectator(server.port());
  spectator.send({{"type", "watch"}, {"table", t.table}});
  ASSERT_EQ(spectator.next().value("type", ""), "watching");
  ASSERT_EQ(spectator.next().value("type", ""), "table");
  spectator.send({{"type", "ping"}});
  ASSERT_EQ(spectator.next().value("type", ""), "pong");
}

// Requirement (a table every person left pauses): with no person connected the stand-ins do
// not come, nothing is played and the game time stands still; the table says it is paused,
// and resumes when a person comes back. Turn-based Sortilèges, a 100 ms stand-in limit.
TEST(ServerPause, TableEveryPersonLeftPausesAndResumesWhenOneComesBack) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  creator.send({{"type", "create"},
                {"game", "sortileges"},
                {"players", 2},
                {"seats", {{{"human", true}}, {{"human", true}}}},
                {"seed", "5"},
                {"stand_in_after_ms", 100}});
  const json created = creator.next();
  ASSERT_EQ(created.value("type", ""), "created");
  const std::string table = created["table"];
  Client watcher(server.port());
  watcher.send({{"type", "watch"}, {"table", table}});
  ASSERT_EQ(watcher.next().value("type", ""), "watching");
  std::vector<Person> people;
  people.push_back(join(server.port(), table, 0, "Morgane"));
  people.push_back(join(server.port(), table, 1, "Viviane"));
  json first = people[0].client->next_of("state");
  while (!first.is_null() && first["actors"].empty()) first = people[0].client->next_of("state");
  ASSERT_FALSE(first.is_null());
  ASSERT_EQ(first["actors"].size(), 1u);
  const int actor = first["actors"][0].get<int>();
  const int64_t time_before = first["time"].get<int64_t>();
  EXPECT_EQ(status_of(server.port(), table)["paused"], false);

  const std::string token = people[size_t(actor)].token;
  people.clear();  // every person leaves; the spectator stays
  for (;;) {
    json m = watcher.next_of("table");
    ASSERT_FALSE(m.is_null()) << "the spectator was not told of the pause";
    if (m["status"]["paused"] == true) break;
  }
  ASSERT_TRUE(server.logged("the game is paused"));
  watcher.send({{"type", "ping"}});
  watcher.next_of("pong");
  const auto states_seen = [&] {
    size_t n = 0;
    for (const json& m : watcher.received) n += m.value("type", "") == "state";
    return n;
  };
  const size_t states_before = states_seen();
  // Ten times the stand-in limit: had the clock run, both seats would have their stand-ins.
  constexpr int kWaitMs = 1000;
  std::this_thread::sleep_for(std::chrono::milliseconds(kWaitMs));
  const json paused = status_of(server.port(), table);
  EXPECT_EQ(paused["paused"], true);
  EXPECT_EQ(paused["phase"], "playing");
  for (const json& seat : paused["seats"]) EXPECT_TRUE(seat["stand_in"].is_null()) << seat.dump();
  watcher.send({{"type", "ping"}});
  watcher.next_of("pong");
  EXPECT_EQ(states_seen(), states_before) << "something was played during the pause";

  // The seat to play comes back: the table resumes and its action's game time has not counted
  // the pause.
  Client back(server.port());
  back.send({{"type", "rejoin"}, {"table", table}, {"token", token}});
  ASSERT_EQ(back.next().value("type", ""), "joined");
  json snapshot = back.next_of("state");
  ASSERT_FALSE(snapshot.is_null());
  ASSERT_FALSE(snapshot["legal"].empty());
  EXPECT_EQ(status_of(server.port(), table)["paused"], false);
  back.send({{"type", "act"}, {"seq", 1}, {"action", snapshot["legal"][0]}});
  ASSERT_EQ(back.next_of("accepted").value("type", ""), "accepted");
  const json played = back.next_of("state");
  ASSERT_FALSE(played.is_null());
  EXPECT_LT(played["time"].get<int64_t>() - time_before, kWaitMs)
      << "the game time ran during the pause";
  EXPECT_TRUE(server.logged("the game resumes"));
  // Playing again: the other seat, still empty, gets its stand-in and the game ends.
  EXPECT_EQ(play_randomly(back, 3).value("type", ""), "result");
}

// Requirement (play again): a seat of the finished table asks for "again"; the server makes a
// new table with the same game, player count, parameters and seats (people's seats free, the
// bots the same), tells the asker its owner token in "created", and every connection at the
// finished table gets a "table" message whose status names the next table. A second "again"
// makes no second table; a spectator may not ask, nor anyone before the end.
TEST(ServerAgain, FinishedTablesSeatMakesTheNextGameWithTheSamePeople) {
  TempDir dir;
  // The random players act as fast as the server answers; the rate limit is not checked here.
  Limits limits;
  limits.messages_per_second = 1000;
  auto server = std::make_unique<TestServer>(dir.path(), limits);
  TablePlan plan{"sortileges", 3, {{"unclaimed", "under-gratin"}}, {"", "random", ""}, true};
  // Before the end: refused.
  {
    Client creator(server->port());
    const Created early = create_table(creator, plan);
    Person p = join(server->port(), early.table, 0, "Morgane");
    p.client->send({{"type", "again"}});
    json refused = p.client->next_of("error");
    EXPECT_EQ(refused.value("code", ""), "not-finished") << refused.dump();
  }
  PlayedTable t = play_whole_game(server->port(), plan);
  ASSERT_EQ(t.people.size(), 2u);
  const json old_status = status_of(server->port(), t.created.table);
  ASSERT_EQ(old_status["phase"], "finished");
  EXPECT_TRUE(old_status["next"].is_null());

  t.spectator->send({{"type", "again"}});
  EXPECT_EQ(t.spectator->next_of("error").value("code", ""), "wrong-role");

  Client& asker = *t.people[1].client;
  asker.send({{"type", "again"}});
  const json created = asker.next_of("created");
  ASSERT_FALSE(created.is_null());
  const std::string next = created.value("table", "");
  EXPECT_NE(next, t.created.table);
  EXPECT_FALSE(created.value("owner", "").empty());
  // Everyone at the finished table is told where the next game is.
  for (Client* c : {t.people[0].client.get(), &asker, t.spectator.get()})
    for (;;) {
      json m = c->next_of("table");
      ASSERT_FALSE(m.is_null()) << "not told of the next table";
      if (m["status"]["next"] == next) break;
    }
  EXPECT_EQ(status_of(server->port(), t.created.table)["next"], next);

  const json fresh = status_of(server->port(), next);
  EXPECT_EQ(fresh["game"], old_status["game"]);
  EXPECT_EQ(fresh["players"], old_status["players"]);
  EXPECT_EQ(fresh["params"], old_status["params"]);
  EXPECT_EQ(fresh["listed"], old_status["listed"]);
  EXPECT_EQ(fresh["spectators"], old_status["spectators"]);
  EXPECT_EQ(fresh["phase"], "waiting");
  ASSERT_EQ(fresh["seats"].size(), 3u);
  EXPECT_EQ(fresh["seats"][1]["kind"], "bot");
  EXPECT_EQ(fresh["seats"][1]["bot"], "random");
  for (int s : {0, 2}) {
    EXPECT_EQ(fresh["seats"][size_t(s)]["kind"], "human");
    EXPECT_EQ(fresh["seats"][size_t(s)]["taken"], false);
  }

  // Asked again, by the other seat: the same next table, no second one.
  t.people[0].client->send({{"type", "again"}});
  for (;;) {
    json m = t.people[0].client->next();
    ASSERT_FALSE(m.is_null());
    ASSERT_NE(m.value("type", ""), "created") << "a second table was made";
    if (m.value("type", "") == "table" && m["status"]["next"] == next) break;
  }

  // The people take their seats again and the next game begins by itself.
  Person a = join(server->port(), next, 0, "seat 0");
  Person b = join(server->port(), next, 2, "seat 2");
  for (;;) {
    json m = a.client->next_of("table");
    ASSERT_FALSE(m.is_null());
    if (m["status"]["phase"] == "playing") break;
  }

  // A restart keeps the link to the next table.
  a.client.reset();
  b.client.reset();
  t.people.clear();
  t.spectator.reset();
  server.reset();
  server = std::make_unique<TestServer>(dir.path(), limits);
  EXPECT_EQ(status_of(server->port(), t.created.table)["next"], next);
}

}  // namespace
}  // namespace sabbat::server::testing
