#pragma once
// Le Bal des Sorcières in tests: cards by kind, and new games by level.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/bal-des-sorcieres/data.hpp"
#include "games/bal-des-sorcieres/state.hpp"

namespace sabbat::bal {

// The i-th card of a potion colour or of a spell.
inline Card potion(Colour c, int i = 0) {
  return Card(first_card(kind_of(c)) + i);
}
inline Card spell(Spell s, int i = 0) {
  return Card(first_card(kind_of(s)) + i);
}

// A new game with these parameters; a test fails if the game refuses them.
inline std::unique_ptr<State> new_bal_game(int players,
                                           const std::map<std::string, std::string>& params,
                                           uint64_t seed) {
  auto game = make_game();
  auto setup = game->setup(players, params, seed);
  EXPECT_TRUE(setup.ok()) << setup.error();
  if (!setup) return nullptr;
  auto state = game->new_state(*setup);
  EXPECT_TRUE(state.ok()) << state.error();
  return state ? std::move(*state) : nullptr;
}

// The reaction windows (tests/bal_des_sorcieres_reactions_test.cpp) closed by every witch
// asked passing, so that a scenario plays on to the rule it checks.
inline void pass_windows(BalState& s) {
  while (s.phase() == Phase::Window) {
    auto a = s.parse_action(s.window().at, "pass");
    ASSERT_TRUE(a.ok()) << a.error();
    ASSERT_TRUE(s.apply(s.window().at, *a, 0).ok());
  }
}

}  // namespace sabbat::bal
