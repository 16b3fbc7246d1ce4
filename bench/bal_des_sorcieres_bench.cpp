// Le Bal des Sorcières: a whole random 4-player game, against shuffling the 121 cards and
// dealing 10 to each of 4 witches with the same generator.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <numeric>

#include "bench/baselines.hpp"
#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/bal-des-sorcieres/data.hpp"

namespace sabbat {
namespace {

void BM_BalShuffleAndDeal121(benchmark::State& bs) {
  Rng rng(1);
  std::array<uint8_t, bal::kCards> deck;
  std::array<std::array<uint8_t, bal::kHandSize>, 4> hands;
  std::iota(deck.begin(), deck.end(), uint8_t(0));
  for (auto _ : bs) {
    rng.shuffle(deck.begin(), deck.end());
    for (int i = 0; i < 4 * bal::kHandSize; ++i)
      hands[size_t(i % 4)][size_t(i / 4)] = deck[size_t(i)];
    benchmark::DoNotOptimize(hands);
  }
}
BENCHMARK(BM_BalShuffleAndDeal121);

// A whole game at `level` ("easy", "hard"): new state, uniformly random legal actions of the
// seat to act until one witch is left, scores.
void playout(benchmark::State& bs, const char* level) {
  const auto game = bal::make_game();
  Rng rng(1);
  int64_t actions = 0, games = 0;
  for (auto _ : bs) {
    auto setup = game->setup(4, {{"level", level}}, rng.next());
    auto state = std::move(game->new_state(*setup).value());
    GameTime now = 0;
    while (!state->terminal()) {
      const SeatSet actors = state->actors();
      if (actors.empty()) {  // a forced move, which the clock plays at the turn's least time
        const auto due = state->deadline();
        now = due->at;
        (void)state->apply(kClock, due->action, now);
        continue;
      }
      Seat seat = 0;
      while (!actors.contains(seat)) ++seat;
      (void)state->apply(seat, *state->random_legal(seat, rng), now);
      ++actions;
    }
    benchmark::DoNotOptimize(state->scores());
    ++games;
  }
  bs.counters["actions/game"] = double(actions) / double(std::max<int64_t>(games, 1));
}

void BM_BalPlayout4Easy(benchmark::State& bs) {
  playout(bs, "easy");
}
BENCHMARK(BM_BalPlayout4Easy);
const bench::Compare easy("BM_BalPlayout4Easy", "BM_BalShuffleAndDeal121");

void BM_BalPlayout4Hard(benchmark::State& bs) {
  playout(bs, "hard");
}
BENCHMARK(BM_BalPlayout4Hard);
const bench::Compare hard("BM_BalPlayout4Hard", "BM_BalShuffleAndDeal121");

}  // namespace
}  // namespace sabbat
