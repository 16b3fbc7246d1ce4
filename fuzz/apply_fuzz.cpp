// Fuzz target: every registered game (through the registry only, so a new game is covered by
// its registration line) set up with fuzzed players, seed and parameters, then fed fuzzed
// steps through Match, as a server or a replay would: raw action codes, action texts,
// legal actions by index, and the clock's deadline, at fuzzed times. A refusal must leave the
// state exactly as it was; after an accepted action the game's audit must pass; an accepted
// text holds no control character and the action's canonical text reads back to it.
#include <cstdint>
#include <memory>
#include <string>

#include "core/record.hpp"
#include "core/registry.hpp"
#include "fuzz_bytes.hpp"

using namespace sabbat;

namespace {

std::map<std::string, std::string> fuzzed_params(const Game& game, fuzz::Bytes& in) {
  std::map<std::string, std::string> out;
  for (const auto& spec : game.param_specs()) {
    const uint8_t pick = in.byte();
    if (pick == 0) continue;  // the default
    switch (spec.kind) {
      case ParamSpec::Kind::Boolean:
        out[spec.name] = pick & 1 ? "true" : "false";
        break;
      case ParamSpec::Kind::Choice:
        out[spec.name] = spec.choices[pick % spec.choices.size()];
        break;
      case ParamSpec::Kind::Integer: {
        const uint64_t span = uint64_t(spec.max - spec.min) + 1;
        const int64_t v = pick == 1   ? spec.min
                          : pick == 2 ? spec.max
                                      : spec.min + int64_t(in.number(4) % (span ? span : 1));
        out[spec.name] = std::to_string(v);
        break;
      }
    }
  }
  return out;
}

// The state must not have moved after a refusal.
void expect_unchanged(const State& before, const State& after, const std::string& what) {
  if (!after.same_as(before)) fuzz::broken("a refused action changed the state:", what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Bytes in(data, size);
  const auto& games = registry().games();
  const Game& game = *games[in.byte() % games.size()];
  const int span = game.max_players() - game.min_players() + 1;
  const int players = game.min_players() + in.byte() % span;
  const uint64_t seed = in.number(8);
  auto setup = game.setup(players, fuzzed_params(game, in), seed);
  if (!setup) return 0;
  auto match = Match::start(game, *setup);
  if (!match) return 0;
  GameTime now = 0;
  ActionList legal;
  Events events;
  for (int step = 0; step < 500 && !in.empty() && !match->state().terminal(); ++step) {
    const uint8_t op = in.byte();
    // Seats from the clock (-2) and the spectator (-1) to one past the last seat.
    const Seat seat = Seat(in.byte() % (players + 3)) - 2;
    // Time moves on by up to a minute, or now and then jumps anywhere in a game's length.
    if (op & 0x80)
      now = GameTime(in.number(4) % uint64_t(kMaxGameTime + 1));
    else
      now = std::min<GameTime>(kMaxGameTime, now + GameTime(in.number(2)));
    // Narration is built for one step in two: it is code to cover, but not at every step.
    Events* narrated = (op & 0x40) ? &events : nullptr;
    const auto before = match->state().clone();
    Status st;
    std::string what;
    switch (op & 3) {
      case 0: {  // a raw action code
        const Action a{uint32_t(in.number(4))};
        what = "code " + std::to_string(a.code);
        st = match->apply(seat, a, now, narrated);
        break;
      }
      case 1: {  // a text, as typed or sent
        what = in.text();
        auto a = match->state().parse_action(seat, what);
        if (!a) {
          expect_unchanged(*before, match->state(), what);
          continue;
        }
        if (fuzz::has_control(what))
          fuzz::broken("a text with a control character was read:", what);
        const std::string canonical = before->action_text(*a);
        auto again = before->parse_action(seat, canonical);
        if (!again || *again != *a) fuzz::broken("canonical text does not read back:", canonical);
        st = match->apply(seat, *a, now, narrated);
        break;
      }
      case 2: {  // a legal action, so that games go deep
        if (seat < 0) continue;
        match->state().legal_actions(seat, legal);
        if (legal.empty()) continue;
        const Action a = legal[in.number(2) % legal.size()];
        what = "legal " + before->action_text(a);
        st = match->apply(seat, a, now, narrated);
        break;
      }
      case 3: {  // the clock's deadline
        auto d = match->state().deadline();
        if (!d) continue;
        now = std::max(now, d->at);
        what = "deadline";
        st = match->apply(kClock, d->action, now, narrated);
        break;
      }
    }
    events.clear();
    if (!st) {
      expect_unchanged(*before, match->state(), what);
      continue;
    }
    if (Status audit = match->state().audit(); !audit) fuzz::broken(audit.error(), what);
  }
  // What was played is a record that replays to the same game.
  auto replayed = replay(match->record(), registry());
  if (!replayed || !(replayed->record() == match->record()))
    fuzz::broken("the match's record does not replay to itself");
  return 0;
}
