#pragma once
// Twin-state leak checks, shared by every game (and meant for the server's wire test).
//
// A twin is a copy of a state that differs only in something hidden from one viewer (another
// hand, dice under a closed book, another player's unrevealed choice, the order of a deck),
// built with the game's own test hooks — never with sample_hidden, so that a leak of
// something sample_hidden forgets to redraw is seen too. Whatever the viewer can observe must
// be the same in both: its view, who acts, the deadline (time and action), and, for the same
// next action applied to both, the events it receives and all of that again afterwards.
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace sabbat::testing {

// What `viewer` observes of `s`: its view, the actors and the deadline, as one JSON value.
json observed(const State& s, Seat viewer);

// The events of `events` that reach `viewer` (kind, text and data, in order).
json received(const Events& events, Seat viewer);

// A twin, and until when what differs stays hidden: `hidden_after` says whether it is still
// hidden from the viewer in the state reached by a step (false when the step reveals it, as
// the reveal of the formulas shows the dice); no check after a step that reveals it.
struct Twin {
  std::unique_ptr<State> state;
  std::function<bool(const State& after)> hidden_after;
};

// Builds twins of `s` for `viewer` with the game's test hooks; none when nothing is hidden.
using TwinMaker = std::function<std::vector<Twin>(const State& s, Seat viewer, Rng& rng)>;

// A next step to apply to a state and its twin.
struct NextStep {
  Seat seat = kClock;
  Action action;
  GameTime at = 0;
};

// The steps worth trying from `s`: one random legal action of each actor (at s.now()) and the
// clock's action at the deadline, if any.
std::vector<NextStep> next_steps(const State& s, Rng& rng);

// What `viewer` can tell apart between `s` and `twin`, now and after `step` applied to both;
// empty when nothing. A step the twin refuses is not compared: it was a choice that depended
// on what differs (the actor's own hand, say), which its player would not make there. Nor is
// a step after which what differs is no longer hidden.
std::string twin_difference(const State& s, const Twin& twin, Seat viewer, const NextStep& step);

struct TwinTally {
  long states = 0, twins = 0, steps = 0;
  std::vector<std::string> leaks;  // the first few, with the game, seed and action count
};

// Plays `games` random games of `game_id` with `players` seats (random bots, virtual time)
// and, after every step, for every viewer (the spectator included), checks every twin from
// `make` against every step of next_steps.
TwinTally check_twins(const std::string& game_id, int players, int games, uint64_t seed,
                      const TwinMaker& make, const std::map<std::string, std::string>& params = {});

}  // namespace sabbat::testing
