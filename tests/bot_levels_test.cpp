// Every game's own bot at every level: legal actions only, the same game for the same seed,
// and the names and levels hosts take (bots/bot.hpp, bots/levels.hpp).
#include <gtest/gtest.h>

#include <algorithm>

#include "bots/bot.hpp"
#include "bots/levels.hpp"
#include "bots/lineup.hpp"
#include "bots/scheduler.hpp"
#include "core/registry.hpp"

namespace sabbat {
namespace {

// Short real-time games: the guards end them early, which is all legality needs.
std::map<std::string, std::string> short_params(const Game& game) {
  std::map<std::string, std::string> p;
  for (const auto& spec : game.param_specs())
    if (spec.name == "max_turns") p[spec.name] = "4";
  return p;
}

// The actions of game `seed` played to the end by `names`, each checked legal for its seat
// before it is applied.
std::vector<uint32_t> played(const Game& game, const std::vector<std::string>& names,
                             uint64_t seed) {
  auto setup = game.setup(int(names.size()), short_params(game), seed);
  EXPECT_TRUE(setup.ok()) << setup.error();
  auto state = game.new_state(*setup);
  EXPECT_TRUE(state.ok()) << state.error();
  auto lineup = Lineup::make(game, names);
  EXPECT_TRUE(lineup.ok()) << lineup.error();
  const GameBots bots = lineup->new_game();
  State& s = **state;
  Rng rng(Rng::mix(seed, 1));
  std::vector<uint32_t> codes;
  ActionList legal;
  for (int steps = 0; !s.terminal() && steps < 20000; ++steps) {
    auto step = next_step(s, bots.seats(), rng);
    if (!step) {
      ADD_FAILURE() << game.id() << ": nobody acts, seed " << seed;
      break;
    }
    if (step->seat != kClock) {
      s.legal_actions(step->seat, legal);
      EXPECT_NE(std::find(legal.begin(), legal.end(), step->action), legal.end())
          << game.id() << ": seat " << step->seat << " proposed '" << s.action_text(step->action)
          << "', not legal, seed " << seed;
    }
    codes.push_back(step->action.code);
    Status st = s.apply(step->seat, step->action, step->at);
    if (!st) {
      ADD_FAILURE() << game.id() << ": " << st.error();
      break;
    }
  }
  EXPECT_TRUE(s.terminal()) << game.id();
  return codes;
}

TEST(BotLevels, EveryGameOffersItsOwnBotAtEveryLevel) {
  for (const auto& game : registry().games()) {
    SCOPED_TRACE(game->id());
    if (game->bot_names().empty()) continue;
    EXPECT_EQ(game_levels(*game), std::vector<std::string>({"novice", "normal", "expert"}));
    for (auto level : kLevelNames) EXPECT_TRUE(make_bot(std::string(level), *game).ok());
  }
}

TEST(BotLevels, EveryLevelProposesOnlyLegalActionsAndRepeatsItsGame) {
  for (const auto& game : registry().games()) {
    for (const auto& level : game_levels(*game)) {
      SCOPED_TRACE(game->id() + " " + level);
      const int players = game->default_players();
      // The level at every seat, then beside random bots.
      std::vector<std::string> alone(size_t(players), level), mixed(size_t(players), "random");
      mixed[1] = level;
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        const auto once = played(*game, alone, seed);
        EXPECT_EQ(played(*game, alone, seed), once) << "seed " << seed;
        played(*game, mixed, seed + 100);
      }
      if (::testing::Test::HasFailure()) return;
    }
  }
}

// The old names still name the normal level, so that tables made with them still play.
TEST(BotLevels, OldNamesStillPlay) {
  for (auto [id, name] : {std::pair{"sortileges", "heuristic"}, std::pair{"du-balai", "simple"},
                          std::pair{"baba-yaga", "seasoned"}}) {
    const Game& game = *registry().find(id);
    EXPECT_TRUE(make_bot(name, game).ok()) << id << " " << name;
  }
  EXPECT_EQ(default_bot_name(*registry().find("sortileges")), "normal");
}

// The names seat_bots gives, or none when it refuses.
std::vector<std::string> names(const Game& game, const std::string& bots, const std::string& level,
                               int seats) {
  auto r = seat_bots(game, bots, level, seats);
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? r.value() : std::vector<std::string>{};
}

TEST(BotLevels, SeatBotsReadsBotAndLevelAsTyped) {
  const Game& game = *registry().find("sortileges");
  EXPECT_EQ(names(game, "", "", 3), std::vector<std::string>(3, "normal"));
  EXPECT_EQ(names(game, "", "expert", 2), std::vector<std::string>(2, "expert"));
  EXPECT_EQ(names(game, "random,heuristic", "novice", 2),
            std::vector<std::string>({"random", "novice"}));
  EXPECT_EQ(names(game, "mcts:50,random,expert", "", 3),
            std::vector<std::string>({"mcts:50", "random", "expert"}));

  auto unknown = seat_bots(game, "", "hard", 4);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error(), "unknown level 'hard'; levels: novice, normal, expert");
  auto count = seat_bots(game, "random,normal", "", 4);
  ASSERT_FALSE(count.ok());
  EXPECT_NE(count.error().find("one per seat (4), not 2"), std::string::npos) << count.error();
  auto no_own = seat_bots(game, "random,mcts:10", "expert", 2);
  ASSERT_FALSE(no_own.ok());
  EXPECT_NE(no_own.error().find("plays no seat here"), std::string::npos) << no_own.error();
  auto bad_bot = seat_bots(game, "normal,oracle", "", 2);
  ASSERT_FALSE(bad_bot.ok());
  EXPECT_NE(bad_bot.error().find("unknown bot 'oracle'"), std::string::npos);
  EXPECT_NE(bad_bot.error().find("expert"), std::string::npos) << "the known bots are named";
}

}  // namespace
}  // namespace sabbat
