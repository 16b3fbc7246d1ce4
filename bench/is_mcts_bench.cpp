// IS-MCTS: iterations per second for each game, against a random playout from the same state
// (one determinization, clone and play to the end at random: what one iteration does besides
// walking its tree). Twice: the search with random playouts to the end, and the search as
// `sabbat` ships it under the name "mcts" (bots/bot.cpp: in a turn-based game with a bot of its
// own, that bot plays the others' moves and the playouts, up to the next change of the scores).
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "bench/baselines.hpp"
#include "bots/bot.hpp"
#include "bots/is_mcts.hpp"
#include "bots/scheduler.hpp"
#include "core/registry.hpp"

namespace sabbat {
namespace {

constexpr uint32_t kIterations = 200;

// A state a few random moves into a game, where seat 0 has a choice.
std::unique_ptr<State> decision_state(const Game& game) {
  auto setup = game.setup(game.default_players(), {}, 11);
  auto state = std::move(game.new_state(*setup).value());
  RandomBot random;
  const std::vector<Bot*> bots(size_t(state->players()), &random);
  Rng rng(3);
  ActionList legal;
  for (int step = 0; step < 10000 && !state->terminal(); ++step) {
    if (step >= 6 && state->actors().contains(0)) {
      state->legal_actions(0, legal);
      if (legal.size() >= 2) break;
    }
    auto next = next_step(*state, bots, rng);
    if (!next || !state->apply(next->seat, next->action, next->at)) break;
  }
  return state;
}

void decision(benchmark::State& bs, const Game* game) {
  auto state = decision_state(*game);
  IsMctsBot bot(SearchBudget{kIterations, std::nullopt});
  Rng rng(5);
  int64_t iterations = 0;
  for (auto _ : bs) {
    auto p = bot.propose(*state, 0, rng);
    benchmark::DoNotOptimize(p);
    iterations += bot.last_stats().iterations;
  }
  bs.counters["iterations/s"] = benchmark::Counter(double(iterations), benchmark::Counter::kIsRate);
}

void shipped(benchmark::State& bs, const Game* game) {
  auto state = decision_state(*game);
  auto made = make_bot("mcts:" + std::to_string(kIterations), *game);
  auto* bot = dynamic_cast<IsMctsBot*>(made.value().get());
  Rng rng(5);
  int64_t iterations = 0;
  for (auto _ : bs) {
    auto p = bot->propose(*state, 0, rng);
    benchmark::DoNotOptimize(p);
    iterations += bot->last_stats().iterations;
  }
  bs.counters["iterations/s"] = benchmark::Counter(double(iterations), benchmark::Counter::kIsRate);
}

void playouts(benchmark::State& bs, const Game* game) {
  auto state = decision_state(*game);
  Rng rng(5);
  for (auto _ : bs) {
    // As many playouts as a decision has iterations, so that the ratio reads per iteration.
    for (uint32_t i = 0; i < kIterations; ++i) {
      auto d = state->sample_hidden(0, rng);
      for (int steps = 0; steps < 4000 && !d->terminal(); ++steps) {
        const auto actors = d->actors();
        MaybeAction a;
        Seat who = 0;
        for (uint32_t bits = actors.bits(); bits && !a; bits &= bits - 1) {
          who = __builtin_ctz(bits);
          a = d->random_legal(who, rng);
        }
        if (a ? !d->apply(who, *a, d->now()) : true) {
          auto dl = d->deadline();
          if (!dl || !d->apply(kClock, dl->action, std::max(dl->at, d->now()))) break;
        }
      }
      benchmark::DoNotOptimize(d);
    }
  }
}

const int registered = [] {
  for (const auto& game : registry().games()) {
    const std::string id = game->id();
    const std::string search = "BM_IsMcts200/" + id, base = "BM_RandomPlayouts200/" + id,
                      ship = "BM_Mcts200AsShipped/" + id;
    benchmark::RegisterBenchmark(base.c_str(), playouts, game.get());
    benchmark::RegisterBenchmark(search.c_str(), decision, game.get());
    benchmark::RegisterBenchmark(ship.c_str(), shipped, game.get());
    bench::Compare(search, base);
    bench::Compare(ship, base);
  }
  return 0;
}();

}  // namespace
}  // namespace sabbat
