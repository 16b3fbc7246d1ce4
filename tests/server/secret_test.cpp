// Secret actions and what each receiver may know of whom the game waits for, on the real
// server, with Whisper (whisper_game.hpp): an action only its seat may know of is told to that
// seat alone, and each receiver's seq counts only the actions told to it.
#include <gtest/gtest.h>

#include "play.hpp"
#include "whisper_game.hpp"

namespace sabbat::server::testing {
namespace {

struct Whisper {
  Created table;
  std::vector<Person> people;
  std::unique_ptr<Client> spectator;
};

Whisper seat_three(TestServer& server) {
  Whisper w;
  Client creator(server.port());
  w.table = create_table(creator, {"whisper", 3, {}, {}, false});
  w.spectator = std::make_unique<Client>(server.port());
  w.spectator->send({{"type", "watch"}, {"table", w.table.table}});
  for (int s = 0; s < 3; ++s)
    w.people.push_back(join(server.port(), w.table.table, s, "seat " + std::to_string(s)));
  return w;
}

// Answers and returns the "accepted".
json answer(Person& p, int64_t seq) {
  p.client->send({{"type", "act"}, {"seq", seq}, {"action", "answer"}});
  return p.client->next_of("accepted");
}

// The "state" messages a client received, as (seq, events' kinds, actors).
std::vector<json> states_of(const Client& c) {
  std::vector<json> out;
  for (const json& m : c.received)
    if (m.value("type", "") == "state") {
      json kinds = json::array();
      for (const json& e : m["events"]) kinds.push_back(e["kind"]);
      out.push_back({m["seq"], kinds, m["actors"]});
    }
  return out;
}

// Rules of the protocol: the answers of seats 0 and 1 are secret (secret_from_others): each is
// told to its seat only, no other seat nor the spectator gets a frame for it, and the seq each
// receiver sees counts only what it was told, so it has no gap; `actors` is each receiver's
// actors_seen_by (a seat that answered sees the others as still asked). Seat 2's answer
// closes the round and is told to all, each with its own next seq.
TEST(ServerSecret, SecretActionIsToldToItsSeatAloneAndSeqCountsPerReceiver) {
  TempDir dir;
  auto server = std::make_unique<TestServer>(dir.path(), Limits{}, &whisper_registry());
  Whisper w = seat_three(*server);
  EXPECT_EQ(answer(w.people[0], 1)["at"], 1);
  EXPECT_EQ(answer(w.people[1], 1)["at"], 1);
  EXPECT_EQ(answer(w.people[2], 1)["at"], 1);
  // Everyone reads up to the round's close.
  std::vector<Client*> receivers = {w.spectator.get()};
  for (Person& p : w.people) receivers.push_back(p.client.get());
  for (Client* c : receivers)
    for (;;) {
      json m = c->next_of("state");
      ASSERT_FALSE(m.is_null());
      if (!m["events"].empty() && m["events"][0]["kind"] == "round-closed") break;
    }
  const json all = json::array({0, 1, 2});
  const json none = json::array();
  const json closed = json::array({"round-closed"});
  const json answered = json::array({"answered"});
  EXPECT_EQ(states_of(*w.people[0].client),
            (std::vector<json>{{0, none, all}, {1, answered, {1, 2}}, {2, closed, all}}));
  EXPECT_EQ(states_of(*w.people[1].client),
            (std::vector<json>{{0, none, all}, {1, answered, {0, 2}}, {2, closed, all}}));
  EXPECT_EQ(states_of(*w.people[2].client), (std::vector<json>{{0, none, all}, {1, closed, all}}));
  EXPECT_EQ(states_of(*w.spectator), (std::vector<json>{{0, none, all}, {1, closed, all}}));

  // A snapshot carries the receiver's own count: after a rejoin and a new watch, and after a
  // restart, which counts again each seat's secrets from the stored actions.
  EXPECT_EQ(answer(w.people[0], 2)["at"], 3);  // a secret again, in round 2
  ASSERT_FALSE(w.people[0].client->next_of("state").is_null());
  std::vector<json> hellos;
  for (const Person& p : w.people)
    hellos.push_back({{"type", "rejoin"}, {"table", w.table.table}, {"token", p.token}});
  hellos.push_back({{"type", "watch"}, {"table", w.table.table}});
  const std::vector<int64_t> expected = {3, 2, 1, 1};
  const auto snapshot_seqs = [&](uint16_t port) {
    std::vector<int64_t> out;
    for (const json& hello : hellos) {
      Client c(port);
      c.send(hello);
      json m = c.next_of("state");
      out.push_back(m.is_null() ? -1 : m["seq"].get<int64_t>());
    }
    return out;
  };
  EXPECT_EQ(snapshot_seqs(server->port()), expected);
  w.people.clear();
  w.spectator.reset();
  server.reset();
  server = std::make_unique<TestServer>(dir.path(), Limits{}, &whisper_registry());
  EXPECT_EQ(snapshot_seqs(server->port()), expected) << "after a restart";
}

}  // namespace
}  // namespace sabbat::server::testing
