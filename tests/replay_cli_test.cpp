// `sabbat replay` and `sabbat play --record` facing damaged or hostile records and sudden
// stops: the real binary gives a clear error instead of a crash or an endless read, nothing
// from a file reaches the terminal unneutralised, a tampered result is reported even without
// --check, and Ctrl-C in line mode leaves a valid unfinished record.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "cli/cli.hpp"
#include "core/record.hpp"
#include "support/cli_run.hpp"

namespace sabbat {
namespace {

namespace fs = std::filesystem;
using test::Outcome;
using test::read_file;
using test::sabbat;
using test::write_file;

// A scratch directory named after the test.
struct TempDir : test::TempDir {
  TempDir() : test::TempDir("sabbat-replay") {}
};

// Runs the real binary (a crash shows as a signal, not an exit code).
Outcome run_binary(const TempDir& dir, const std::string& args) {
  const std::string cmd = "'" + std::string(SABBAT_BINARY) + "' " + args + " </dev/null >'" +
                          (dir / "out") + "' 2>'" + (dir / "err") + "'";
  const int status = std::system(cmd.c_str());
  Outcome r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_file(dir / "out");
  r.err = read_file(dir / "err");
  return r;
}

// A finished game recorded by `sim`.
std::string simulated(const TempDir& dir, const std::string& game = "sortileges") {
  Outcome r = sabbat({"sim", game, "--games", "1", "--seed", "5", "--record", dir / "r"});
  EXPECT_EQ(r.code, 0) << r.err;
  return dir / "r/game-000001.jsonl";
}

// The 60,000-deep line that once crashed the binary (segfault) is a one-line error: past the
// line limit; and nested 30,000 deep within the limit, past the depth limit.
TEST(ReplayHostile, DeeplyNestedLineIsAClearErrorNotACrash) {
  TempDir dir;
  for (const auto& [n, error] :
       {std::pair{60000, "line 1: longer than 65536 bytes, the limit for a record line"},
        std::pair{30000, "line 1: not a Sabbat record (nested more than 16 levels deep)"}}) {
    SCOPED_TRACE(n);
    write_file(dir / "deep.jsonl",
               "{\"format\":" + std::string(size_t(n), '[') + std::string(size_t(n), ']') + "}\n");
    Outcome r = run_binary(dir, "replay '" + (dir / "deep.jsonl") + "'");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(r.err, "sabbat: " + (dir / "deep.jsonl") + ": " + error + "\n");
    EXPECT_EQ(r.out, "");
  }
}

// An endless line (/dev/zero) stops at the line limit instead of filling the memory.
TEST(ReplayHostile, EndlessFileStopsAtTheLineLimit) {
  TempDir dir;
  Outcome r = run_binary(dir, "replay /dev/zero");
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(r.err,
            "sabbat: /dev/zero: line 1: longer than 65536 bytes, the limit for a record line\n");
}

// Escape sequences in a record reach the terminal neutralised: in the narration of an action
// the game accepts, in the header, and in errors.
TEST(ReplayHostile, ControlCharactersFromTheFileAreNeutralised) {
  TempDir dir;
  const std::string file = simulated(dir);
  std::string text = read_file(file);
  // An unknown parameter with an escape in its name and value: shown in the header line.
  const size_t params = text.find("\"params\":{") + 10;
  text.insert(params, "\"\\u001b[2J\":\"\\u001b]0;owned\\u0007\",");
  write_file(dir / "params.jsonl", text);
  // An action text with an escape sequence.
  std::string action = read_file(file);
  const size_t first = action.find("\"action\":\"") + 10;
  action.insert(first, "\\u001b[2J\\u009b31m");
  write_file(dir / "action.jsonl", action);
  for (const char* name : {"params.jsonl", "action.jsonl"}) {
    SCOPED_TRACE(name);
    for (const char* mode : {"", "--check "}) {
      Outcome r = sabbat({"replay", mode[0] ? "--check" : "--states", dir / name});
      if (!mode[0]) r = sabbat({"replay", dir / name});
      EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
      EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
      EXPECT_EQ(r.out.find("\xc2\x9b"), std::string::npos) << r.out;
      EXPECT_EQ(r.err.find("\xc2\x9b"), std::string::npos) << r.err;
      EXPECT_NE((r.out + r.err).find("\\u001b"), std::string::npos) << r.out << r.err;
    }
  }
}

// Plain replay checks the result line: a tampered result is an error naming its line, and
// no result is printed next to it.
TEST(ReplayResult, TamperedResultIsReportedWithoutCheck) {
  TempDir dir;
  const std::string file = simulated(dir);
  auto record = read_record_file(file);
  ASSERT_TRUE(record.ok()) << record.error();
  record->result->scores[0] += 3;
  ASSERT_TRUE(write_record_file(file, *record).ok());
  Outcome r = sabbat({"replay", file});
  EXPECT_EQ(r.code, 1);
  const std::string line =
      "line " + std::to_string(record->actions.size() + 2) + ": the record says";
  EXPECT_NE(r.err.find(line), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("Result:"), std::string::npos) << r.out;
  EXPECT_EQ(sabbat({"replay", "--states", file}).code, 1);
}

// `replay --check` on an unfinished record says that it is unfinished.
TEST(ReplayResult, CheckOfAnUnfinishedRecordSaysSo) {
  TempDir dir;
  const std::string file = simulated(dir);
  auto record = read_record_file(file);
  ASSERT_TRUE(record.ok()) << record.error();
  record->result.reset();
  record->actions.resize(19);
  ASSERT_TRUE(write_record_file(file, *record).ok());
  Outcome r = sabbat({"replay", "--check", file});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, file + ": ok: 19 actions reproduce; the game is unfinished, no result line\n");
  Outcome told = sabbat({"replay", file});
  EXPECT_EQ(told.code, 0) << told.err;
  EXPECT_NE(told.out.find("No result: the game was left unfinished."), std::string::npos);
}

TEST(ReplayResult, CheckOfAFinishedRecordNamesTheResult) {
  TempDir dir;
  const std::string file = simulated(dir);
  auto record = read_record_file(file);
  ASSERT_TRUE(record.ok()) << record.error();
  Outcome r = sabbat({"replay", "--check", file});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, file + ": ok: " + std::to_string(record->actions.size()) +
                       " actions and the result reproduce exactly\n");
}

