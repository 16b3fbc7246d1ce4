// A game is a function of its seed and settings alone, whatever was played before it: `sim`
// gives the same records and the same summary, byte for byte, whatever --jobs is and from one
// run to the next, for every registered game and each of its bots. The real binary is run.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/registry.hpp"
#include "support/cli_run.hpp"
#include "support/random_games.hpp"

namespace sabbat {
namespace {

using test::read_file;

namespace fs = std::filesystem;

// One run of the real binary: its --json summary and every record file, by name.
struct SimRun {
  int code = -1;
  std::string json;
  std::string err;
  std::map<std::string, std::string> records;
};

SimRun run_sim(const fs::path& dir, const std::string& args) {
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string cmd = "'" + std::string(SABBAT_BINARY) + "' sim " + args +
                          " --json --record '" + (dir / "records").string() + "' >'" +
                          (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
  const int status = std::system(cmd.c_str());
  SimRun r;
  if (WIFEXITED(status)) r.code = WEXITSTATUS(status);
  r.json = read_file(dir / "out");
  r.err = read_file(dir / "err");
  if (fs::is_directory(dir / "records"))
    for (const auto& e : fs::directory_iterator(dir / "records"))
      r.records[e.path().filename().string()] = read_file(e.path());
  fs::remove_all(dir);
  return r;
}

// Names the first record that differs, if any.
std::string first_difference(const SimRun& a, const SimRun& b) {
  if (a.records.size() != b.records.size())
    return std::to_string(a.records.size()) + " records against " +
           std::to_string(b.records.size());
  for (const auto& [name, text] : a.records) {
    auto it = b.records.find(name);
    if (it == b.records.end()) return name + " missing";
    if (it->second != text) return name + " differs";
  }
  if (a.json != b.json) return "the --json summary differs";
  return "";
}

// The bots a game offers: "random" and the game's own.
std::vector<std::string> bots_of(const Game& game) {
  std::vector<std::string> bots{"random"};
  for (const auto& name : game.bot_names()) bots.push_back(name);
  return bots;
}

// Every registered game with each bot it offers, with four players (or the nearest count the
// game allows): --jobs 1 and 3 agree byte for byte (three threads split the games unevenly).
// 300 games each (a tenth under the sanitizers), 20 for the expert levels, which search at
// every move, so that the threads often take turns, and 4 for Le Bal des Sorcières' expert,
// whose games cost fifty times the others': bots carried from one game to the next (as `sim`
// once did) changed about one game in a hundred of Du Balai !, and this test caught it.
TEST(SimDeterminism, EveryGameAndBotGiveTheSameRecordsWhateverTheJobsAndRun) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path base =
      fs::temp_directory_path() /
      ("sabbat-determinism-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
  for (const auto& game : registry().games()) {
    const int players = std::clamp(4, game->min_players(), game->max_players());
    for (const auto& bot : bots_of(*game)) {
      SCOPED_TRACE(game->id() + " with bot " + bot);
      const int games = bot != "expert"                     ? testing::scaled(300)
                        : game->id() == "bal-des-sorcieres" ? 4
                                                            : testing::scaled(20);
      const std::string args = game->id() + " --games " + std::to_string(games) +
                               " --seed 44 --players " + std::to_string(players) + " --bot " + bot;
      const SimRun one = run_sim(base, args + " --jobs 1");
      ASSERT_EQ(one.code, 0) << one.err;
      ASSERT_EQ(one.records.size(), size_t(games));
      const SimRun three = run_sim(base, args + " --jobs 3");
      ASSERT_EQ(three.code, 0) << three.err;
      EXPECT_EQ(first_difference(one, three), "") << "--jobs 1 against --jobs 3";
    }
  }
}

}  // namespace
}  // namespace sabbat
