// The waiting room: nothing hidden and no clock runs before every seat is taken and the game
// starts. No dice, no forest, no cards, no study time for one person while the others have
// not come: the game's first hidden or timed thing happens at the start, for everyone at once.
#include <gtest/gtest.h>

#include <thread>

#include "core/registry.hpp"
#include "play.hpp"

namespace sabbat::server::testing {
namespace {

class EveryGameWaits : public ::testing::TestWithParam<std::string> {};

std::vector<std::string> every_game() {
  std::vector<std::string> ids;
  for (const auto& g : registry().games()) ids.push_back(g->id());
  return ids;
}

// Everything a client received up to (not including) the first "table" message that shows
// the game playing; fails when the table never starts.
std::vector<json> before_start(Client& c) {
  std::vector<json> out;
  for (;;) {
    json m = c.next();
    if (m.is_null()) {
      ADD_FAILURE() << "the table did not start";
      return out;
    }
    if (m.value("type", "") == "table" && m["status"]["phase"] == "playing") return out;
    out.push_back(m);
  }
}

// A person who joins a waiting table and a spectator who watches it get only the table's
// status (seats, names, the game's parameters) until the last seat is taken: no state, no
// view, no legal actions, no deadline. Then every seat's first state is the start, at game
// time 0, and a clock there runs its whole length from the start, not from when the table
// was made.
TEST_P(EveryGameWaits, NothingHiddenNorTimedIsToldBeforeTheStart) {
  const Game& game = *registry().find(GetParam());
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  const int players = std::max(2, game.min_players());
  Created t = create_table(creator, {game.id(), players, {}, {}, false});
  Client watcher(server.port());
  watcher.send({{"type", "watch"}, {"table", t.table}});
  std::vector<Person> people;
  for (int s = 0; s + 1 < players; ++s)
    people.push_back(join(server.port(), t.table, s, "seat " + std::to_string(s)));
  // The first seats wait a while for the last one: a clock that ran would show it.
  constexpr int64_t kWait = 400;
  std::this_thread::sleep_for(std::chrono::milliseconds(kWait));
  people.push_back(join(server.port(), t.table, players - 1, "last"));
  say_ready(game, people);

  std::vector<std::pair<std::string, Client*>> clients = {{"spectator", &watcher}};
  for (Person& p : people) clients.push_back({"seat " + std::to_string(p.seat), p.client.get()});
  for (auto& [who, c] : clients) {
    for (const json& m : before_start(*c)) {
      const std::string type = m.value("type", "");
      EXPECT_TRUE(type == "table" || type == "joined" || type == "watching")
          << who << " received before the start: " << m.dump();
      EXPECT_FALSE(m.contains("view") || m.contains("legal") || m.contains("deadline"))
          << who << ": " << m.dump();
    }
    json first = c->next_of("state");
    ASSERT_FALSE(first.is_null()) << who;
    EXPECT_TRUE(first["snapshot"].get<bool>()) << who;
    EXPECT_EQ(first["seq"], 0) << who;
    EXPECT_EQ(first["time"], 0) << who;
    if (!first["deadline"].is_null()) {
      const int64_t at = first["deadline"]["at"].get<int64_t>();
      EXPECT_GT(first["deadline"]["in"].get<int64_t>(), at - kWait / 2)
          << who << ": the clock ran before the start: " << first.dump();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Server, EveryGameWaits, ::testing::ValuesIn(every_game()),
                         [](const auto& p) {
                           std::string name = p.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

// Rules of a table with people: the guards of bots and simulations (max_turns, max_flips) are
// off, so that the game ends by its rules (a third spell, a finish line), unless the creator
// sets one.
TEST(ServerTableGuards, APeoplesTablePlaysWithoutTheGuardsOfSimulations) {
  TempDir dir;
  TestServer server(dir.path());
  const std::map<std::string, std::map<std::string, std::string>> expected = {
      {"baba-yaga", {{"max_turns", "0"}, {"max_flips", "0"}}}, {"du-balai", {{"max_turns", "0"}}}};
  for (const auto& [game, guards] : expected) {
    for (const bool given : {false, true}) {
      Client creator(server.port());
      std::map<std::string, std::string> params;
      if (given) params["max_turns"] = "30";
      Created t = create_table(creator, {game, 2, params, {"", ""}, false});
      Person p = join(server.port(), t.table, 0, "Alice");
      const json status = p.client->next_of("table")["status"];
      for (const auto& [name, value] : guards)
        EXPECT_EQ(status["params"].value(name, ""), given && name == "max_turns" ? "30" : value)
            << game << " " << name;
    }
  }
}

}  // namespace
}  // namespace sabbat::server::testing
