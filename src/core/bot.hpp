#pragma once
// A bot proposes its next action and when it would act, from what its seat may know. Games
// may offer their own bots (Game::make_bot); src/bots holds the ones that fit every game.
#include <optional>

#include "core/game.hpp"

namespace sabbat {

struct Proposal {
  Action action;
  GameTime at = 0;  // game time at which the bot would act (not before now)
};

class Bot {
 public:
  virtual ~Bot() = default;
  // Nothing when the bot would rather wait (e.g. for a deadline).
  virtual std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) = 0;
};

}  // namespace sabbat
