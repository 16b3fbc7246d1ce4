// A cluster on loopback (docs/cluster.md): `sabbat serve` nodes sharing one PostgreSQL
// database behind HAProxy, as scripts/cluster.sh starts them with the site's HAProxy
// configuration. Tables created through the proxy are reached through it from any client and
// listed by every node; a node killed, paused past its lease or cut from its store in the
// middle of play costs its tables a reconnect, never an acknowledged action nor an unanswered
// act; when a node comes back, the tables spread over the nodes again.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
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

// How a LocalCluster is made.
struct ClusterSetup {
  int nodes = 3;
  int lease_ms = 1500;
  // A PostgreSQL server of its own, which the test may stop and start, instead of a database
  // on the tests' shared server.
  bool own_database = false;
};

// scripts/cluster.sh: the nodes and HAProxy, over a database of the test's own.
class LocalCluster {
 public:
  explicit LocalCluster(ClusterSetup setup = {}) {
    port_ = free_ports(setup.nodes + 1);
    if (!setup.own_database) database_.emplace();
    const std::string store = database_ ? "--store '" + database_->url() + "'" : "--fast";
    const std::string command =
        "bash '" SABBAT_SOURCE_DIR "/scripts/cluster.sh' start '" + dir_.path().string() +
        "' --nodes " + std::to_string(setup.nodes) + " --port " + std::to_string(port_) + " " +
        store + " --sabbat '" SABBAT_BINARY "' --lease-ms " + std::to_string(setup.lease_ms) +
        " -- --messages-per-second 1000 >/dev/null";
    started_ = port_ != 0 && std::system(command.c_str()) == 0;
    if (database_) {
      url_ = database_->url();
    } else {
      std::ifstream in(dir_.path() / "store");
      std::getline(in, url_);
    }
  }
  ~LocalCluster() { script("stop"); }
  bool started() const { return started_; }
  uint16_t port() const { return port_; }
  uint16_t node_port(int node) const { return uint16_t(port_ + node); }
  bool kill(int node) { return script("kill", node); }
  bool restart(int node) { return script("restart", node); }
  bool pause(int node) { return script("pause", node); }
  bool resume(int node) { return script("resume", node); }
  bool stop_database() { return script("db-stop"); }
  bool start_database() { return script("db-start"); }
  // The first value of a query on the cluster's database.
  std::string query(const std::string& sql) const {
    return sabbat::testing::query_database(url_, sql);
  }
  // The node that holds the most unfinished tables now (1 ... N), 0 if none holds any.
  int busiest_node() const {
    return number_of(
        query("SELECT owner FROM sabbat_tables WHERE result IS NULL AND owner IS NOT NULL "
              "GROUP BY owner ORDER BY count(*) DESC, owner LIMIT 1"));
  }
  int unfinished_held_by(int node) const {
    return std::atoi(query("SELECT count(*) FROM sabbat_tables WHERE result IS NULL AND "
                           "owner = 'node" +
                           std::to_string(node) + "'")
                         .c_str());
  }
  // The node that holds the table (1 ... N), 0 if none does.
  int holder_of(const std::string& code) const {
    return number_of(
        query("SELECT coalesce(owner, '') FROM sabbat_tables WHERE code = '" + code + "'"));
  }
  std::string log(int node) const {
    std::ifstream in(dir_.path() / ("node-" + std::to_string(node) + ".log"));
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

 private:
  static int number_of(const std::string& name) {
    return name.starts_with("node") ? std::atoi(name.c_str() + 4) : 0;
  }
  bool script(const std::string& what, int node = 0) {
    const std::string command = "bash '" SABBAT_SOURCE_DIR "/scripts/cluster.sh' " + what + " '" +
                                dir_.path().string() + "'" +
                                (node ? " " + std::to_string(node) : "") + " >/dev/null 2>&1";
    return std::system(command.c_str()) == 0;
  }

  std::optional<sabbat::testing::TestDatabase> database_;
  TempDir dir_;
  std::string url_;
  uint16_t port_ = 0;
  bool started_ = false;
};

// Waits until `done` holds, looking every 20 ms; false after `guard`, which only keeps a
// broken run from hanging, and is no measure of the cluster.
template <class F>
bool await(F done, std::chrono::milliseconds guard = 30s) {
  const auto until = std::chrono::steady_clock::now() + guard;
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

// People playing a round of tables through the proxy, each on a thread of its own until its
// game ends (reconnecting whenever their connection dies).
class Round {
 public:
  // Creates the tables and seats their people.
  Round(uint16_t port, Rng& rng, std::vector<CrashTable> tables)
      : port_(port), tables_(std::move(tables)) {
    seated_ = seat_round(port, tables_, players_, rng);
  }
  // They start playing, each waiting `think` before every action.
  void play(std::chrono::milliseconds think) {
    const auto deadline = std::chrono::steady_clock::now() + 120s;
    for (auto& p : players_) {
      p->think = think;
      threads_.emplace_back([this, &p, deadline] {
        while (!p->finished && std::chrono::steady_clock::now() < deadline) {
          play_one_life(port_, tables_[p->table].code, *p);
          if (!p->finished) std::this_thread::sleep_for(100ms);
        }
      });
    }
  }
  ~Round() { end(); }
  bool seated() const { return seated_; }
  const std::vector<CrashTable>& tables() const { return tables_; }
  const Player& player(size_t i) const { return *players_[i]; }
  // Actions accepted so far, all seats together.
  int accepted() const {
    int n = 0;
    for (const auto& p : players_) n += p->accepted.load();
    return n;
  }
  void think(std::chrono::milliseconds t) {
    for (auto& p : players_) p->think = t;
  }
  void end() {
    for (auto& t : threads_)
      if (t.joinable()) t.join();
  }
  // Once ended: every game reached its end, every act was answered where the server closed a
  // connection itself, and every action a client saw accepted is in its table's record, at
  // its place (nothing lost, nothing forked). Returns the actions checked.
  int check() {
    end();
    int acknowledged = 0;
    for (const auto& p : players_) {
      EXPECT_TRUE(p->finished) << "seat " << p->seat << " of " << tables_[p->table].game
                               << " did not see its game end";
      for (const std::string& problem : p->problems) ADD_FAILURE() << problem;
      acknowledged += int(p->acknowledged.size());
      refused_not_stored += p->refused_not_stored;
    }
    check_round(port_, tables_, players_);
    return acknowledged;
  }
  int refused_not_stored = 0;

 private:
  uint16_t port_;
  std::vector<CrashTable> tables_;
  std::vector<std::unique_ptr<Player>> players_;
  std::vector<std::thread> threads_;
  bool seated_ = false;
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

// Fencing: a node paused past its lease, whose table another node took meanwhile, refuses the
// act it reads once it runs again (`not-stored`, with its seq) and stores nothing of it; the
// table's people then play it to its end through the proxy. Returns the actions checked.
int paused_node_is_fenced(LocalCluster& cluster, Rng& rng) {
  const uint16_t port = cluster.port();
  Round probe(port, rng, {{"sortileges", 2, {"", ""}, json::object(), ""}});
  EXPECT_TRUE(probe.seated());
  if (!probe.seated()) return 0;
  const std::string code = probe.tables()[0].code;
  const int victim = cluster.holder_of(code);
  EXPECT_NE(victim, 0) << "nobody holds table " << code;
  if (victim == 0) return 0;
  // Its people straight on the node that holds it, past the proxy, which would cut them.
  std::vector<std::unique_ptr<Client>> seats;
  std::string action;
  size_t mover = 0;
  for (size_t s = 0; s < 2; ++s) {
    seats.push_back(std::make_unique<Client>(cluster.node_port(victim), "", "/ws?table=" + code));
    seats[s]->send({{"type", "rejoin"}, {"table", code}, {"token", probe.player(s).token}});
    const std::vector<std::string> legal = offered_texts(seats[s]->next_of("state"));
    if (!legal.empty()) {
      mover = s;
      action = legal.front();
    }
  }
  EXPECT_FALSE(action.empty()) << "no seat may play at table " << code;
  EXPECT_TRUE(cluster.pause(victim));
  // Read by the node only once it runs again.
  seats[mover]->send({{"type", "act"}, {"seq", 1}, {"action", action}});
  // Asked for through the proxy, the table goes to another node once the lease has run out.
  EXPECT_TRUE(await([&] {
    (void)http_get(port, "/api/tables/" + code);
    const int holder = cluster.holder_of(code);
    return holder != 0 && holder != victim;
  })) << "table "
      << code << " stayed with paused node " << victim;
  EXPECT_TRUE(cluster.resume(victim));
  const json answer = seats[mover]->next_of("refused");
  EXPECT_EQ(answer.value("code", ""), "not-stored") << answer.dump();
  EXPECT_EQ(answer.value("seq", 0), 1) << answer.dump();
  EXPECT_NE(cluster.log(victim).find("table " + code + ": the store failed"), std::string::npos)
      << cluster.log(victim);
  seats.clear();
  probe.play(15ms);
  return probe.check();
}

// Requirement (failover, fencing, a store outage): three nodes behind the proxy, people at
// several tables (the Du Balai ! race with its clock among them), and in turn: a node killed
// (kill -9) then started again; a node paused (SIGSTOP) past its lease, its tables taken by
// the others, then let run (SIGCONT), its late write refused; PostgreSQL stopped, then
// started. Every act is answered wherever a node closes a connection itself, no action a
// client saw accepted is lost or forked, and every game reaches its end.
TEST(Cluster, NodesKilledPausedOrCutFromTheStoreLoseNoAcknowledgedActionAndAnswerEveryAct) {
  const auto began = std::chrono::steady_clock::now();
  LocalCluster cluster({.nodes = 3, .lease_ms = 600, .own_database = true});
  ASSERT_TRUE(cluster.started()) << cluster.log(1);
  const uint16_t port = cluster.port();
  Rng rng(20261208);
  int acknowledged = 0, refused = 0;
  // A round of new tables, and `fault` once play is under way at them.
  auto fault_in_play = [&](const std::string& what, const std::function<void()>& fault) {
    SCOPED_TRACE(what);
    const auto round_began = std::chrono::steady_clock::now();
    struct Timed {
      const std::string& what;
      std::chrono::steady_clock::time_point began;
      ~Timed() {
        std::cout << what << ": "
                  << std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - began)
                         .count()
                  << " ms\n";
      }
    } timed{what, round_began};
    std::vector<CrashTable> tables = new_round();
    tables.push_back({"sortileges", 2, {"", ""}, json::object(), ""});
    Round round(port, rng, tables);
    ASSERT_TRUE(round.seated());
    round.play(15ms);
    ASSERT_TRUE(await([&] { return round.accepted() >= 12; }));
    fault();
    acknowledged += round.check();
    refused += round.refused_not_stored;
  };
  fault_in_play("kill -9, then a restart", [&] {
    const int victim = cluster.busiest_node();
    ASSERT_NE(victim, 0) << "no node holds a table";
    ASSERT_TRUE(cluster.kill(victim));
    // Its people come back through the proxy, and the others take its tables.
    EXPECT_TRUE(await([&] { return cluster.unfinished_held_by(victim) == 0; }));
    ASSERT_TRUE(cluster.restart(victim));
  });
  fault_in_play("SIGSTOP past the lease, then SIGCONT",
                [&] { acknowledged += paused_node_is_fenced(cluster, rng); });
  fault_in_play("PostgreSQL stopped, then started", [&] {
    ASSERT_TRUE(cluster.stop_database());
    // Every node sees it: its health check fails.
    EXPECT_TRUE(await([&] {
      for (int k = 1; k <= 3; ++k)
        if (http_get(cluster.node_port(k), "/healthz").status == 200) return false;
      return true;
    }));
    ASSERT_TRUE(cluster.start_database());
  });
  EXPECT_GT(acknowledged, 0);
  std::cout << acknowledged << " acknowledged actions checked through a kill, a pause and a "
            << "store outage; " << refused << " acts refused as not stored; "
            << std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - began)
                   .count()
            << " ms\n";
}

// Requirement (spreading back): when a node comes back, a node that holds more than its part
// of the tables hands a few over at a time; their people reconnect through the proxy, which
// sends some to the node that came back, and play on without losing an action. Here one node
// of two dies, PostgreSQL stops and starts meanwhile, and every table ends up on the other
// node until the dead one restarts.
TEST(Cluster, TablesSpreadBackOverTheNodesWhenANodeComesBack) {
  LocalCluster cluster({.nodes = 2, .lease_ms = 600, .own_database = true});
  ASSERT_TRUE(cluster.started()) << cluster.log(1);
  const uint16_t port = cluster.port();
  Rng rng(20261209);
  std::vector<CrashTable> tables(12, CrashTable{"sortileges", 2, {"", ""}, json::object(), ""});
  Round round(port, rng, tables);
  ASSERT_TRUE(round.seated());
  // Slow play, so that every table has its people all along.
  round.play(400ms);
  ASSERT_TRUE(cluster.kill(2));
  EXPECT_TRUE(await([&] { return cluster.unfinished_held_by(2) == 0; }));
  ASSERT_TRUE(cluster.stop_database());
  EXPECT_TRUE(await([&] { return http_get(cluster.node_port(1), "/healthz").status != 200; }));
  ASSERT_TRUE(cluster.start_database());
  EXPECT_TRUE(await([&] { return http_get(cluster.node_port(1), "/healthz").status == 200; }));
  EXPECT_EQ(cluster.unfinished_held_by(2), 0);
  ASSERT_TRUE(cluster.restart(2));
  EXPECT_TRUE(await([&] { return cluster.unfinished_held_by(2) > 0; }))
      << "every table stayed on node 1:\n"
      << cluster.log(1);
  EXPECT_NE(cluster.log(1).find("live nodes; it hands"), std::string::npos) << cluster.log(1);
  round.think(0ms);
  EXPECT_GT(round.check(), 0);
}

}  // namespace
}  // namespace sabbat::server::testing
