// Records (docs/record-format.md): what is written reads back the same; every kind of damage
// is an error naming its line; check_record finds the first line a replay does not reproduce.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>

#include "bots/scheduler.hpp"
#include "core/record.hpp"
#include "core/registry.hpp"
#include "core/untrusted.hpp"
#include "support/cli_run.hpp"

namespace sabbat {
namespace {

using test::read_file;

// A finished Sortilèges game between random bots, recorded.
Record played_record(uint64_t seed, int players = 3) {
  const Game* game = registry().find("sortileges");
  EXPECT_NE(game, nullptr);
  if (!game) return {};
  auto setup = game->setup(players, {}, seed);
  EXPECT_TRUE(setup.ok());
  auto match = Match::start(*game, *setup);
  EXPECT_TRUE(match.ok());
  std::vector<RandomBot> bots(static_cast<size_t>(players));
  std::vector<Bot*> seats;
  for (auto& b : bots) seats.push_back(&b);
  Rng rng(Rng::mix(seed, 1));
  Status st = play_until_end(match->state(), seats, rng, [&](const Step& step) {
    return match->apply(step.seat, step.action, step.at);
  });
  EXPECT_TRUE(st.ok()) << st.error();
  return match->record();
}

Result<Record> parse_text(const std::string& text) {
  std::istringstream in(text);
  return parse_record(in);
}

// The parse must fail, and its message must name `line` and mention `what`.
void expect_error(const std::string& text, int line, const std::string& what) {
  auto r = parse_text(text);
  ASSERT_FALSE(r.ok()) << "accepted:\n" << text;
  EXPECT_NE(r.error().find("line " + std::to_string(line) + ":"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find(what), std::string::npos) << r.error();
}

const std::string kHeader =
    R"({"format":"sabbat-record","version":1,"game":"sortileges","players":2,"seed":7,)"
    R"("params":{"first_player":"rotates","first_seat":"0","unclaimed":"removed"}})"
    "\n";

std::string action_line(int seq, int time, const std::string& seat, const std::string& action) {
  return R"({"seq":)" + std::to_string(seq) + R"(,"time":)" + std::to_string(time) + R"(,"seat":)" +
         seat + R"(,"action":")" + action + "\"}\n";
}

TEST(RecordFormat, WrittenRecordReadsBackIdentical) {
  Record r = played_record(11);
  ASSERT_TRUE(r.result.has_value());
  auto back = parse_text(r.text());
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, r);
  EXPECT_EQ(back->text(), r.text());
}

TEST(RecordFormat, ClockSeatAndUnfinishedGameRoundTrip) {
  Record r;
  r.game = "some-game";
  r.params = {{"a", "1"}};
  r.seed = 18446744073709551615ull;  // the largest seed survives JSON
  r.players = 2;
  r.actions = {{1, 0, 0, "go"}, {2, 1500, kClock, "time-up"}};
  auto back = parse_text(r.text());
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, r);
  EXPECT_FALSE(back->result.has_value());
}

TEST(RecordFormat, LinesFollowTheDocumentedOrder) {
  Record r;
  r.game = "g";
  r.players = 1;
  r.seed = 3;
  r.actions = {{1, 5, kClock, "tick"}};
  r.result = RecordResult{{4}, {1}};
  EXPECT_EQ(r.text(),
            R"({"format":"sabbat-record","version":1,"game":"g","players":1,"seed":3,"params":{}})"
            "\n"
            R"({"seq":1,"time":5,"seat":"clock","action":"tick"})"
            "\n"
            R"({"result":{"scores":[4],"ranks":[1]}})"
            "\n");
}

TEST(RecordFormat, WindowsLineEndsAndTrailingBlankLinesAreAccepted) {
  std::string text = kHeader + action_line(1, 0, "0", "x");
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  auto r = parse_text(crlf + "\n\n");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->actions.size(), 1u);
}

TEST(RecordCorruption, EmptyFileNamesLineOne) {
  expect_error("", 1, "empty");
}

