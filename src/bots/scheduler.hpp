#pragma once
// Plays bots in virtual time: every seat that may act proposes when it would act; the
// earliest proposal is applied, unless a deadline comes first, which the clock applies.
// The server orders real actions the same way (by arrival).
#include <functional>
#include <vector>

#include "bots/bot.hpp"

namespace sabbat {

struct Step {
  Seat seat = 0;  // or kClock
  Action action;
  GameTime at = 0;
};

// The next action in virtual time, or nothing when no seat proposes and no deadline is set.
std::optional<Step> next_step(const State& state, const std::vector<Bot*>& bots, Rng& rng);

// Plays until the game ends through `apply` (which records, narrates...). Fails if a step
// cannot be applied or nobody can move.
Status play_until_end(const State& state, const std::vector<Bot*>& bots, Rng& rng,
                      const std::function<Status(const Step&)>& apply);

}  // namespace sabbat
