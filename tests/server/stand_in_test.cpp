// Stand-ins: a seat left empty while the game plays is played by the game's default bot after
// the table's limit, until its person rejoins; the record marks what the stand-in played.
#include <gtest/gtest.h>

#include <sstream>
#include <thread>

#include "bots/bot.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"
#include "core/untrusted.hpp"
#include "play.hpp"

namespace sabbat::server::testing {
namespace {

constexpr int64_t kQuickStandIn = 300;  // ms of game time

Created create_with_stand_in(Client& c, const std::string& game, const json& params) {
  c.send({{"type", "create"},
          {"game", game},
          {"players", 2},
          {"params", params},
          {"seats", {{{"human", true}}, {{"human", true}}}},
          {"seed", "11"},
          {"stand_in_after_ms", kQuickStandIn}});
  json created = c.next();
  EXPECT_EQ(created.value("type", ""), "created") << created.dump();
  return {created.value("table", ""), created.value("owner", "")};
}

// Reads `c` until a "table" message shows `seat` with this stand-in (a bot's name or null)
// and, when `connected` is given, that connection state.
json until_stand_in(Client& c, int seat, const json& stand_in,
                    std::optional<bool> connected = std::nullopt) {
  for (;;) {
    json m = c.next_of("table");
    if (m.is_null()) return m;
    const json& s = m["status"]["seats"][size_t(seat)];
    if (s["stand_in"] == stand_in && (!connected || s["connected"] == *connected)) return m;
  }
}

// The served record's action lines, as JSON, after check_record passed on it.
std::vector<json> checked_record_lines(uint16_t port, const std::string& table) {
  auto answer = http_get(port, "/api/tables/" + table + "/record");
  EXPECT_EQ(answer.status, 200) << answer.body;
  std::istringstream in(answer.body);
  auto record = parse_record(in);
  EXPECT_TRUE(record.ok()) << (record ? "" : record.error());
  if (record) {
    Status checked = check_record(*record, registry());
    EXPECT_TRUE(checked.ok()) << (checked ? "" : checked.error());
  }
  std::vector<json> lines;
  std::istringstream again(answer.body);
  std::string line;
  std::getline(again, line);  // the header
  while (std::getline(again, line)) {
    auto j = parse_untrusted_json(line, {1 << 16, 16});
    EXPECT_TRUE(j.ok());
    if (j && j->contains("seq")) lines.push_back(*j);
  }
  return lines;
}

// One seat of the table's public status (GET /api/tables/CODE).
json status_seat(uint16_t port, const std::string& table, int seat) {
  auto answer = http_get(port, "/api/tables/" + table);
  auto j = parse_untrusted_json(answer.body, {1 << 20, 16});
  return j ? (*j)["seats"][size_t(seat)] : json();
}

// Requirement: a seat left empty is played by the game's default bot after the table's limit,
// the table tells everyone, the person takes the seat back with the token and plays again at
// once; the game goes to its end and the record, which marks the stand-in's actions, passes
// --check.
TEST(ServerStandIn, EmptySeatIsPlayedByTheDefaultBotAndTakenBack) {
  TempDir dir;
  TestServer server(dir.path());
  const std::string bot = default_bot_name(*registry().find("sortileges"));
  Client creator(server.port());
  Created t = create_with_stand_in(creator, "sortileges", json::object());
  Client watcher(server.port());
  watcher.send({{"type", "watch"}, {"table", t.table}});
  ASSERT_EQ(watcher.next().value("type", ""), "watching");
  Person a = join(server.port(), t.table, 0, "Morgane");
  Person b = join(server.port(), t.table, 1, "Viviane");

  // Seat 0 plays once (or not at all if seat 1 begins and we stop first), then leaves.
  std::thread first([&] { play_randomly(*b.client, 2, 1); });
  play_randomly(*a.client, 1, 1);
  first.join();
  a.client.reset();
  json taken = until_stand_in(watcher, 0, bot);
  ASSERT_FALSE(taken.is_null());
  EXPECT_EQ(taken["status"]["seats"][0]["connected"], false);
  EXPECT_EQ(status_seat(server.port(), t.table, 0)["stand_in"], bot);

  // Seat 1 plays on against the stand-in until it has seen seat 0 play three times (the first
  // may still be the person's own move), and stops at its own turn.
  Rng rng(3);
  int64_t seq = 100;
  int stand_in_moves = 0;
  json prev_actors = json::array();
  json pending;
  while (pending.is_null()) {
    json m = b.client->next();
    ASSERT_FALSE(m.is_null());
    ASSERT_NE(m.value("type", ""), "result") << "the game ended before the person came back";
    if (m.value("type", "") != "state") continue;
    if (!m["snapshot"].get<bool>() && prev_actors == json::array({0})) ++stand_in_moves;
    prev_actors = m["actors"];
    const json& legal = m["legal"];
    if (legal.empty()) continue;
    const json pick = legal[size_t(rng.below(uint32_t(legal.size())))];
    if (stand_in_moves >= 3)
      pending = pick;
    else
      b.client->send({{"type", "act"}, {"seq", ++seq}, {"action", pick}});
  }

  // The person comes back: the stand-in stops, and everyone is told.
  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", t.table}, {"token", a.token}});
  ASSERT_EQ(again.next().value("type", ""), "joined");
  ASSERT_FALSE(until_stand_in(watcher, 0, nullptr, true).is_null());
  b.client->send({{"type", "act"}, {"seq", ++seq}, {"action", pending}});
  std::thread rest([&] { EXPECT_EQ(play_randomly(*b.client, 4).value("type", ""), "result"); });
  EXPECT_EQ(play_randomly(again, 5).value("type", ""), "result");
  rest.join();
  EXPECT_TRUE(server.logged("is played by the bot"));

  // The record marks exactly the stand-in's actions: seat 0, in one stretch, and seat 0
  // played again itself after it.
  auto lines = checked_record_lines(server.port(), t.table);
  int64_t first_marked = 0, last_marked = 0;
  int marked = 0;
  for (const json& l : lines) {
    if (!l.contains("stand_in")) continue;
    EXPECT_EQ(l["seat"], 0) << l.dump();
    EXPECT_EQ(l["stand_in"], bot);
    if (!first_marked) first_marked = l["seq"].get<int64_t>();
    last_marked = l["seq"].get<int64_t>();
    ++marked;
  }
  EXPECT_GE(marked, 2);
  bool person_after = false;
  for (const json& l : lines) {
    const int64_t s = l["seq"].get<int64_t>();
    if (l["seat"] == 0 && s > first_marked && s < last_marked) {
      EXPECT_TRUE(l.contains("stand_in")) << "seq " << s << " within the stand-in's stretch";
    }
    person_after |= l["seat"] == 0 && s > last_marked;
  }
  EXPECT_TRUE(person_after) << "the person did not play again after coming back";
}

// Requirement: in a real-time game (Du Balai !) too, the default bot plays the empty seat on the
// server's clock, the game ends, and the record passes --check.
TEST(ServerStandIn, RealTimeGameEmptySeatIsPlayedToTheEnd) {
  TempDir dir;
  TestServer server(dir.path());
  const Game& game = *registry().find("du-balai");
  const std::string bot = default_bot_name(game);
  json params = json::object();
  for (const ParamSpec& p : game.param_specs())
    if (p.kind == ParamSpec::Kind::Integer && p.name.ends_with("_ms"))
      params[p.name] = std::to_string(p.min);
  params["max_turns"] = "2";
  Client creator(server.port());
  Created t = create_with_stand_in(creator, "du-balai", params);
  Client watcher(server.port());
  watcher.send({{"type", "watch"}, {"table", t.table}});
  ASSERT_EQ(watcher.next().value("type", ""), "watching");
  Person a = join(server.port(), t.table, 0, "Morgane");
  Person b = join(server.port(), t.table, 1, "Viviane");
  // Both say ready (a real-time game's ready step), and the game begins.
  a.client->send({{"type", "ready"}});
  b.client->send({{"type", "ready"}});
  ASSERT_FALSE(a.client->next_of("state").is_null());
  a.client.reset();  // seat 0 leaves as the game begins
  std::thread rest([&] { EXPECT_EQ(play_randomly(*b.client, 4).value("type", ""), "result"); });
  ASSERT_FALSE(until_stand_in(watcher, 0, bot).is_null());
  rest.join();
  int marked = 0;
  for (const json& l : checked_record_lines(server.port(), t.table)) {
    if (!l.contains("stand_in")) continue;
    EXPECT_EQ(l["seat"], 0) << l.dump();
    ++marked;
  }
  EXPECT_GT(marked, 0) << "the stand-in never played";
}

// Requirement: a stand-in that played before a restart stays marked in the record; after the
// restart the empty seat gets its stand-in again and the game ends.
TEST(ServerStandIn, StandInSurvivesARestart) {
  TempDir dir;
  Created t;
  std::string token_b;
  const std::string bot = default_bot_name(*registry().find("sortileges"));
  {
    TestServer server(dir.path());
    Client creator(server.port());
    t = create_with_stand_in(creator, "sortileges", json::object());
    Person a = join(server.port(), t.table, 0, "Morgane");
    Person b = join(server.port(), t.table, 1, "Viviane");
    token_b = b.token;
    a.client.reset();
    // Seat 1 plays until the stand-in has played at least once.
    Rng rng(8);
    int64_t seq = 0;
    int stand_in_moves = 0;
    json prev_actors = json::array();
    while (stand_in_moves < 1) {
      json m = b.client->next();
      ASSERT_FALSE(m.is_null());
      ASSERT_NE(m.value("type", ""), "result");
      if (m.value("type", "") != "state") continue;
      if (!m["snapshot"].get<bool>() && prev_actors == json::array({0})) ++stand_in_moves;
      prev_actors = m["actors"];
      if (!m["legal"].empty() && stand_in_moves < 1)
        b.client->send({{"type", "act"},
                        {"seq", ++seq},
                        {"action", m["legal"][size_t(rng.below(uint32_t(m["legal"].size())))]}});
    }
    server.stop();
  }
  TestServer server(dir.path());
  Client b(server.port());
  b.send({{"type", "rejoin"}, {"table", t.table}, {"token", token_b}});
  ASSERT_EQ(b.next().value("type", ""), "joined");
  EXPECT_EQ(play_randomly(b, 9).value("type", ""), "result");
  int marked = 0;
  for (const json& l : checked_record_lines(server.port(), t.table))
    marked += l.contains("stand_in");
  EXPECT_GE(marked, 2) << "marks from before and after the restart";
}

// An action's time is the table's game time when it is applied: a stand-in's first action,
// played after its seat stayed empty for the limit, is stamped at least the limit into the
// game, not with the time of the last action (0 here, the game's start).
TEST(ServerStandIn, StandInsFirstActionCarriesTheTablesGameTime) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_with_stand_in(creator, "sortileges", json::object());
  Person a = join(server.port(), t.table, 0, "Morgane");
  Person b = join(server.port(), t.table, 1, "Viviane");
  // The seat that begins leaves at once; the other one watches what its stand-in plays.
  json start = b.client->next_of("state");
  while (!start.is_null() && start["actors"].empty()) start = b.client->next_of("state");
  ASSERT_FALSE(start.is_null());
  const bool a_begins = start["actors"] == json::array({0});
  Person& stays = a_begins ? b : a;
  (a_begins ? a : b).client.reset();
  json played;
  do played = stays.client->next_of("state");
  while (!played.is_null() && played["snapshot"].get<bool>());
  ASSERT_FALSE(played.is_null());
  EXPECT_GE(played["time"].get<int64_t>(), kQuickStandIn) << played.dump();
}

// Requirement: the table's limit is chosen within bounds; anything else is refused and nothing
// is created.
TEST(ServerStandIn, LimitOutOfBoundsIsRefused) {
  TempDir dir;
  TestServer server(dir.path());
  Client c(server.port());
  for (json bad : {json(5), json(int64_t(1) << 40), json("60000"), json(1.5)}) {
    c.send({{"type", "create"}, {"game", "sortileges"}, {"stand_in_after_ms", bad}});
    json e = c.next();
    EXPECT_EQ(e.value("code", ""), "bad-table") << bad.dump();
    EXPECT_NE(e.value("message", "").find("stand_in_after_ms"), std::string::npos);
  }
}

}  // namespace
}  // namespace sabbat::server::testing
