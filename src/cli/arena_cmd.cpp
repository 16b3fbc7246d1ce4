// `sabbat arena`: bots against each other, strength measured rather than claimed. A deal (a
// seed) is played once per bot with the seats rotated, so that every bot meets the same cards
// from every place; games run on several threads, and their results are added up in the
// games' order, so the summary is the same whatever --jobs is (with iteration budgets: a
// bot that thinks for a time depends on the machine).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <thread>

#include "bots/lineup.hpp"
#include "bots/scheduler.hpp"
#include "cli/arena_stats.hpp"
#include "cli/commands.hpp"
#include "cli/crew.hpp"
#include "cli/terminal.hpp"

namespace sabbat::cli {

namespace {

// A game longer than this is a bug (a loop in rules or bots), not a long game.
constexpr int64_t kMaxActions = 10'000'000;

struct Arena {
  const Game& game;
  const Setup& setup;
  const std::vector<Lineup>& rotations;  // one lineup per rotation of the seats
  uint64_t seed = 1;
  int64_t games = 0;
  std::vector<ArenaGame> results;
  std::vector<std::string> failures;  // per game, empty when it went well
  alignas(64) std::atomic<int64_t> next{0};
  alignas(64) std::atomic<int64_t> done{0};
  std::atomic<int> finished_threads{0};
};

// The bot at `seat` in rotation `r`: the list read from seat r on, round and round.
int bot_at(int seat, int rotation, int bots) {
  return (seat + rotation) % bots;
}

std::string play_one(Arena& a, int64_t i) {
  const int k = int(a.rotations.size());
  const int64_t deal = i / k;
  const int rotation = int(i % k);
  Setup setup = a.setup;
  setup.seed = Rng::mix(a.seed, uint64_t(deal));
  Rng rng(Rng::mix(setup.seed, 1 + uint64_t(rotation)));
  auto state = a.game.new_state(setup);
  if (!state) return state.error();
  State& s = **state;
  const GameBots bots = a.rotations[size_t(rotation)].new_game();
  int64_t length = 0;
  while (!s.terminal()) {
    auto step = next_step(s, bots.seats(), rng);
    if (!step) return "nobody can act after " + std::to_string(length) + " actions";
    if (Status st = s.apply(step->seat, step->action, step->at); !st)
      return "action " + std::to_string(length + 1) + " refused: " + st.error();
    if (++length > kMaxActions) return "no end after " + std::to_string(length) + " actions";
  }
  ArenaGame& out = a.results[size_t(i)];
  out.ranks = s.ranks();
  out.bot_at_seat.resize(size_t(setup.players));
  for (int seat = 0; seat < setup.players; ++seat)
    out.bot_at_seat[size_t(seat)] = bot_at(seat, rotation, k);
  return {};
}

void work(Arena& a) {
  for (;;) {
    const int64_t i = a.next.fetch_add(1, std::memory_order_relaxed);
    if (i >= a.games) break;
    try {
      a.failures[size_t(i)] = play_one(a, i);
    } catch (const std::exception& e) {
      a.failures[size_t(i)] = std::string("internal error: ") + e.what();
    }
    a.done.fetch_add(1, std::memory_order_relaxed);
  }
  a.finished_threads.fetch_add(1);
}

std::string percent(double x) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f %%", 100 * x);
  return text;
}

std::string fixed(double x, const char* format) {
  char text[32];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

std::string padded(const std::string& text, size_t width, bool right) {
  if (text.size() >= width) return text;
  const std::string pad(width - text.size(), ' ');
  return right ? pad + text : text + pad;
}

}  // namespace

int run_arena(const ArenaOptions& o, const Io& io) {
  // Everything is checked before anything is played or printed.
  if (o.games < 1 || o.games > kMaxArenaGames)
    return report_error(io.err, range_error("--games", 1, kMaxArenaGames, std::to_string(o.games)),
                        kExitUsage);
  if (o.jobs && (*o.jobs < 1 || *o.jobs > kMaxJobs))
    return report_error(io.err, range_error("--jobs", 1, kMaxJobs, std::to_string(*o.jobs)),
                        kExitUsage);
  auto choice = choose_game(o.game, o.players, o.params, o.seed);
  if (!choice) return report_error(io.err, choice.error(), kExitUsage);
  const Game& game = *choice->game;
  const int players = choice->setup.players;
  if (o.bots.size() < 2)
    return report_error(io.err, "--bots takes at least two bots, separated by commas", kExitUsage);
  if (o.bots.size() > size_t(kMaxArenaBots))
    return report_error(io.err,
                        "--bots takes at most " + std::to_string(kMaxArenaBots) + " bots, not " +
                            std::to_string(o.bots.size()),
                        kExitUsage);
  for (size_t i = 0; i < o.bots.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (o.bots[i] == o.bots[j])
        return report_error(io.err, "bot '" + echoed(o.bots[i]) + "' is listed twice in --bots",
                            kExitUsage);
  const int k = int(o.bots.size());
  std::vector<Lineup> rotations;
  for (int r = 0; r < k; ++r) {
    std::vector<std::string> names;
    for (int seat = 0; seat < players; ++seat) names.push_back(o.bots[size_t(bot_at(seat, r, k))]);
    auto lineup = Lineup::make(game, names);
    if (!lineup) return report_error(io.err, lineup.error(), kExitUsage);
    rotations.push_back(std::move(lineup.value()));
  }
  if (auto probe = game.new_state(choice->setup); !probe)
    return report_error(io.err, probe.error(), kExitUsage);

  // Whole deals: every deal is played once per rotation.
  const int64_t deals = (o.games + k - 1) / k;
  Arena arena{game, choice->setup, rotations, o.seed, deals * k, {}, {}};
  arena.results.resize(size_t(arena.games));
  arena.failures.resize(size_t(arena.games));
  int jobs = o.jobs.value_or(std::clamp(int(std::thread::hardware_concurrency()), 1, kMaxJobs));
  jobs = int(std::min<int64_t>(jobs, arena.games));
  Crew crew;
  const Status started = crew.start(
      jobs, [&](int) { work(arena); },
      [&] { arena.next.store(std::numeric_limits<int64_t>::max() / 2); });
  if (!started) return report_error(io.err, started.error(), kExitFailure);
  ProgressBar bar(io.err, arena.games, is_terminal(io.err));
  if (is_terminal(io.err)) {
    while (arena.finished_threads.load() < jobs) {
      bar.update(arena.done.load(std::memory_order_relaxed));
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    bar.finish();
  }
  crew.join();
  for (int64_t i = 0; i < arena.games; ++i)
    if (!arena.failures[size_t(i)].empty())
      return report_error(io.err,
                          "game " + std::to_string(i) + " (deal " + std::to_string(i / k) +
                              ", seed " + std::to_string(Rng::mix(o.seed, uint64_t(i / k))) +
                              "): " + arena.failures[size_t(i)],
                          kExitFailure);

  ArenaTally tally(k);
  for (const auto& g : arena.results) tally.add(g);
  const auto elo = bradley_terry_elo(tally);

  if (o.json) {
    nlohmann::ordered_json j;
    j["game"] = game.id();
    j["players"] = players;
    j["seed"] = o.seed;
    j["games"] = arena.games;
    j["deals"] = deals;
    j["params"] = choice->setup.params.values();
    j["bots"] = nlohmann::ordered_json::array();
    for (int b = 0; b < k; ++b) {
      const auto ci = wilson_95(tally.wins(b), tally.seats(b));
      j["bots"].push_back({{"name", o.bots[size_t(b)]},
                           {"seats", tally.seats(b)},
                           {"wins", tally.wins(b)},
                           {"win_rate", tally.wins(b) / double(tally.seats(b))},
                           {"interval_95", {ci.low, ci.high}},
                           {"rating", elo[size_t(b)]}});
    }
    // head_to_head[a][b]: a's share of the points against b (null on the diagonal).
    auto h2h = nlohmann::ordered_json::array();
    for (int a = 0; a < k; ++a) {
      auto row = nlohmann::ordered_json::array();
      for (int b = 0; b < k; ++b) {
        if (a == b || tally.meetings(a, b) == 0)
          row.push_back(nullptr);
        else
          row.push_back(tally.points(a, b) / double(tally.meetings(a, b)));
      }
      h2h.push_back(row);
    }
    j["head_to_head"] = h2h;
    io.out << j.dump() << '\n';
    return kExitOk;
  }

  std::ostringstream out;
  out << game.display_name() << ", " << players << " players, " << arena.games << " games ("
      << deals << (deals == 1 ? " deal" : " deals") << ", each played " << k
      << " times with the seats rotated), seed " << o.seed << '\n';
  size_t width = 4;
  for (const auto& name : o.bots) width = std::max(width, name.size());
  out << '\n'
      << padded("bot", width, false)
      << "   seats      wins   win rate   95 % interval     rating\n";
  std::vector<int> order(static_cast<size_t>(k));
  for (int b = 0; b < k; ++b) order[size_t(b)] = b;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return elo[size_t(a)] > elo[size_t(b)]; });
  for (int b : order) {
    const auto ci = wilson_95(tally.wins(b), tally.seats(b));
    out << padded(o.bots[size_t(b)], width, false)
        << padded(std::to_string(tally.seats(b)), 8, true)
        << padded(fixed(tally.wins(b), "%.1f"), 10, true)
        << padded(percent(tally.wins(b) / double(tally.seats(b))), 11, true) << "   "
        << padded(fixed(100 * ci.low, "%.1f") + " – " + fixed(100 * ci.high, "%.1f") + " %", 15,
                  true)
        << padded(fixed(elo[size_t(b)], "%+.0f"), 11, true) << '\n';
  }
  out << "\nhead to head: the row's share of the points against the column, where they met\n"
      << padded("", width, false);
  for (int b : order)
    out << "  " << padded(o.bots[size_t(b)], std::max<size_t>(8, o.bots[size_t(b)].size()), true);
  out << '\n';
  for (int a : order) {
    out << padded(o.bots[size_t(a)], width, false);
    for (int b : order) {
      const size_t w = std::max<size_t>(8, o.bots[size_t(b)].size());
      const std::string cell = a == b ? "-"
                               : tally.meetings(a, b) == 0
                                   ? "no meeting"
                                   : percent(tally.points(a, b) / double(tally.meetings(a, b)));
      out << "  " << padded(cell, w, true);
    }
    out << '\n';
  }
  out << "\nratings: Bradley-Terry on the Elo scale (400 points for ten to one), averaging 0\n";
  io.out << out.str();
  return kExitOk;
}

}  // namespace sabbat::cli
