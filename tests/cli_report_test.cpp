// `sabbat report`: the same games as `sim` for one seed (its numbers match `sim --json`), the
// same numbers whatever --jobs is, one run per bot and compared value, the components of every
// game counted, the HTML page filled in offline with its JSON and CSV files beside it, and
// every bad option refused with one line before anything is played.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/registry.hpp"
#include "support/cli_run.hpp"

namespace sabbat {
namespace {

namespace fs = std::filesystem;
using test::expect_one_error_line;
using test::Outcome;
using test::read_file;
using test::sabbat;
using test::write_file;
using json = nlohmann::json;

struct TempDir : test::TempDir {
  TempDir() : test::TempDir("sabbat-report") {}
};

json report(const std::vector<std::string>& args) {
  std::vector<std::string> all{"report"};
  all.insert(all.end(), args.begin(), args.end());
  all.push_back("--json");
  const Outcome r = sabbat(all);
  EXPECT_EQ(r.code, 0) << r.err;
  return json::parse(r.out);
}

TEST(Report, ItsNumbersAreThoseOfSimForTheSameSeedInEveryGame) {
  for (const auto& game : registry().games()) {
    SCOPED_TRACE(game->id());
    const Outcome simmed = sabbat({"sim", game->id(), "--games", "24", "--seed", "7", "--json"});
    ASSERT_EQ(simmed.code, 0) << simmed.err;
    const json sim = json::parse(simmed.out);
    const json rep = report({game->id(), "--games", "24", "--seed", "7", "--jobs", "2"});
    ASSERT_EQ(rep["runs"].size(), 1u);
    const json& run = rep["runs"][0];
    EXPECT_EQ(run["bot"], sim["bot"]);
    EXPECT_EQ(run["games"], sim["games"]);
    EXPECT_EQ(run["params"], sim["params"]);
    EXPECT_EQ(run["lengths"]["min"], sim["length"]["min"]);
    EXPECT_EQ(run["lengths"]["max"], sim["length"]["max"]);
    EXPECT_NEAR(run["lengths"]["mean"].get<double>(), sim["length"]["mean"].get<double>(), 1e-6);
    int64_t binned = 0;
    for (const auto& b : run["lengths"]["bins"]) binned += b["count"].get<int64_t>();
    EXPECT_EQ(binned, 24);
    int64_t scored = 0;
    for (const auto& b : run["scores"]) scored += b["count"].get<int64_t>();
    EXPECT_EQ(scored, 24 * rep["players"].get<int64_t>());
    for (size_t s = 0; s < run["seats"].size(); ++s) {
      const json& seat = run["seats"][s];
      EXPECT_NEAR(seat["wins"].get<double>(), sim["fractional_wins"][s].get<double>(), 1e-6);
      EXPECT_NEAR(seat["mean_score"].get<double>(), sim["mean_score"][s].get<double>(), 1e-6);
      EXPECT_LE(seat["win_low"].get<double>(), seat["win_rate"].get<double>());
      EXPECT_GE(seat["win_high"].get<double>(), seat["win_rate"].get<double>());
    }
    // Every component of the game is listed once, with counts no larger than the seat-games.
    EXPECT_EQ(run["components"].size(), game->components().size());
    const int64_t seat_games = 24 * rep["players"].get<int64_t>();
    for (const auto& c : run["components"]) {
      EXPECT_LE(c["played_in"].get<int64_t>(), seat_games) << c["id"];
      EXPECT_LE(c["held_in"].get<int64_t>(), seat_games) << c["id"];
      EXPECT_GE(c["plays"].get<int64_t>(), c["played_in"].get<int64_t>()) << c["id"];
      // Held by nobody: no rate; held: a rate inside its interval.
      EXPECT_EQ(c["win_held"].is_null(), c["held_in"].get<int64_t>() == 0) << c["id"];
      if (!c["win_held"].is_null()) {
        EXPECT_LE(c["win_held_low"].get<double>(), c["win_held"].get<double>()) << c["id"];
        EXPECT_GE(c["win_held_high"].get<double>(), c["win_held"].get<double>()) << c["id"];
      }
    }
  }
}

TEST(Report, TheSameNumbersWhateverTheThreads) {
  json one = report({"sortileges", "--games", "60", "--jobs", "1"});
  json two = report({"sortileges", "--games", "60", "--jobs", "2"});
  // The command line says --jobs, which is all that may differ.
  one.erase("command");
  two.erase("command");
  EXPECT_EQ(one, two);
}

TEST(Report, ComponentsAreSortedByEffectAndTheNeverPlayedComeLast) {
  const json rep = report({"bal-des-sorcieres", "--games", "30", "--param", "level=hard"});
  const json& comps = rep["runs"][0]["components"];
  bool nulls = false;
  double last = 2;
  for (const auto& c : comps) {
    if (c["effect"].is_null()) {
      nulls = true;
      continue;
    }
    EXPECT_FALSE(nulls) << "a component with an effect after one without: " << c["id"];
    EXPECT_LE(c["effect"].get<double>(), last);
    last = c["effect"].get<double>();
    EXPECT_LE(c["effect_low"].get<double>(), c["effect"].get<double>());
    EXPECT_GE(c["effect_high"].get<double>(), c["effect"].get<double>());
  }
}

TEST(Report, OneRunPerBotAndComparedValueWithTheirDifferences) {
  const json rep = report({"sortileges", "--games", "20", "--bots", "random,normal", "--compare",
                           "unclaimed=removed,under-gratin"});
  ASSERT_EQ(rep["runs"].size(), 4u);
  EXPECT_EQ(rep["bots"], json({"random", "normal"}));
  EXPECT_EQ(rep["compare"]["param"], "unclaimed");
  EXPECT_EQ(rep["runs"][0]["label"], "random \u00b7 unclaimed=removed");
  EXPECT_EQ(rep["runs"][1]["params"]["unclaimed"], "under-gratin");
  EXPECT_EQ(rep["runs"][3]["bot"], "normal");
  EXPECT_FALSE(rep["params"].contains("unclaimed")) << "the compared parameter is per run";
  ASSERT_EQ(rep["differences"].size(), 2u);
  const json& d = rep["differences"][1];
  EXPECT_EQ(d["bot"], "normal");
  EXPECT_EQ(d["a"], rep["runs"][2]["label"]);
  EXPECT_EQ(d["b"], rep["runs"][3]["label"]);
  for (size_t s = 0; s < d["seats"].size(); ++s) {
    const double want = rep["runs"][3]["seats"][s]["win_rate"].get<double>() -
                        rep["runs"][2]["seats"][s]["win_rate"].get<double>();
    EXPECT_NEAR(d["seats"][s]["diff"].get<double>(), want, 1e-5);
    EXPECT_LE(d["seats"][s]["low"].get<double>(), d["seats"][s]["diff"].get<double>());
  }
}

TEST(Report, TheOutFileIsTheBuiltPageWithTheNumbersPutInAndItsJsonAndCsvBeside) {
  TempDir dir;
  const fs::path web = dir / "web";
  fs::create_directories(web);
  write_file(web / "report.html", "<html><body>\n<!--SABBAT-REPORT-DATA-->\n</body></html>\n");
  const fs::path out = dir / "bal.html";
  const Outcome r = sabbat({"report", "bal-des-sorcieres", "--games", "6", "--out", out.string(),
                            "--web", web.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("report: " + out.string()), std::string::npos) << r.out;
  const std::string html = read_file(out);
  const std::string open = "<script id=\"report-data\" type=\"application/json\">";
  const size_t at = html.find(open);
  ASSERT_NE(at, std::string::npos) << html;
  EXPECT_EQ(html.find("SABBAT-REPORT-DATA"), std::string::npos);
  const size_t end = html.find("</script>", at);
  const std::string data = html.substr(at + open.size(), end - at - open.size());
  EXPECT_EQ(data.find("</"), std::string::npos) << "a '</' could close the script";
  const json from_page = json::parse(data);
  const json from_file = json::parse(read_file(dir / "bal.json"));
  EXPECT_EQ(from_page, from_file);
  EXPECT_EQ(from_page["game"]["id"], "bal-des-sorcieres");
  EXPECT_EQ(from_page["command"].get<std::string>().rfind("sabbat report bal-des-sorcieres", 0),
            0u);
  const std::string seats = read_file(dir / "bal-seats.csv");
  EXPECT_EQ(seats.rfind("run,bot,seat,games,wins,", 0), 0u) << seats;
  // A header and one line per seat.
  EXPECT_EQ(std::count(seats.begin(), seats.end(), '\n'), 1 + from_page["players"].get<int64_t>());
  const std::string comps = read_file(dir / "bal-components.csv");
  EXPECT_EQ(std::count(comps.begin(), comps.end(), '\n'),
            1 + std::ptrdiff_t(from_page["runs"][0]["components"].size()));
}

TEST(ReportErrors, EachBadOptionIsOneLineBeforeAnythingIsPlayed) {
  expect_one_error_line(sabbat({"report", "sortileges", "--compare", "nothing=1,2"}),
                        "has no parameter 'nothing'");
  expect_one_error_line(sabbat({"report", "sortileges", "--compare", "unclaimed=removed"}),
                        "two or more values");
  expect_one_error_line(sabbat({"report", "sortileges", "--compare", "unclaimed=removed,removed"}),
                        "given twice");
  expect_one_error_line(
      sabbat({"report", "sortileges", "--compare", "unclaimed=removed,,under-gratin"}),
      "an empty value");
  expect_one_error_line(sabbat({"report", "sortileges", "--compare", "unclaimed"}),
                        "--compare takes NAME=A,B");
  expect_one_error_line(sabbat({"report", "sortileges", "--compare", "unclaimed=removed,burn"}),
                        "burn");
  expect_one_error_line(sabbat({"report", "sortileges", "--param", "unclaimed=removed", "--compare",
                                "unclaimed=removed,under-gratin"}),
                        "do not give it with --param too");
  expect_one_error_line(sabbat({"report", "sortileges", "--bots", "normal,,random"}), "");
  expect_one_error_line(sabbat({"report", "sortileges", "--bots", "grandmaster"}), "grandmaster");
  expect_one_error_line(sabbat({"report", "sortileges", "--games", "0"}), "--games");
  expect_one_error_line(sabbat({"report", "nosuchgame"}), "nosuchgame");
  TempDir dir;
  expect_one_error_line(
      sabbat({"report", "sortileges", "--out", (fs::path(dir / "no") / "r.html").string()}),
      "no directory");
  expect_one_error_line(
      sabbat({"report", "sortileges", "--out", dir / "r.html", "--web", dir / ""}), "report.html");
  write_file(dir / "report.html", "<html>no marker</html>");
  expect_one_error_line(
      sabbat({"report", "sortileges", "--out", dir / "r.html", "--web", dir / ""}),
      "no data marker");
  EXPECT_FALSE(fs::exists(dir / "r.html")) << "nothing written after an error";
}

}  // namespace
}  // namespace sabbat
