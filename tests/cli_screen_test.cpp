// `sabbat play du-balai` on a terminal: one key at a time, the countdown, the terminal given
// back whatever ends the game. The real binary runs on a pseudo-terminal (posix_openpt, in the
// C library); waits for output have generous limits, and nothing asserts how long anything took.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/screen_text.hpp"

namespace sabbat {
namespace {

using namespace std::chrono_literals;

// The binary on the slave side of a pseudo-terminal, as its session's controlling terminal.
class Terminal {
 public:
  explicit Terminal(const std::vector<std::string>& args, int columns = 100, int rows = 40) {
    master_ = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master_ < 0 || ::grantpt(master_) != 0 || ::unlockpt(master_) != 0) return;
    const std::string name = ::ptsname(master_);
    resize(columns, rows);
    // The test keeps the slave open, to read its settings after the game has ended.
    slave_ = ::open(name.c_str(), O_RDWR | O_NOCTTY);
    ::tcgetattr(slave_, &before_);
    std::vector<std::string> argv_storage{"sabbat"};
    argv_storage.insert(argv_storage.end(), args.begin(), args.end());
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setsid();
      const int fd = ::open(name.c_str(), O_RDWR);
      ::ioctl(fd, TIOCSCTTY, 0);
      ::dup2(fd, 0);
      ::dup2(fd, 1);
      ::dup2(fd, 2);
      ::setenv("TERM", "xterm", 1);
      ::unsetenv("NO_COLOR");
      std::vector<char*> argv;
      for (auto& a : argv_storage) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(SABBAT_BINARY, argv.data());
      ::_exit(127);
    }
  }
  ~Terminal() {
    if (pid_ > 0 && !exited_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (slave_ >= 0) ::close(slave_);
    if (master_ >= 0) ::close(master_);
  }

  bool started() const { return pid_ > 0 && slave_ >= 0; }
  const std::string& output() const { return out_; }

  // Reads until `text` appears after what was already read when asked, or the time is up.
  bool wait_for(const std::string& text, std::chrono::milliseconds limit = 10s) {
    const auto end = std::chrono::steady_clock::now() + limit;
    const size_t from = seen_;
    while (out_.find(text, from) == std::string::npos) {
      if (std::chrono::steady_clock::now() >= end || !read_some(50)) return false;
    }
    seen_ = out_.find(text, from) + text.size();
    return true;
  }

  void type(const std::string& keys) {
    ASSERT_EQ(::write(master_, keys.data(), keys.size()), ssize_t(keys.size()));
  }
  // A new size; the terminal tells the program (SIGWINCH), as a window being resized does.
  void resize(int columns, int rows) {
    winsize size{};
    size.ws_row = static_cast<unsigned short>(rows);
    size.ws_col = static_cast<unsigned short>(columns);
    ::ioctl(master_, TIOCSWINSZ, &size);
  }
  void signal(int sig) { ::kill(pid_, sig); }

  // Waits for the end of the program; its status as waitpid gives it, or -1.
  int finish(std::chrono::milliseconds limit = 10s) {
    const auto end = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (std::chrono::steady_clock::now() < end) {
      read_some(20);
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        drain();
        return status;
      }
    }
    return -1;
  }

  // The slave's line settings are as they were before the game.
  bool restored() const {
    termios now{};
    ::tcgetattr(slave_, &now);
    return (now.c_lflag & (ICANON | ECHO)) == (before_.c_lflag & (ICANON | ECHO)) &&
           (now.c_lflag & ICANON) && (now.c_lflag & ECHO);
  }

 private:
  // What the program wrote before it ended (the test holds the slave open: no end of file).
  void drain() {
    for (pollfd p{master_, POLLIN, 0}; ::poll(&p, 1, 50) > 0 && (p.revents & POLLIN);) {
      char buf[4096];
      const ssize_t n = ::read(master_, buf, sizeof buf);
      if (n <= 0) return;
      out_.append(buf, size_t(n));
    }
  }

  bool read_some(int timeout_ms) {
    pollfd p{master_, POLLIN, 0};
    if (::poll(&p, 1, timeout_ms) <= 0) return true;  // nothing yet, still open
    char buf[4096];
    const ssize_t n = ::read(master_, buf, sizeof buf);
    if (n <= 0) return false;  // the slave side is closed
    out_.append(buf, size_t(n));
    return true;
  }

  int master_ = -1;
  int slave_ = -1;
  pid_t pid_ = -1;
  bool exited_ = false;
  termios before_{};
  std::string out_;
  size_t seen_ = 0;
};

