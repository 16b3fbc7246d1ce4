#include "bench/server/load_run.hpp"

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "bench/server/frame_read.hpp"
#include "bench/server/proc_stats.hpp"
#include "bench/server/ws_connection.hpp"

namespace sabbat::load {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

std::uint64_t splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

double percentile(std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  return sorted[std::min(sorted.size() - 1, std::size_t(q * double(sorted.size())))];
}

struct SeatPlay {
  std::shared_ptr<WsConnection> conn;
  std::vector<std::string> legal;
  bool ready = false;         // the game has started, as this seat was told
  bool said_ready = false;    // `ready` sent in a real-time game's ready step
  bool in_flight = false;     // an `act` sent, its `state` not come back yet
  std::int64_t awaited = -1;  // the table seq its accepted action got
  Clock::time_point sent;
  std::int64_t next_seq = 0;
  std::uint64_t rng = 0;
};

struct TablePlay {
  std::string code;
  std::vector<SeatPlay> seats;
  bool active = false;
  bool over = false;
  std::int64_t seen = 0;  // the table's seq as seat 0 last saw it
};

class Run {
 public:
  explicit Run(const LoadOptions& o) : o_(o), server_(net::ip::make_address(o.host), o.port) {
    for (std::uint16_t port : o.more_ports) more_.emplace_back(server_.address(), port);
    r_.mode = o.idle ? "idle" : "play";
    r_.tables = o.tables;
    r_.games_per_table =
        o.idle ? 1
               : (o.games_per_table > 0
                      ? o.games_per_table
                      : std::max(1, int(std::ceil(double(o.target_moves) /
                                                  double(o.moves_per_game * o.tables)))));
    tables_.resize(std::size_t(o.tables) * std::size_t(r_.games_per_table));
    std::uint64_t mix = o.seed;
    for (TablePlay& t : tables_) {
      t.seats.resize(std::size_t(o.players));
      for (SeatPlay& s : t.seats) s.rng = splitmix(mix);
    }
  }

  LoadResult go() {
    r_.server_rss_base_mib = double(read_rss_kib(o_.server_pids)) / 1024.0;
    setup_start_ = Clock::now();
    const int creators = int(std::min<std::size_t>(8, tables_.size()));
    for (int i = 0; i < creators; ++i) open_creator();
    after(o_.max_seconds * 4 + 60, [this] {
      if (window_open_ || finished_) return;
      problem("set-up took too long");
      finish();
    });
    ioc_.run();
    return r_;
  }

 private:
  // --- set-up: creators make the tables, then every seat gets a connection that joins ---
  net::ip::address_v4 next_source() {
    // Loopback connections to one port run out of ephemeral ports near 28,000 per source
    // address; 127.0.0.0/8 is all local, so every 20,000 connections take the next one.
    const auto n = std::uint32_t(connections_++ / 20000);
    if (!server_.address().is_loopback()) return net::ip::address_v4::any();
    return net::ip::address_v4((127u << 24) | (1u + n));
  }

  // The server's port, or in turn each of its ports.
  tcp::endpoint next_server() {
    const std::size_t k = next_port_++ % (more_.size() + 1);
    return k == 0 ? server_ : more_[k - 1];
  }

  void open_creator() {
    auto c = std::make_shared<WsConnection>(
        ioc_, next_server(), next_source(),
        WsConnection::Handlers{[this](WsConnection& cc, std::string_view m) { on_creator(cc, m); },
                               [this](WsConnection&, const std::string& why) {
                                 if (finished_) return;
                                 problem("creator: " + why);
                                 finish();
                               }},
        o_.deflate);
    creators_.push_back(c);
    c->start();
  }

  void on_creator(WsConnection& c, std::string_view text) {
    json m = json::parse(text, nullptr, false);
    const std::string type = m.value("type", "");
    if (type == "created") {
      tables_[std::size_t(c.table)].code = m.value("table", "");
      for (int s = 0; s < people(); ++s) pending_.push_back({c.table, s});
      pump_connects();
    } else if (type != "welcome") {
      ++r_.errors;
      problem("create: " + std::string(text));
    }
    if (type == "welcome" || type == "created") {
      if (next_create_ >= tables_.size()) return c.close();
      c.table = int(next_create_++);
      json create = {{"type", "create"},
                     {"game", o_.game},
                     {"players", o_.players},
                     {"seed", std::to_string(o_.seed * 1000003 + std::uint64_t(c.table))}};
      for (const auto& [name, value] : o_.params) create["params"][name] = value;
      if (people() < o_.players) {
        create["seats"] = json::array();
        for (int s = 0; s < o_.players; ++s)
          create["seats"].push_back(s < people() ? json{{"human", true}} : json{{"bot", "random"}});
      }
      c.send(create.dump());
    }
  }