TEST(RecordCorruption, NotJsonNamesLineOne) {
  expect_error("hello, world\n", 1, "not a Sabbat record");
}

TEST(RecordCorruption, ForeignFormatNamesLineOne) {
  expect_error(R"({"format":"chess-pgn","version":1})"
               "\n",
               1, "chess-pgn");
  expect_error("[1,2,3]\n", 1, "not a Sabbat record");
}

TEST(RecordCorruption, WrongVersionNamesLineOne) {
  std::string text = kHeader;
  text.replace(text.find("\"version\":1"), 11, "\"version\":2");
  expect_error(text, 1, "version");
}

TEST(RecordCorruption, MissingHeaderFieldsNameLineOne) {
  for (const char* field : {"game", "players", "seed", "params"}) {
    SCOPED_TRACE(field);
    auto header = json::parse(kHeader);
    header.erase(field);
    expect_error(header.dump() + "\n", 1, field);
  }
}

TEST(RecordCorruption, MissingActionFieldNamesItsLine) {
  for (const char* field : {"seq", "time", "seat", "action"}) {
    SCOPED_TRACE(field);
    auto action = json::parse(action_line(2, 0, "1", "x"));
    action.erase(field);
    expect_error(kHeader + action_line(1, 0, "0", "x") + action.dump() + "\n", 3, field);
  }
}

TEST(RecordCorruption, BadSequenceNumberNamesItsLine) {
  expect_error(kHeader + action_line(1, 0, "0", "x") + action_line(3, 0, "1", "y"), 3,
               "sequence number 3, expected 2");
  expect_error(kHeader + action_line(0, 0, "0", "x"), 2, "expected 1");
}

TEST(RecordCorruption, SeatOutsideTheTableNamesItsLine) {
  expect_error(kHeader + action_line(1, 0, "2", "x"), 2, "seat");
  expect_error(kHeader + action_line(1, 0, "\"referee\"", "x"), 2, "seat");
}

TEST(RecordCorruption, TimeGoingBackNamesItsLine) {
  expect_error(kHeader + action_line(1, 50, "0", "x") + action_line(2, 40, "1", "y"), 3,
               "before the previous");
}

TEST(RecordCorruption, TruncatedLastLineNamesIt) {
  Record r = played_record(5);
  std::string text = r.text();
  text.resize(text.size() - 10);  // cut inside the result line
  expect_error(text, int(r.actions.size()) + 2, "not valid JSON");
}

TEST(RecordCorruption, TextAfterTheResultNamesIt) {
  std::string result = R"({"result":{"scores":[1,2],"ranks":[2,1]}})"
                       "\n";
  expect_error(kHeader + action_line(1, 0, "0", "x") + result + action_line(2, 0, "1", "y"), 4,
               "nothing may follow the result");
}

TEST(RecordCorruption, ResultWithWrongNumberOfSeatsNamesIt) {
  expect_error(kHeader + R"({"result":{"scores":[1],"ranks":[1]}})"
                         "\n",
               2, "one score and one rank per player");
}

TEST(RecordCorruption, BlankLineInsideNamesIt) {
  expect_error(kHeader + "\n" + action_line(1, 0, "0", "x"), 2, "blank line");
}

// An endless line of one byte, counting what is read: a reader must stop at the line limit.
class EndlessLine : public std::streambuf {
 public:
  size_t taken = 0;

 protected:
  int_type underflow() override {
    setg(chunk_, chunk_, chunk_ + sizeof chunk_);
    taken += sizeof chunk_;
    return traits_type::to_int_type(chunk_[0]);
  }

 private:
  char chunk_[4096] = {};
};

// Limits (docs/record-format.md): a line longer than 64 KiB is refused with its line number,
// and reading stops there instead of taking the whole line into memory.
TEST(RecordLimits, EndlessLineIsRefusedAtTheLineLimit) {
  EndlessLine endless;
  std::istream in(&endless);
  auto r = parse_record(in);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "line 1: longer than 65536 bytes, the limit for a record line");
  EXPECT_LE(endless.taken, kMaxRecordLineBytes + 8192);
}