// Long limits, so that only keys and the bots move the game on.
const std::vector<std::string> kSlow{"play",   "du-balai", "--players", "2",
                                     "--seed", "5",        "--param",   "formula_time_ms=120000"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

bool exited_with(int status, int code) {
  return status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == code;
}

TEST(CliScreen, KeysCloseTheBookWriteTheFormulaAndQuitGivingTheTerminalBack) {
  Terminal t(with(kSlow, {"--no-color"}));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.wait_for("the book is OPEN")) << t.output();
  // The live line comes last, under the open book's nine large dice.
  ASSERT_TRUE(t.wait_for("Space closes it")) << t.output();
  size_t dice = 0;
  for (const char* top : {"\u256d[", "\u2554["})
    for (size_t p = t.output().find(top); p != std::string::npos; p = t.output().find(top, p + 1))
      ++dice;
  EXPECT_GE(dice, 9u) << t.output();
  t.type(" ");
  ASSERT_TRUE(t.wait_for("seat 1 closes the book")) << t.output();
  ASSERT_TRUE(t.wait_for(" s left")) << "the writing's countdown: " << t.output();
  t.type("1");
  ASSERT_TRUE(t.wait_for("picked")) << t.output();
  t.type("\r");
  ASSERT_TRUE(t.wait_for("you wrote formula")) << t.output();
  t.type(":quit\r");
  const int status = t.finish();
  EXPECT_TRUE(exited_with(status, 0)) << status << t.output();
  EXPECT_NE(t.output().find("You leave the game unfinished."), std::string::npos) << t.output();
  EXPECT_NE(t.output().find("\x1b[?1049l"), std::string::npos) << "the alternate screen is left";
  EXPECT_TRUE(t.restored());
}

TEST(CliScreen, AnUnknownKeyIsExplainedAndLosesNothing) {
  Terminal t(with(kSlow, {"--no-color"}));
  ASSERT_TRUE(t.started());
  // The person closes the book (a bot reads the dice for seconds first), then writes.
  ASSERT_TRUE(t.wait_for("Space closes it")) << t.output();
  t.type(" ");
  ASSERT_TRUE(t.wait_for("write your formula")) << t.output();
  t.type("z");
  ASSERT_TRUE(t.wait_for("'z' does nothing now; keys: 1-9")) << t.output();
  t.type("2");
  ASSERT_TRUE(t.wait_for("Boulg\u00e2 picked")) << t.output();
  t.type("\x04");  // Ctrl-D leaves
  EXPECT_TRUE(exited_with(t.finish(), 0)) << t.output();
  EXPECT_TRUE(t.restored());
}

TEST(CliScreen, ANovicePilotChoosesHerSquareByKey) {
  Terminal t(with(kSlow, {"--no-color", "--param", "pilot_0=novice"}));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.wait_for("5, 6 or 7")) << t.output();
  t.type("6");
  ASSERT_TRUE(t.wait_for("starts on square 6")) << t.output();
  t.type(":quit\r");
  EXPECT_TRUE(exited_with(t.finish(), 0)) << t.output();
}

TEST(CliScreen, CtrlCLeavesTheGameAndStillWritesTheRecord) {
  const auto file = std::filesystem::temp_directory_path() /
                    ("sabbat-screen-" + std::to_string(::getpid()) + ".jsonl");
  Terminal t(with(kSlow, {"--record", file.string()}));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.wait_for("the book is OPEN")) << t.output();
  // The live line ends the picture: the program now waits for a key.
  ASSERT_TRUE(t.wait_for("Space closes it")) << t.output();
  t.type("\x03");  // the terminal sends SIGINT
  const int status = t.finish();
  EXPECT_TRUE(exited_with(status, 0)) << status << t.output();
  EXPECT_NE(t.output().find("Ctrl-C: you leave the game unfinished."), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(file));
  EXPECT_TRUE(t.restored());
  std::filesystem::remove(file);
}

TEST(CliScreen, SigtermEndsTheProgramButGivesTheTerminalBack) {
  Terminal t(kSlow);
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.wait_for("the book is OPEN")) << t.output();
  t.signal(SIGTERM);
  const int status = t.finish();
  ASSERT_GE(status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
  EXPECT_TRUE(t.restored());
}

