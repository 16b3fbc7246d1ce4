#include "fragile_play.hpp"
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <sstream>
#include <thread>

#include "core/record.hpp"
#include "core/registry.hpp"
#include "core/untrusted.hpp"
#include "play.hpp"

namespace sabbat::server::testing {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// Only a guard against a hung test, not a measured time.
constexpr auto kSafety = std::chrono::seconds(20);

// A client for a server that may die at any moment: every failure ends the connection
// quietly, and the player reconnects to the next server.
class FragileClient {
 public:
  FragileClient(uint16_t port, const std::string& target) : ws_(ioc_) {
    beast::error_code ec;
    beast::get_lowest_layer(ws_).expires_after(kSafety);
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
                                         ec);
    if (!ec) ws_.handshake("127.0.0.1:" + std::to_string(port), target, ec);
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

json quick_params(const std::string& id) {
  json out = json::object();
  for (const ParamSpec& p : registry().find(id)->param_specs())
    if (p.kind == ParamSpec::Kind::Integer && p.name.ends_with("_ms"))
      out[p.name] = std::to_string(p.min);
  if (id == "du-balai") out["max_turns"] = "2";
  return out;
}

}  // namespace

void play_one_life(uint16_t port, const std::string& code, Player& p) {
  FragileClient c(port, "/ws?table=" + code);
  if (!c.send({{"type", "rejoin"}, {"table", code}, {"token", p.token}})) return;
  json joined = c.next();
  if (joined.is_null()) return;
  if (joined.value("type", "") != "joined") {
    p.problems.push_back("rejoin answered " + joined.dump());
    return;
  }
  // A real-time table waits for its people to say they are ready (its ready step, which a
  // person who leaves loses); once the game is on, the server refuses it and play goes on.
  if (!c.send({{"type", "ready"}})) return;
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
    if (p.think.count() > 0) std::this_thread::sleep_for(p.think);
    const std::string pick = legal[size_t(p.rng.below(uint32_t(legal.size())))];
    const int64_t seq = ++p.next_seq;
    p.sent[seq] = pick;
    if (!c.send({{"type", "act"}, {"seq", seq}, {"action", pick}})) return;
  }
}

std::vector<CrashTable> new_round() {
  return {{"sortileges", 2, {"", ""}, json::object(), ""},
          {"sortileges", 3, {"", "random", ""}, json::object(), ""},
          {"du-balai", 2, {"", ""}, quick_params("du-balai"), ""}};
}

bool seat_round(uint16_t port, std::vector<CrashTable>& tables,
                std::vector<std::unique_ptr<Player>>& players, Rng& rng) {
  players.clear();
  for (size_t t = 0; t < tables.size(); ++t) {
    CrashTable& table = tables[t];
    FragileClient creator(port, "/ws");
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
      FragileClient c(port, "/ws?table=" + table.code);
      c.send({{"type", "join"}, {"table", table.code}, {"seat", s}, {"name", "crash"}});
      json joined = c.next();
      if (joined.value("type", "") != "joined") return false;
      p->token = joined["token"];
      players.push_back(std::move(p));
    }
  }
  return true;
}

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

}  // namespace sabbat::server::testing
