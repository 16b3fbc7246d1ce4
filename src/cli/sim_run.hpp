#pragma once
// The parallel loop of `sim` and `report`: games 0..N-1 on several threads. Game i always uses
// seed Rng::mix(S, i) for its state and Rng::mix(that, 1) for its bots, and new bots, whichever
// thread plays it and whatever it played before, so that `sim` and `report` play the very same
// games for one seed. Threads share only read-only inputs and atomic counters; each owns its
// tally, and the tallies (integer sums) are merged at the end into the same numbers whatever
// the number of threads.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <limits>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "bots/lineup.hpp"
#include "bots/scheduler.hpp"
#include "cli/crew.hpp"
#include "cli/terminal.hpp"
#include "core/game.hpp"

namespace sabbat::cli {

// A game longer than this is a bug (a loop in rules or bots), not a long game.
inline constexpr int64_t kMaxActions = 10'000'000;

// Plays one game to the end through `apply(step)`; returns its length in actions.
template <class Apply>
Result<int64_t> play_out(const State& state, const std::vector<Bot*>& bots, Rng& rng,
                         Apply&& apply) {
  int64_t length = 0;
  while (!state.terminal()) {
    auto step = next_step(state, bots, rng);
    if (!step) return fail("nobody can act after " + std::to_string(length) + " actions");
    if (Status st = apply(*step); !st)
      return fail("action " + std::to_string(length + 1) + " refused: " + st.error());
    if (++length > kMaxActions) return fail("no end after " + std::to_string(length) + " actions");
  }
  return length;
}

struct SimPlan {
  const Game& game;
  const Setup& setup;  // each game gets a copy with its own seed
  const Lineup& lineup;
  uint64_t seed = 1;
  int64_t games = 0;
  int jobs = 1;
};

// Plays game number `i` with `setup` (its seed set), its new `bots` and their generator `rng`,
// and adds it to `tally`.
template <class Tally>
using PlayOne = std::function<Status(const Setup& setup, const std::vector<Bot*>& bots, Rng& rng,
                                     int64_t i, Tally& tally)>;

namespace detail {

template <class Tally>
struct Worker {
  Tally tally;
  int64_t failed_game = std::numeric_limits<int64_t>::max();
  std::string failure;
};

// Read-only inputs and the counters the threads share.
template <class Tally>
struct SimShared {
  const SimPlan& plan;
  const PlayOne<Tally>& play;
  // Games are claimed in blocks, so that the threads seldom touch these lines: a game of
  // Sortilèges takes a few microseconds.
  int64_t block = 1;
  alignas(64) std::atomic<int64_t> next{0};  // the first game of the next block to claim
  alignas(64) std::atomic<int64_t> done{0};  // games finished, for the progress bar
  // The smallest failing game so far; no game from there on is started.
  alignas(64) std::atomic<int64_t> first_failure{std::numeric_limits<int64_t>::max()};
  std::atomic<int> finished_threads{0};
};

// Plays game i; false when it failed (then kept as this thread's failure and announced).
// Every game before the smallest failing one is played, whichever thread holds it, so the
// failure reported is the same on every run.
template <class Tally>
bool play_game(SimShared<Tally>& shared, Setup& setup, int64_t i, Worker<Tally>& w) {
  const SimPlan& plan = shared.plan;
  setup.seed = Rng::mix(plan.seed, uint64_t(i));
  Rng rng(Rng::mix(setup.seed, 1));
  Status st;
  // No exception may cross the thread: it becomes this game's failure.
  try {
    // Bots remember what they saw: each game gets its own, so that it is the same game
    // whichever thread plays it, after whichever games.
    const GameBots bots = plan.lineup.new_game();
    st = shared.play(setup, bots.seats(), rng, i, w.tally);
  } catch (const std::exception& e) {
    st = fail(std::string("internal error: ") + e.what());
  }
  if (st) return true;
  if (i < w.failed_game) {
    w.failed_game = i;
    w.failure =
        "game " + std::to_string(i) + " (seed " + std::to_string(setup.seed) + "): " + st.error();
  }
  int64_t seen = shared.first_failure.load(std::memory_order_relaxed);
  while (i < seen && !shared.first_failure.compare_exchange_weak(seen, i)) {
  }
  return false;
}

template <class Tally>
void work(SimShared<Tally>& shared, Worker<Tally>& w) {
  const SimPlan& plan = shared.plan;
  Setup setup = plan.setup;
  auto before_failure = [&](int64_t i) {
    return i < shared.first_failure.load(std::memory_order_relaxed);
  };
  for (;;) {
    const int64_t start = shared.next.fetch_add(shared.block, std::memory_order_relaxed);
    const int64_t end = std::min(plan.games, start + shared.block);
    if (start >= end || !before_failure(start)) break;
    int64_t i = start;
    for (; i < end && before_failure(i); ++i)
      if (!play_game(shared, setup, i, w)) break;
    shared.done.fetch_add(i - start, std::memory_order_relaxed);
  }
  shared.finished_threads.fetch_add(1);
}

}  // namespace detail

// Plays the plan's games on its threads, each thread into a copy of `zero`, with a progress
// bar on `err` when it is a terminal. Returns the merged tally, or the failure of the smallest
// failing game (the same on every run), or why the threads could not start.
template <class Tally>
Result<Tally> simulate(const SimPlan& plan, const Tally& zero, const PlayOne<Tally>& play,
                       std::ostream& err) {
  const int jobs = int(std::clamp<int64_t>(plan.jobs, 1, std::max<int64_t>(plan.games, 1)));
  detail::SimShared<Tally> shared{plan, play};
  // Blocks small enough that every thread gets many and the bar moves smoothly.
  shared.block = std::clamp<int64_t>(plan.games / (int64_t(jobs) * 64), 1, 256);
  std::vector<detail::Worker<Tally>> workers(static_cast<size_t>(jobs));
  for (auto& w : workers) w.tally = zero;
  Crew crew;
  const Status started = crew.start(
      jobs, [&](int j) { detail::work(shared, workers[size_t(j)]); },
      // No block is claimed any more: the running threads end after their current one.
      [&] { shared.next.store(std::numeric_limits<int64_t>::max() / 2); });
  if (!started) return fail(started.error());
  // The bar is drawn by this thread, so the workers never touch a stream.
  ProgressBar bar(err, plan.games, is_terminal(err));
  if (is_terminal(err)) {
    while (shared.finished_threads.load() < jobs) {
      bar.update(shared.done.load(std::memory_order_relaxed));
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    bar.finish();
  }
  crew.join();
  Tally total = zero;
  const detail::Worker<Tally>* first = nullptr;
  for (const auto& w : workers) {
    total.merge(w.tally);
    if (!w.failure.empty() && (!first || w.failed_game < first->failed_game)) first = &w;
  }
  if (first) return fail(first->failure);
  return total;
}

}  // namespace sabbat::cli
