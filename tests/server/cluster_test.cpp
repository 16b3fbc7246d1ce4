// A cluster on loopback (docs/cluster.md): three `sabbat serve` nodes sharing one PostgreSQL
// database behind HAProxy, as scripts/cluster.sh starts them with the site's HAProxy
// configuration. Tables created through the proxy are reached through it from any client and
// listed by every node; a node killed with SIGKILL in the middle of play costs its tables a
// reconnect, never an acknowledged action.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>
#include <thread>

#include "fragile_play.hpp"
#include "harness.hpp"
#include "play.hpp"
#include "support/postgres_server.hpp"

namespace sabbat::server::testing {
namespace {

using namespace std::chrono_literals;

bool port_free(uint16_t port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(port);
  const bool ok = bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  close(fd);
  return ok;
}

// A first port with `count` free ports from it, among the high ones.
uint16_t free_ports(int count) {
  for (int tries = 0; tries < 200; ++tries) {
    const uint16_t base = uint16_t(20000 + (getpid() * 7 + tries * 97) % 30000);
    bool all = true;
    for (int k = 0; k < count && all; ++k) all = port_free(uint16_t(base + k));
    if (all) return base;
  }
  return 0;
}

// scripts/cluster.sh: the nodes and HAProxy, over a database of the test's own.
class LocalCluster {
 public:
  explicit LocalCluster(int nodes = 3) {
    port_ = free_ports(nodes + 1);
    const std::string command =
        "bash '" SABBAT_SOURCE_DIR "/scripts/cluster.sh' start '" + dir_.path().string() +
        "' --nodes " + std::to_string(nodes) + " --port " + std::to_string(port_) + " --store '" +
        database_.url() +
        "' --sabbat '" SABBAT_BINARY "' --lease-ms 1500 -- --messages-per-second 1000 >/dev/null";
    started_ = port_ != 0 && std::system(command.c_str()) == 0;
  }
  ~LocalCluster() { script("stop"); }
  bool started() const { return started_; }
  uint16_t port() const { return port_; }
  bool kill(int node) { return script("kill", node); }
  // The node that holds the most unfinished tables now (1 ... N), 0 if none holds any.
  int busiest_node() const {
    const std::string name = database_.query(
        "SELECT owner FROM sabbat_tables WHERE result IS NULL AND owner IS NOT NULL "
        "GROUP BY owner ORDER BY count(*) DESC, owner LIMIT 1");
    return name.starts_with("node") ? std::atoi(name.c_str() + 4) : 0;
  }
  int unfinished_held_by(int node) const {
    return std::atoi(database_
                         .query("SELECT count(*) FROM sabbat_tables WHERE result IS NULL AND "
                                "owner = 'node" +
                                std::to_string(node) + "'")
                         .c_str());
  }
  bool restart(int node) { return script("restart", node); }
  std::string log(int node) const {
    std::ifstream in(dir_.path() / ("node-" + std::to_string(node) + ".log"));
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

 private:
  bool script(const std::string& what, int node = 0) {
    const std::string command = "bash '" SABBAT_SOURCE_DIR "/scripts/cluster.sh' " + what + " '" +
                                dir_.path().string() + "'" +
                                (node ? " " + std::to_string(node) : "") + " >/dev/null 2>&1";
    return std::system(command.c_str()) == 0;
  }

  sabbat::testing::TestDatabase database_;
  TempDir dir_;
  uint16_t port_ = 0;
  bool started_ = false;
};

// Requirement: the lobby and /api/tables list the tables of every node, and a table created
// on one node is reached through the proxy by clients that name it.
TEST(Cluster, TablesOfEveryNodeAreListedAndReachedThroughTheProxy) {
  LocalCluster cluster;
  ASSERT_TRUE(cluster.started()) << cluster.log(1);
  const uint16_t port = cluster.port();
  std::set<std::string> codes;
  for (int t = 0; t < 9; ++t) {
    Client creator(port);
    creator.send({{"type", "create"},
                  {"game", "sortileges"},
                  {"players", 2},
                  {"listed", true},
                  {"seats", json::array({{{"human", true}}, {{"human", true}}})}});
    json created = creator.next_of("created");
    ASSERT_EQ(created.value("type", ""), "created") << created.dump();
    codes.insert(created["table"].get<std::string>());
  }
  // Created on whichever node the proxy chose; joined where the proxy sends the code.
  for (const std::string& code : codes) {
    Client c(port, {}, "/ws?table=" + code);
    c.send({{"type", "join"}, {"table", code}, {"name", "Ada"}});
    json joined = c.next_of("joined");
    EXPECT_EQ(joined.value("table", ""), code) << joined.dump();
  }
  // Every node publishes its listed tables at each renewal of its lease (every 0.5 s here).
  std::set<std::string> listed;
  std::string body;
  for (int tries = 0; tries < 100 && listed != codes; ++tries) {
    std::this_thread::sleep_for(100ms);
    auto answer = http_get(port, "/api/tables");
    ASSERT_EQ(answer.status, 200);
    body = answer.body;
    listed.clear();
    const json answered = json::parse(body);
    for (const json& t : answered["tables"]) listed.insert(t.value("table", ""));
  }
  EXPECT_EQ(listed, codes) << body;
  // Their status, through the proxy, from the node that plays each.
  for (const std::string& code : codes) {
    auto answer = http_get(port, "/api/tables/" + code);
    ASSERT_EQ(answer.status, 200) << answer.body;
    EXPECT_EQ(json::parse(answer.body).value("table", ""), code);
  }
}

// Requirement (failover): kill -9 one node of three in the middle of play; its clients come
// back through the proxy, the tables resume on the other nodes (the Du Balai ! race with its
// clock), and not one acknowledged action is lost. Then the node comes back and another dies.
TEST(Cluster, NodeKilledInPlayLosesNoAcknowledgedActionAndItsTablesResumeElsewhere) {
  LocalCluster cluster;
  ASSERT_TRUE(cluster.started()) << cluster.log(1);
  const uint16_t port = cluster.port();
  Rng rng(20261128);
  int acknowledged = 0, moved = 0;
  for (int round = 0; round < 2; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    std::vector<CrashTable> tables = new_round();
    tables.push_back({"sortileges", 2, {"", ""}, json::object(), ""});
    std::vector<std::unique_ptr<Player>> players;
    ASSERT_TRUE(seat_round(port, tables, players, rng));
    const auto deadline = std::chrono::steady_clock::now() + 120s;
    std::vector<std::thread> threads;
    // Joined whichever way the round ends.
    struct Joiner {
      std::vector<std::thread>& threads;
      ~Joiner() {
        for (auto& t : threads)
          if (t.joinable()) t.join();
      }
    } joiner{threads};
    for (auto& p : players) {
      p->think = 15ms;
      threads.emplace_back([port, &p, &tables, deadline] {
        while (!p->finished && std::chrono::steady_clock::now() < deadline) {
          play_one_life(port, tables[p->table].code, *p);
          if (!p->finished) std::this_thread::sleep_for(100ms);
        }
      });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300 + rng.below(500)));
    // The node holding the most tables dies, with the games on them under way.
    const int victim = cluster.busiest_node();
    ASSERT_NE(victim, 0) << "no node holds a table";
    const int held = cluster.unfinished_held_by(victim);
    ASSERT_TRUE(cluster.kill(victim));
    for (auto& t : threads) t.join();
    // Its tables went on elsewhere, to their end.
    EXPECT_GT(held, 0);
    EXPECT_EQ(cluster.unfinished_held_by(victim), 0);
    for (const auto& p : players) {
      EXPECT_TRUE(p->finished) << "seat " << p->seat << " of " << tables[p->table].game
                               << " did not see its game end";
      for (const std::string& problem : p->problems) ADD_FAILURE() << problem;
      acknowledged += int(p->acknowledged.size());
    }
    check_round(port, tables, players);
    ASSERT_TRUE(cluster.restart(victim));
    moved += held;
  }
  EXPECT_GT(acknowledged, 0);
  std::cout << acknowledged << " acknowledged actions checked across 2 kills; " << moved
            << " tables played on after their node died\n";
}

}  // namespace
}  // namespace sabbat::server::testing
