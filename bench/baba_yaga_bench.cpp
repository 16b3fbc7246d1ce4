// Baba Yaga: one turn of random 4-player play in virtual time, against shuffling the 16
// forest tiles and the 20 spell cards with the same generator.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <numeric>

#include "bench/baselines.hpp"
#include "core/registry.hpp"
#include "games/baba-yaga/state.hpp"

namespace sabbat {
namespace {

using baba_yaga::BabaYagaState;

void BM_BabaYagaShuffleTilesAndCards(benchmark::State& bs) {
  Rng rng(1);
  std::array<int8_t, baba_yaga::kForestTiles> tiles;
  std::array<int8_t, baba_yaga::kCards> cards;
  std::iota(tiles.begin(), tiles.end(), int8_t(0));
  std::iota(cards.begin(), cards.end(), int8_t(0));
  for (auto _ : bs) {
    rng.shuffle(tiles.begin(), tiles.end());
    rng.shuffle(cards.begin(), cards.end());
    benchmark::DoNotOptimize(tiles);
    benchmark::DoNotOptimize(cards);
  }
}
BENCHMARK(BM_BabaYagaShuffleTilesAndCards);

// Random play in virtual time: a random actor picks a uniformly random legal action and
// would act 0–3 s from now; the clock applies the deadline if it comes first.
struct RandomPlayer {
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

std::unique_ptr<State> new_game(uint64_t seed) {
  const Game& game = *registry().find("baba-yaga");
  auto setup = game.setup(4, {}, seed);
  return std::move(game.new_state(*setup).value());
}

int turn_of(const State& s) {
  return static_cast<const BabaYagaState&>(s).turn();
}

// One full turn of random play per iteration (a new game when one ends): the placement, the
// search and the 8 moves of the flight, the spell and its effect.
void BM_BabaYagaTurn4(benchmark::State& bs) {
  RandomPlayer player;
  auto state = new_game(player.rng.next());
  int64_t actions = 0, turns = 0;
  for (auto _ : bs) {
    if (state->terminal()) state = new_game(player.rng.next());
    const int turn = turn_of(*state);
    while (!state->terminal() && turn_of(*state) == turn) {
      player.step(*state);
      ++actions;
    }
    ++turns;
  }
  bs.counters["turns/s"] = benchmark::Counter(double(turns), benchmark::Counter::kIsRate);
  bs.counters["actions/turn"] = double(actions) / double(std::max<int64_t>(turns, 1));
}
BENCHMARK(BM_BabaYagaTurn4);
const bench::Compare turn("BM_BabaYagaTurn4", "BM_BabaYagaShuffleTilesAndCards");

}  // namespace
}  // namespace sabbat