TEST(CliScreen, LinesFlagKeepsTypedLinesOnATerminal) {
  Terminal t(with(kSlow, {"--no-color", "--lines"}));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.wait_for("type an action, or 'help'")) << t.output();
  t.type("quit\n");
  EXPECT_TRUE(exited_with(t.finish(), 0)) << t.output();
  EXPECT_EQ(t.output().find("\x1b[?1049h"), std::string::npos) << "no screen of its own";
}

// Below the size a screen needs, a sentence with that size rather than a broken picture; the
// table comes back when the terminal grows.
TEST(CliScreen, ATooSmallTerminalIsAskedForTheSizeTheScreenNeeds) {
  Terminal t(with(kSlow, {"--no-color"}), 50, 12);
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.wait_for("make the terminal at least ")) << t.output();
  ASSERT_TRUE(t.wait_for("(columns \u00d7 rows; it is 50\u00d712 now)")) << t.output();
  ASSERT_TRUE(t.wait_for("Space closes it")) << "the live line, last: " << t.output();
  // The table's heading, whatever phase a quick bot has brought it to meanwhile.
  EXPECT_EQ(t.output().find("Du Balai !  turn 1"), std::string::npos) << t.output();
  t.resize(100, 40);
  ASSERT_TRUE(t.wait_for("Du Balai !  turn 1")) << t.output();
  t.type("\x04");
  EXPECT_TRUE(exited_with(t.finish(), 0)) << t.output();
}

// What happened can be scrolled back with Page Up (or Ctrl-B) and forward with Page Down.
TEST(CliScreen, PageUpScrollsWhatHappenedBack) {
  Terminal t(with(kSlow, {"--no-color"}));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.wait_for("Space closes it")) << t.output();
  t.type(" ");
  ASSERT_TRUE(t.wait_for("write your formula")) << t.output();
  // The closer's formula of one card; once the bot has written too, the reveal and its
  // narration, then the second book.
  t.type("1\r");
  ASSERT_TRUE(t.wait_for("turn 2: the dice are rolled", 30s)) << t.output();
  t.type("\x1b[5~");
  ASSERT_TRUE(t.wait_for("lines back (PgDn: later)")) << t.output();
  t.type("\x1b[6~");
  ASSERT_TRUE(t.wait_for("\u2500\u2500 what happened \u2500\u2500")) << t.output();
  t.type("\x02");  // Ctrl-B, for keyboards without Page Up
  ASSERT_TRUE(t.wait_for("lines back (PgDn: later)")) << t.output();
  t.type("\x04");
  EXPECT_TRUE(exited_with(t.finish(), 0)) << t.output();
}

// The narration catches up before a person must act: the first picture of the second open
// book already tells the whole reveal of the first turn, which otherwise comes a line at a
// time.
TEST(CliScreen, NarrationCatchesUpBeforeThePersonMustAct) {
  Terminal t(with(kSlow, {"--no-color"}));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.wait_for("Space closes it")) << t.output();
  t.type(" ");
  ASSERT_TRUE(t.wait_for("write your formula")) << t.output();
  t.type("1\r");  // the closer's formula of one card
  ASSERT_TRUE(t.wait_for("turn 2  phase 1: the book is OPEN", 30s)) << t.output();
  ASSERT_TRUE(t.wait_for("Space closes it")) << t.output();
  const std::string& out = t.output();
  const size_t frame = out.find("turn 2  phase 1: the book is OPEN");
  const size_t next = out.find("\x1b[H", frame);
  const std::string first_picture =
      out.substr(frame, next == std::string::npos ? next : next - frame);
  EXPECT_NE(first_picture.find("turn 2: the dice are rolled, the book is open"), std::string::npos)
      << first_picture;
  EXPECT_NE(first_picture.find("the curse token moves"), std::string::npos) << first_picture;
  t.type("\x04");
  EXPECT_TRUE(exited_with(t.finish(), 0)) << t.output();
}

// `--lines` (for screen readers) prints the blocks of the table that changed, not the whole
// board again: the track, unchanged while the person writes her formula, is read once. (When
// the book closes, the screen is wiped with the dice and the whole table printed again.)
TEST(CliScreen, LinesModePrintsWhatChangedNotTheWholeTableAgain) {
  Terminal t(with(kSlow, {"--no-color", "--lines"}));
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.wait_for("then close-book")) << t.output();
  t.type("close-book\n");
  ASSERT_TRUE(t.wait_for("phase 2: write your formula")) << t.output();
  ASSERT_TRUE(t.wait_for("type an action")) << t.output();
  t.type("formula zaam\n");
  ASSERT_TRUE(t.wait_for("you wrote formula zaam")) << t.output();
  ASSERT_TRUE(t.wait_for("you cannot act now")) << t.output();
  const std::string& out = t.output();
  const size_t closed = out.find("seat 1 closes the book");
  ASSERT_NE(closed, std::string::npos) << out;
  // Up to the reveal, which may move the witches once the bot has written.
  const size_t reveal = out.find("the formulas and the dice are revealed", closed);
  const std::string writing =
      out.substr(closed, reveal == std::string::npos ? reveal : reveal - closed);
  size_t tracks = 0;
  for (size_t p = writing.find("The track:"); p != std::string::npos;
       p = writing.find("The track:", p + 1))
    ++tracks;
  EXPECT_EQ(tracks, 1u) << writing;
  t.type("quit\n");
  EXPECT_TRUE(exited_with(t.finish(), 0)) << t.output();
}