TEST(RecordLimits, LongLineAfterTheHeaderNamesItsLine) {
  expect_error(kHeader + action_line(1, 0, "0", std::string(70000, 'x')), 2, "longer than 65536");
}

// Limits: a line nested 30,000 deep (short enough for the line limit) is refused by the
// bounded parser, never recursed into.
TEST(RecordLimits, DeepNestingIsRefusedNotRecursed) {
  const int n = 30000;
  expect_error("{\"format\":" + std::string(n, '[') + std::string(n, ']') + "}\n", 1,
               "nested more than 16 levels deep");
  expect_error(kHeader + "{\"seq\":" + std::string(n, '[') + std::string(n, ']') + "}\n", 2,
               "nested more than 16 levels deep");
}

// Limits: every integer is checked against its documented range and refused with the field's
// name, never wrapped (2^40 as a score, 2^64-1 as seq or time).
TEST(RecordLimits, IntegersOutsideTheirRangeAreRefusedByName) {
  const std::string result_tail = R"(,"ranks":[1,2]}})"
                                  "\n";
  expect_error(kHeader + R"({"result":{"scores":[1099511627776,0])" + result_tail, 2,
               "\"scores[0]\" is 1099511627776, allowed -1000000 to 1000000");
  expect_error(kHeader + R"({"result":{"scores":[0,0],"ranks":[1,3]}})"
                         "\n",
               2, "\"ranks[1]\" is 3, allowed 1 to 2");
  expect_error(kHeader + R"({"seq":18446744073709551615,"time":0,"seat":0,"action":"x"})"
                         "\n",
               2, "\"seq\" is 18446744073709551615, allowed 1 to 1000000");
  expect_error(kHeader + R"({"seq":1,"time":18446744073709551615,"seat":0,"action":"x"})"
                         "\n",
               2, "\"time\" is 18446744073709551615, allowed 0 to 2592000000");
  // The Du Balai deadline-sum overflow of the fuzzer: refused when read, before any replay.
  expect_error(kHeader + R"({"seq":1,"time":9223372036854775807,"seat":0,"action":"x"})"
                         "\n",
               2, "\"time\" is 9223372036854775807");
  expect_error(kHeader + R"({"seq":1,"time":-1,"seat":0,"action":"x"})"
                         "\n",
               2, "\"time\" is -1");
  expect_error(kHeader + R"({"seq":1,"time":0,"seat":4294967296,"action":"x"})"
                         "\n",
               2, "\"seat\" must be a seat from 0 to 1");
  std::string header = kHeader;
  header.replace(header.find("\"players\":2"), 11, "\"players\":18446744073709551615");
  expect_error(header, 1, "\"players\" is 18446744073709551615, allowed 1 to 32");
  header = kHeader;
  header.replace(header.find("\"seed\":7"), 8, "\"seed\":-7");
  expect_error(header, 1, "\"seed\" must be an integer from 0 to 2^64-1");
}

TEST(RecordLimits, TheLargestAllowedValuesAreAccepted) {
  auto r = parse_text(kHeader + action_line(1, 0, "0", "x") +
                      R"({"seq":2,"time":2592000000,"seat":"clock","action":"y"})"
                      "\n"
                      R"({"result":{"scores":[-1000000,1000000],"ranks":[2,1]}})"
                      "\n");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->actions.back().time, kMaxGameTime);
  EXPECT_EQ(r->result->scores[0], -kMaxRecordScore);
}

// The player count is checked on line 1 against the game's own range, before the seats and
// the result line that depend on it.
TEST(RecordLimits, PlayerCountOutsideTheGamesRangeIsNamedOnLineOne) {
  std::string header = kHeader;
  header.replace(header.find("\"players\":2"), 11, "\"players\":12");
  expect_error(header + R"({"result":{"scores":[1,2],"ranks":[2,1]}})"
                        "\n",
               1, "\"players\" is 12, but sortileges is played by 2 to 6 players");
}

