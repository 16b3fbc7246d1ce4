// The replay of a finished game (GET /api/tables/CODE/replay?seat=K): the frames a seat would
// have seen, from the start to the end, for the web client's replay viewer.
#include <gtest/gtest.h>

#include <sstream>

#include "core/untrusted.hpp"
#include "play.hpp"
#include "server/protocol/replay.hpp"

namespace sabbat::server::testing {
namespace {

json parse(const std::string& body) {
  auto j = parse_untrusted_json(body, {64 << 20, 64});
  EXPECT_TRUE(j.ok()) << (j.ok() ? "" : j.error());
  return j.ok() ? *j : json();
}

// The engine's own replay, state by state: what every step of the answer must show `viewer`.
std::vector<json> views_through(const Record& record, Seat viewer) {
  std::vector<json> views;
  auto m = replay_from_start(
      record, registry(), [&](const State& s) { views.push_back(s.view(viewer)); },
      [&](const RecordedAction&, const State& s, const Events&) {
        views.push_back(s.view(viewer));
      });
  EXPECT_TRUE(m.ok());
  return views;
}

void expect_replay_matches(const json& answer, const Record& record, Seat viewer) {
  const auto views = views_through(record, viewer);
  ASSERT_EQ(answer["steps"].size(), record.actions.size() + 1);
  EXPECT_EQ(answer["game"], record.game);
  EXPECT_EQ(answer["players"], record.players);
  for (size_t k = 0; k < views.size(); ++k) {
    const json& step = answer["steps"][k];
    EXPECT_EQ(step["type"], "state");
    EXPECT_EQ(step["seq"], int64_t(k));
    EXPECT_EQ(step["view"], views[k]) << "step " << k;
    // Nothing to act on in a replay, and no clock running.
    EXPECT_TRUE(step["legal"].empty());
    EXPECT_TRUE(step["deadline"].is_null());
  }
  ASSERT_TRUE(record.result.has_value());
  EXPECT_EQ(answer["result"]["scores"], json(record.result->scores));
}

// Requirement: "a replay viewer for finished games: step forward and back, choose whose eyes to
// see through". Each seat's replay shows that seat's view, the spectator's the public one.
TEST(ServerReplay, AFinishedGameIsReplayedThroughTheEyesOfTheSeatAsked) {
  TempDir dir;
  TestServer server(dir.path());
  PlayedTable played =
      play_whole_game(server.port(), TablePlan{"sortileges", 3, {}, {"", "random", ""}, false});
  const std::string base = "/api/tables/" + played.created.table + "/replay";

  for (Seat seat : {0, 1, 2}) {
    auto answer = http_get(server.port(), base + "?seat=" + std::to_string(seat));
    ASSERT_EQ(answer.status, 200) << answer.body;
    json j = parse(answer.body);
    EXPECT_EQ(j["seat"], seat);
    expect_replay_matches(j, played.record, seat);
    // The seat's own frames: the same views and events the live game sent it.
    expect_wire_holds_only_what_viewer_sees(played.record, j["steps"].get<std::vector<json>>(),
                                            seat);
  }
  for (std::string asked : {"", "?seat=spectator", "?seat=", "?other=1"}) {
    auto answer = http_get(server.port(), base + asked);
    ASSERT_EQ(answer.status, 200) << asked;
    json j = parse(answer.body);
    EXPECT_EQ(j["seat"], "spectator") << asked;
    expect_replay_matches(j, played.record, kSpectator);
  }
}

// A real-time game, short: its time limits at their least, two turns.
std::map<std::string, std::string> quick_du_balai() {
  std::map<std::string, std::string> out{{"max_turns", "2"}};
  for (const ParamSpec& p : registry().find("du-balai")->param_specs())
    if (p.kind == ParamSpec::Kind::Integer && p.name.ends_with("_ms"))
      out[p.name] = std::to_string(p.min);
  return out;
}

// Bad input gets a clear error: a seat that is not one of the game's. (Du Balai !: a game
// with a clock replays without one.)
TEST(ServerReplay, ASeatOutsideTheGameIsRefusedWithWhatIsAllowed) {
  TempDir dir;
  TestServer server(dir.path());
  PlayedTable played = play_whole_game(
      server.port(), TablePlan{"du-balai", 3, quick_du_balai(), {"", "random", "random"}, false});
  const std::string base = "/api/tables/" + played.created.table + "/replay?seat=";
  for (std::string bad : {"3", "-1", "x", "1x", "01x", "99999999999999999999"}) {
    auto answer = http_get(server.port(), base + bad);
    EXPECT_EQ(answer.status, 400) << bad;
    EXPECT_EQ(answer.body, "seat is a number from 0 to 2, or \"spectator\"\n") << bad;
  }
  auto good = http_get(server.port(), base + "2");
  ASSERT_EQ(good.status, 200);
  expect_replay_matches(parse(good.body), played.record, 2);
}

// Before the end, a replay would tell every hidden card, as the record would.
TEST(ServerReplay, IsRefusedBeforeTheEndAndForAnUnknownTable) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, TablePlan{"sortileges", 2, {}, {"", ""}, false});
  auto early = http_get(server.port(), "/api/tables/" + t.table + "/replay?seat=0");
  EXPECT_EQ(early.status, 409);
  EXPECT_EQ(early.body, "the replay is available once the game has ended\n");
  EXPECT_EQ(http_get(server.port(), "/api/tables/abcdefghijkmnpqr/replay").status, 404);
}