// A header whose player count the game does not allow says so on line 1.
TEST(ReplayResult, PlayerCountOutsideTheGameIsNamed) {
  TempDir dir;
  const std::string file = simulated(dir);
  std::string text = read_file(file);
  const size_t at = text.find("\"players\":");
  text.replace(at, text.find(',', at) - at, "\"players\":12");
  write_file(file, text);
  Outcome r = sabbat({"replay", file});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("line 1: \"players\" is 12, but sortileges is played by 2 to 6 players"),
            std::string::npos)
      << r.err;
}

// Records are written as the game goes: Ctrl-C in line mode, after one typed action, leaves a
// valid unfinished record holding that action (once an empty file).
TEST(PlayRecord, CtrlCInLineModeLeavesAValidUnfinishedRecord) {
  TempDir dir;
  const std::string file = dir / "x.jsonl";
  int to_child[2];
  ASSERT_EQ(::pipe(to_child), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    // As from a terminal: a shell that starts tests in the background ignores SIGINT, and
    // the child would inherit that.
    ::signal(SIGINT, SIG_DFL);
    ::dup2(to_child[0], 0);
    ::close(to_child[0]);
    ::close(to_child[1]);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::execl(SABBAT_BINARY, "sabbat", "play", "sortileges", "--lines", "--seed", "8", "--record",
            file.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(to_child[0]);
  ASSERT_EQ(::write(to_child[1], "1\n", 2), 2);
  // Wait (at most 20 s, for slow sanitizer builds) until the typed action is in the file.
  size_t lines = 0;
  for (int i = 0; i < 400 && lines < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const std::string text = read_file(file);
    lines = size_t(std::count(text.begin(), text.end(), '\n'));
  }
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::close(to_child[1]);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << status;
  auto record = read_record_file(file);
  ASSERT_TRUE(record.ok()) << record.error();
  ASSERT_GE(record->actions.size(), 1u);
  EXPECT_EQ(record->actions.front().seat, 0);
  EXPECT_FALSE(record->result.has_value());
  Outcome check = sabbat({"replay", "--check", file});
  EXPECT_EQ(check.code, 0) << check.err;
  EXPECT_NE(check.out.find("the game is unfinished"), std::string::npos) << check.out;
}

// A record that cannot be written stops the game with the system's reason.
TEST(PlayRecord, FullDiskStopsTheGameWithTheReason) {
  std::istringstream in("1\n");
  std::ostringstream out, err;
  const int code =
      cli::run_cli({"play", "sortileges", "--seed", "8", "--record", "/dev/full"}, in, out, err);
  EXPECT_EQ(code, 1);
  EXPECT_EQ(err.str(), "sabbat: cannot write '/dev/full': No space left on device\n");
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace sabbat
