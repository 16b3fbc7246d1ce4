#pragma once
// A bot proposes its next action and when it would act, from what its seat may know. Games
// may offer their own bots (Game::make_bot); src/bots holds the ones that fit every game.
//
// A bot object plays one seat of one game. It may remember what it saw in that game (the dice
// it read, when it means to act), and nothing else: a host makes new bots for every game and
// drops them when the game ends (src/bots/lineup.hpp does it), so a game is a function of its
// seed and settings alone, whatever was played before it.
#include <memory>
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
  // Nothing when the bot would rather wait (e.g. for a deadline). `state` is always a state of
  // the bot's own game and `seat` its own seat; chance comes from `rng` only, never a clock.
  virtual std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) = 0;
  // True for a bot that reads nothing of the state but its seat's legal actions, which its
  // seat knows: hosts may then hand it the real state rather than a redraw (a speed-up for
  // random bots in simulations, not a trust: legal actions hide nothing from their seat).
  virtual bool reads_only_legal_actions() const { return false; }
};

// What a host hands a bot: the state with everything `seat` cannot see redrawn
// (State::sample_hidden), so that a bot cannot read what its seat does not know, whatever it
// looks at. `redrawn` keeps the redraw alive; the reference returned is into it or `state`.
const State& seen_by(const Bot& bot, const State& state, Seat seat, Rng& rng,
                     std::unique_ptr<State>& redrawn);

}  // namespace sabbat
