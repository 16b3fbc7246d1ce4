// Whole games of every registered game through the real server, people and bots mixed, with
// the wire leak check on everything each seat and the spectator received.
#include <gtest/gtest.h>

#include <algorithm>

#include "bots/bot.hpp"
#include "core/registry.hpp"
#include "play.hpp"

namespace sabbat::server::testing {
namespace {

void play_and_check(const Game& game, int players, std::vector<std::string> bots) {
  TempDir dir;
  TestServer server(dir.path());
  TablePlan plan{game.id(), players, quick_params(game, 2), bots};
  PlayedTable t = play_whole_game(server.port(), plan);
  ASSERT_TRUE(t.record.result.has_value()) << "the game did not end";
  for (const Person& p : t.people)
    expect_wire_holds_only_what_viewer_sees(t.record, p.client->received, p.seat);
  expect_wire_holds_only_what_viewer_sees(t.record, t.spectator->received, kSpectator);
  // The chat is the table's: the spectator read it, and the record never holds it.
  int chats = 0;
  for (const json& m : t.spectator->received) chats += m.value("type", "") == "chat";
  EXPECT_EQ(chats, int(t.people.size()));
  EXPECT_EQ(
      http_get(server.port(), "/api/tables/" + t.created.table + "/record").body.find("says hello"),
      std::string::npos);
  // Each person's last "state" is the end of the game.
  for (const Person& p : t.people) {
    int64_t last = -1;
    for (const json& m : p.client->received)
      if (m.value("type", "") == "state") last = m["seq"].get<int64_t>();
    EXPECT_EQ(last, int64_t(actions_told(t.record, p.seat).size()) - 1);
  }
}

class EveryGame : public ::testing::TestWithParam<std::string> {
 protected:
  const Game& game() const { return *registry().find(GetParam()); }
};

// The fewest players the game allows (two, or three for Le Bal des Sorcières): one person,
// the other seats played by `bot`.
void play_fewest(const Game& game, const std::string& bot) {
  const int players = std::max(2, game.min_players());
  std::vector<std::string> bots(size_t(players), bot);
  bots[0] = "";
  play_and_check(game, players, bots);
}

// Requirement: a whole game of the fewest players, one person and bots; nothing on the wire beyond
// each view.
TEST_P(EveryGame, FewestPlayersPersonAndBotsPlayToTheEndWithoutLeaks) {
  play_fewest(game(), "random");
}

// Requirement: the most players, people and bots alternating.
TEST_P(EveryGame, MaxPlayersPeopleAndBotsPlayToTheEndWithoutLeaks) {
  std::vector<std::string> bots;
  for (int s = 0; s < game().max_players(); ++s) bots.push_back(s % 2 ? "random" : "");
  play_and_check(game(), game().max_players(), bots);
}

// Requirement: the game's own default bot plays at the server too.
TEST_P(EveryGame, GameDefaultBotPlaysAgainstPeople) {
  play_fewest(game(), default_bot_name(game()));
}

INSTANTIATE_TEST_SUITE_P(Server, EveryGame, ::testing::ValuesIn(game_ids()), [](const auto& p) {
  std::string name = p.param;
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
});

}  // namespace
}  // namespace sabbat::server::testing

namespace sabbat::server::testing {
namespace {

// A forced answer (a seat whose only move the rules force is not an actor: the table plays it
// at the least time the step keeps anyway) tells the others nothing before it is played: the
// wire check compares every frame each viewer received, its actors and its deadline included,
// with redraws of what that viewer cannot see, and here the table played forced answers.
TEST(ServerForced, AForcedAnswerTellsTheOthersNothingBeforeItIsPlayed) {
  int forced = 0;
  for (const std::string game : {"bal-des-sorcieres", "du-balai"}) {
    const Game& rules = *registry().find(game);
    TempDir dir;
    TestServer server(dir.path());
    TablePlan plan{game, game == "du-balai" ? 3 : 4, quick_params(rules, 6), {}};
    PlayedTable t = play_whole_game(server.port(), plan);
    ASSERT_TRUE(t.record.result.has_value()) << game << ": the game did not end";
    for (const Person& p : t.people)
      expect_wire_holds_only_what_viewer_sees(t.record, p.client->received, p.seat);
    expect_wire_holds_only_what_viewer_sees(t.record, t.spectator->received, kSpectator);
    // Told to everyone, or to her seat alone.
    std::vector<const std::vector<json>*> viewers = {&t.spectator->received};
    for (const Person& p : t.people) viewers.push_back(&p.client->received);
    for (const std::vector<json>* got : viewers)
      for (const json& m : *got)
        if (m.value("type", "") == "state")
          for (const json& e : m["events"]) forced += e.value("kind", "") == "forced";
  }
  EXPECT_GT(forced, 0) << "no forced answer was played: the check above proved nothing of them";
}

}  // namespace
}  // namespace sabbat::server::testing
