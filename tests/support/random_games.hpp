#pragma once
// Random games in virtual time for the property tests of every registered game.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "bots/scheduler.hpp"
#include "core/record.hpp"
#include "core/registry.hpp"

namespace sabbat::testing {

struct RandomGame {
  std::string game;
  int players = 2;
  uint64_t seed = 1;
  std::map<std::string, std::string> params;
};

// Plays one game with random bots; `after_each` sees the match after every applied step.
// Fails the current test (and returns an empty record) if any step is refused.
Record play_random(const RandomGame& g,
                   const std::function<void(const Match&, const Step&)>& after_each = nullptr);

// Every value each parameter of `game` allows (all choices, both booleans, the bounds of
// integers) in turn, the others at their defaults: one variant per value. A value the game
// refuses alone comes with the first other value that makes it acceptable.
std::vector<std::map<std::string, std::string>> param_variants(const Game& game);

// Sanitizer builds run a share of the random games (SABBAT_PLAYOUT_PERCENT, default 100):
// the full count runs in the plain build, and code ten times slower need not repeat it all.
int scaled(int games);

// The id of every registered game, for tests that run over all of them.
std::vector<std::string> game_ids();

// A game id as a test's name may hold it: "du-balai" gives "du_balai".
std::string test_name(std::string game_id);

}  // namespace sabbat::testing
