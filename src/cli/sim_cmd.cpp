// `sabbat sim`: many games between bots on several threads. Game i always uses seed
// Rng::mix(S, i) for its state and Rng::mix(that, 1) for its bots, whichever thread plays it.
// Threads share only read-only inputs and two atomic counters; each owns its bots, generator
// and tally, and the tallies are merged at the end.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <ostream>
#include <thread>

#include "bots/bot.hpp"
#include "bots/scheduler.hpp"
#include "cli/commands.hpp"
#include "cli/sim_tally.hpp"
#include "cli/terminal.hpp"
#include "core/record.hpp"

namespace sabbat::cli {

namespace {

// A game longer than this is a bug (a loop in rules or bots), not a long game.
constexpr int64_t kMaxActions = 10'000'000;

struct Failure {
  int64_t game = std::numeric_limits<int64_t>::max();
  std::string message;
};

struct WorkerResult {
  SimTally tally;
  Failure failure;
};

// Read-only inputs and the counters the threads share.
struct Shared {
  const Game& game;
  const Setup& setup;
  const SimOptions& options;
  // Games are claimed in blocks, so that the threads seldom touch these lines: a game of
  // Sortilèges takes a few microseconds.
  int64_t block = 1;
  alignas(64) std::atomic<int64_t> next{0};  // the first game of the next block to claim
  alignas(64) std::atomic<int64_t> done{0};  // games finished, for the progress bar
  // The smallest failing game so far; no game from there on is started.
  alignas(64) std::atomic<int64_t> first_failure{std::numeric_limits<int64_t>::max()};
  std::atomic<int> finished_threads{0};
};

std::string record_path(const std::string& dir, int64_t game) {
  char name[32];
  std::snprintf(name, sizeof name, "game-%06lld.jsonl", static_cast<long long>(game + 1));
  return (std::filesystem::path(dir) / name).string();
}

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

// The hot path when not recording: no events, no texts, no JSON.
Status play_plain(const Game& game, const Setup& setup, const std::vector<Bot*>& bots, Rng& rng,
                  SimTally& tally) {
  auto state = game.new_state(setup);
  if (!state) return fail(state.error());
  State& s = **state;
  auto length =
      play_out(s, bots, rng, [&](const Step& st) { return s.apply(st.seat, st.action, st.at); });
  if (!length) return fail(length.error());
  tally.add(*length, s.scores(), s.ranks());
  return {};
}

Status play_recorded(const Game& game, const Setup& setup, const std::vector<Bot*>& bots, Rng& rng,
                     SimTally& tally, const std::string& path) {
  auto match = Match::start(game, setup);
  if (!match) return fail(match.error());
  auto length = play_out(match->state(), bots, rng,
                         [&](const Step& st) { return match->apply(st.seat, st.action, st.at); });
  if (!length) return fail(length.error());
  tally.add(*length, match->state().scores(), match->state().ranks());
  return write_record_file(path, match->record());
}

bool play_game(Shared& shared, Setup& setup, const std::vector<Bot*>& bots, SimTally& tally,
               int64_t i, WorkerResult& result);

void work(Shared& shared, WorkerResult& result) {
  const SimOptions& o = shared.options;
  SimTally tally(shared.setup.players);
  Setup setup = shared.setup;
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;
  for (int s = 0; s < setup.players; ++s) {
    auto bot = make_bot(o.bot, shared.game);  // checked before the threads start
    if (bot) owned.push_back(std::move(bot.value()));
    bots.push_back(owned.empty() ? nullptr : owned.back().get());
  }
  auto before_failure = [&](int64_t i) {
    return i < shared.first_failure.load(std::memory_order_relaxed);
  };
  for (;;) {
    const int64_t start = shared.next.fetch_add(shared.block, std::memory_order_relaxed);
    const int64_t end = std::min(o.games, start + shared.block);
    if (start >= end || !before_failure(start)) break;
    int64_t i = start;
    for (; i < end && before_failure(i); ++i)
      if (!play_game(shared, setup, bots, tally, i, result)) break;
    shared.done.fetch_add(i - start, std::memory_order_relaxed);
  }
  result.tally = std::move(tally);
  shared.finished_threads.fetch_add(1);
}

// Plays game i; false when it failed (then recorded as this thread's failure and announced).
// Every game before the smallest failing one is played, whichever thread holds it, so the
// failure reported is the same on every run.
bool play_game(Shared& shared, Setup& setup, const std::vector<Bot*>& bots, SimTally& tally,
               int64_t i, WorkerResult& result) {
  const SimOptions& o = shared.options;
  setup.seed = Rng::mix(o.seed, uint64_t(i));
  Rng rng(Rng::mix(setup.seed, 1));
  Status st;
  // No exception may cross the thread: it becomes this game's failure.
  try {
    st = o.record_dir.empty()
             ? play_plain(shared.game, setup, bots, rng, tally)
             : play_recorded(shared.game, setup, bots, rng, tally, record_path(o.record_dir, i));
  } catch (const std::exception& e) {
    st = fail(std::string("internal error: ") + e.what());
  }
  if (st) return true;
  if (i < result.failure.game)
    result.failure = {i, "game " + std::to_string(i) + " (seed " + std::to_string(setup.seed) +
                             "): " + st.error()};
  int64_t seen = shared.first_failure.load(std::memory_order_relaxed);
  while (i < seen && !shared.first_failure.compare_exchange_weak(seen, i)) {
  }
  return false;
}

}  // namespace

int run_sim(const SimOptions& given, const Io& io) {
  auto choice = choose_game(given.game, given.players, given.params, given.seed);
  if (!choice) return report_error(io.err, choice.error(), kExitUsage);
  SimOptions o = given;
  if (o.bot.empty()) o.bot = default_bot_name(*choice->game);
  if (o.games < 1) return report_error(io.err, "--games must be at least 1", kExitUsage);
  if (auto bot = make_bot(o.bot, *choice->game); !bot)
    return report_error(io.err, bot.error(), kExitUsage);
  int jobs = o.jobs.value_or(int(std::thread::hardware_concurrency()));
  if (o.jobs && *o.jobs < 1) return report_error(io.err, "--jobs must be at least 1", kExitUsage);
  jobs = int(std::clamp<int64_t>(jobs, 1, o.games));
  // A setup error that only the state sees (e.g. a parameter against the player count).
  if (auto probe = choice->game->new_state(choice->setup); !probe)
    return report_error(io.err, probe.error(), kExitUsage);
  if (!o.record_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.record_dir, ec);
    if (ec || !std::filesystem::is_directory(o.record_dir))
      return report_error(io.err, "cannot create directory '" + o.record_dir + "'", kExitFailure);
  }