// Errors quote at most a short, printable prefix of the value they refuse.
TEST(RecordLimits, ErrorsQuoteAShortPrintablePrefix) {
  const std::string evil = "\\u001b[2J" + std::string(50000, 'A');
  for (const std::string& text : {R"({"format":")" + evil + "\"}\n",
                                  R"({"format":"sabbat-record","version":1,"game":")" + evil +
                                      R"(","players":2,"seed":1,"params":{}})"
                                      "\n",
                                  kHeader + R"({"seq":1,"time":0,"seat":")" + evil +
                                      R"(","action":"x"})"
                                      "\n"}) {
    auto r = parse_text(text);
    ASSERT_FALSE(r.ok());
    EXPECT_LT(r.error().size(), 300u) << r.error();
    EXPECT_EQ(r.error().find('\x1b'), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("characters)"), std::string::npos) << r.error();
  }
}

// A game id is the registry's spelling, so that no later message can carry odd text.
TEST(RecordLimits, GameIdMustBeAnId) {
  std::string header = kHeader;
  header.replace(header.find("\"sortileges\""), 12, "\"sorti\\u001bleges\"");
  expect_error(header, 1, "\"game\" must be a game id");
}

TEST(RecordFiles, MissingFileSaysSo) {
  auto r = read_record_file("/nonexistent/sabbat/record.jsonl");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("cannot open"), std::string::npos) << r.error();
}

TEST(RecordFiles, WriteThenReadGivesTheSameRecord) {
  Record r = played_record(21);
  auto path = (std::filesystem::temp_directory_path() /
               ("sabbat-record-test-" + std::to_string(::getpid()) + ".jsonl"))
                  .string();
  ASSERT_TRUE(write_record_file(path, r).ok());
  auto back = read_record_file(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, r);
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("sabbat-record-test-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

// Atomic writes: the file is replaced whole, and no temporary file stays behind.
TEST(RecordFiles, WriteReplacesTheFileWholeAndLeavesNoTemporary) {
  namespace fs = std::filesystem;
  const fs::path dir = temp_path("atomic");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "game.jsonl").string();
  std::ofstream(path) << "an older file\n";
  Record r = played_record(22);
  ASSERT_TRUE(write_record_file(path, r).ok());
  EXPECT_EQ(read_file(path), r.text());
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
}

// A failed write says the system's reason.
TEST(RecordFiles, FailedWriteSaysTheSystemsReason) {
  Status st = write_record_file("/nonexistent/sabbat/game.jsonl", played_record(2));
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error(), "cannot write '/nonexistent/sabbat/game.jsonl': No such file or directory");
}

// In a child process: writes `r` with files limited to 1000 bytes, and exits with 0 when the
// write fails saying why.
void write_under_size_limit(const std::string& path, const Record& r) {
  std::signal(SIGXFSZ, SIG_IGN);
  const rlimit limit{1000, 1000};
  ::setrlimit(RLIMIT_FSIZE, &limit);
  Status st = write_record_file(path, r);
  std::exit(!st.ok() && st.error() == "cannot write '" + path + "': File too large" ? 0 : 1);
}

// A write cut short (here by a file size limit, as a full disk would) leaves the older file as
// it was, no temporary file, and an error with the system's reason. Run in a child process,
// whose limit the test does not share.
TEST(RecordFiles, WriteCutShortLeavesTheOldFileAndSaysWhy) {
  namespace fs = std::filesystem;
  const fs::path dir = temp_path("cut");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "game.jsonl").string();
  std::ofstream(path) << "the older record\n";
  const Record r = played_record(23);
  ASSERT_GT(r.text().size(), 1000u);
  EXPECT_EXIT(write_under_size_limit(path, r), ::testing::ExitedWithCode(0), "");
  EXPECT_EQ(read_file(path), "the older record\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
}