// Requirement: "no turned tile may stay anywhere on screen or in the scrollback once it is turned
// back". By typed lines on a terminal, the study's open forest and a wrong tile turned back are
// wiped with the scrollback, and the line that named the ingredient is not told again. (Seed 5,
// two players: the person, seat 1, searches first, and A1 holds Dent de loup, not on her card.)
TEST(CliScreen, BabaYagaLinesWipeTheTilesTurnedBackFromTheScrollback) {
  Terminal t({"play", "baba-yaga", "--players", "2", "--seed", "5", "--no-color", "--lines",
              "--param", "study_time_ms=1000", "--bot", "novice"});
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.wait_for("Dent de loup")) << t.output();  // the study: every tile face up
  ASSERT_TRUE(t.wait_for("seat 1 reveals her spell")) << t.output();
  const size_t study_wiped = t.output().rfind("\x1b[3J");
  ASSERT_NE(study_wiped, std::string::npos) << t.output();
  EXPECT_EQ(t.output().find("Dent de loup", study_wiped), std::string::npos) << t.output();
  t.type("turn A1\n");
  // The narration says what happened without the tile nor its ingredient (the table shows
  // them meanwhile).
  ASSERT_TRUE(t.wait_for("Seat 1 turns a tile: not on her card")) << t.output();
  t.type("back A1\n");
  ASSERT_TRUE(t.wait_for("Seat 1 turns the tile back")) << t.output();
  const size_t wiped = t.output().rfind("\x1b[3J");
  ASSERT_GT(wiped, study_wiped) << t.output();
  const std::string after = t.output().substr(wiped);
  EXPECT_NE(after.find("has been wiped"), std::string::npos) << after;
  EXPECT_EQ(after.find("Dent de loup"), std::string::npos) << after;
  t.type("quit\n");
  EXPECT_TRUE(exited_with(t.finish(), 0)) << t.output();
}

TEST(CliScreenText, WidthsCountCharactersNotBytesNorColourCodes) {
  EXPECT_EQ(cli::columns("Z\u00e2\u00e2m"), 4u);
  EXPECT_EQ(cli::columns("\x1b[1;38;5;208mORANGE\x1b[0m"), 6u);
  EXPECT_EQ(cli::clip("Boulg\u00e2 toile", 6), "Boulg\u00e2");
  EXPECT_EQ(cli::clip("\x1b[1mbold text\x1b[0m", 4), "\x1b[1mbold\x1b[0m");
  std::string typed = "formule \u00e9";
  cli::drop_last_character(typed);
  EXPECT_EQ(typed, "formule ");
}

TEST(CliScreenText, NarrationWrapsAtSpacesAndKeepsTheLastRows) {
  const std::vector<std::string> lines{"one", "two words here", "three"};
  const auto rows = cli::last_rows(lines, 4, 8);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0], "two");
  EXPECT_EQ(rows[1], "  words");
  EXPECT_EQ(rows[2], "  here");
  EXPECT_EQ(rows[3], "three");
}

TEST(CliScreenText, TheCountdownWritesTheSecondsLeftBesideItsBar) {
  const std::string full = cli::countdown(20000, 20000, false);
  EXPECT_NE(full.find("20.0 s left"), std::string::npos) << full;
  EXPECT_EQ(full.find("\u2591"), std::string::npos) << "a full bar";
  const std::string late = cli::countdown(1400, 20000, false);
  EXPECT_NE(late.find("1.4 s left"), std::string::npos) << late;
  EXPECT_NE(late.find("\u2588\u2591"), std::string::npos) << late;
  EXPECT_NE(cli::countdown(-5, 100, false).find("0.0 s left"), std::string::npos);
}

}  // namespace
}  // namespace sabbat
