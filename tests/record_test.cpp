// Records (docs/record-format.md): what is written reads back the same; every kind of damage
// is an error naming its line; check_record finds the first line a replay does not reproduce.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "bots/scheduler.hpp"
#include "core/record.hpp"
#include "core/registry.hpp"

namespace sabbat {
namespace {

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
