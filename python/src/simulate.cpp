// sabbat.simulate: `sabbat sim`'s simulator (cli/sim_run.hpp) and summary (cli/sim_tally.hpp),
// with one row per game besides. The games are played on C++ threads, without the GIL.
#include <pybind11/stl.h>

#include <algorithm>
#include <sstream>
#include <thread>

#include "bots/lineup.hpp"
#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/sim_run.hpp"
#include "cli/sim_tally.hpp"
#include "module.hpp"

namespace sabbat::python {

namespace {

struct GameRow {
  int64_t game = 0;
  uint64_t seed = 0;
  int64_t length = 0;
  std::vector<int> scores;
  std::vector<int> ranks;
};

// SimTally's sums, and every game's row; merged in any order, sorted by game at the end.
struct RowTally {
  cli::SimTally sums;
  std::vector<GameRow> rows;
  void merge(const RowTally& other) {
    sums.merge(other.sums);
    rows.insert(rows.end(), other.rows.begin(), other.rows.end());
  }
};

std::vector<std::string> texts(const std::optional<py::dict>& params) {
  std::vector<std::string> out;
  if (params)
    for (const auto& [name, value] : *params)
      out.push_back(py::str(name).cast<std::string>() + "=" + param_text(value));
  return out;
}

// Bots as --bot takes them: None (the game's default), "name", "a,b,c" or a list of names.
std::string bot_text(const py::object& bots) {
  if (bots.is_none()) return {};
  if (py::isinstance<py::str>(bots)) return bots.cast<std::string>();
  std::string out;
  for (const auto& name : bots) out += (out.empty() ? "" : ",") + py::str(name).cast<std::string>();
  return out;
}

py::dict row_dict(const GameRow& r) {
  py::dict d;
  d["game"] = r.game;
  d["seed"] = r.seed;
  d["length"] = r.length;
  for (size_t s = 0; s < r.scores.size(); ++s)
    d[py::str("score_" + std::to_string(s))] = r.scores[s];
  for (size_t s = 0; s < r.ranks.size(); ++s) d[py::str("rank_" + std::to_string(s))] = r.ranks[s];
  d["winners"] = std::count(r.ranks.begin(), r.ranks.end(), 1);
  return d;
}

py::tuple simulate(const std::string& id, int64_t games, const py::object& bots,
                   std::optional<int> players, const std::optional<py::dict>& params, uint64_t seed,
                   std::optional<int> jobs, const std::string& level, bool with_rows) {
  // The checks and their messages are `sabbat sim`'s.
  if (games < 1 || games > cli::kMaxGames)
    throw py::value_error(cli::range_error("games", 1, cli::kMaxGames, std::to_string(games)));
  if (jobs && (*jobs < 1 || *jobs > cli::kMaxJobs))
    throw py::value_error(cli::range_error("jobs", 1, cli::kMaxJobs, std::to_string(*jobs)));
  auto choice = cli::choose_game(id, players, texts(params), seed);
  if (!choice) throw py::value_error(choice.error());
  const Game& game = *choice->game;
  auto names = seat_bots(game, bot_text(bots), level, choice->setup.players);
  if (!names) throw py::value_error(names.error());
  // The summary names the bots as `sim` does: one name, or one per seat.
  std::string bot = names->front();
  if (std::count(names->begin(), names->end(), bot) != std::ptrdiff_t(names->size()))
    for (size_t s = 1; s < names->size(); ++s) bot += "," + (*names)[s];
  auto lineup = Lineup::make(game, *names);
  if (!lineup) throw py::value_error(lineup.error());
  if (auto probe = game.new_state(choice->setup); !probe) throw py::value_error(probe.error());
  const int threads = int(std::min<int64_t>(
      jobs.value_or(std::clamp(int(std::thread::hardware_concurrency()), 1, cli::kMaxJobs)),
      games));

  const cli::SimPlan plan{game, choice->setup, *lineup, seed, games, threads};
  const cli::PlayOne<RowTally> play = [&game, with_rows](const Setup& setup,
                                                         const std::vector<Bot*>& seats, Rng& rng,
                                                         int64_t i, RowTally& tally) -> Status {
    auto state = game.new_state(setup);
    if (!state) return fail(state.error());
    State& s = **state;
    auto length = cli::play_out(s, seats, rng,
                                [&](const Step& st) { return s.apply(st.seat, st.action, st.at); });
    if (!length) return fail(length.error());
    tally.sums.add(*length, s.scores(), s.ranks());
    if (with_rows) tally.rows.push_back({i, setup.seed, *length, s.scores(), s.ranks()});
    return {};
  };
  std::ostringstream quiet;  // no progress bar: not a terminal
  std::optional<Result<RowTally>> total;
  {
    py::gil_scoped_release unlocked;
    total.emplace(
        cli::simulate(plan, RowTally{cli::SimTally(choice->setup.players), {}}, play, quiet));
  }
  if (!*total) throw std::runtime_error(total->error());
  RowTally& t = total->value();
  std::sort(t.rows.begin(), t.rows.end(),
            [](const GameRow& a, const GameRow& b) { return a.game < b.game; });
  const cli::SimHeader header{game.id(), game.display_name(), seed, bot,
                              choice->setup.params.values()};
  const std::string summary = cli::sim_json(header, t.sums).dump();
  py::list rows;
  for (const auto& r : t.rows) rows.append(row_dict(r));
  return py::make_tuple(summary, rows);
}

}  // namespace

void bind_simulate(py::module_& m) {
  m.def("_simulate", &simulate, py::arg("game_id"), py::arg("games"), py::arg("bots") = py::none(),
        py::arg("players") = py::none(), py::arg("params") = py::none(), py::arg("seed") = 1,
        py::arg("jobs") = py::none(), py::arg("level") = "", py::arg("rows") = true,
        "`sabbat sim --json`'s summary as JSON text, and one dict per game (sabbat.simulate "
        "wraps it).");
}

}  // namespace sabbat::python
