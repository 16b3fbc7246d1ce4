// `sabbat sim`: many games between bots on several threads. Game i always uses seed
// Rng::mix(S, i) for its state and Rng::mix(that, 1) for its bots, and new bots, whichever
// thread plays it and whatever it played before. Threads share only read-only inputs and
// atomic counters; each owns its generator and tally, and the tallies are merged at the end.
#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <ostream>
#include <thread>
#include <vector>

#include "bots/lineup.hpp"
#include "bots/scheduler.hpp"
#include "cli/commands.hpp"
#include "cli/crew.hpp"
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
  const Lineup& lineup;
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

// Fails naming the records of games [0, games) that `dir` already holds, which this run
// would overwrite.
Status records_in_the_way(const std::string& dir, int64_t games) {
  std::vector<std::string> names;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    // game-NNNNNN.jsonl, the number written as record_path writes it.
    if (name.size() < 12 || name.rfind("game-", 0) != 0) continue;
    int64_t n = 0;
    const char* first = name.data() + 5;
    const char* last = name.data() + name.size();
    auto [ptr, err] = std::from_chars(first, last, n);
    if (err != std::errc() || n < 1 || n > games) continue;
    if (std::filesystem::path(record_path(dir, n - 1)).filename().string() == name)
      names.push_back(name);
  }
  if (ec) return fail("cannot read directory '" + echoed(dir) + "': " + ec.message());
  if (names.empty()) return {};
  std::sort(names.begin(), names.end());
  std::string shown;
  for (size_t k = 0; k < std::min<size_t>(names.size(), 3); ++k)
    shown += (k ? ", " : "") + names[k];
  if (names.size() > 3) shown += ", ...";
  return fail("'" + echoed(dir) + "' already holds " + std::to_string(names.size()) +
              (names.size() == 1 ? " record" : " records") + " this run would overwrite (" + shown +
              "); give another directory, or --force to overwrite them");
}

bool play_game(Shared& shared, Setup& setup, SimTally& tally, int64_t i, WorkerResult& result);

void work(Shared& shared, WorkerResult& result) {
  const SimOptions& o = shared.options;
  SimTally tally(shared.setup.players);
  Setup setup = shared.setup;
  auto before_failure = [&](int64_t i) {
    return i < shared.first_failure.load(std::memory_order_relaxed);
  };
  for (;;) {
    const int64_t start = shared.next.fetch_add(shared.block, std::memory_order_relaxed);
    const int64_t end = std::min(o.games, start + shared.block);
    if (start >= end || !before_failure(start)) break;
    int64_t i = start;
    for (; i < end && before_failure(i); ++i)
      if (!play_game(shared, setup, tally, i, result)) break;
    shared.done.fetch_add(i - start, std::memory_order_relaxed);
  }
  result.tally = std::move(tally);
  shared.finished_threads.fetch_add(1);
}

// Plays game i; false when it failed (then recorded as this thread's failure and announced).
// Every game before the smallest failing one is played, whichever thread holds it, so the
// failure reported is the same on every run.
bool play_game(Shared& shared, Setup& setup, SimTally& tally, int64_t i, WorkerResult& result) {
  const SimOptions& o = shared.options;
  setup.seed = Rng::mix(o.seed, uint64_t(i));
  Rng rng(Rng::mix(setup.seed, 1));
  Status st;
  // No exception may cross the thread: it becomes this game's failure.
  try {
    // Bots remember what they saw: each game gets its own, so that it is the same game
    // whichever thread plays it, after whichever games.
    const GameBots bots = shared.lineup.new_game();
    st = o.record_dir.empty() ? play_plain(shared.game, setup, bots.seats(), rng, tally)
                              : play_recorded(shared.game, setup, bots.seats(), rng, tally,
                                              record_path(o.record_dir, i));
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
  // Everything is checked before anything is played or printed.
  if (given.games < 1 || given.games > kMaxGames)
    return report_error(io.err, range_error("--games", 1, kMaxGames, std::to_string(given.games)),
                        kExitUsage);
  if (given.jobs && (*given.jobs < 1 || *given.jobs > kMaxJobs))
    return report_error(io.err, range_error("--jobs", 1, kMaxJobs, std::to_string(*given.jobs)),
                        kExitUsage);
  auto choice = choose_game(given.game, given.players, given.params, given.seed);
  if (!choice) return report_error(io.err, choice.error(), kExitUsage);
  SimOptions o = given;
  o.game = choice->game->id();  // the canonical id, whatever was typed
  auto names = seat_bots(*choice->game, o.bot, o.level, choice->setup.players);
  if (!names) return report_error(io.err, names.error(), kExitUsage);
  // The summary names the bots as they played: one name, or one per seat.
  o.bot = names->front();
  if (std::count(names->begin(), names->end(), o.bot) != std::ptrdiff_t(names->size()))
    for (size_t s = 1; s < names->size(); ++s) o.bot += "," + (*names)[s];
  auto lineup = Lineup::make(*choice->game, *names);
  if (!lineup) return report_error(io.err, lineup.error(), kExitUsage);
  // Default: one thread per hardware thread; never more threads than games.
  int jobs = o.jobs.value_or(std::clamp(int(std::thread::hardware_concurrency()), 1, kMaxJobs));
  jobs = int(std::min<int64_t>(jobs, o.games));
  // A setup error that only the state sees (e.g. a parameter against the player count).
  if (auto probe = choice->game->new_state(choice->setup); !probe)
    return report_error(io.err, probe.error(), kExitUsage);
  if (!o.record_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.record_dir, ec);
    if (ec || !std::filesystem::is_directory(o.record_dir))
      return report_error(io.err, "cannot create directory '" + echoed(o.record_dir) + "'",
                          kExitFailure);
    if (!o.force)
      if (auto clash = records_in_the_way(o.record_dir, o.games); !clash)
        return report_error(io.err, clash.error(), kExitFailure);
  }

  Shared shared{*choice->game, choice->setup, o, *lineup};
  // Blocks small enough that every thread gets many and the bar moves smoothly.
  shared.block = std::clamp<int64_t>(o.games / (int64_t(jobs) * 64), 1, 256);
  std::vector<WorkerResult> results(static_cast<size_t>(jobs));
  Crew crew;
  const Status started = crew.start(
      jobs, [&](int j) { work(shared, results[size_t(j)]); },
      // No block is claimed any more: the running threads end after their current one.
      [&] { shared.next.store(std::numeric_limits<int64_t>::max() / 2); });
  if (!started) return report_error(io.err, started.error(), kExitFailure);
  // The bar is drawn by this thread, so the workers never touch a stream.
  ProgressBar bar(io.err, o.games, is_terminal(io.err));
  if (is_terminal(io.err)) {
    while (shared.finished_threads.load() < jobs) {
      bar.update(shared.done.load(std::memory_order_relaxed));
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    bar.finish();
  }
  crew.join();

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
