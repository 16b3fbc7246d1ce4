// The server's log (docs/hosting.md, "Logs"): one line per event that matters, in text or in
// JSON (--log-format json), and never a token.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <sstream>

#include "harness.hpp"
#include "play.hpp"
#include "server/ops/log.hpp"
#include "server_process.hpp"

namespace sabbat::server::testing {
namespace {

// "2026-11-28T16:56:35.123Z": UTC to the millisecond. (By hand: std::regex sets off a false
// -Wmaybe-uninitialized in libstdc++ 12 under the sanitizers.)
bool is_utc_stamp(std::string_view s) {
  constexpr std::string_view shape = "dddd-dd-ddTdd:dd:dd.dddZ";
  if (s.size() != shape.size()) return false;
  for (size_t i = 0; i < s.size(); ++i)
    if (shape[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(s[i])) : s[i] != shape[i])
      return false;
  return true;
}

TEST(Log, JsonLineHoldsTimeLevelEventMessageAndFields) {
  std::vector<std::string> lines;
  Log log([&](std::string_view l) { lines.emplace_back(l); }, LogFormat::Json);
  log.event("table-created", "table ABCDEF created", {{"table", "ABCDEF"}, {"players", 3}});
  log.error("the store failed");
  log("a plain note");
  ASSERT_EQ(lines.size(), 3u);
  const json created = json::parse(lines[0]);
  EXPECT_TRUE(is_utc_stamp(created.value("time", ""))) << lines[0];
  EXPECT_EQ(created.value("level", ""), "info");
  EXPECT_EQ(created.value("event", ""), "table-created");
  EXPECT_EQ(created.value("message", ""), "table ABCDEF created");
  EXPECT_EQ(created.value("table", ""), "ABCDEF");
  EXPECT_EQ(created.value("players", 0), 3);
  EXPECT_EQ(json::parse(lines[1]).value("level", ""), "error");
  EXPECT_FALSE(json::parse(lines[2]).contains("event"));
}

// A client's bytes in a line (a header, an origin) that are not UTF-8 still give valid JSON.
TEST(Log, JsonLineOfBytesThatAreNotUtf8IsStillJson) {
  std::vector<std::string> lines;
  Log log([&](std::string_view l) { lines.emplace_back(l); }, LogFormat::Json);
  log("origin \xff\xfe refused");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_TRUE(json::accept(lines[0])) << lines[0];
}

// A whole game with the log in JSON: every line is an object, the table's life is there
// (created, started, finished), and no line holds a seat's or the owner's token.
TEST(Log, WholeGameLogsItsEventsInJsonAndNoToken) {
  TempDir dir;
  ServerOptions o = TestServer::options_for(dir.path());
  o.log_format = LogFormat::Json;
  TestServer server(o);
  const Game& game = *registry().find("sortileges");
  TablePlan plan{game.id(), 2, quick_params(game, 2), {}};
  PlayedTable t = play_whole_game(server.port(), plan);
  ASSERT_TRUE(t.record.result.has_value());
  ASSERT_TRUE(server.logged("\"table-finished\""));
  std::vector<std::string> events;
  for (const std::string& line : server.log()) {
    ASSERT_TRUE(json::accept(line)) << line;
    const json entry = json::parse(line);
    if (entry.contains("event")) events.push_back(entry["event"]);
    EXPECT_EQ(line.find(t.created.owner), std::string::npos) << line;
    for (const Person& p : t.people) EXPECT_EQ(line.find(p.token), std::string::npos) << line;
  }
  for (const char* expected : {"start", "table-created", "table-started", "table-finished"})
    EXPECT_NE(std::find(events.begin(), events.end(), expected), events.end()) << expected;
}

// The program's own log on standard error: a UTC time, then the line, one event a line.
TEST(Log, ProgramWritesTimedTextLinesToStandardError) {
  TempDir dir;
  const auto log = dir.path() / "serve.log";
  {
    ServerProcess serve(SABBAT_BINARY, dir.path() / "data", log);
    ASSERT_NE(serve.port(), 0) << serve.error();
  }
  std::ifstream in(log);
  int lines = 0, serving = 0;
  for (std::string line; std::getline(in, line); ++lines) {
    constexpr std::string_view after = " sabbat serve: ";
    EXPECT_TRUE(line.size() > 24 + after.size() && is_utc_stamp(line.substr(0, 24)) &&
                line.substr(24, after.size()) == after)
        << line;
    serving += line.find("sabbat serve: listening at http://127.0.0.1:") != std::string::npos;
  }
  EXPECT_GT(lines, 0);
  EXPECT_EQ(serving, 1);
}

TEST(Log, ProgramWritesJsonLinesWithLogFormatJson) {
  TempDir dir;
  const auto log = dir.path() / "serve.log";
  uint16_t port = 0;
  {
    ServerProcess serve(SABBAT_BINARY, dir.path() / "data", log, 0,
                        {"--log-format", "json", "--metrics-port", "0"});
    ASSERT_NE(serve.port(), 0) << serve.error();
    port = serve.port();
    // Everything is in the log: standard output, read by the same supervisor, stays empty.
    EXPECT_EQ(serve.stop(), "");
  }
  std::ifstream in(log);
  int starts = 0;
  for (std::string line; std::getline(in, line);) {
    json o;
    ASSERT_NO_THROW(o = json::parse(line)) << line;
    if (o.value("event", "") != "start") continue;
    ++starts;
    EXPECT_EQ(o.value("port", 0), port);
    EXPECT_EQ(o.value("url", ""), "http://127.0.0.1:" + std::to_string(port));
    EXPECT_GT(o.value("metrics_port", 0), 0) << line;
  }
  EXPECT_EQ(starts, 1);
}

}  // namespace
}  // namespace sabbat::server::testing
