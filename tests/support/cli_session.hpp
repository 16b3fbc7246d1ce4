#pragma once
// A terminal session of a seeded game whose bots have played until the person may act (or the
// game ended), for the tests of what the terminal shows and reads at her turn.
#include <gtest/gtest.h>

#include <memory>

#include "cli/play_session.hpp"
#include "core/registry.hpp"

namespace sabbat::test {

inline std::unique_ptr<cli::Session> at_first_turn(const Game& game, int players, uint64_t seed,
                                                   const cli::PlayOptions& options) {
  auto session = std::make_unique<cli::Session>(
      options, Match::start(game, game.setup(players, {}, seed).value()).value(), seed);
  EXPECT_TRUE(session->make_bots().ok());
  Events events;
  for (int i = 0; i < 500 && !session->may_act() && !session->state().terminal(); ++i) {
    const auto step = session->scheduled();
    if (!step || !session->apply_step(*step, events).ok()) break;
  }
  return session;
}

}  // namespace sabbat::test