  Shared shared{*choice->game, choice->setup, o};
  // Blocks small enough that every thread gets many and the bar moves smoothly.
  shared.block = std::clamp<int64_t>(o.games / (int64_t(jobs) * 64), 1, 256);
  std::vector<WorkerResult> results(static_cast<size_t>(jobs));
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j)
    threads.emplace_back(work, std::ref(shared), std::ref(results[size_t(j)]));
  // The bar is drawn by this thread, so the workers never touch a stream.
  ProgressBar bar(io.err, o.games, is_terminal(io.err));
  if (is_terminal(io.err)) {
    while (shared.finished_threads.load() < jobs) {
      bar.update(shared.done.load(std::memory_order_relaxed));
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    bar.finish();
  }
  for (auto& t : threads) t.join();

  SimTally total(choice->setup.players);
  Failure first;
  for (const auto& r : results) {
    total.merge(r.tally);
    if (r.failure.game < first.game) first = r.failure;
  }
  if (!first.message.empty()) return report_error(io.err, first.message, kExitFailure);
  const SimHeader header{o.game, choice->game->display_name(), o.seed, o.bot,
                         choice->setup.params.values()};
  if (o.json) {
    io.out << sim_json(header, total).dump() << '\n';
  } else {
    io.out << sim_text(header, total);
    if (!o.record_dir.empty())
      io.out << "records: " << record_path(o.record_dir, 0) << " to "
             << record_path(o.record_dir, o.games - 1) << '\n';
  }
  return kExitOk;
}

}  // namespace sabbat::cli
