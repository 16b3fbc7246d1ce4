// The crash test: people play several tables (Sortilèges and Du Balai !) on the real
// `sabbat serve` binary, which is killed with SIGKILL at random moments (seeded) and started
// again on the same data directory. Every action a client saw accepted must be in the
// restored game, and every game goes on to its end with a record that passes --check.
// SABBAT_CRASH_KILLS sets the number of kills (20 by default; bench/server/crash.sh runs 100).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "core/record.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"
#include "core/untrusted.hpp"
#include "fragile_play.hpp"
#include "harness.hpp"
#include "server_process.hpp"

namespace sabbat::server::testing {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

int kills_wanted() {
  const char* env = std::getenv("SABBAT_CRASH_KILLS");
  if (!env) return 20;
  const int n = std::atoi(env);
  return n > 0 ? n : 20;
}

// Requirement: "a kill -9 at any moment loses no acknowledged action; on restart, tables are
// rebuilt by replaying their actions", and the games go on to their end.
TEST(ServerCrash, KilledAtRandomMomentsLosesNoAcknowledgedActionAndGamesEnd) {
  TempDir dir;
  const std::filesystem::path data = dir.path() / "data";
  const std::filesystem::path log = dir.path() / "server.log";
  const int wanted = kills_wanted();
  Rng rng(20261123);
  std::vector<CrashTable> tables;
  std::vector<std::unique_ptr<Player>> players;
  int kills = 0, rounds = 0, acknowledged_total = 0;
  // Ends when the kills are done and the last round has ended.
  for (int life = 0;; ++life) {
    ASSERT_LT(life, wanted + 200) << "the games do not end";
    auto server = std::make_unique<ServerProcess>(SABBAT_BINARY, data, log);
    ASSERT_NE(server->port(), 0) << server->error();
    const uint16_t port = server->port();
    const bool round_over =
        !players.empty() && std::all_of(players.begin(), players.end(),
                                        [](const auto& p) { return p->finished.load(); });
    if (players.empty() || round_over) {
      if (round_over) {
        check_round(port, tables, players);
        for (const auto& p : players) acknowledged_total += int(p->acknowledged.size());
        for (const auto& p : players)
          for (const std::string& problem : p->problems) ADD_FAILURE() << problem;
        ++rounds;
        if (kills >= wanted) break;
      }
      tables = new_round();
      ASSERT_TRUE(seat_round(port, tables, players, rng));
    }
    std::vector<std::thread> threads;
    for (auto& p : players)
      if (!p->finished)
        threads.emplace_back(
            [port, &p, &tables] { play_one_life(port, tables[p->table].code, *p); });
    if (kills < wanted) {
      // A random moment of this life, seeded; the kill may fall anywhere in a game.
      std::this_thread::sleep_for(std::chrono::milliseconds(20 + rng.below(600)));
      server->kill_hard();
      ++kills;
    }
    for (auto& t : threads) t.join();
    // Without a kill the players return once every game has ended.
    server.reset();
  }
  EXPECT_GE(kills, wanted);
  EXPECT_GT(acknowledged_total, 0);
  std::cout << kills << " kills, " << rounds << " rounds of " << tables.size() << " tables, "
            << acknowledged_total << " acknowledged actions checked\n";
}

}  // namespace
}  // namespace sabbat::server::testing
