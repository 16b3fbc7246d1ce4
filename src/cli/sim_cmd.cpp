// `sabbat sim`: many games between bots on several threads (cli/sim_run.hpp), summed up.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <ostream>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/sim_run.hpp"
#include "cli/sim_tally.hpp"
#include "core/record.hpp"

namespace sabbat::cli {

namespace {

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

std::string record_path(const std::string& dir, int64_t game) {
  char name[32];
  std::snprintf(name, sizeof name, "game-%06lld.jsonl", static_cast<long long>(game + 1));
  return (std::filesystem::path(dir) / name).string();
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

  const SimPlan plan{*choice->game, choice->setup, *lineup, o.seed, o.games, jobs};
  const PlayOne<SimTally> play = [&](const Setup& setup, const std::vector<Bot*>& bots, Rng& rng,
                                     int64_t i, SimTally& tally) {
    return o.record_dir.empty() ? play_plain(*choice->game, setup, bots, rng, tally)
                                : play_recorded(*choice->game, setup, bots, rng, tally,
                                                record_path(o.record_dir, i));
  };
  auto total = simulate(plan, SimTally(choice->setup.players), play, io.err);
  if (!total) return report_error(io.err, total.error(), kExitFailure);
  const SimHeader header{o.game, choice->game->display_name(), o.seed, o.bot,
                         choice->setup.params.values()};
  if (o.json) {
    io.out << sim_json(header, *total).dump() << '\n';
  } else {
    io.out << sim_text(header, *total);
    if (!o.record_dir.empty())
      io.out << "records: " << record_path(o.record_dir, 0) << " to "
             << record_path(o.record_dir, o.games - 1) << '\n';
  }
  return kExitOk;
}

}  // namespace sabbat::cli