TEST(ServerReplay, QueryValuesAreReadByName) {
  EXPECT_EQ(query_value("seat=2", "seat"), "2");
  EXPECT_EQ(query_value("a=1&seat=spectator&b", "seat"), "spectator");
  EXPECT_EQ(query_value("seats=1", "seat"), std::nullopt);
  EXPECT_EQ(query_value("seat", "seat"), "");
  EXPECT_EQ(query_value("", "seat"), std::nullopt);
  EXPECT_EQ(replay_viewer(std::nullopt, 4).value(), kSpectator);
  EXPECT_EQ(replay_viewer("3", 4).value(), 3);
  EXPECT_FALSE(replay_viewer("4", 4).ok());
  EXPECT_FALSE(replay_viewer("+1", 4).ok());
}

}  // namespace
}  // namespace sabbat::server::testing

namespace sabbat::server::testing {
namespace {

// docs/record-format.md: writers put the keys in the documented order (header: format,
// version, game, players, seed, params; actions: seq, time, seat, action; then the result).
TEST(ServerRecord, KeysAreWrittenInTheDocumentedOrder) {
  TempDir dir;
  TestServer server(dir.path());
  PlayedTable played =
      play_whole_game(server.port(), TablePlan{"sortileges", 2, {}, {"", "random"}, false});
  auto answer = http_get(server.port(), "/api/tables/" + played.created.table + "/record");
  ASSERT_EQ(answer.status, 200);
  std::istringstream lines(answer.body);
  std::string line;
  std::getline(lines, line);
  EXPECT_TRUE(line.starts_with(R"({"format":"sabbat-record","version":1,"game":"sortileges",)"
                               R"("players":2,"seed":7,"params":{)"))
      << line;
  size_t actions = 0;
  std::string last;
  while (std::getline(lines, line)) {
    last = line;
    if (line.starts_with(R"({"result")")) break;
    ++actions;
    EXPECT_TRUE(line.starts_with(R"({"seq":)" + std::to_string(actions) + R"(,"time":)")) << line;
    EXPECT_NE(line.find(R"(,"seat":)"), std::string::npos);
    EXPECT_LT(line.find(R"("seat":)"), line.find(R"("action":)")) << line;
  }
  EXPECT_EQ(actions, played.record.actions.size());
  EXPECT_TRUE(last.starts_with(R"({"result":{"scores":)")) << last;
}

}  // namespace
}  // namespace sabbat::server::testing
