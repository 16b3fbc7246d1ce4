// The table's game clock: every action is applied at the table's game time when it happens,
// whoever plays it, and what the clock owed before a person's action happens before it.
#include <gtest/gtest.h>

#include <thread>

#include "play.hpp"

namespace sabbat::server::testing {
namespace {

// The next "state" that offers `seat`'s client a legal action starting with `verb`; null if
// none comes.
json until_offered(Client& c, std::string_view verb) {
  for (;;) {
    json m = c.next_of("state");
    if (m.is_null()) return m;
    for (const json& a : m["legal"])
      if (a.get<std::string>().starts_with(verb)) return m;
  }
}

std::string first_offered(const json& state, std::string_view verb) {
  for (const json& a : state["legal"])
    if (a.get<std::string>().starts_with(verb)) return a.get<std::string>();
  return {};
}

// Baba Yaga: a searcher's `turn` that arrives just after a mover's clock ran out is not too
// late: the server applies what the clock owed first (Baba Yaga moves for the mover at the
// deadline), then the searcher's action at its own time. The server's timers are made late,
// as on a loaded server, so the action always arrives before the timer fires.
TEST(ServerClock, ActionJustAfterAnotherSeatsDeadlineComesAfterTheClocksAction) {
  TempDir dir;
  Limits limits;
  limits.timer_lag = std::chrono::milliseconds(3000);
  TestServer server(dir.path(), limits);
  Client creator(server.port());
  Created t = create_table(
      creator, {"baba-yaga",
                2,
                {{"study_time_ms", "600000"}, {"place_time_ms", "600000"}, {"move_time_ms", "500"}},
                {"", ""},
                false});
  Person searcher = join(server.port(), t.table, 0, "Morgane");
  Person mover = join(server.port(), t.table, 1, "Viviane");
  for (Person* p : {&searcher, &mover}) p->client->send({{"type", "ready"}});
  int64_t seq = 0;
  for (Person* p : {&searcher, &mover}) {
    ASSERT_FALSE(until_offered(*p->client, "ready").is_null());
    p->client->send({{"type", "act"}, {"seq", ++seq}, {"action", "ready"}});
  }
  json place = until_offered(*mover.client, "place ");
  ASSERT_FALSE(place.is_null());
  mover.client->send({{"type", "act"}, {"seq", ++seq}, {"action", first_offered(place, "place ")}});
  // The race: the mover lets his clock run out; the searcher turns a tile just after.
  json race = until_offered(*searcher.client, "turn ");
  ASSERT_FALSE(race.is_null());
  ASSERT_FALSE(race["deadline"].is_null()) << race.dump();
  const GameTime due = race["deadline"]["at"].get<GameTime>();
  std::this_thread::sleep_for(
      std::chrono::milliseconds(race["deadline"]["in"].get<int64_t>() + 300));
  searcher.client->send({{"type", "act"}, {"seq", 100}, {"action", first_offered(race, "turn ")}});
  json answer;
  do answer = searcher.client->next();
  while (!answer.is_null() && answer.value("type", "") != "accepted" &&
         answer.value("type", "") != "refused");
  ASSERT_EQ(answer.value("type", ""), "accepted") << answer.dump();
  // Before it, the clock's move at the deadline; then the turn, later.
  std::vector<json> states;
  for (const json& m : searcher.client->received)
    if (m.value("type", "") == "state" && !m["snapshot"].get<bool>()) states.push_back(m);
  json turned = searcher.client->next_of("state");
  ASSERT_FALSE(turned.is_null());
  ASSERT_FALSE(states.empty());
  EXPECT_EQ(states.back()["time"].get<GameTime>(), due) << states.back().dump();
  EXPECT_GT(turned["time"].get<GameTime>(), due) << turned.dump();
}

}  // namespace
}  // namespace sabbat::server::testing
