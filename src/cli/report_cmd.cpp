// `sabbat report`: simulates a game once per bot and compared value with `sim`'s machinery
// (cli/sim_run.hpp: the same seeds, so the same games as `sim`), counts what each seat held and
// played through the game's components, and writes the numbers as JSON, CSV and one HTML page
// that opens offline (the web client's built report page with the numbers put in).
#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>
#include <thread>

#include "bots/bot.hpp"
#include "cli/commands.hpp"
#include "cli/report_json.hpp"
#include "cli/sim_run.hpp"

namespace sabbat::cli {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMarker = "<!--SABBAT-REPORT-DATA-->";

struct Compare {
  std::string param;
  std::vector<std::string> values;
};

// "NAME=A,B,...": a parameter of the game, two or more distinct values (each checked when its
// run's setup is made).
Result<Compare> parse_compare(const Game& game, const std::string& text,
                              const std::vector<std::string>& params) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    return fail("--compare takes NAME=A,B (a parameter and two or more of its values), not '" +
                echoed(text) + "'");
  Compare c{text.substr(0, eq), {}};
  std::string known;
  bool found = false;
  for (const auto& spec : game.param_specs()) {
    known += (known.empty() ? "" : ", ") + spec.name;
    found = found || spec.name == c.param;
  }
  if (!found)
    return fail("--compare: " + game.display_name() + " has no parameter '" + echoed(c.param) +
                "'" +
                (known.empty() ? std::string(" (it has none)") : "; its parameters: " + known));
  for (const auto& p : params)
    if (p.rfind(c.param + "=", 0) == 0)
      return fail("--compare sets " + c.param + " in each run; do not give it with --param too");
  std::set<std::string> seen;
  for (size_t start = eq + 1;;) {
    const size_t comma = text.find(',', start);
    std::string v = text.substr(start, comma - start);
    if (v.empty()) return fail("--compare: an empty value in '" + echoed(text) + "'");
    if (!seen.insert(v).second)
      return fail("--compare: the value '" + echoed(v) + "' is given twice");
    c.values.push_back(std::move(v));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (c.values.size() < 2)
    return fail("--compare needs two or more values of " + c.param + ", separated by commas");
  return c;
}

// One game for the report: as `sim` plays it, and before each action the components its seat
// plays with it.
Status play_for_report(const Game& game, const Setup& setup, const std::vector<Bot*>& bots,
                       Rng& rng, ReportTally& tally) {
  auto made = game.new_state(setup);
  if (!made) return fail(made.error());
  State& s = **made;
  const int players = s.players();
  std::vector<std::vector<int>> held(static_cast<size_t>(players));
  std::vector<std::vector<int>> played(static_cast<size_t>(players));
  for (Seat seat = 0; seat < players; ++seat) s.components_held(seat, held[size_t(seat)]);
  auto length = play_out(s, bots, rng, [&](const Step& st) {
    if (st.seat >= 0 && st.seat < players)
      s.components_played(st.seat, st.action, played[size_t(st.seat)]);
    return s.apply(st.seat, st.action, st.at);
  });
  if (!length) return fail(length.error());
  tally.add(*length, s.scores(), s.ranks(), held, played);
  return {};
}

Result<std::string> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot read '" + echoed(path.string()) + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Status write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) return fail("cannot write '" + echoed(path.string()) + "'");
  return {};
}

// The built report page with the numbers put in place of its marker; "</" is written "<\/" so
// that no text in the numbers can close the script element.
Result<std::string> report_page(const std::string& page, const nlohmann::ordered_json& report) {
  const size_t at = page.find(kMarker);
  if (at == std::string::npos || page.find(kMarker, at + 1) != std::string::npos)
    return fail("the report page has no single data marker " + std::string(kMarker) +
                "; rebuild the web client (web/build.sh)");
  std::string data = report.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  std::string safe;
  safe.reserve(data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    if (data[i] == '<' && i + 1 < data.size() && data[i + 1] == '/') {
      safe += "<\\/";
      ++i;
    } else {
      safe += data[i];
    }
  }
  return page.substr(0, at) + "<script id=\"report-data\" type=\"application/json\">" + safe +
         "</script>" + page.substr(at + kMarker.size());
}

}  // namespace

