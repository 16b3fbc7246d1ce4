// What `sabbat sim --bot random` pays a step, game by game: 1,000 steps of the simulator's
// random play (new bots and a new state whenever a game ends, the clock's steps counted as the
// simulator counts them), against the same 1,000 steps of Sortilèges. The ratio is the cost of
// a step against a Sortilèges step, measured in the same run.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "bench/baselines.hpp"
#include "bots/lineup.hpp"
#include "bots/scheduler.hpp"
#include "core/registry.hpp"

namespace sabbat {
namespace {

constexpr int kSteps = 1000;

void steps(benchmark::State& bs, const Game* game) {
  const auto setup = game->setup(game->default_players(), {}, 0);
  const auto lineup = Lineup::everywhere(*game, "random", setup->players);
  Rng seeds(1);
  Rng rng(2);
  std::unique_ptr<State> state;
  GameBots bots;
  int64_t games = 0;
  for (auto _ : bs) {
    for (int i = 0; i < kSteps; ++i) {
      if (!state || state->terminal()) {
        Setup next = setup.value();
        next.seed = seeds.next();
        state = std::move(game->new_state(next).value());
        bots = lineup->new_game();
        ++games;
      }
      // A missing or refused step would loop for ever: it stops the benchmark instead.
      const auto step = next_step(*state, bots.seats(), rng);
      if (!step || !state->apply(step->seat, step->action, step->at)) {
        bs.SkipWithError(("a random game of " + game->id() + " stopped").c_str());
        return;
      }
    }
  }
  bs.counters["steps/game"] =
      double(kSteps) * double(bs.iterations()) / double(std::max<int64_t>(games, 1));
}

const int registered = [] {
  const std::string base = "BM_SimRandom1000/sortileges";
  for (const auto& game : registry().games()) {
    const std::string name = "BM_SimRandom1000/" + game->id();
    benchmark::RegisterBenchmark(name.c_str(), steps, game.get());
    if (name != base) bench::Compare(name, base);
  }
  return 0;
}();

}  // namespace
}  // namespace sabbat