  void pump_connects() {
    while (connecting_ < o_.connect_parallel && !pending_.empty()) {
      const auto [t, s] = pending_.back();
      pending_.pop_back();
      ++connecting_;
      auto c = std::make_shared<WsConnection>(
          ioc_, next_server(), next_source(),
          WsConnection::Handlers{
              [this](WsConnection& sc, std::string_view m) { on_seat(sc, m); },
              [this](WsConnection& sc, const std::string& why) { on_closed(sc, why); }},
          o_.deflate);
      c->table = t;
      c->seat = s;
      // Named, as a cluster's proxy needs (docs/protocol.md, "Naming the table").
      if (!o_.unnamed) c->target = "/ws?table=" + tables_[std::size_t(t)].code;
      tables_[std::size_t(t)].seats[std::size_t(s)].conn = c;
      ++r_.connections;
      c->start();
    }
  }

  // --- every seat's messages ---
  void on_seat(WsConnection& c, std::string_view text) {
    TablePlay& t = tables_[std::size_t(c.table)];
    SeatPlay& seat = t.seats[std::size_t(c.seat)];
    r_.largest_message = std::max<std::int64_t>(r_.largest_message, std::int64_t(text.size()));
    if (window_open_) text_bytes_ += std::int64_t(text.size());
    // The two messages of every move are read without building their tree.
    read_frame_head(text, head_);
    if (head_.type == "state") {
      if (c.seat == 0) {
        if (window_open_ && t.active) r_.all_moves += std::max<std::int64_t>(0, head_.seq - t.seen);
        t.seen = std::max(t.seen, head_.seq);
      }
      std::swap(seat.legal, head_.legal);
      if (seat.in_flight && seat.awaited >= 0 && head_.seq >= seat.awaited) {
        seat.in_flight = false;
        if (window_open_) rtts_.push_back(ms_between(seat.sent, Clock::now()));
      }
      maybe_act(t, seat);
      return;
    }
    if (head_.type == "accepted") {
      seat.awaited = std::max<std::int64_t>(head_.at, 0);
      if (window_open_) ++r_.moves;
      return;
    }
    json m = json::parse(text, nullptr, false);
    const std::string type = m.is_object() ? m.value("type", "") : "";
    if (type == "table") {
      // A real-time game waits in its ready step until every person says ready (protocol 1,
      // rev. 5); its status then holds ready_step.
      const json& status = m["status"];
      if (!seat.said_ready && status.contains("ready_step") && !status["ready_step"].is_null()) {
        seat.said_ready = true;
        c.send(R"({"type":"ready"})");
      }
      if (!seat.ready && status.value("phase", "") == "playing") {
        seat.ready = true;
        if (++ready_ == tables_.size() * std::size_t(people())) all_ready();
      }
    } else if (type == "result") {
      if (!t.over) table_over(c.table);
    } else if (type == "welcome") {
      json join = {{"type", "join"},
                   {"table", t.code},
                   {"name", "t" + std::to_string(c.table) + "s" + std::to_string(c.seat)},
                   {"seat", c.seat}};
      if (o_.patches) join["patches"] = true;
      c.send(join.dump());
    } else if (type == "joined") {
      if (c.deflated()) ++r_.deflated_seats;
      --connecting_;
      pump_connects();
    } else if (type == "refused") {
      ++r_.refused;
      problem("refused: " + std::string(text));
      seat.in_flight = false;
      maybe_act(t, seat);
    } else {
      ++r_.errors;
      problem("unexpected: " + std::string(text));
    }
  }

  void on_closed(WsConnection& c, const std::string& why) {
    if (closing_) return;
    ++r_.disconnects;
    problem("table " + std::to_string(c.table) + " seat " + std::to_string(c.seat) + ": " + why);
    if (!window_open_ && !finished_) finish();  // set-up cannot complete without it
  }

