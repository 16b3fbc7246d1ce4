// `sabbat play` in real time: bots and the clock act while the person thinks, what the person
// types is applied when it arrives, and scripted input stays usable. The real binary is run
// with a pipe as stdin so that waiting really happens; short deadlines keep each test brief.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/cli.hpp"
#include "cli/play_session.hpp"
#include "core/registry.hpp"
#include "support/cli_run.hpp"
#include "support/cli_session.hpp"

namespace sabbat {
namespace {

using test::read_file;

namespace fs = std::filesystem;

struct Played {
  int code = -1;
  std::string out;
  std::string err;
  double seconds = 0;
};

// Runs `sh -c "<feeder> | sabbat <args>"`: the feeder writes the person's lines, with pauses.
// With `late_start`, the game starts 0.3 s later, once the first lines are surely in the pipe.
Played play_binary(const std::string& feeder, const std::string& args, bool late_start = false) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::temp_directory_path() / ("sabbat-rt-" + std::string(info->name()) + "-" +
                                                    std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string cmd = "{ " + feeder + "; } | { " + (late_start ? "sleep 0.3; " : "") +
                          "exec '" + std::string(SABBAT_BINARY) + "' " + args + " >'" +
                          (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'; }";
  const auto t0 = std::chrono::steady_clock::now();
  const int status = std::system(cmd.c_str());
  Played r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (WIFEXITED(status)) r.code = WEXITSTATUS(status);
  r.out = read_file(dir / "out");
  r.err = read_file(dir / "err");
  fs::remove_all(dir);
  return r;
}

// Short deadlines: once the book is closed, a turn passes within the few seconds a test waits.
const std::string kQuick =
    "play du-balai --players 2 --seed 5 --no-color --bot expert --param book_time_ms=1000 "
    "--param formula_time_ms=1000 --param spell_time_ms=1000 --param reaction_time_ms=500";

TEST(PlayRealtime, DeadlinesPassWhileThePersonTypesNothing) {
  // The person closes the book (a bot reads the dice for longer than a test waits), then types
  // nothing for 5 s: the clock writes nothing for her when the 1 s formula time is up, ends
  // the spells' 1 s choices, and the next turn begins without her.
  Played r = play_binary("echo close-book; sleep 5; echo quit", kQuick, true);
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_EQ(r.err, "");
  EXPECT_GE(r.seconds, 4.5);
  EXPECT_LT(r.seconds, 8.0);
  EXPECT_NE(r.out.find("time"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("You leave the game unfinished"), std::string::npos) << r.out;
  // The clock ended at least one phase and a second turn began while the person waited.
  EXPECT_NE(r.out.find("turn 2"), std::string::npos) << r.out;
}

TEST(PlayRealtime, CloseBookTypedEarlyBeatsTheBots) {
  // The line is in the pipe before the game starts: the person closes the book first.
  // Quitting 2 s after the 1 s writing time leaves room for a slow (sanitizer) build.
  Played r = play_binary("echo close-book; sleep 3; echo quit",
                         "play du-balai --players 2 "
                         "--seed 5 --no-color --param formula_time_ms=1000",
                         true);
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("> close-book"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Cannot do 'close-book'"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("You cannot act now"), std::string::npos) << r.out;
  // The view after the book closed names the person as the closer.
  const auto own = r.out.find("> seat 1");
  ASSERT_NE(own, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("closed the book", own), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("you wrote formula none"), std::string::npos) << r.out;
}

TEST(PlayRealtime, BadInputIsExplained) {
  Played r = play_binary("echo wave wand; sleep 0.2; echo quit", kQuick);
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("Cannot do 'wave wand'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Type 'help'"), std::string::npos) << r.out;
}

TEST(PlayRealtime, EndOfPipedInputEndsCleanly) {
  Played r = play_binary("true", kQuick);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("End of input"), std::string::npos) << r.out;
  EXPECT_LT(r.seconds, 2.0);
}

// Requirement: "`help` in the writing phase lists the symbol words, not 40 of 511 formulas".
TEST(PlayRealtime, HelpSummarisesManyActionsByTheWordsThatFollow) {
  // In-process scripted input: the person closes the book, then must write one of the 511
  // formulas of at least one card.
  std::istringstream in("close-book\nhelp\nquit\n");
  std::ostringstream out, err;
  const int code = cli::run_cli(
      {"play", "du-balai", "--players", "2", "--seed", "5", "--bot", "random"}, in, out, err);
  ASSERT_EQ(code, 0) << err.str();
  const std::string text = out.str();
  EXPECT_NE(text.find("formula \u2026 (511 actions), followed by any of: zaam, boulga"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("stella"), std::string::npos) << text;
  EXPECT_EQ(text.find("  40. "), std::string::npos) << "no list of 40 formulas: " << text;
}

TEST(PlayRealtime, UnknownBotIsRefused) {
  std::istringstream in("quit\n");
  std::ostringstream out, err;
  const int code =
      cli::run_cli({"play", "du-balai", "--seed", "5", "--bot", "nosuch"}, in, out, err);
  EXPECT_NE(code, 0);
  EXPECT_NE(err.str().find("unknown bot 'nosuch'"), std::string::npos) << err.str();
}

// "max_turns and any cap of that kind are for simulations and bots only: a table with a
// person plays until a witch casts her third spell" (rules/README.md): `sabbat play` sets the
// guards of every game that has them to 0 (none), unless the person gives one.
TEST(PlayRealtime, APersonsTablePlaysWithoutTheGuardsOfSimulations) {
  const fs::path dir = fs::temp_directory_path() / ("sabbat-guards-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto header = [&](std::vector<std::string> args) {
    const std::string path = (dir / "r.jsonl").string();
    args.insert(args.end(), {"--seed", "5", "--record", path});
    std::istringstream in("quit\n");
    std::ostringstream out, err;
    EXPECT_EQ(cli::run_cli(args, in, out, err), 0) << err.str();
    const std::string text = read_file(path);
    return text.substr(0, text.find('\n'));
  };
  const std::string baba = header({"play", "baba-yaga"});
  EXPECT_NE(baba.find(R"("max_turns":"0")"), std::string::npos) << baba;
  EXPECT_NE(baba.find(R"("max_flips":"0")"), std::string::npos) << baba;
  const std::string balai = header({"play", "du-balai", "--players", "2"});
  EXPECT_NE(balai.find(R"("max_turns":"0")"), std::string::npos) << balai;
  const std::string given = header({"play", "baba-yaga", "--param", "max_turns=7"});
  EXPECT_NE(given.find(R"("max_turns":"7")"), std::string::npos) << given;
  fs::remove_all(dir);
}

// A host applies what the clock owes first, then the person's action at its own time: a
// searcher's 'turn' typed at 35 s, when the study (20 s), the placement (10 s more) and a
// mover's 5 s clock all fell due at or before it, is played after them, not dropped as late.
TEST(PlayRealtime, AnActionJustAfterAnotherSeatsDeadlineIsPlayedAfterIt) {
  const Game& game = *registry().find("baba-yaga");
  cli::PlayOptions options;
  options.seat = 0;
  auto match = Match::start(game, game.setup(3, {}, 5).value());
  ASSERT_TRUE(match.ok()) << match.error();
  cli::Session session(options, std::move(match.value()), 5);
  Events events;
  std::string why;
  const auto tried = session.act_at("turn A1", 35000, events, why);
  EXPECT_EQ(tried, cli::Session::Tried::Played) << why;
  std::vector<std::string> kinds;
  for (const auto& e : events) kinds.push_back(e.kind);
  EXPECT_EQ(kinds, (std::vector<std::string>{"study-over", "turn", "placed", "moved", "turned"}));
  EXPECT_EQ(session.state().now(), 35000);
}

// Le Bal des Sorcières, letting every reaction window pass (docs/rules/bal-des-sorcieres.md): a
// convenience of the table, not a rule. `windows pass` makes the session answer `pass` each
// time a window asks the person, until `windows ask`; the command is refused with its usage
// when malformed, and said to be pointless in a game without windows.
TEST(PlayRealtime, WindowsPassLetsEveryWindowThatAsksHerPassUntilSheChangesHerMind) {
  const Game& bal = *registry().find("bal-des-sorcieres");
  cli::PlayOptions options;
  options.seat = 0;
  // The bots play until seat 0 may act; a deal where that first moment is a window asking her
  // (she holds a card she may play in it).
  auto first_moment = [&](uint64_t seed) { return test::at_first_turn(bal, 3, seed, options); };
  uint64_t seed = 0;
  std::unique_ptr<cli::Session> found;
  for (uint64_t s = 1; s < 400 && !seed; ++s) {
    auto session = first_moment(s);
    const json v = session->state().view(0);
    if (session->may_act() && v.contains("window") && v["window"].value("asked", false)) {
      seed = s;
      found = std::move(session);
    }
  }
  ASSERT_NE(seed, 0u) << "no deal of 400 asks seat 0 in a window first";
  cli::Session& session = *found;
  EXPECT_FALSE(session.lets_this_window_pass());
  EXPECT_NE(session.windows_command("windows maybe")->find("'windows ask'"), std::string::npos);
  EXPECT_FALSE(session.lets_this_window_pass());
  EXPECT_EQ(session.windows_command("pass"), std::nullopt);
  EXPECT_NE(session.windows_command("windows pass")->find("until"), std::string::npos);
  EXPECT_TRUE(session.lets_this_window_pass());
  session.windows_command("windows ask");
  EXPECT_FALSE(session.lets_this_window_pass());
  session.windows_command("windows pass");
  Events events;
  std::string why;
  EXPECT_EQ(session.act("pass", events, why), cli::Session::Tried::Played) << why;
  EXPECT_FALSE(session.lets_this_window_pass()) << "she has answered this window";

  const Game& balai = *registry().find("du-balai");
  cli::Session other(options, Match::start(balai, balai.setup(2, {}, 5).value()).value(), 5);
  EXPECT_EQ(other.windows_command("windows pass"), "This game has no reaction windows.");

  // Played through `sabbat play`: the pass is hers, in the record, without her typing it.
  const fs::path dir = fs::temp_directory_path() / ("sabbat-windows-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "r.jsonl").string();
  std::istringstream in("windows pass\nquit\n");
  std::ostringstream out, err;
  EXPECT_EQ(cli::run_cli({"play", "bal-des-sorcieres", "--players", "3", "--seed",
                          std::to_string(seed), "--record", path},
                         in, out, err),
            0)
      << err.str();
  EXPECT_NE(out.str().find("Every reaction window that asks you passes"), std::string::npos)
      << out.str();
  // Her first action, the only one: the window's pass, played for her.
  const std::string record = read_file(path);
  std::vector<std::string> hers;
  std::istringstream lines(record);
  for (std::string line; std::getline(lines, line);) {
    const json j = json::parse(line);
    if (j.contains("seat") && j["seat"] == 0) hers.push_back(j["action"]);
  }
  EXPECT_EQ(hers, (std::vector<std::string>{"pass"})) << record;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace sabbat
