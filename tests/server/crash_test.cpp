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
#include "harness.hpp"
#include "play.hpp"
#include "server_process.hpp"

namespace sabbat::server::testing {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// Only a guard against a hung test, not a measured time.
constexpr auto kSafety = std::chrono::seconds(20);

// A client for a server that may die at any moment: every failure ends the connection
// quietly, and the player reconnects to the next server.
class FragileClient {
 public:
  explicit FragileClient(uint16_t port) : ws_(ioc_) {
    beast::error_code ec;
    beast::get_lowest_layer(ws_).expires_after(kSafety);
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
                                         ec);
    if (!ec) ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws", ec);
    ok_ = !ec && next().value("type", "") == "welcome";
  }
  bool ok() const { return ok_; }
  bool send(const json& m) {
    if (!ok_) return false;
    beast::error_code ec;
    beast::get_lowest_layer(ws_).expires_after(kSafety);
    ws_.write(net::buffer(m.dump()), ec);
    ok_ = !ec;
    return ok_;
  }
  // The next message, or null once the connection is gone.
  json next() {
    beast::flat_buffer buffer;
    beast::error_code ec;
    // Asynchronous, so that the expiry bounds it.
    beast::get_lowest_layer(ws_).expires_after(kSafety);
    ws_.async_read(buffer, [&ec](beast::error_code e, std::size_t) { ec = e; });
    ioc_.restart();
    ioc_.run();
    if (ec) {
      ok_ = false;
      return nullptr;
    }
    auto parsed = parse_untrusted_json(beast::buffers_to_string(buffer.data()), {1 << 22, 64});
    return parsed ? *parsed : json(nullptr);
  }

 private:
  net::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  bool ok_ = false;
};

struct CrashTable {
  std::string game;
  int players;
  std::vector<std::string> bots;  // "" for a person
  json params;
  std::string code;
};

// One person across the server's lives: its token, what it sent and what it saw accepted.
struct Player {
  size_t table = 0;
  int seat = 0;
  std::string token;
  Rng rng{1};
  int64_t next_seq = 0;
  std::map<int64_t, std::string> sent;          // client seq -> action text
  std::map<int64_t, std::string> acknowledged;  // table seq ("at") -> action text
  std::atomic<bool> finished{false};
  std::vector<std::string> problems;
};

// Plays for `p` on the server at `port` until the connection dies or the game ends.
void play_one_life(uint16_t port, const std::string& code, Player& p) {
  FragileClient c(port);
  if (!c.send({{"type", "rejoin"}, {"table", code}, {"token", p.token}})) return;
  json joined = c.next();
  if (joined.is_null()) return;
  if (joined.value("type", "") != "joined") {
    p.problems.push_back("rejoin answered " + joined.dump());
    return;
  }
  bool first_state = true;
  for (;;) {
    json m = c.next();
    if (m.is_null()) return;
    const std::string type = m.value("type", "");
    if (type == "result") {
      p.finished = true;
      return;
    }
    if (type == "accepted") {
      const int64_t seq = m["seq"].get<int64_t>(), at = m["at"].get<int64_t>();
      if (auto it = p.sent.find(seq); it != p.sent.end()) p.acknowledged[at] = it->second;
      continue;
    }
    if (type != "state") continue;
    if (first_state) {
      // The restored game holds everything this seat saw accepted.
      first_state = false;
      const int64_t seq = m["seq"].get<int64_t>();
      if (!p.acknowledged.empty() && p.acknowledged.rbegin()->first > seq)
        p.problems.push_back("seat " + std::to_string(p.seat) + " saw action " +
                             std::to_string(p.acknowledged.rbegin()->first) +
                             " accepted, but the restored game has " + std::to_string(seq));
    }
    const std::vector<std::string> legal = offered_texts(m);
    if (legal.empty()) continue;
    const std::string pick = legal[size_t(p.rng.below(uint32_t(legal.size())))];
    const int64_t seq = ++p.next_seq;
    p.sent[seq] = pick;
    if (!c.send({{"type", "act"}, {"seq", seq}, {"action", pick}})) return;
  }
}

json quick_params(const std::string& id) {
  json out = json::object();
  for (const ParamSpec& p : registry().find(id)->param_specs())
    if (p.kind == ParamSpec::Kind::Integer && p.name.ends_with("_ms"))
      out[p.name] = std::to_string(p.min);
  if (id == "du-balai") out["max_turns"] = "2";
  return out;
}

std::vector<CrashTable> new_round() {
  return {{"sortileges", 2, {"", ""}, json::object(), ""},
          {"sortileges", 3, {"", "random", ""}, json::object(), ""},
          {"du-balai", 2, {"", ""}, quick_params("du-balai"), ""}};
}

// Creates the round's tables and seats its people on a live server.
bool seat_round(uint16_t port, std::vector<CrashTable>& tables,
                std::vector<std::unique_ptr<Player>>& players, Rng& rng) {
  players.clear();
  for (size_t t = 0; t < tables.size(); ++t) {
    CrashTable& table = tables[t];
    FragileClient creator(port);
    json seats = json::array();
    for (const std::string& b : table.bots)
      seats.push_back(b.empty() ? json{{"human", true}} : json{{"bot", b}});
    creator.send({{"type", "create"},
                  {"game", table.game},
                  {"players", table.players},
                  {"params", table.params},
                  {"seats", seats},
                  {"seed", std::to_string(rng.below(1000000))}});
    json created = creator.next();
    if (created.value("type", "") != "created") return false;
    table.code = created["table"];
    for (int s = 0; s < table.players; ++s) {
      if (!table.bots[size_t(s)].empty()) continue;
      auto p = std::make_unique<Player>();
      p->table = t;
      p->seat = s;
      p->rng = Rng(rng.below(1000000));
      FragileClient c(port);
      c.send({{"type", "join"}, {"table", table.code}, {"seat", s}, {"name", "crash"}});
      json joined = c.next();
      if (joined.value("type", "") != "joined") return false;
      p->token = joined["token"];
      players.push_back(std::move(p));
    }
  }
  return true;
}

// Every acknowledged action is in the table's record at its seq, by its seat; the record
// passes --check and has its result.
void check_round(uint16_t port, const std::vector<CrashTable>& tables,
                 const std::vector<std::unique_ptr<Player>>& players) {
  for (size_t t = 0; t < tables.size(); ++t) {
    auto answer = http_get(port, "/api/tables/" + tables[t].code + "/record");
    ASSERT_EQ(answer.status, 200) << answer.body;
    std::istringstream in(answer.body);
    auto record = parse_record(in);
    ASSERT_TRUE(record.ok()) << record.error();
    Status checked = check_record(*record, registry());
    EXPECT_TRUE(checked.ok()) << (checked ? "" : checked.error());
    EXPECT_TRUE(record->result.has_value());
    for (const auto& p : players) {
      if (p->table != t) continue;
      for (const auto& [at, text] : p->acknowledged) {
        ASSERT_LE(at, int64_t(record->actions.size())) << tables[t].game;
        const RecordedAction& a = record->actions[size_t(at - 1)];
        EXPECT_EQ(a.seat, p->seat) << tables[t].game << " seq " << at;
        EXPECT_EQ(a.action, text) << tables[t].game << " seq " << at;
      }
    }
  }
}

int kills_wanted() {
  const char* env = std::getenv("SABBAT_CRASH_KILLS");
  if (!env) return 20;
  const int n = std::atoi(env);
  return n > 0 ? n : 20;
}

// Issue 9: "a kill -9 at any moment loses no acknowledged action; on restart, tables are
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