  int people() const { return o_.people > 0 ? std::min(o_.people, o_.players) : o_.players; }

  void problem(const std::string& what) {
    if (r_.first_problem.empty()) r_.first_problem = what.substr(0, 400);
  }

  // --- the measured window ---
  void all_ready() {
    r_.setup_seconds = std::chrono::duration<double>(Clock::now() - setup_start_).count();
    if (o_.idle) return measure_idle();
    window_open_ = true;
    start_ = Clock::now();
    cpu_start_ = read_cpu(o_.server_pids);
    wire_start_ = seats_received();
    sample_memory();
    after(o_.max_seconds, [this] {
      if (finished_) return;
      r_.timed_out = true;
      finish();
    });
    for (int slot = 0; slot < o_.tables; ++slot) activate(slot * r_.games_per_table);
  }

  void activate(int index) {
    TablePlay& t = tables_[std::size_t(index)];
    t.active = true;
    for (SeatPlay& s : t.seats)
      if (s.conn) maybe_act(t, s);
  }

  void maybe_act(TablePlay& t, SeatPlay& s) {
    if (!window_open_ || !t.active || t.over || s.in_flight || s.legal.empty()) return;
    const std::string& action = s.legal[splitmix(s.rng) % s.legal.size()];
    s.in_flight = true;
    s.awaited = -1;
    s.sent = Clock::now();
    json act = {{"type", "act"}, {"seq", ++s.next_seq}, {"action", action}};
    s.conn->send(act.dump());
  }

  void table_over(int index) {
    TablePlay& t = tables_[std::size_t(index)];
    t.over = true;
    if (!window_open_) return;
    ++r_.games;
    const int game = index % r_.games_per_table;
    if (game + 1 < r_.games_per_table) return activate(index + 1);
    if (++slots_done_ == o_.tables) finish();
  }

  void sample_memory() {
    const double mib = double(read_rss_kib(o_.server_pids)) / 1024.0;
    r_.server_rss_peak_mib = std::max(r_.server_rss_peak_mib, mib);
    if (finished_) return;
    auto timer = std::make_shared<net::steady_timer>(ioc_, std::chrono::milliseconds(250));
    timer->async_wait([this, timer](boost::system::error_code) { sample_memory(); });
  }

  void measure_idle() {
    // Let the server settle (its last writes, the start snapshots), then read its memory and
    // hold every connection a while: none may drop.
    after(2.0, [this] {
      r_.server_rss_mib = double(read_rss_kib(o_.server_pids)) / 1024.0;
      r_.idle_kib_per_table =
          (r_.server_rss_mib - r_.server_rss_base_mib) * 1024.0 / double(o_.tables);
      r_.server_rss_peak_mib = r_.server_rss_mib;
      after(o_.hold_seconds, [this] { finish(); });
    });
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    if (window_open_) {
      const auto end = Clock::now();
      const CpuSeconds cpu = read_cpu(o_.server_pids);
      const std::int64_t wire = seats_received() - wire_start_;
      if (r_.moves > 0) {
        const double per = double(r_.moves) * double(people());
        r_.wire_bytes_per_move_seat = double(wire) / per;
        r_.text_bytes_per_move_seat = double(text_bytes_) / per;
      }
      r_.window_seconds = std::chrono::duration<double>(end - start_).count();
      window_open_ = false;
      const double w = r_.window_seconds;
      const double server = cpu.process - cpu_start_.process;
      const double self = cpu.self - cpu_start_.self;
      r_.moves_per_second = double(r_.moves) / w;
      r_.all_moves_per_second = double(r_.all_moves) / w;
      if (r_.all_moves > 0) r_.server_cpu_ms_per_all_move = 1000 * server / double(r_.all_moves);
      r_.server_cpu_percent = 100 * server / w;
      r_.loadgen_cpu_percent = 100 * self / w;
      r_.other_cpu_percent = 100 * (cpu.busy - cpu_start_.busy - server - self) / w;
      if (r_.moves > 0) {
        r_.server_cpu_ms_per_move = 1000 * server / double(r_.moves);
        r_.loadgen_cpu_ms_per_move = 1000 * self / double(r_.moves);
      }
      std::sort(rtts_.begin(), rtts_.end());
      r_.rtt_p50_ms = percentile(rtts_, 0.50);
      r_.rtt_p99_ms = percentile(rtts_, 0.99);
      r_.rtt_max_ms = rtts_.empty() ? 0 : rtts_.back();
      r_.server_rss_mib = double(read_rss_kib(o_.server_pids)) / 1024.0;
    }
    closing_ = true;
    for (auto& c : creators_) c->close();
    for (TablePlay& t : tables_)
      for (SeatPlay& s : t.seats)
        if (s.conn) s.conn->close();
    after(2.0, [this] { ioc_.stop(); });
  }

