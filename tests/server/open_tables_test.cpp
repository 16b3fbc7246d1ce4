// GET /api/tables: the lobby's list of open tables, those their creators listed and that are
// not over; nothing of a table's hidden state is in it.
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "play.hpp"

namespace sabbat::server::testing {
namespace {

std::set<std::string> listed_codes(uint16_t port) {
  auto answer = http_get(port, "/api/tables");
  EXPECT_EQ(answer.status, 200);
  EXPECT_EQ(answer.content_type, "application/json") << answer.body;
  std::set<std::string> codes;
  const json list = json::parse(answer.body);
  for (const auto& t : list.at("tables")) codes.insert(t.value("table", ""));
  return codes;
}

// Requirement: a listed table is in the list while it waits and while it is played, with its
// public status (game, seats, phase); an unlisted one never is; a finished one leaves it.
TEST(ServerOpenTables, ListedTablesUntilTheyEndAndNeverUnlistedOnes) {
  TempDir dir;
  TestServer server(dir.path());
  EXPECT_TRUE(listed_codes(server.port()).empty());

  Client creator(server.port());
  TablePlan open{"sortileges", 2, {{"first_seat", "0"}}, {"", ""}};
  open.listed = true;
  Created listed = create_table(creator, open);
  Created hidden = create_table(creator, TablePlan{"du-balai", 2, {}, {"", ""}});
  EXPECT_EQ(listed_codes(server.port()), std::set<std::string>{listed.table});

  auto answer = http_get(server.port(), "/api/tables");
  const json first = json::parse(answer.body).at("tables").at(0);  // a copy, not a reference
  EXPECT_EQ(first.value("game", ""), "sortileges");
  EXPECT_EQ(first.value("phase", ""), "waiting");
  EXPECT_EQ(first.at("seats").size(), 2u);
  EXPECT_FALSE(first.contains("state"));
  EXPECT_EQ(answer.body.find(listed.owner), std::string::npos) << "no token in the list";

  Person a = join(server.port(), listed.table, 0, "Morgane");
  Person b = join(server.port(), listed.table, 1, "Viviane");
  // Every seat taken: the game is played, and still listed for people who want to watch.
  for (json m = a.client->next_of("table"); !m.is_null() && m["status"]["phase"] != "playing";
       m = a.client->next_of("table")) {
  }
  const json playing = json::parse(http_get(server.port(), "/api/tables").body).at("tables");
  ASSERT_EQ(playing.size(), 1u);
  EXPECT_EQ(playing[0].value("phase", ""), "playing");
  std::thread other([&b] { play_randomly(*b.client, 2); });
  EXPECT_EQ(play_randomly(*a.client, 1).value("type", ""), "result");
  other.join();
  EXPECT_TRUE(listed_codes(server.port()).empty());
  EXPECT_FALSE(hidden.table.empty());
}

}  // namespace
}  // namespace sabbat::server::testing