// Plain replay checks the result line too: a result the replay does not give is named.
TEST(CheckResult, TamperedResultIsNamedByItsLine) {
  Record r = played_record(6);
  auto m = replay(r, registry());
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_TRUE(check_result(r, m->record()).ok());
  Record tampered = r;
  tampered.result->scores[1] += 5;
  Status st = check_result(tampered, m->record());
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(
      st.error().rfind("line " + std::to_string(r.actions.size() + 2) + ": the record says", 0), 0u)
      << st.error();
}

TEST(CheckResult, ResultOfAGameNotOverIsNamed) {
  Record r = played_record(6);
  r.actions.resize(r.actions.size() / 2);
  auto m = replay(r, registry());
  ASSERT_TRUE(m.ok()) << m.error();
  Status st = check_result(r, m->record());
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().find("the game is not over"), std::string::npos) << st.error();
  r.result.reset();
  EXPECT_TRUE(check_result(r, m->record()).ok()) << "an unfinished record is no tampering";
}

TEST(CheckRecord, GenuineRecordPasses) {
  for (uint64_t seed : {1, 2, 3}) {
    Record r = played_record(seed, int(2 + seed));
    Status st = check_record(r, registry());
    EXPECT_TRUE(st.ok()) << st.error();
  }
}

void expect_check_error(const Record& r, size_t line, const std::string& what) {
  Status st = check_record(r, registry());
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().rfind("line " + std::to_string(line) + ":", 0), 0u) << st.error();
  EXPECT_NE(st.error().find(what), std::string::npos) << st.error();
}

TEST(CheckRecord, ChangedActionIsNamedByItsLine) {
  Record r = played_record(4);
  r.actions[5].action = "conjure a toad";
  expect_check_error(r, 7, "cannot apply 'conjure a toad'");
}

TEST(CheckRecord, ActionBySomeoneWhoseTurnItIsNotIsNamed) {
  Record r = played_record(4);
  r.actions[3].seat = (r.actions[3].seat + 1) % r.players;
  expect_check_error(r, 5, "cannot apply");
}

TEST(CheckRecord, TimeMovedBeforeThePreviousActionIsNamed) {
  Record r = played_record(4);
  for (auto& a : r.actions) a.time = 1000 * a.seq;
  ASSERT_TRUE(check_record(r, registry()).ok());
  r.actions[8].time = r.actions[7].time - 1;
  expect_check_error(r, 10, "before the last action");
}

TEST(CheckRecord, ChangedResultIsNamedByTheResultLine) {
  Record r = played_record(4);
  r.result->scores[0] += 1;
  expect_check_error(r, r.actions.size() + 2, "the record says");
}

TEST(CheckRecord, MissingResultIsNamed) {
  Record r = played_record(4);
  r.result.reset();
  expect_check_error(r, r.actions.size() + 2, "the record ends here");
}

TEST(CheckRecord, MissingActionsAreNamed) {
  Record r = played_record(4);
  r.actions.pop_back();
  expect_check_error(r, r.actions.size() + 2, "the replay ends before this line");
}

TEST(CheckRecord, HeaderWithoutDefaultsDiffersOnLineOne) {
  Record r = played_record(4);
  r.params.erase("unclaimed");  // the replay fills the default back in
  expect_check_error(r, 1, "the record says");
}

TEST(CheckRecord, UnknownGameIsNamedOnLineOne) {
  Record r = played_record(4);
  r.game = "tic-tac-toe";
  expect_check_error(r, 1, "unknown game");
}

TEST(Replay, EventsAndStatesAreReportedForEveryAction) {
  Record r = played_record(9);
  size_t seen = 0, with_events = 0;
  auto m = replay_with_events(r, registry(),
                              [&](const RecordedAction& a, const State&, const Events& e) {
                                EXPECT_EQ(a.seq, int64_t(++seen));
                                with_events += !e.empty();
                              });
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(seen, r.actions.size());
  EXPECT_GT(with_events, 0u);
  EXPECT_EQ(m->record(), r);
}

}  // namespace
}  // namespace sabbat
