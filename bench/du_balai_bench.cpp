// Du Balai !: random 4-player races in virtual time, one turn at a time, and races of the
// simple bot, against rolling the 9 dice and shuffling the 27 Magie noire cards with the
// same generator.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <numeric>
#include <vector>

#include "bench/baselines.hpp"
#include "bots/scheduler.hpp"
#include "core/registry.hpp"
#include "games/du-balai/bot.hpp"
#include "games/du-balai/state.hpp"

namespace sabbat {
namespace {

using du_balai::DuBalaiState;

void BM_DuBalaiRollDiceAndShuffleDeck(benchmark::State& bs) {
  Rng rng(1);
  std::array<uint8_t, du_balai::kDice> dice{};
  std::array<uint8_t, du_balai::kDeckSize> deck;
  std::iota(deck.begin(), deck.end(), uint8_t(0));
  for (auto _ : bs) {
    for (auto& d : dice) d = uint8_t(rng.below(du_balai::kFaces));
    rng.shuffle(deck.begin(), deck.end());
    benchmark::DoNotOptimize(dice);
    benchmark::DoNotOptimize(deck);
  }
}
BENCHMARK(BM_DuBalaiRollDiceAndShuffleDeck);

// Random play in virtual time: a random actor picks a uniformly random legal action and
// would act 0–3 s from now; the clock applies the deadline if it comes first.
struct RandomRacer {
  Rng rng{1};

  void step(State& state) {
    const SeatSet actors = state.actors();
    const GameTime now = state.now();
    const auto deadline = state.deadline();
    if (!actors.empty()) {
      const GameTime at = now + GameTime(rng.below(3001));
      if (!deadline || at < deadline->at) {
        Seat seat = 0;
        for (uint32_t k = rng.below(uint32_t(actors.size())) + 1; k > 0; ++seat)
          k -= actors.contains(seat);
        --seat;
        (void)state.apply(seat, *state.random_legal(seat, rng), at);
        return;
      }
    }
    (void)state.apply(kClock, deadline->action, std::max(deadline->at, now));
  }
};

std::unique_ptr<State> new_race(uint64_t seed) {
  const Game& game = *registry().find("du-balai");
  auto setup = game.setup(4, {}, seed);
  return std::move(game.new_state(*setup).value());
}

int turn_of(const State& s) {
  return static_cast<const DuBalaiState&>(s).turn();
}

// The counters of the whole-race benchmarks.
void race_counters(benchmark::State& bs, int64_t games, int64_t actions, int64_t turns) {
  bs.counters["games/s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
  bs.counters["actions/s"] = benchmark::Counter(double(actions), benchmark::Counter::kIsRate);
  bs.counters["turns/s"] = benchmark::Counter(double(turns), benchmark::Counter::kIsRate);
  bs.counters["turns/game"] = double(turns) / double(std::max<int64_t>(games, 1));
}

// One whole race per iteration.
void BM_DuBalaiPlayout4(benchmark::State& bs) {
  RandomRacer racer;
  int64_t actions = 0, games = 0, turns = 0;
  for (auto _ : bs) {
    auto state = new_race(racer.rng.next());
    while (!state->terminal()) {
      racer.step(*state);
      ++actions;
    }
    ++games;
    turns += turn_of(*state);
    benchmark::DoNotOptimize(state->scores());
  }
  race_counters(bs, games, actions, turns);
}
BENCHMARK(BM_DuBalaiPlayout4);
const bench::Compare playout("BM_DuBalaiPlayout4", "BM_DuBalaiRollDiceAndShuffleDeck");

// One full turn of random play per iteration (a new race when one ends), for a per-turn cost.
void BM_DuBalaiTurn4(benchmark::State& bs) {
  RandomRacer racer;
  auto state = new_race(racer.rng.next());
  int64_t actions = 0, turns = 0;
  for (auto _ : bs) {
    if (state->terminal()) state = new_race(racer.rng.next());
    const int turn = turn_of(*state);
    while (!state->terminal() && turn_of(*state) == turn) {
      racer.step(*state);
      ++actions;
    }
    ++turns;
  }
  bs.counters["turns/s"] = benchmark::Counter(double(turns), benchmark::Counter::kIsRate);
  bs.counters["actions/turn"] = double(actions) / double(std::max<int64_t>(turns, 1));
}
BENCHMARK(BM_DuBalaiTurn4);
const bench::Compare turn("BM_DuBalaiTurn4", "BM_DuBalaiRollDiceAndShuffleDeck");

// One whole race of four simple bots per iteration, through the virtual-time scheduler.
void BM_DuBalaiPlayoutSimpleBots4(benchmark::State& bs) {
  Rng rng(1);
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;
  int64_t actions = 0, games = 0, turns = 0;
  for (auto _ : bs) {
    owned.clear();
    bots.clear();
    for (int p = 0; p < 4; ++p) {
      owned.push_back(du_balai::make_simple_bot());
      bots.push_back(owned.back().get());
    }
    auto state = new_race(rng.next());
    while (!state->terminal()) {
      auto step = next_step(*state, bots, rng);
      if (!step || !state->apply(step->seat, step->action, step->at)) break;
      ++actions;
    }
    ++games;
    turns += turn_of(*state);
    benchmark::DoNotOptimize(state->scores());
  }
  race_counters(bs, games, actions, turns);
}
BENCHMARK(BM_DuBalaiPlayoutSimpleBots4);
const bench::Compare simple("BM_DuBalaiPlayoutSimpleBots4", "BM_DuBalaiRollDiceAndShuffleDeck");

}  // namespace
}  // namespace sabbat
