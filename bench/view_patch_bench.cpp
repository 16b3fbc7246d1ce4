// The server's view patches (server/view_patch.hpp) against writing the views they stand for:
// over the states of one random game, every viewer's patch from each view to the next, and as
// baseline the same views written (State::view_texts, which every state message needs anyway).
// The ratio is what a patch adds to a move's frames.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench/baselines.hpp"
#include "bots/bot.hpp"
#include "bots/scheduler.hpp"
#include "core/registry.hpp"
#include "server/table/view_patch.hpp"

namespace sabbat {
namespace {

struct Played {
  std::vector<std::unique_ptr<State>> states;   // after each step
  std::vector<std::vector<std::string>> views;  // per state, per viewer
  std::vector<Seat> viewers;
  std::size_t view_bytes = 0;
};

const Played& played(const Game& game) {
  static std::map<std::string, Played> cache;
  auto [it, fresh] = cache.try_emplace(game.id());
  Played& p = it->second;
  if (!fresh) return p;
  auto setup = game.setup(game.default_players(), {}, 17);
  auto state = std::move(game.new_state(*setup).value());
  for (Seat s = 0; s < state->players(); ++s) p.viewers.push_back(s);
  p.viewers.push_back(kSpectator);
  RandomBot random;
  const std::vector<Bot*> bots(size_t(state->players()), &random);
  Rng rng(3);
  for (int step = 0; step < 4000 && !state->terminal(); ++step) {
    p.states.push_back(state->clone());
    p.views.emplace_back();
    state->view_texts(p.viewers, p.views.back());
    for (const std::string& v : p.views.back()) p.view_bytes += v.size();
    auto next = next_step(*state, bots, rng);
    if (!next || !state->apply(next->seat, next->action, next->at)) break;
  }
  return p;
}

void patches(benchmark::State& bs, const Game* game) {
  const Played& p = played(*game);
  std::string out;
  std::size_t bytes = 0;
  for (auto _ : bs) {
    bytes = 0;
    for (size_t i = 1; i < p.views.size(); ++i)
      for (size_t v = 0; v < p.viewers.size(); ++v) {
        out.clear();
        server::append_view_patch(p.views[i - 1][v], p.views[i][v], out);
        bytes += out.size();
        benchmark::DoNotOptimize(out.data());
      }
  }
  bs.counters["patch/view bytes"] = double(bytes) / double(p.view_bytes);
}

void views(benchmark::State& bs, const Game* game) {
  const Played& p = played(*game);
  std::vector<std::string> texts;
  for (auto _ : bs)
    for (size_t i = 1; i < p.states.size(); ++i) {
      p.states[i]->view_texts(p.viewers, texts);
      benchmark::DoNotOptimize(texts.data());
    }
}

const int registered = [] {
  for (const auto& game : registry().games()) {
    const std::string id = game->id();
    const std::string patch = "BM_ViewPatch/" + id, base = "BM_ViewTexts/" + id;
    benchmark::RegisterBenchmark(base.c_str(), views, game.get());
    benchmark::RegisterBenchmark(patch.c_str(), patches, game.get());
    bench::Compare(patch, base);
  }
  return 0;
}();

}  // namespace
}  // namespace sabbat
