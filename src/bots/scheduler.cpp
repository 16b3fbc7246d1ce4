#include "bots/scheduler.hpp"

namespace sabbat {

std::optional<Step> next_step(const State& state, const std::vector<Bot*>& bots, Rng& rng) {
  std::optional<Step> best;
  uint32_t tied = 0;  // proposals at best->at so far
  // The actors in the order of their seats, without asking the game its number of seats at
  // every turn of the loop (a call through the state's table of virtual functions).
  for (uint32_t rest = state.actors().bits(); rest != 0; rest &= rest - 1) {
    const Seat s = __builtin_ctz(rest);
    if (size_t(s) >= bots.size() || !bots[size_t(s)]) continue;
    // A bot sees what its seat sees: everything else is redrawn before it looks.
    std::unique_ptr<State> redrawn;
    const State& seen = seen_by(*bots[size_t(s)], state, s, rng, redrawn);
    auto p = bots[size_t(s)]->propose(seen, s, rng);
    if (!p) continue;
    GameTime at = std::max(p->at, state.now());
    // Proposals at the same moment are taken in an order drawn at random, as actions arriving
    // at once would be: never by seat number, which would let seat 0 act first at every tie.
    // (Uniform over the tied seats; the generator is drawn only when two proposals tie.)
    if (!best || at < best->at) {
      best = Step{s, p->action, at};
      tied = 1;
    } else if (at == best->at && rng.below(++tied) == 0) {
      best = Step{s, p->action, at};
    }
  }
  // A deadline wins ties: an action at the very deadline is too late.
  if (auto d = state.deadline(); d && (!best || d->at <= best->at))
    best = Step{kClock, d->action, std::max(d->at, state.now())};
  return best;
}

Status play_until_end(const State& state, const std::vector<Bot*>& bots, Rng& rng,
                      const std::function<Status(const Step&)>& apply) {
  while (!state.terminal()) {
    auto step = next_step(state, bots, rng);
    if (!step) return fail("no seat can act and no deadline is pending");
    if (Status st = apply(*step); !st) return st;
  }
  return {};
}

}  // namespace sabbat