  // Every seat's bytes received so far, as the kernel counts them.
  std::int64_t seats_received() {
    std::int64_t sum = 0;
    for (TablePlay& t : tables_)
      for (SeatPlay& s : t.seats)
        if (s.conn && s.conn->open())
          sum += std::max<std::int64_t>(0, tcp_bytes_received(s.conn->native_socket()));
    return sum;
  }

  template <class F>
  void after(double seconds, F f) {
    auto timer = std::make_shared<net::steady_timer>(
        ioc_, std::chrono::milliseconds(std::int64_t(seconds * 1000)));
    timer->async_wait([timer, f](boost::system::error_code) { f(); });
  }

  LoadOptions o_;
  net::io_context ioc_{1};
  tcp::endpoint server_;
  std::vector<tcp::endpoint> more_;  // more ports of the same server (several proxies)
  std::size_t next_port_ = 0;
  LoadResult r_;
  std::vector<TablePlay> tables_;
  std::vector<std::shared_ptr<WsConnection>> creators_;
  std::vector<std::pair<int, int>> pending_;  // (table, seat) waiting for a connection
  std::size_t next_create_ = 0, ready_ = 0;
  int connecting_ = 0, slots_done_ = 0;
  std::int64_t connections_ = 0;
  bool window_open_ = false, finished_ = false, closing_ = false;
  Clock::time_point setup_start_, start_;
  CpuSeconds cpu_start_;
  std::vector<double> rtts_;
  std::int64_t wire_start_ = 0, text_bytes_ = 0;
  FrameHead head_;  // the last state or accepted read, its lists reused
};

}  // namespace

LoadResult run_load(const LoadOptions& options) {
  return Run(options).go();
}

std::string to_json_line(const LoadOptions& o, const LoadResult& r) {
  json j = {{"server", "sabbat"},
            {"label", o.label},
            {"mode", r.mode},
            {"game", o.game},
            {"players", o.players},
            {"tables", r.tables},
            {"games_per_table", r.games_per_table},
            {"connections", r.connections},
            {"setup_s", r.setup_seconds},
            {"window_s", r.window_seconds},
            {"moves", r.moves},
            {"all_moves", r.all_moves},
            {"all_moves_per_second", r.all_moves_per_second},
            {"server_cpu_ms_per_all_move", r.server_cpu_ms_per_all_move},
            {"games", r.games},
            {"moves_per_s", r.moves_per_second},
            {"rtt_p50_ms", r.rtt_p50_ms},
            {"rtt_p99_ms", r.rtt_p99_ms},
            {"rtt_max_ms", r.rtt_max_ms},
            {"server_cpu_pct", r.server_cpu_percent},
            {"server_cpu_ms_per_move", r.server_cpu_ms_per_move},
            {"loadgen_cpu_pct", r.loadgen_cpu_percent},
            {"loadgen_cpu_ms_per_move", r.loadgen_cpu_ms_per_move},
            {"other_cpu_pct", r.other_cpu_percent},
            {"server_rss_base_mib", r.server_rss_base_mib},
            {"server_rss_mib", r.server_rss_mib},
            {"server_rss_peak_mib", r.server_rss_peak_mib},
            {"idle_kib_per_table", r.idle_kib_per_table},
            {"deflate", o.deflate},
            {"patches", o.patches},
            {"deflated_seats", r.deflated_seats},
            {"wire_bytes_per_move_seat", r.wire_bytes_per_move_seat},
            {"text_bytes_per_move_seat", r.text_bytes_per_move_seat},
            {"largest_message", r.largest_message},
            {"refused", r.refused},
            {"errors", r.errors},
            {"disconnects", r.disconnects},
            {"timed_out", r.timed_out},
            {"first_problem", r.first_problem}};
  return j.dump();
}

}  // namespace sabbat::load
