// Le Bal des Sorcières: a whole random 4-player game, against shuffling the 121 cards and
// dealing 10 to each of 4 witches with the same generator.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <numeric>
#include <vector>

#include "bench/baselines.hpp"
#include "bots/bot.hpp"
#include "bots/scheduler.hpp"
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

// A whole game at `level` ("easy", "hard"): new state, uniformly random legal actions until
// one witch is left, scores. The steps are the simulator's (`sabbat sim --bot random`): each
// witch who may act proposes a random legal action now, and the clock acts when its deadline
// comes first or nobody else can (a reaction window or a forced move waits for it). A step
// that is missing or refused would loop for ever: it stops the benchmark with an error.
void playout(benchmark::State& bs, const char* level) {
  const auto game = bal::make_game();
  RandomBot random;
  const std::vector<Bot*> bots(4, &random);
  Rng rng(1);
  int64_t actions = 0, games = 0;
  for (auto _ : bs) {
    auto setup = game->setup(4, {{"level", level}}, rng.next());
    auto state = std::move(game->new_state(*setup).value());
    while (!state->terminal()) {
      const auto step = next_step(*state, bots, rng);
      if (!step || !state->apply(step->seat, step->action, step->at)) {
        bs.SkipWithError("a random game of Le Bal stopped: no step, or a step refused");
        return;
      }
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