int run_report(const ReportOptions& given, const Io& io) {
  // Everything is checked before anything is played or written.
  if (given.games < 1 || given.games > kMaxReportGames)
    return report_error(io.err,
                        range_error("--games", 1, kMaxReportGames, std::to_string(given.games)),
                        kExitUsage);
  if (given.jobs && (*given.jobs < 1 || *given.jobs > kMaxJobs))
    return report_error(io.err, range_error("--jobs", 1, kMaxJobs, std::to_string(*given.jobs)),
                        kExitUsage);
  auto base = choose_game(given.game, given.players, given.params, given.seed);
  if (!base) return report_error(io.err, base.error(), kExitUsage);
  const Game& game = *base->game;
  const int players = base->setup.players;

  Compare compare;
  if (!given.compare.empty()) {
    auto c = parse_compare(game, given.compare, given.params);
    if (!c) return report_error(io.err, c.error(), kExitUsage);
    compare = std::move(*c);
  }
  // One bot at every seat per run; none given: the game's default.
  std::vector<std::string> bots = given.bots;
  if (bots.empty()) {
    auto names = seat_bots(game, "", given.level, players);
    if (!names) return report_error(io.err, names.error(), kExitUsage);
    bots.push_back(names->front());
  }
  const size_t values = compare.values.empty() ? 1 : compare.values.size();
  if (bots.size() * values > size_t(kMaxReportRuns))
    return report_error(io.err,
                        "a report makes at most " + std::to_string(kMaxReportRuns) +
                            " runs (bots times compared values), not " +
                            std::to_string(bots.size() * values),
                        kExitUsage);

  // The runs' settings, each checked: a compared value against the game, a bot's name.
  struct Plan {
    GameChoice choice;
    std::string bot;
    std::string label;
    Lineup lineup;
  };
  std::vector<Plan> plans;
  for (const auto& bot : bots) {
    if (bot.find(',') != std::string::npos || bot.empty())
      return report_error(io.err,
                          "--bots takes bot names separated by commas, not '" + echoed(bot) + "'",
                          kExitUsage);
    auto names = seat_bots(game, bot, given.level, players);
    if (!names) return report_error(io.err, names.error(), kExitUsage);
    for (size_t v = 0; v < values; ++v) {
      auto lineup = Lineup::make(game, *names);
      if (!lineup) return report_error(io.err, lineup.error(), kExitUsage);
      std::vector<std::string> params = given.params;
      std::string label = names->front();
      if (!compare.values.empty()) {
        params.push_back(compare.param + "=" + compare.values[v]);
        label += " \u00b7 " + compare.param + "=" + compare.values[v];
      }
      auto choice = choose_game(game.id(), players, params, given.seed);
      if (!choice) return report_error(io.err, choice.error(), kExitUsage);
      // A setup error that only the state sees (e.g. a parameter against the player count).
      if (auto probe = game.new_state(choice->setup); !probe)
        return report_error(io.err, probe.error(), kExitUsage);
      plans.push_back({std::move(*choice), names->front(), label, std::move(*lineup)});
    }
  }

  std::string page;
  fs::path html, json_path, seats_path, components_path;
  if (!given.out.empty()) {
    html = given.out;
    const fs::path dir = html.has_parent_path() ? html.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
      return report_error(
          io.err,
          "cannot write '" + echoed(given.out) + "': no directory '" + echoed(dir.string()) + "'",
          kExitFailure);
    const std::string web = given.web_dir.empty() ? default_web_dir() : given.web_dir;
    if (web.empty())
      return report_error(io.err,
                          "no built web client to take the report page from (build it with "
                          "web/build.sh, or give --web DIR)",
                          kExitFailure);
    auto text = read_file(fs::path(web) / "report.html");
    if (!text)
      return report_error(io.err,
                          text.error() +
                              " (build the web client with web/build.sh, or give "
                              "--web DIR)",
                          kExitFailure);
    page = std::move(*text);
    if (page.find(kMarker) == std::string::npos)
      return report_error(io.err,
                          "the report page in '" + echoed(web) + "' has no data marker " +
                              std::string(kMarker) + "; rebuild the web client (web/build.sh)",
                          kExitFailure);
    const fs::path stem = fs::path(html).replace_extension();
    json_path = fs::path(html).replace_extension(".json");
    seats_path = stem.string() + "-seats.csv";
    components_path = stem.string() + "-components.csv";
  }

  int jobs = given.jobs.value_or(std::clamp(int(std::thread::hardware_concurrency()), 1, kMaxJobs));
  jobs = int(std::min<int64_t>(jobs, given.games));
  const std::vector<Component> components = game.components();
  std::vector<ReportRun> runs;
  for (const Plan& p : plans) {
    const SimPlan plan{game, p.choice.setup, p.lineup, given.seed, given.games, jobs};
    const PlayOne<ReportTally> play = [&](const Setup& setup, const std::vector<Bot*>& seat_bots,
                                          Rng& rng, int64_t, ReportTally& tally) {
      return play_for_report(game, setup, seat_bots, rng, tally);
    };
    auto tally = simulate(plan, ReportTally(players, int(components.size())), play, io.err);
    if (!tally) return report_error(io.err, p.label + ": " + tally.error(), kExitFailure);
    runs.push_back({p.label, p.bot, p.choice.setup.params.values(), std::move(*tally)});
  }

  ReportHeader header;
  header.game_id = game.id();
  header.game_name = game.display_name();
  header.command = given.command;
  header.version = given.version;
  header.seed = given.seed;
  header.players = players;
  header.games = given.games;
  for (const auto& p : plans)
    if (header.bots.empty() || header.bots.back() != p.bot) header.bots.push_back(p.bot);
  header.params = base->setup.params.values();
  if (!compare.values.empty()) header.params.erase(compare.param);
  header.compare = compare.param;
  header.values = compare.values;
  const auto report = report_json(header, components, runs);

  if (!html.empty()) {
    auto filled = report_page(page, report);
    if (!filled) return report_error(io.err, filled.error(), kExitFailure);
    for (const auto& [path, text] :
         {std::pair{html, *filled},
          std::pair{
              json_path,
              report.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n"},
          std::pair{seats_path, seats_csv(report)},
          std::pair{components_path, components_csv(report)}})
      if (auto st = write_file(path, text); !st)
        return report_error(io.err, st.error(), kExitFailure);
  }
  if (given.json) {
    io.out << report.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
  } else {
    io.out << report_text(report);
    if (!html.empty())
      io.out << "\nreport: " << html.string() << " (numbers: " << json_path.string() << ", "
             << seats_path.string() << ", " << components_path.string() << ")\n";
  }
  return kExitOk;
}

}  // namespace sabbat::cli
