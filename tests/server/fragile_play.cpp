#include "fragile_play.hpp"
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <optional>
#include <set>
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
    if (!reading_) start_read();
    ioc_.restart();
    while (reading_ && ioc_.run_one() > 0) {
    }
    return take();
  }
  // The next message if one comes within `wait`: a client reads while its person thinks, as a
  // browser does. Nothing when none came (the read stays under way for the next call).
  std::optional<json> next_within(std::chrono::milliseconds wait) {
    if (!reading_) start_read();
    ioc_.restart();
    ioc_.run_for(wait);
    if (reading_) return std::nullopt;
    return take();
  }

 private:
  void start_read() {
    reading_ = true;
    buffer_.clear();
    // Asynchronous, so that the expiry bounds it.
    beast::get_lowest_layer(ws_).expires_after(kSafety);
    ws_.async_read(buffer_, [this](beast::error_code e, std::size_t) {
      read_error_ = e;
      reading_ = false;
    });
  }
  json take() {
    if (read_error_) {
      ok_ = false;
      return nullptr;
    }
    auto parsed = parse_untrusted_json(beast::buffers_to_string(buffer_.data()), {1 << 22, 64});
    return parsed ? *parsed : json(nullptr);
  }

  net::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  beast::error_code read_error_;
  bool reading_ = false;
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
  std::vector<std::string> legal;  // what the last state offered, until this seat acts on it
  std::set<int64_t> unanswered;    // the acts of this connection still awaiting their answer
  std::string closing;             // the code of the server's error that announced its close
  // Whichever way this life ends.
  struct Answered {
    Player& p;
    const std::set<int64_t>& unanswered;
    const std::string& closing;
    ~Answered() {
      if (closing.empty()) return;
      for (int64_t seq : unanswered)
        p.problems.push_back("seat " + std::to_string(p.seat) + ": act " + std::to_string(seq) +
                             " got no answer before the server closed the connection (" + closing +
                             ")");
    }
  } answered{p, unanswered, closing};
  // Reads one message; false once this life is over (the connection gone, or the game ended).
  auto take = [&](const json& m) {
    if (m.is_null()) return false;
    const std::string type = m.value("type", "");
    if (type == "result") {
      p.finished = true;
      return false;
    }
    if (type == "error" &&
        (m.value("code", "") == "going-away" || m.value("code", "") == "internal"))
      closing = m.value("code", "");
    if (type == "refused") {
      unanswered.erase(m["seq"].get<int64_t>());
      if (m.value("code", "") == "not-stored") ++p.refused_not_stored;
    }
    if (type == "accepted") {
      const int64_t seq = m["seq"].get<int64_t>(), at = m["at"].get<int64_t>();
      unanswered.erase(seq);
      if (auto it = p.sent.find(seq); it != p.sent.end()) p.acknowledged[at] = it->second;
      p.accepted = int(p.acknowledged.size());
    }
    if (type != "state") return true;
    if (first_state) {
      // The restored game holds everything this seat saw accepted.
      first_state = false;
      const int64_t seq = m["seq"].get<int64_t>();
      if (!p.acknowledged.empty() && p.acknowledged.rbegin()->first > seq)
        p.problems.push_back("seat " + std::to_string(p.seat) + " saw action " +
                             std::to_string(p.acknowledged.rbegin()->first) +
                             " accepted, but the restored game has " + std::to_string(seq));
    }
    legal = offered_texts(m);
    return true;
  };
  for (;;) {
    if (!take(c.next())) return;
    // Told that the server closes, a client sends nothing more there.
    if (legal.empty() || !closing.empty()) continue;
    // The person thinks; what arrives meanwhile is read first (a newer state, the close).
    const auto until = std::chrono::steady_clock::now() + p.think.load();
    for (auto now = std::chrono::steady_clock::now(); now < until;
         now = std::chrono::steady_clock::now()) {
      auto m = c.next_within(std::chrono::duration_cast<std::chrono::milliseconds>(until - now) +
                             std::chrono::milliseconds(1));
      if (!m) break;
      if (!take(*m)) return;
    }
    if (legal.empty() || !closing.empty()) continue;
    const std::string pick = legal[size_t(p.rng.below(uint32_t(legal.size())))];
    legal.clear();
    const int64_t seq = ++p.next_seq;
    p.sent[seq] = pick;
    if (!c.send({{"type", "act"}, {"seq", seq}, {"action", pick}})) return;
    unanswered.insert(seq);
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
