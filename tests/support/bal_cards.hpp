#pragma once
// Le Bal des Sorcières in tests: cards by kind, and new games by level.
#include <gtest/gtest.h>

#include <algorithm>
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

// A new game with these parameters; a test fails if the game refuses them. The scenarios play
// every move by hand: forced moves are asked unless a test says otherwise.
inline std::unique_ptr<State> new_bal_game(int players, std::map<std::string, std::string> params,
                                           uint64_t seed) {
  params.try_emplace("forced_moves", "asked");
  auto game = make_game();
  auto setup = game->setup(players, params, seed);
  EXPECT_TRUE(setup.ok()) << setup.error();
  if (!setup) return nullptr;
  auto state = game->new_state(*setup);
  EXPECT_TRUE(state.ok()) << state.error();
  return state ? std::move(*state) : nullptr;
}

// The reaction windows (tests/bal_des_sorcieres_reactions_test.cpp) closed by every witch
// asked passing at once, then the clock at the window's minimum, so that a scenario plays on
// to the rule it checks.
inline void pass_windows(BalState& s) {
  while (s.phase() == Phase::Window) {
    const SeatSet asked = s.actors();
    for (Seat p = 0; p < s.players(); ++p) {
      if (!asked.contains(p)) continue;
      auto a = s.parse_action(p, "pass");
      ASSERT_TRUE(a.ok()) << a.error();
      ASSERT_TRUE(s.apply(p, *a, s.now()).ok());
    }
    if (s.phase() != Phase::Window) break;
    const auto d = s.deadline();
    ASSERT_TRUE(d.has_value());
    ASSERT_TRUE(s.apply(kClock, d->action, std::max(d->at, s.now())).ok());
  }
}

// When nobody may act (a reaction window that asks nobody, or whose witches have all answered),
// the clock applies its deadline; true if it did.
inline bool clock_if_nobody(State& s) {
  if (!s.actors().empty() || s.terminal()) return false;
  const auto d = s.deadline();
  if (!d) return false;
  EXPECT_TRUE(s.apply(kClock, d->action, std::max(d->at, s.now())).ok());
  return true;
}

}  // namespace sabbat::bal
