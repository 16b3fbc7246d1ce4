// A table's people: taking a seat, coming back, watching, the owner's start, the ready
// step and its countdown, leaving, and asking for another game.
#include "server/table/table.hpp"

#include <boost/asio/bind_executor.hpp>

#include "bots/bot.hpp"
#include "core/untrusted.hpp"
#include "server/protocol/secrets.hpp"
#include "server/table/seating.hpp"

namespace sabbat::server {

namespace net = boost::asio;

void Table::refuse(const std::shared_ptr<Connection>& conn, std::string_view code,
                   std::string_view message, std::string_view ref) {
  conn->leave_table(error_frame(code, message, ref));
}

void Table::join(std::shared_ptr<Connection> conn, std::optional<int64_t> seat, std::string name,
                 bool patches) {
  on_strand([conn, seat, name = std::move(name), patches](Table& self) {
    if (self.broken_ || self.closed_)
      return self.refuse(conn, "no-such-table", "this table is closed", "join");
    if (self.phase_ == Phase::Finished)
      return self.refuse(conn, "finished", "the game at this table has ended", "join");
    if (int(self.links_.size()) >= self.ctx_.options.limits.max_connections_per_table) {
      self.ctx_.log("table " + self.code_ + ": join refused, connection limit reached");
      return self.refuse(conn, "table-full", "this table has its maximum number of connections",
                         "join");
    }
    const int players = int(self.settings_.seats.size());
    int s = -1;
    if (seat) {
      if (*seat < 0 || *seat >= players)
        return self.refuse(conn, "no-such-seat",
                           "seats are numbered from 0 to " + std::to_string(players - 1), "join");
      s = int(*seat);
      const SeatSettings& wanted = self.settings_.seats[size_t(s)];
      if (wanted.bot)
        return self.refuse(conn, "seat-taken", "seat " + std::to_string(s) + " is a bot's", "join");
      if (wanted.taken())
        return self.refuse(conn, "seat-taken",
                           "seat " + std::to_string(s) + " is taken; rejoin it with its token",
                           "join");
    } else {
      s = free_human_seat(self.settings_);
      if (s < 0) return self.refuse(conn, "no-free-seat", "every seat is taken", "join");
    }
    SeatSettings& taken = self.settings_.seats[size_t(s)];
    taken.name = printable(name, 32);
    const std::string token = new_token();
    taken.token = token_digest(token);
    self.add_link({conn, conn->id(), s, false, patches});
    // The last seat taken: a turn-based game begins; a real-time one first asks everyone to
    // say ready.
    const bool starts = self.phase_ == Phase::Waiting && all_humans_seated(self.settings_) &&
                        !takes_ready_step(self.settings_, self.real_time());
    if (starts) self.settings_.started = true;
    Frame joined = frame({{"type", "joined"},
                          {"table", self.code_},
                          {"seat", s},
                          {"token", token},
                          {"protocol", kProtocolVersion}});
    Frame snapshot = self.snapshot(self.links_.back());
    std::vector<Frame> chat = self.chat_backlog();
    const uint64_t id = conn->id();
    self.save_settings([&self, conn, joined, snapshot, chat, id] {
      conn->send(joined);
      if (Link* l = self.find_link(id)) l->live = true;
      self.broadcast_status();
      if (snapshot) conn->send(snapshot);
      for (const Frame& part : chat) conn->send(part);
    });
    if (starts) self.begin();
    self.check_ready();
  });
}

void Table::rejoin(std::shared_ptr<Connection> conn, std::string token, bool patches) {
  on_strand([conn, token = std::move(token), patches](Table& self) {
    if (self.broken_ || self.closed_)
      return self.refuse(conn, "no-such-table", "this table is closed", "rejoin");
    const int found = seat_holding(self.settings_, token_digest(token)).value_or(-1);
    if (found < 0) {
      self.ctx_.log("table " + self.code_ + ": rejoin refused, wrong token");
      return self.refuse(conn, "wrong-token", "this token holds no seat at this table", "rejoin");
    }
    // The older connection of that seat gives way.
    for (auto it = self.links_.begin(); it != self.links_.end();) {
      if (it->seat == found) {
        if (auto old = it->conn.lock())
          old->close_with(error_frame("replaced", "another connection rejoined this seat"), false);
        it = self.drop_link(it);
      } else {
        ++it;
      }
    }
    if (int(self.links_.size()) >= self.ctx_.options.limits.max_connections_per_table) {
      self.ctx_.log("table " + self.code_ + ": rejoin refused, connection limit reached");
      return self.refuse(conn, "table-full", "this table has its maximum number of connections",
                         "rejoin");
    }
    self.add_link({conn, conn->id(), found, false, patches});
    self.empty_seats_.filled(found);
    self.update_pause();
    self.check_ready();
    if (self.empty_seats_.stand_in(found)) self.stand_in_ends(found);
    Frame joined = frame({{"type", "joined"},
                          {"table", self.code_},
                          {"seat", found},
                          {"token", token},
                          {"protocol", kProtocolVersion}});
    self.welcome(conn, found, joined);
  });
}

void Table::watch(std::shared_ptr<Connection> conn, bool patches) {
  on_strand([conn, patches](Table& self) {
    if (self.broken_ || self.closed_)
      return self.refuse(conn, "no-such-table", "this table is closed", "watch");
    if (!self.settings_.spectators)
      return self.refuse(conn, "no-spectators", "this table does not allow spectators", "watch");
    if (int(self.links_.size()) >= self.ctx_.options.limits.max_connections_per_table) {
      self.ctx_.log("table " + self.code_ + ": watch refused, connection limit reached");
      return self.refuse(conn, "table-full", "this table has its maximum number of connections",
                         "watch");
    }
    self.add_link({conn, conn->id(), kSpectator, false, patches});
    self.welcome(conn, kSpectator, frame({{"type", "watching"}, {"table", self.code_}}));
  });
}

void Table::welcome(const std::shared_ptr<Connection>& conn, Seat seat, Frame first) {
  std::vector<Frame> history = history_frames(seat);
  Frame snapshot = this->snapshot(links_.back());
  std::vector<Frame> chat = chat_backlog();
  const uint64_t id = conn->id();
  after_earlier([this, conn, first, history, snapshot, chat, id] {
    conn->send(first);
    if (Link* l = find_link(id)) l->live = true;
    broadcast_status();
    for (const Frame& part : history) conn->send(part);
    if (snapshot) conn->send(snapshot);
    if (phase_ == Phase::Finished) conn->send(result_frame());
    for (const Frame& part : chat) conn->send(part);
  });
}

void Table::start(std::shared_ptr<Connection> conn, std::string owner_token) {
  on_strand([conn, owner = std::move(owner_token)](Table& self) {
    if (!self.find_link(conn->id()))
      return conn->send(error_frame("wrong-role", "join or watch the table first", "start"));
    if (!token_matches(self.settings_.owner_token, owner)) {
      self.ctx_.log("table " + self.code_ + ": start refused, wrong owner token");
      return conn->send(error_frame("wrong-token", "only the table's owner may start it", "start"));
    }
    if (self.phase_ != Phase::Waiting || self.settings_.started)
      return conn->send(error_frame("already-started", "the game has already started", "start"));
    const Link* link = self.find_link(conn->id());
    if (self.in_ready_step()) {
      // The owner starts for everyone who has not said ready.
      for (size_t s = 0; s < self.settings_.seats.size(); ++s) {
        SeatSettings& seat = self.settings_.seats[s];
        if (!seat.bot && seat.ready.empty()) seat.ready = Seat(s) == link->seat ? "self" : "owner";
      }
      self.save_settings([&self] { self.broadcast_status(); });
      return self.check_ready();
    }
    // "The creator starts it and bots fill the rest."
    const std::string bot = default_bot_name(self.match_.game());
    for (size_t s = 0; s < self.settings_.seats.size(); ++s) {
      SeatSettings& seat = self.settings_.seats[s];
      if (seat.taken()) continue;
      seat.bot = true;
      seat.bot_name = bot;
      auto made = make_bot(bot, self.match_.game());
      self.bots_[s] = made ? std::move(*made) : std::make_unique<RandomBot>();
    }
    if (takes_ready_step(self.settings_, self.real_time())) {
      // A real-time game still has its ready step; the owner at a seat has said she is.
      if (link->seat >= 0) self.settings_.seats[size_t(link->seat)].ready = "self";
      self.save_settings([&self] { self.broadcast_status(); });
      return self.check_ready();
    }
    self.settings_.started = true;
    self.save_settings([] {});
    self.begin();
  });
}

void Table::ready(std::shared_ptr<Connection> conn, std::optional<int64_t> seat,
                  std::string owner) {
  on_strand([conn, seat, owner = std::move(owner)](Table& self) {
    const auto refuse = [&](std::string_view code, std::string_view message) {
      conn->send(error_frame(code, message, "ready"));
    };
    const Link* link = self.find_link(conn->id());
    if (!link) return refuse("wrong-role", "join a seat first");
    if (self.broken_ || self.closed_) return refuse("no-such-table", "this table is closed");
    if (self.phase_ != Phase::Waiting || self.settings_.started)
      return refuse("already-started", "the game has already started");
    if (!takes_ready_step(self.settings_, self.real_time()))
      return refuse("no-ready-step",
                    "this game begins as soon as every seat is taken: nobody says ready");
    if (!all_humans_seated(self.settings_))
      return refuse("seats-free",
                    "seats are still free: the ready step begins when every seat is taken");
    const int players = int(self.settings_.seats.size());
    Seat target = link->seat;
    if (seat) {
      if (*seat < 0 || *seat >= players)
        return refuse("no-such-seat",
                      "seats are numbered from 0 to " + std::to_string(players - 1));
      target = Seat(*seat);
    } else if (target < 0) {
      return refuse("wrong-role",
                    "a spectator has no seat to be ready in; the owner names the seat she "
                    "starts for");
    }
    // Another seat than one's own: the owner's, for a person who is away.
    if (target != link->seat && !token_matches(self.settings_.owner_token, owner)) {
      self.ctx_.log("table " + self.code_ + ": ready refused, wrong owner token");
      return refuse("wrong-token", "only the table's owner may start for another seat");
    }
    SeatSettings& marked = self.settings_.seats[size_t(target)];
    // A bot, or a seat already ready: nothing changes; the asker sees where the table stands.
    if (marked.bot || !marked.ready.empty()) return conn->answer(self.table_frame(link->seat));
    marked.ready = target == link->seat ? "self" : "owner";
    self.save_settings([&self] { self.broadcast_status(); });
    self.check_ready();
  });
}

void Table::leave(uint64_t connection_id) {
  on_strand([connection_id](Table& self) {
    auto it = std::find_if(self.links_.begin(), self.links_.end(),
                           [&](const Link& l) { return l.id == connection_id; });
    if (it == self.links_.end()) return;
    const Seat seat = it->seat;
    self.drop_link(it);
    // A person who leaves during the ready step is no longer there to see the start: her own
    // "ready" goes with her (the owner may start for her).
    if (seat >= 0 && self.in_ready_step() && !self.seat_connected(seat) &&
        self.settings_.seats[size_t(seat)].ready == "self") {
      self.settings_.seats[size_t(seat)].ready.clear();
      self.save_settings([] {});
    }
    self.check_ready();
    self.after_earlier([&self] { self.broadcast_status(); });
    if (seat >= 0 && self.phase_ == Phase::Playing && !self.seat_connected(seat)) {
      self.mark_absent(seat, self.game_now());
      self.update_pause();
      self.schedule();
    }
  });
}

void Table::again(std::shared_ptr<Connection> conn) {
  on_strand([conn](Table& self) {
    const Link* link = self.find_link(conn->id());
    if (!link || link->seat < 0)
      return conn->send(
          error_frame("wrong-role", "only a seat of the table may ask for another game", "again"));
    if (self.phase_ != Phase::Finished)
      return conn->send(error_frame("not-finished", "the game has not ended", "again"));
    // Asked already: the table message names the next table (or will, once it is stored).
    if (!self.next_.empty()) return conn->answer(self.table_frame(link->seat));
    if (self.next_asked_) return;
    self.next_asked_ = true;
    ClientMessage create{"create", self.again_request()};
    self.next_game_.make_next(create, conn, [self = self.shared_from_this()](std::string code) {
      self->on_strand([code = std::move(code)](Table& t) {
        t.next_asked_ = false;
        if (code.empty()) return;  // the asker was told why
        t.next_ = code;
        t.ctx_.log("table " + t.code_ + ": its next game is at table " + code);
        t.save_settings([&t] { t.broadcast_status(); });
      });
    });
  });
}

// ---- Ready, then the clock ----

bool Table::in_ready_step() const {
  return phase_ == Phase::Waiting && !settings_.started && !broken_ && !closed_ &&
         all_humans_seated(settings_) && takes_ready_step(settings_, real_time());
}

void Table::check_ready() {
  // Every seat ready and someone there to see it: the countdown runs; otherwise it stops.
  const bool go = in_ready_step() && all_ready(settings_) && !people_away();
  if (go == countdown_end_.has_value()) return;
  ++schedule_generation_;
  timer_.cancel();
  if (!go) {
    countdown_end_.reset();
    return;
  }
  countdown_end_ = std::chrono::steady_clock::now() + ctx_.options.limits.countdown;
  ctx_.log("table " + code_ + ": every seat is ready; the countdown runs");
  timer_.expires_at(*countdown_end_ + ctx_.options.limits.timer_lag);
  timer_.async_wait(net::bind_executor(
      strand_, [self = shared_from_this(),
                generation = schedule_generation_](const boost::system::error_code& ec) {
        if (ec || generation != self->schedule_generation_) return;
        self->counted_down();
      }));
}

void Table::counted_down() {
  countdown_end_.reset();
  if (!in_ready_step()) return;
  settings_.started = true;
  save_settings([] {});
  begin();
}

}  // namespace sabbat::server
