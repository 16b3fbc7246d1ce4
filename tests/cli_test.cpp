// The `sabbat` command: errors are one "sabbat: " line with a non-zero exit, `games` shows
// every parameter, `sim` is the same whatever --jobs is and its records replay, `replay
// --check` finds tampering, and `play` can be driven by typed lines.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/cli.hpp"
#include "core/record.hpp"
#include "core/registry.hpp"
#include "support/cli_run.hpp"
#include "support/sanitizers.hpp"

namespace sabbat {
namespace {

namespace fs = std::filesystem;
using test::expect_one_error_line;
using test::Outcome;
using test::read_file;
using test::sabbat;
using test::write_file;

// A scratch directory named after the test.
struct TempDir : test::TempDir {
  TempDir() : test::TempDir("sabbat-cli") {}
};

TEST(CliErrors, UnknownGame) {
  expect_one_error_line(sabbat({"play", "chess"}), "unknown game 'chess'");
  expect_one_error_line(sabbat({"sim", "chess", "--games", "2"}), "sortileges");
}

TEST(CliErrors, UnknownParameterName) {
  expect_one_error_line(sabbat({"sim", "sortileges", "--games", "1", "--param", "colour=red"}),
                        "unknown parameter 'colour'");
}

TEST(CliErrors, BadParameterValue) {
  expect_one_error_line(
      sabbat({"sim", "sortileges", "--games", "1", "--param", "unclaimed=burned"}),
      "parameter 'unclaimed' cannot be 'burned'");
  expect_one_error_line(sabbat({"play", "sortileges", "--param", "unclaimed"}), "name=value");
}

TEST(CliErrors, ParameterThatContradictsThePlayerCount) {
  expect_one_error_line(
      sabbat({"sim", "sortileges", "--games", "1", "--players", "2", "--param", "first_seat=4"}),
      "first_seat");
}

TEST(CliErrors, BadPlayerCount) {
  expect_one_error_line(sabbat({"play", "sortileges", "--players", "9"}), "2 to 6 players");
  expect_one_error_line(sabbat({"sim", "sortileges", "--games", "1", "--players", "1"}), "not 1");
  expect_one_error_line(sabbat({"play", "sortileges", "--players", "many"}), "--players");
}

// People count seats from 1: `--seat` names seats 1 to the number of players.
TEST(CliErrors, SeatOutOfRange) {
  expect_one_error_line(sabbat({"play", "sortileges", "--players", "3", "--seat", "4"}),
                        "there is no seat 4 with 3 players; seats are 1 to 3");
  expect_one_error_line(sabbat({"play", "sortileges", "--players", "3", "--seat", "0"}),
                        "there is no seat 0 with 3 players; seats are 1 to 3");
  expect_one_error_line(sabbat({"play", "sortileges", "--seat", "-1"}), "seat");
}

TEST(CliErrors, SeedThatIsNoUnsigned64BitInteger) {
  expect_one_error_line(sabbat({"play", "sortileges", "--seed", "-3"}), "--seed takes");
  expect_one_error_line(sabbat({"sim", "sortileges", "--games", "1", "--seed", "1e3"}),
                        "--seed takes");
  expect_one_error_line(
      sabbat({"sim", "sortileges", "--games", "1", "--seed", "18446744073709551616"}),
      "--seed takes");
  EXPECT_EQ(sabbat({"sim", "sortileges", "--games", "1", "--seed", "18446744073709551615"}).code,
            0);
}

TEST(CliErrors, MissingReplayFile) {
  expect_one_error_line(sabbat({"replay", "/nonexistent/game.jsonl"}), "cannot open");
  expect_one_error_line(sabbat({"replay", "--check", "/nonexistent/game.jsonl"}), "cannot open");
}

TEST(CliErrors, CorruptReplayFileNamesTheLine) {
  TempDir dir;
  write_file(dir / "bad.jsonl", "this is not a record\n");
  expect_one_error_line(sabbat({"replay", dir / "bad.jsonl"}), "line 1:");
  write_file(dir / "cut.jsonl",
             R"({"format":"sabbat-record","version":1,"game":"sortileges","players":2,)"
             R"("seed":1,"params":{}})"
             "\n{\"seq\":1,\"ti");
  expect_one_error_line(sabbat({"replay", "--check", dir / "cut.jsonl"}), "line 2:");
}

TEST(CliErrors, UnwritableRecordIsRefusedBeforePlaying) {
  Outcome r = sabbat({"play", "sortileges", "--record", "/nonexistent/dir/game.jsonl"}, "1\n");
  expect_one_error_line(r, "cannot write '/nonexistent/dir/game.jsonl'");
  EXPECT_EQ(r.out, "");
}

TEST(CliErrors, UnknownBot) {
  expect_one_error_line(sabbat({"sim", "sortileges", "--games", "1", "--bot", "oracle"}),
                        "unknown bot 'oracle'");
}

// Errors come before any output: `play` used to print the seed header, then refuse the bot.
TEST(CliErrors, PlayRefusesAnUnknownBotBeforePrintingAnything) {
  Outcome r = sabbat({"play", "sortileges", "--bot", "oracle"}, "quit\n");
  expect_one_error_line(r, "unknown bot 'oracle' for Sortilèges; known bots: random");
  EXPECT_EQ(r.code, 2);
}

// Numbers on the command line are decimal: "010" is ten, not eight; "0x10", "1e3", "+5" and
// " 5" are refused with what the option takes.
TEST(CliErrors, GamesIsADecimalNumber) {
  Outcome ten = sabbat({"sim", "sortileges", "--games", "010", "--json"});
  ASSERT_EQ(ten.code, 0) << ten.err;
  EXPECT_EQ(json::parse(ten.out)["games"], 10);
  for (const char* bad : {"0x10", "1e3", "+5", " 5", "5 ", "ten", "", "-1", "3.0"}) {
    SCOPED_TRACE(bad);
    expect_one_error_line(
        sabbat({"sim", "sortileges", "--games", bad}),
        "--games takes a whole number from 1 to 1000000000, not '" + std::string(bad) + "'");
  }
  expect_one_error_line(sabbat({"sim", "sortileges", "--games", "1", "--jobs", "0x2"}),
                        "--jobs takes a whole number from 1 to 256");
  expect_one_error_line(sabbat({"play", "sortileges", "--seat", "0x1"}), "--seat takes");
  expect_one_error_line(sabbat({"play", "sortileges", "--players", "03", "--seat", "4"}),
                        "seats are 1 to 3");
}

// --games above the supported range is refused with the range, never clamped.
TEST(CliErrors, GamesAboveTheSupportedRangeIsRefusedWithTheRange) {
  for (const char* big : {"1000000001", "9223372036854775807", "99999999999999999999999"})
    expect_one_error_line(
        sabbat({"sim", "sortileges", "--games", big}),
        "--games takes a whole number from 1 to 1000000000, not '" + std::string(big) + "'");
}

// --jobs is capped (documented): more threads than that are refused before any is started.
TEST(CliErrors, JobsAboveTheCapAreRefusedWithTheRange) {
  Outcome r = sabbat({"sim", "sortileges", "--games", "100000", "--jobs", "40000"});
  expect_one_error_line(r, "--jobs takes a whole number from 1 to 256, not '40000'");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(sabbat({"sim", "sortileges", "--games", "3", "--jobs", "256"}).code, 0);
}

// A thread the system will not start is a clear error once the started ones are joined
// (it was "terminate called without an active exception"). The real binary is run with its
// address space limited so that thread stacks run out.
TEST(Sim, AThreadThatCannotStartIsAClearErrorAfterJoiningTheOthers) {
  if (sabbat::testing::kUnderAddressSanitizer)
    GTEST_SKIP() << "AddressSanitizer needs more address space than the limit leaves";
  TempDir dir;
  const std::string cmd = "ulimit -v 300000 && '" + std::string(SABBAT_BINARY) +
                          "' sim sortileges --games 100000 --jobs 256 >'" + (dir / "out") +
                          "' 2>'" + (dir / "err") + "'";
  const int status = std::system(("sh -c \"" + cmd + "\"").c_str());
  ASSERT_TRUE(WIFEXITED(status)) << "ended by a signal";
  Outcome r{WEXITSTATUS(status), read_file(dir / "out"), read_file(dir / "err")};
  if (r.code == 0) GTEST_SKIP() << "this system started 256 threads within the limit";
  EXPECT_EQ(r.code, 1);
  expect_one_error_line(r, "could start only ");
  EXPECT_NE(r.err.find(" of 256 threads ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--jobs"), std::string::npos) << r.err;
}

TEST(CliErrors, BadFlagsAndCommands) {
  expect_one_error_line(sabbat({"play", "sortileges", "--turbo"}), "--turbo");
  expect_one_error_line(sabbat({"dance"}), "unknown command 'dance'");
  expect_one_error_line(sabbat({"sim", "sortileges"}), "--games");
  expect_one_error_line(sabbat({"sim", "sortileges", "--games", "0"}), "--games");
  expect_one_error_line(sabbat({"sim", "sortileges", "--games", "1", "--jobs", "0"}), "--jobs");
  expect_one_error_line(sabbat({"replay"}), "file");
}

TEST(CliErrors, TheRealBinaryPrintsOneLineAndExitsNonZero) {
  TempDir dir;
  const std::string cmd = "'" + std::string(SABBAT_BINARY) + "' play chess --seed 1 </dev/null >'" +
                          (dir / "out") + "' 2>'" + (dir / "err") + "'";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  Outcome r{2, read_file(dir / "out"), read_file(dir / "err")};
  expect_one_error_line(r, "unknown game 'chess'");
  EXPECT_EQ(r.out, "");
}

TEST(CliBasics, NoCommandPrintsHelp) {
  Outcome r = sabbat({});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Usage"), std::string::npos);
  for (const char* cmd : {"games", "play", "sim", "replay"})
    EXPECT_NE(r.out.find(cmd), std::string::npos) << cmd;
}

TEST(CliBasics, VersionAndSubcommandHelp) {
  Outcome v = sabbat({"--version"});
  EXPECT_EQ(v.code, 0);
  EXPECT_EQ(v.out.rfind("sabbat ", 0), 0u) << v.out;
  Outcome h = sabbat({"sim", "--help"});
  EXPECT_EQ(h.code, 0);
  EXPECT_NE(h.out.find("--jobs"), std::string::npos) << h.out;
}

// Game ids are matched leniently (case, accents, spaces, underscores, the display name), and
// messages and summaries give the canonical id.
TEST(Games, IdsAreMatchedLeniently) {
  const std::vector<std::pair<std::string, std::string>> typed{
      {"sortilèges", "sortileges"}, {"Sortileges", "sortileges"}, {"SORTILÈGES", "sortileges"},
      {"du_balai", "du-balai"},     {"du balai", "du-balai"},     {"Du Balai !", "du-balai"},
      {"DuBalai", "du-balai"}};
  for (const auto& [text, id] : typed) {
    SCOPED_TRACE(text);
    Outcome r = sabbat({"sim", text, "--games", "2", "--players", "2", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["game"], id);
  }
  Outcome text = sabbat({"sim", "Sortilèges", "--games", "2"});
  EXPECT_NE(text.out.find("(sortileges)"), std::string::npos) << text.out;
  Outcome played = sabbat({"play", "du_balai", "--seed", "3", "--players", "2"}, "quit\n");
  EXPECT_EQ(played.code, 0) << played.err;
  EXPECT_NE(played.out.find("Du Balai !, 2 players"), std::string::npos) << played.out;
  expect_one_error_line(sabbat({"sim", "sortilege", "--games", "1"}),
                        "unknown game 'sortilege'; known games: sortileges, du-balai");
}

// An unknown game typed at length is quoted cut short and harmless.
TEST(CliErrors, AnUnknownGameIsQuotedCutShort) {
  Outcome r = sabbat({"play", "chess\x1b[2J" + std::string(5000, 'x')});
  expect_one_error_line(r, "unknown game 'chess\\u001b[2J");
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos);
  EXPECT_LT(r.err.size(), 300u) << r.err;
}

TEST(Games, ListsSortilegesWithEveryParameter) {
  Outcome r = sabbat({"games"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Sortilèges (sortileges)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 to 6"), std::string::npos) << r.out;
  const Game& g = *registry().find("sortileges");
  for (const auto& spec : g.param_specs()) {
    SCOPED_TRACE(spec.name);
    EXPECT_NE(r.out.find(spec.name + " = " + spec.default_value), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(spec.allowed()), std::string::npos);
    EXPECT_NE(r.out.find(spec.description), std::string::npos);
  }
  for (const char* name : {"first_seat", "first_player", "unclaimed"})
    EXPECT_NE(r.out.find(name), std::string::npos) << name;
}

// docs/cli.md is the user's guide: it shows what `sabbat games` prints today, and names every
// command, every flag and every bot.
TEST(Docs, TheGuideShowsTheCurrentGamesOutputEveryFlagAndEveryBot) {
  const std::string guide = read_file(std::string(SABBAT_SOURCE_DIR) + "/docs/cli.md");
  ASSERT_FALSE(guide.empty());
  const std::string begin = "<!-- sabbat games: begin -->\n```\n";
  const size_t from = guide.find(begin);
  const size_t to = guide.find("```\n<!-- sabbat games: end -->");
  ASSERT_NE(from, std::string::npos);
  ASSERT_NE(to, std::string::npos);
  Outcome games = sabbat({"games"});
  ASSERT_EQ(games.code, 0);
  EXPECT_EQ(guide.substr(from + begin.size(), to - from - begin.size()), games.out)
      << "update docs/cli.md with the output of `sabbat games`";
  for (const char* command :
       {"games", "play", "sim", "arena", "replay", "serve", "backup", "restore"}) {
    Outcome help = sabbat({command, "--help"});
    ASSERT_EQ(help.code, 0);
    std::istringstream lines(help.out);
    std::string word;
    while (lines >> word) {
      if (word.rfind("--", 0) != 0 || word == "--help") continue;
      word = word.substr(0, word.find_first_of(",=):"));
      EXPECT_NE(guide.find("`sabbat " + std::string(command)), std::string::npos) << command;
      EXPECT_NE(guide.find(word), std::string::npos) << command << " " << word;
    }
  }
  for (const auto& game : registry().games()) {
    EXPECT_NE(guide.find("`random`"), std::string::npos);
    EXPECT_NE(guide.find("`mcts`"), std::string::npos);
    for (const auto& bot : game->bot_names())
      EXPECT_NE(guide.find("`" + bot + "`"), std::string::npos) << bot;
  }
}

TEST(Sim, JsonIsIdenticalWhateverTheNumberOfJobs) {
  const std::vector<std::string> base{"sim", "sortileges", "--games", "300",   "--players",
                                      "4",   "--seed",     "9",       "--json"};
  auto with_jobs = [&](const char* jobs) {
    auto args = base;
    args.insert(args.end(), {"--jobs", jobs});
    return sabbat(args);
  };
  Outcome one = with_jobs("1"), two = with_jobs("2"), five = with_jobs("5");
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.out, five.out);
}

TEST(Sim, JsonHasTheSummaryFields) {
  Outcome r = sabbat({"sim", "sortileges", "--games", "200", "--players", "3", "--json", "--param",
                      "unclaimed=under-gratin"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one JSON object on one line";
  json j = json::parse(r.out);
  EXPECT_EQ(j["game"], "sortileges");
  EXPECT_EQ(j["games"], 200);
  EXPECT_EQ(j["players"], 3);
  EXPECT_EQ(j["seed"], 1);
  EXPECT_EQ(j["bot"], "normal");  // the game's default bot
  EXPECT_EQ(j["params"]["unclaimed"], "under-gratin");
  EXPECT_EQ(j["params"].size(), registry().find("sortileges")->param_specs().size());
  EXPECT_GT(j["length"]["mean"].get<double>(), 0);
  EXPECT_GE(j["length"]["sd"].get<double>(), 0);
  EXPECT_LE(j["length"]["min"].get<double>(), j["length"]["mean"].get<double>());
  EXPECT_GE(j["length"]["max"].get<double>(), j["length"]["mean"].get<double>());
  ASSERT_EQ(j["wins"].size(), 3u);
  ASSERT_EQ(j["fractional_wins"].size(), 3u);
  ASSERT_EQ(j["mean_score"].size(), 3u);
  // Each game hands out exactly one win in total, split among tied winners.
  double fractional = 0;
  int64_t wins = 0;
  for (int s = 0; s < 3; ++s) {
    fractional += j["fractional_wins"][s].get<double>();
    wins += j["wins"][s].get<int64_t>();
    EXPECT_LE(j["fractional_wins"][s].get<double>(), j["wins"][s].get<double>());
  }
  EXPECT_NEAR(fractional, 200, 1e-6);
  EXPECT_GE(wins, 200);
}

TEST(Sim, TextSummaryIsIdenticalWhateverTheNumberOfJobs) {
  Outcome one = sabbat({"sim", "sortileges", "--games", "100", "--jobs", "1"});
  Outcome three = sabbat({"sim", "sortileges", "--games", "100", "--jobs", "3"});
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out, three.out);
  EXPECT_NE(one.out.find("game length"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("fractional wins"), std::string::npos) << one.out;
  EXPECT_EQ(one.err, "") << "no progress bar when stderr is not a terminal";
}

TEST(Sim, EveryRecordReplaysExactly) {
  TempDir dir;
  const std::string recs = dir / "records";
  Outcome r = sabbat({"sim", "sortileges", "--games", "6", "--players", "5", "--jobs", "2",
                      "--seed", "3", "--record", recs});
  ASSERT_EQ(r.code, 0) << r.err;
  for (int i = 1; i <= 6; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "game-%06d.jsonl", i);
    const std::string file = recs + "/" + name;
    ASSERT_TRUE(fs::exists(file)) << file;
    Outcome check = sabbat({"replay", "--check", file});
    EXPECT_EQ(check.code, 0) << check.err;
    EXPECT_NE(check.out.find("ok"), std::string::npos) << check.out;
    // Game i is seed mix(3, i - 1), whichever thread played it.
    auto record = read_record_file(file);
    ASSERT_TRUE(record.ok()) << record.error();
    EXPECT_EQ(record->seed, Rng::mix(3, uint64_t(i - 1)));
    EXPECT_TRUE(record->result.has_value());
  }
  EXPECT_FALSE(fs::exists(recs + "/game-000007.jsonl"));
}

// sim --record refuses to overwrite the records already in DIR, naming them; --force allows it.
TEST(Sim, RecordRefusesToOverwriteExistingRecordsUnlessForced) {
  TempDir dir;
  const std::string recs = dir / "records";
  ASSERT_EQ(sabbat({"sim", "sortileges", "--games", "3", "--record", recs}).code, 0);
  write_file(recs + "/game-000002.jsonl", "kept\n");
  Outcome again = sabbat({"sim", "sortileges", "--games", "5", "--seed", "2", "--record", recs});
  expect_one_error_line(again,
                        "already holds 3 records this run would overwrite "
                        "(game-000001.jsonl, game-000002.jsonl, game-000003.jsonl); give "
                        "another directory, or --force to overwrite them");
  EXPECT_EQ(again.code, 1);
  EXPECT_EQ(read_file(recs + "/game-000002.jsonl"), "kept\n");
  EXPECT_FALSE(fs::exists(recs + "/game-000004.jsonl")) << "nothing played";
  // Records beyond this run's games are not in its way.
  Outcome fewer = sabbat({"sim", "sortileges", "--games", "1", "--record", dir / "other"});
  ASSERT_EQ(fewer.code, 0) << fewer.err;
  write_file(dir / "other/game-000009.jsonl", "kept\n");
  fs::remove(dir / "other/game-000001.jsonl");
  EXPECT_EQ(sabbat({"sim", "sortileges", "--games", "2", "--record", dir / "other"}).code, 0);
  EXPECT_EQ(read_file(dir / "other/game-000009.jsonl"), "kept\n");
  // --force overwrites.
  Outcome forced =
      sabbat({"sim", "sortileges", "--games", "5", "--seed", "2", "--record", recs, "--force"});
  ASSERT_EQ(forced.code, 0) << forced.err;
  auto record = read_record_file(recs + "/game-000002.jsonl");
  ASSERT_TRUE(record.ok()) << record.error();
  EXPECT_EQ(record->seed, Rng::mix(2, 1));
  EXPECT_TRUE(fs::exists(recs + "/game-000005.jsonl"));
}

TEST(Replay, TamperedRecordFailsCheckNamingTheLine) {
  TempDir dir;
  ASSERT_EQ(sabbat({"sim", "sortileges", "--games", "1", "--record", dir / "r"}).code, 0);
  const std::string file = dir / "r/game-000001.jsonl";
  std::string text = read_file(file);
  // Change the last score of the result line (the last line).
  const size_t result_line = size_t(std::count(text.begin(), text.end(), '\n'));
  const size_t bracket = text.rfind("],\"ranks\"");
  ASSERT_NE(bracket, std::string::npos);
  text.insert(bracket, "0");
  write_file(file, text);
  Outcome r = sabbat({"replay", "--check", file});
  expect_one_error_line(r, "line " + std::to_string(result_line) + ":");
  EXPECT_EQ(r.code, 1);
}

TEST(Replay, NarratesEveryActionAndTheResult) {
  TempDir dir;
  ASSERT_EQ(sabbat({"sim", "sortileges", "--games", "1", "--record", dir / "r"}).code, 0);
  const std::string file = dir / "r/game-000001.jsonl";
  auto record = read_record_file(file);
  ASSERT_TRUE(record.ok());
  Outcome r = sabbat({"replay", file});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Sortilèges"), std::string::npos);
  // Told for a person: the record's seat 0 is seat 1 (Sortilèges' actions name no seat).
  const auto& last = record->actions.back();
  EXPECT_NE(r.out.find("#" + std::to_string(last.seq) + "  " + std::to_string(last.time) +
                       " ms  seat " + std::to_string(last.seat + 1) + ": " + last.action),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Result:"), std::string::npos);
}

TEST(Replay, StatesPrintsOneJsonLinePerAction) {
  TempDir dir;
  ASSERT_EQ(sabbat({"sim", "sortileges", "--games", "1", "--record", dir / "r"}).code, 0);
  const std::string file = dir / "r/game-000001.jsonl";
  auto record = read_record_file(file);
  ASSERT_TRUE(record.ok());
  Outcome r = sabbat({"replay", "--states", file});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  size_t n = 0;
  while (std::getline(lines, line)) {
    ++n;
    EXPECT_FALSE(json::parse(line, nullptr, false).is_discarded()) << line;
  }
  EXPECT_EQ(n, record->actions.size());
}

// Plays the second seat (`--seat 2`) of a 3-player game by always typing "1" (the first legal
// action).
std::string scripted_game(const std::string& prefix) {
  std::string input = prefix;
  for (int i = 0; i < 500; ++i) input += "1\n";
  return input;
}

TEST(Play, ScriptedGameExplainsBadInputAndFinishes) {
  TempDir dir;
  const std::string file = dir / "game.jsonl";
  Outcome r = sabbat(
      {"play", "sortileges", "--players", "3", "--seat", "2", "--seed", "42", "--record", file},
      scripted_game("help\nwave wand\n"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("Seed 42"), std::string::npos);
  EXPECT_NE(r.out.find("Legal actions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Cannot do 'wave wand'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game over"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("you are seat 2."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Seat 2 (you)", r.out.find("Final scores")), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\x1b["), std::string::npos) << "no colour outside a terminal";
  Outcome check = sabbat({"replay", "--check", file});
  EXPECT_EQ(check.code, 0) << check.err;
  auto record = read_record_file(file);
  ASSERT_TRUE(record.ok());
  EXPECT_EQ(record->seed, 42u);
  EXPECT_EQ(record->players, 3);
  EXPECT_TRUE(record->result.has_value());
}

TEST(Play, HelpListsEveryLegalActionByItsText) {
  Outcome r = sabbat({"play", "sortileges", "--players", "2", "--seed", "7"}, "help\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  const Game& g = *registry().find("sortileges");
  auto setup = g.setup(2, {}, 7);
  ASSERT_TRUE(setup.ok());
  auto state = g.new_state(*setup);
  ASSERT_TRUE(state.ok());
  ASSERT_TRUE((*state)->actors().contains(0)) << "seat 0 starts by default";
  ActionList legal;
  (*state)->legal_actions(0, legal);
  ASSERT_FALSE(legal.empty());
  for (size_t i = 0; i < legal.size(); ++i)
    EXPECT_NE(r.out.find(std::to_string(i + 1) + ". " + (*state)->action_text(legal[i])),
              std::string::npos)
        << r.out;
  // The screen is the first seat's own view, as the game renders it for a person.
  EXPECT_NE(r.out.find(g.render_for_person((*state)->view(0), 0, false)), std::string::npos)
      << r.out;
}

TEST(Play, QuitLeavesCleanlyAndStillWritesTheRecord) {
  TempDir dir;
  const std::string file = dir / "left.jsonl";
  Outcome r = sabbat({"play", "sortileges", "--seed", "3", "--record", file}, "quit\n");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("leave the game"), std::string::npos) << r.out;
  auto record = read_record_file(file);
  ASSERT_TRUE(record.ok()) << record.error();
  EXPECT_FALSE(record->result.has_value());
  EXPECT_EQ(sabbat({"replay", "--check", file}).code, 0);
}

TEST(Play, EndOfInputEndsTheGameWithAMessage) {
  Outcome r = sabbat({"play", "sortileges", "--seed", "3"}, "");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("End of input"), std::string::npos) << r.out;
}

// A typed line is echoed back in a message cut to a sane length, its control characters made
// harmless (a pasted megabyte or an escape sequence does not reach the terminal whole).
TEST(Play, ATypedLineIsEchoedCutShortAndHarmless) {
  const std::string pasted = "wave " + std::string(100000, 'w') + "\x1b[2J";
  Outcome r = sabbat({"play", "sortileges", "--seed", "3"}, pasted + "\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Cannot do 'wave www"), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_EQ(r.out.find(std::string(200, 'w')), std::string::npos) << "echoed whole";
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << "an escape reached the terminal";
  std::istringstream lines(r.out);
  std::string line;
  while (std::getline(lines, line)) EXPECT_LT(line.size(), 600u) << line.substr(0, 100);
}

TEST(Play, WithoutSeedPrintsTheSeedItDrew) {
  Outcome r = sabbat({"play", "sortileges"}, "quit\n");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("--seed "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace sabbat
