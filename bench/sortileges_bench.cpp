// Sortilèges: random 4-player playouts against shuffling and dealing a 52-card deck with the
// same generator.
#include <benchmark/benchmark.h>

#include <array>
#include <numeric>

#include "bench/baselines.hpp"
#include "core/registry.hpp"

namespace sabbat {
namespace {

void BM_ShuffleAndDeal52(benchmark::State& bs) {
  Rng rng(1);
  std::array<uint8_t, 52> deck;
  std::iota(deck.begin(), deck.end(), uint8_t(0));
  std::array<std::array<uint8_t, 13>, 4> hands{};
  for (auto _ : bs) {
    rng.shuffle(deck.begin(), deck.end());
    for (size_t i = 0; i < 52; ++i) hands[i % 4][i / 4] = deck[i];
    benchmark::DoNotOptimize(hands);
  }
}
BENCHMARK(BM_ShuffleAndDeal52);

// One whole game per iteration: new state, then random legal actions until the end.
void BM_SortilegesPlayout4(benchmark::State& bs) {
  const Game& game = *registry().find("sortileges");
  auto setup = game.setup(4, {}, 0);
  Rng rng(1);
  int64_t actions = 0, games = 0;
  for (auto _ : bs) {
    setup->seed = rng.next();
    auto state = std::move(game.new_state(*setup).value());
    // A Sortilèges game is over exactly when nobody is to play.
    for (SeatSet actors; !(actors = state->actors()).empty();) {
      const Seat seat = __builtin_ctz(actors.bits());
      (void)state->apply(seat, *state->random_legal(seat, rng), 0);
      ++actions;
    }
    ++games;
    benchmark::DoNotOptimize(state->scores());
  }
  bs.counters["games/s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
  bs.counters["actions/s"] = benchmark::Counter(double(actions), benchmark::Counter::kIsRate);
  bs.counters["actions/game"] = double(actions) / double(std::max<int64_t>(games, 1));
}
BENCHMARK(BM_SortilegesPlayout4);
const bench::Compare playout("BM_SortilegesPlayout4", "BM_ShuffleAndDeal52");

// A state's clone, which tree-search bots do at every node.
void BM_SortilegesClone(benchmark::State& bs) {
  const Game& game = *registry().find("sortileges");
  auto state = std::move(game.new_state(game.setup(4, {}, 3).value()).value());
  for (auto _ : bs) benchmark::DoNotOptimize(state->clone());
}
BENCHMARK(BM_SortilegesClone);
const bench::Compare clone("BM_SortilegesClone", "BM_ShuffleAndDeal52");

}  // namespace
}  // namespace sabbat
