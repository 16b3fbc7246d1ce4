#include "server/table.hpp"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <sstream>

#include "bots/bot.hpp"
#include "core/registry.hpp"
#include "core/untrusted.hpp"
#include "server/lobby.hpp"
#include "server/names.hpp"
#include "server/secrets.hpp"
#include "server/view_patch.hpp"

namespace sabbat::server {

namespace net = boost::asio;

namespace {

std::string header_line(const Record& record) {
  return record.header_json().dump();
}

// The record's actions replayed from the start, each with its events and whether only its
// seat may know of it (State::secret_from_others, asked of the state before the action, as
// when it was played): what each receiver was told, for its seq and its history.
using OnTold = std::function<void(const RecordedAction&, bool secret, const Events&)>;
Result<Match> replay_told(const Record& record, const Registry& games, const OnTold& on_told) {
  std::unique_ptr<State> before;
  return replay_from_start(
      record, games, [&](const State& start) { before = start.clone(); },
      [&](const RecordedAction& a, const State& after, const Events& events) {
        bool secret = false;
        if (a.seat >= 0)
          if (auto action = before->parse_action(a.seat, a.action); action)
            secret = before->secret_from_others(a.seat, *action, a.time);
        on_told(a, secret, events);
        before = after.clone();
      });
}

Metrics::TableState state_of(Table::Phase phase) {
  switch (phase) {
    case Table::Phase::Waiting:
      return Metrics::TableState::Waiting;
    case Table::Phase::Playing:
      return Metrics::TableState::Playing;
    case Table::Phase::Finished:
      break;
  }
  return Metrics::TableState::Finished;
}

Metrics::Role role_of(Seat seat) {
  return seat == kSpectator ? Metrics::Role::Spectator : Metrics::Role::Player;
}

}  // namespace

Table::Table(net::io_context& ioc, Context& ctx, WriteAhead& store, std::string code, Match match,
             TableSettings settings, StandIns stand_ins)
    : ioc_(ioc),
      ctx_(ctx),
      metrics_(ctx.metrics),
      store_(store),
      strand_(net::make_strand(ioc)),
      timer_(strand_),
      code_(std::move(code)),
      match_(std::move(match)),
      settings_(std::move(settings)),
      stand_in_notes_(std::move(stand_ins)),
      bot_rng_(random_seed()) {
  bots_.resize(settings_.seats.size());
  absent_since_.resize(settings_.seats.size());
  secret_by_seat_.resize(settings_.seats.size());
  stand_ins_.resize(settings_.seats.size());
  chat_budgets_.resize(settings_.seats.size());
  for (size_t s = 0; s < settings_.seats.size(); ++s) {
    if (!settings_.seats[s].bot) continue;
    // Names were checked when the table was made; a bot removed since falls back to random.
    auto bot = make_bot(settings_.seats[s].bot_name, match_.game());
    bots_[s] = bot ? std::move(*bot) : std::make_unique<RandomBot>();
  }
  metrics_->table_made(state_of(phase_));
}

Table::~Table() {
  // The last owner, after every handler of the strand: what they left is read safely here.
  for (const Link& l : links_) metrics_->unlinked(role_of(l.seat));
  if (phase_ == Phase::Playing) metrics_->stand_ins_ended(stand_ins_playing());
  metrics_->table_gone(state_of(phase_));
}

template <class F>
void Table::on_strand(F&& f) {
  net::post(strand_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable { f(*self); });
}

void Table::enter(Phase next) {
  if (next == phase_) return;
  // A stand-in plays only while the game does; one still seated at the end stops counting.
  if (phase_ == Phase::Playing) metrics_->stand_ins_ended(stand_ins_playing());
  metrics_->table_moved(state_of(phase_), state_of(next));
  phase_ = next;
}

void Table::add_link(Link link) {
  metrics_->linked(role_of(link.seat));
  links_.push_back(std::move(link));
}

std::vector<Table::Link>::iterator Table::drop_link(std::vector<Link>::iterator it) {
  metrics_->unlinked(role_of(it->seat));
  return links_.erase(it);
}

void Table::drop_links() {
  for (const Link& l : links_) metrics_->unlinked(role_of(l.seat));
  links_.clear();
}

int64_t Table::stand_ins_playing() const {
  int64_t n = 0;
  for (const auto& bot : stand_ins_) n += bot != nullptr;
  return n;
}

std::shared_ptr<Table> Table::create(net::io_context& ioc, Context& ctx, WriteAhead& store,
                                     std::string code, Match match, TableSettings settings,
                                     StandIns stand_ins) {
  return std::shared_ptr<Table>(new Table(ioc, ctx, store, std::move(code), std::move(match),
                                          std::move(settings), std::move(stand_ins)));
}

void Table::open(std::function<void(const Status&)> created) {
  on_strand([created = std::move(created)](Table& self) {
    StoredTable stored;
    stored.code = self.code_;
    stored.header = header_line(self.match_.record());
    stored.created_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    // A table of bots alone starts at once.
    const bool starts = self.all_humans_seated();
    if (starts) self.settings_.started = true;
    stored.settings = self.settings_text();
    self.store_.run([stored](Store& s) { return s.create_table(stored); },
                    [self = self.shared_from_this(), created](const Status& st) {
                      // The creator hears of it; a failed creation leaves the table unused.
                      net::post(self->strand_, [self, created, st] {
                        if (!st) {
                          self->broken_ = true;
                          self->out_of_play_flag_ = true;
                        }
                        created(st);
                      });
                    });
    if (starts) self.begin();
  });
}

Result<std::shared_ptr<Table>> Table::restore(net::io_context& ioc, Context& ctx, WriteAhead& store,
                                              const StoredTable& stored) {
  std::string text = stored.header + "\n";
  for (const RecordedAction& a : stored.actions) text += Record::action_json(a).dump() + "\n";
  std::istringstream in(text);
  auto record = parse_record(in);
  if (!record) return fail("table " + stored.code + ": " + record.error());
  // The actions only their seat may know of, by seat: each receiver's seq leaves out the
  // others'.
  std::vector<int64_t> secret_by_seat(size_t(std::max(record->players, 0)));
  auto match =
      replay_told(*record, ctx.games(), [&](const RecordedAction& a, bool secret, const Events&) {
        if (secret && size_t(a.seat) < secret_by_seat.size()) ++secret_by_seat[size_t(a.seat)];
      });
  if (!match) return fail("table " + stored.code + ": " + match.error());
  auto settings = TableSettings::from_text(stored.settings, record->players);
  if (!settings) return fail("table " + stored.code + ": " + settings.error());
  auto stand_ins = StandIns::from_settings_text(stored.settings, record->players,
                                                ctx.options.limits.stand_in_after.count());
  if (!stand_ins) return fail("table " + stored.code + ": " + stand_ins.error());
  // A stand-in that played when the server stopped played up to the last stored action; the
  // seat's person gets the whole limit again after the restart.
  const int64_t last_seq = int64_t(stored.actions.size());
  for (StandInSpell& spell : stand_ins->spells)
    if (!spell.to_seq) spell.to_seq = last_seq;
  // Stores written before digests hold plain tokens: keep only their digests from now on.
  bool plain_tokens = looks_like_token(settings->owner_token);
  if (plain_tokens) settings->owner_token = token_digest(settings->owner_token);
  for (SeatSettings& seat : settings->seats)
    if (looks_like_token(seat.token)) {
      seat.token = token_digest(seat.token);
      plain_tokens = true;
    }
  auto chat = Chat::from_text(stored.chat, record->players);
  if (!chat) return fail("table " + stored.code + ": " + chat.error());
  std::shared_ptr<Table> t(new Table(ioc, ctx, store, stored.code, std::move(*match),
                                     std::move(*settings), std::move(*stand_ins)));
  t->chat_ = std::move(*chat);
  t->clock_offset_ = stored.actions.empty() ? 0 : stored.actions.back().time;
  t->secret_by_seat_ = std::move(secret_by_seat);
  for (int64_t n : t->secret_by_seat_) t->secret_total_ += n;
  // The next game's table, once a seat of this one asked for it.
  if (auto j = parse_untrusted_json(stored.settings, JsonLimits{1 << 20, 8}); j && j->is_object())
    if (auto next = j->find("next");
        next != j->end() && next->is_string() && looks_like_table_code(next->get<std::string>()))
      t->next_ = next->get<std::string>();
  if (plain_tokens)
    t->on_strand([](Table& self) {
      self.ctx_.log("table " + self.code_ + ": its tokens are now stored as digests");
      self.save_settings([] {});
    });
  const bool result_stored = stored.result.has_value();
  if (result_stored && !t->match_.state().terminal())
    return fail("table " + stored.code + ": it has a result but its actions do not end the game");
  if (result_stored) {
    // Finished: kept to serve its status and record.
    t->enter(Phase::Finished);
    t->finished_flag_ = true;
    return t;
  }
  t->on_strand([](Table& self) {
    if (self.match_.state().terminal()) {
      // The result was not stored before the stop: store it now.
      self.enter(Phase::Finished);
      self.finished_flag_ = true;
      const std::string line = Record::result_json(*self.match_.record().result).dump();
      self.store_.run([code = self.code_, line](Store& s) { return s.finish_table(code, line); },
                      self.gate([] {}));
    } else if (self.settings_.started) {
      self.enter(Phase::Playing);
      self.clock_start_ = std::chrono::steady_clock::now();
      // Nobody is connected yet: every person's seat is empty from the restart on.
      for (Seat s = 0; s < Seat(self.settings_.seats.size()); ++s)
        self.mark_absent(s, self.clock_offset_);
      // A table with people waits for one of them to come back.
      self.update_pause();
      self.schedule();
    }
  });
  return t;
}

// ---- The write-ahead gate ----

WriteAhead::Done Table::gate(std::function<void()> release) {
  outbox_.push_back({false, std::move(release)});
  return [self = shared_from_this()](const Status& st) {
    // On the store's writer thread: hand the answer back to the table.
    net::post(self->strand_, [self, st] { self->on_stored(st); });
  };
}

void Table::after_earlier(std::function<void()> release) {
  if (outbox_.empty()) {
    release();
    return;
  }
  outbox_.push_back({true, std::move(release)});
}

void Table::on_stored(const Status& st) {
  if (broken_) return;
  if (!st) {
    // What was applied in memory is not stored: stop the table rather than tell anyone. The
    // store still holds every action that was confirmed; a restart rebuilds the table.
    broken_ = true;
    out_of_play_flag_ = true;
    ctx_.log.error("table " + code_ + ": the store failed (" + printable(st.error(), 200) +
                   "); the table stops until the server restarts");
    timer_.cancel();
    for (Link& l : links_)
      if (auto c = l.conn.lock())
        c->close_with(error_frame("internal",
                                  "the server could not store the game; reconnect "
                                  "after it restarts"),
                      false);
    drop_links();
    outbox_.clear();
    return;
  }
  for (Batch& b : outbox_)
    if (!b.durable) {
      b.durable = true;
      break;
    }
  while (!outbox_.empty() && outbox_.front().durable) {
    auto release = std::move(outbox_.front().release);
    outbox_.erase(outbox_.begin());
    release();
  }
}

std::string Table::settings_text() const {
  json j = settings_.to_json();
  stand_in_notes_.add_to(j);
  if (!next_.empty()) j["next"] = next_;
  return j.dump();
}

void Table::save_chat(std::function<void()> release) {
  store_.run([code = code_, text = chat_.to_text()](Store& s) { return s.save_chat(code, text); },
             gate(std::move(release)));
}

Frame Table::chat_backlog() const {
  return chat_.recent.empty() ? nullptr : chat_.recent_frame();
}

void Table::save_settings(std::function<void()> release) {
  store_.run(
      [code = code_, text = settings_text()](Store& s) { return s.save_settings(code, text); },
      gate(std::move(release)));
}

// ---- Seats ----

void Table::refuse(const std::shared_ptr<Connection>& conn, std::string_view code,
                   std::string_view message, std::string_view ref) {
  conn->send(error_frame(code, message, ref));
  conn->leave_table();
}

int Table::free_human_seat() const {
  for (size_t s = 0; s < settings_.seats.size(); ++s)
    if (!settings_.seats[s].taken()) return int(s);
  return -1;
}

bool Table::all_humans_seated() const {
  return free_human_seat() < 0;
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
      s = self.free_human_seat();
      if (s < 0) return self.refuse(conn, "no-free-seat", "every seat is taken", "join");
    }
    SeatSettings& taken = self.settings_.seats[size_t(s)];
    taken.name = printable(name, 32);
    const std::string token = new_token();
    taken.token = token_digest(token);
    self.add_link({conn, conn->id(), s, false, patches});
    // The last seat taken: a turn-based game begins; a real-time one first asks everyone to
    // say ready.
    const bool starts =
        self.phase_ == Phase::Waiting && self.all_humans_seated() && !self.takes_ready_step();
    if (starts) self.settings_.started = true;
    Frame joined = frame({{"type", "joined"},
                          {"table", self.code_},
                          {"seat", s},
                          {"token", token},
                          {"protocol", kProtocolVersion}});
    Frame snapshot = self.snapshot_frame(self.links_.back());
    Frame chat = self.chat_backlog();
    const uint64_t id = conn->id();
    self.save_settings([&self, conn, joined, snapshot, chat, id] {
      conn->send(joined);
      if (Link* l = self.find_link(id)) l->live = true;
      self.broadcast_status();
      if (snapshot) conn->send(snapshot);
      if (chat) conn->send(chat);
    });
    if (starts) self.begin();
    self.check_ready();
  });
}

void Table::rejoin(std::shared_ptr<Connection> conn, std::string token, bool patches) {
  on_strand([conn, token = std::move(token), patches](Table& self) {
    if (self.broken_ || self.closed_)
      return self.refuse(conn, "no-such-table", "this table is closed", "rejoin");
    int found = -1;
    // Every seat is compared, in constant time each, so the time says nothing of a match.
    const std::string digest = token_digest(token);
    for (size_t s = 0; s < self.settings_.seats.size(); ++s) {
      const SeatSettings& seat = self.settings_.seats[s];
      if (!seat.bot && !seat.token.empty() && same_secret(seat.token, digest)) found = int(s);
    }
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
    self.absent_since_[size_t(found)].reset();
    self.update_pause();
    self.check_ready();
    if (self.stand_ins_[size_t(found)]) self.stand_in_ends(found);
    Frame joined = frame({{"type", "joined"},
                          {"table", self.code_},
                          {"seat", found},
                          {"token", token},
                          {"protocol", kProtocolVersion}});
    Frame history = self.history_frame(found);
    Frame snapshot = self.snapshot_frame(self.links_.back());
    Frame chat = self.chat_backlog();
    const uint64_t id = conn->id();
    self.after_earlier([&self, conn, joined, history, snapshot, chat, id] {
      conn->send(joined);
      if (Link* l = self.find_link(id)) l->live = true;
      self.broadcast_status();
      if (history) conn->send(history);
      if (snapshot) conn->send(snapshot);
      if (self.phase_ == Phase::Finished) conn->send(self.result_frame());
      if (chat) conn->send(chat);
    });
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
    Frame history = self.history_frame(kSpectator);
    Frame snapshot = self.snapshot_frame(self.links_.back());
    Frame chat = self.chat_backlog();
    const uint64_t id = conn->id();
    self.after_earlier([&self, conn, history, snapshot, chat, id] {
      conn->send(frame({{"type", "watching"}, {"table", self.code_}}));
      if (Link* l = self.find_link(id)) l->live = true;
      self.broadcast_status();
      if (history) conn->send(history);
      if (snapshot) conn->send(snapshot);
      if (self.phase_ == Phase::Finished) conn->send(self.result_frame());
      if (chat) conn->send(chat);
    });
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
    if (self.takes_ready_step()) {
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
    if (!self.takes_ready_step())
      return refuse("no-ready-step",
                    "this game begins as soon as every seat is taken: nobody says ready");
    if (!self.all_humans_seated())
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

void Table::chat(std::shared_ptr<Connection> conn, std::string text, std::string reaction) {
  on_strand([conn, text = std::move(text), reaction = std::move(reaction)](Table& self) {
    const auto refuse = [&](std::string_view code, std::string_view message) {
      conn->send(error_frame(code, message, "chat"));
    };
    Link* link = self.find_link(conn->id());
    if (!link) return refuse("wrong-role", "join or watch the table first");
    if (self.broken_ || self.closed_) return refuse("no-such-table", "this table is closed");
    const Seat seat = link->seat;
    if (seat == kSpectator && !self.chat_.spectators_write)
      return refuse("chat-closed",
                    "spectators read the chat; the table's owner has not let them write");
    if (seat >= 0 && self.chat_.is_muted(seat))
      return refuse("muted", "the table's owner has muted this seat in the chat");
    ChatEntry entry;
    if (!reaction.empty()) {
      if (!is_chat_reaction(reaction)) {
        std::string set;
        for (std::string_view r : chat_reactions())
          set += (set.empty() ? "" : " ") + std::string(r);
        return refuse("malformed", "a reaction is one of " + set);
      }
      entry.reaction = reaction;
    } else {
      auto clean = clean_chat_text(text, kChatChars);
      if (!clean) return refuse("malformed", clean.error());
      entry.text = std::move(*clean);
    }
    // Per connection, and per seat so that a second tab does not double the rate.
    const auto now = std::chrono::steady_clock::now();
    ChatBudget* seat_budget = seat >= 0 ? &self.chat_budgets_[size_t(seat)] : nullptr;
    if (!link->chat_budget.allows(now) || (seat_budget && !seat_budget->allows(now)))
      return refuse("chat-too-fast",
                    "at most 5 chat messages at once, then one every 2 s; this one was not kept");
    link->chat_budget.spend();
    if (seat_budget) seat_budget->spend();
    entry.seat = seat;
    if (seat >= 0) entry.name = self.settings_.seats[size_t(seat)].name;
    entry.at_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
    Frame told = Chat::entry_frame(self.chat_.add(std::move(entry)));
    self.save_chat([&self, told] {
      for (Link& l : self.links_)
        if (auto c = l.conn.lock(); c && l.live) c->send(told);
    });
  });
}

void Table::chat_rules(std::shared_ptr<Connection> conn, std::string owner, ChatRules rules) {
  on_strand([conn, owner = std::move(owner), rules](Table& self) {
    const auto refuse = [&](std::string_view code, std::string_view message) {
      conn->send(error_frame(code, message, "chat_rules"));
    };
    const Link* link = self.find_link(conn->id());
    if (!link) return refuse("wrong-role", "join or watch the table first");
    if (self.broken_ || self.closed_) return refuse("no-such-table", "this table is closed");
    if (!token_matches(self.settings_.owner_token, owner)) {
      self.ctx_.log("table " + self.code_ + ": chat rules refused, wrong owner token");
      return refuse("wrong-token", "only the table's owner sets the chat's rules");
    }
    const int players = int(self.settings_.seats.size());
    for (const auto& seat : {rules.mute, rules.unmute})
      if (seat && (*seat < 0 || *seat >= players))
        return refuse("no-such-seat",
                      "seats are numbered from 0 to " + std::to_string(players - 1));
    Chat& chat = self.chat_;
    const json before = chat.rules_json();
    if (rules.spectators_write) chat.spectators_write = *rules.spectators_write;
    if (rules.mute && !chat.is_muted(Seat(*rules.mute))) {
      chat.muted.push_back(Seat(*rules.mute));
      std::sort(chat.muted.begin(), chat.muted.end());
    }
    if (rules.unmute) std::erase(chat.muted, Seat(*rules.unmute));
    if (chat.rules_json() == before)  // nothing changed: the owner hears where the rules stand
      return self.after_earlier(
          [&self, conn, seat = link->seat] { conn->answer(self.table_frame(seat)); });
    self.save_chat([&self] { self.broadcast_status(); });
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
    if (!self.ctx_.lobby)
      return conn->send(error_frame("internal", "this server makes no new tables", "again"));
    self.next_asked_ = true;
    ClientMessage create{"create", self.again_request()};
    self.ctx_.lobby->create(create, conn, [self = self.shared_from_this()](std::string code) {
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

void Table::close_all() {
  on_strand([](Table& self) { self.stop_playing("the server is going away; rejoin later"); });
}

void Table::hand_over(std::function<void()> after) {
  on_strand([after = std::move(after)](Table& self) {
    self.stop_playing("the table moves to another server; rejoin");
    after();
  });
}

void Table::stop_playing(std::string_view why) {
  closed_ = true;
  out_of_play_flag_ = true;
  timer_.cancel();
  ++schedule_generation_;
  for (Link& l : links_)
    if (auto c = l.conn.lock()) c->close_with(error_frame("going-away", why), true);
  drop_links();
}

Table::Link* Table::find_link(uint64_t id) {
  for (Link& l : links_)
    if (l.id == id) return &l;
  return nullptr;
}

// ---- Ready, then the clock ----

bool Table::takes_ready_step() const {
  // Turn-based games hide nothing timed at their start: they begin when the last seat is taken.
  if (!match_.game().facts().real_time) return false;
  for (const SeatSettings& seat : settings_.seats)
    if (!seat.bot) return true;
  return false;
}

bool Table::in_ready_step() const {
  return phase_ == Phase::Waiting && !settings_.started && !broken_ && !closed_ &&
         all_humans_seated() && takes_ready_step();
}

bool Table::all_ready() const {
  for (const SeatSettings& seat : settings_.seats)
    if (!seat.bot && seat.ready.empty()) return false;
  return true;
}

void Table::check_ready() {
  // Every seat ready and someone there to see it: the countdown runs; otherwise it stops.
  const bool go = in_ready_step() && all_ready() && !people_away();
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

// ---- Playing ----

GameTime Table::game_now() const {
  if (phase_ != Phase::Playing) return match_.state().now();
  if (paused_) return std::max(match_.state().now(), clock_offset_);
  const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - clock_start_);
  return std::max(match_.state().now(), clock_offset_ + GameTime(elapsed.count()));
}

void Table::begin() {
  enter(Phase::Playing);
  ctx_.log.event("table-started", "table " + code_ + ": the game begins",
                 {{"table", code_}, {"game", match_.record().game}});
  clock_start_ = std::chrono::steady_clock::now();
  clock_offset_ = match_.state().now();
  for (Seat s = 0; s < Seat(settings_.seats.size()); ++s) mark_absent(s, clock_offset_);
  update_pause();
  // Everyone learns at once that the game has begun, and what each seat may now do.
  Frames frames = build_frames(nullptr, match_.state().now());
  after_earlier([this, frames] {
    broadcast_status();
    deliver(frames);
  });
  schedule();
}

void Table::act(std::shared_ptr<Connection> conn, int64_t client_seq, std::string text) {
  on_strand([conn, client_seq, text = std::move(text)](Table& self) {
    const auto refused = [&](std::string_view code, std::string message) {
      self.metrics_->action_refused();
      Frame f = frame({{"type", "refused"},
                       {"seq", client_seq},
                       {"code", code},
                       {"error", std::move(message)}});
      // After what is still being stored, so that the reason never tells of it first.
      self.after_earlier([conn, f] { conn->send(f); });
    };
    const Link* link = self.find_link(conn->id());
    if (!link || link->seat < 0) return refused("wrong-role", "spectators do not act; join a seat");
    if (self.broken_ || self.closed_) return refused("finished", "this table is closed");
    if (self.phase_ == Phase::Waiting)
      return refused("not-started", "the game has not started: seats are still free");
    if (self.phase_ == Phase::Finished) return refused("finished", "the game has ended");
    const Seat seat = link->seat;
    // The action happens now; what the clock owed before now happens first, as the timer
    // would have played it had it not been late.
    const GameTime now = self.game_now();
    const bool owed = self.apply_clock_until(now);
    if (owed) self.schedule();
    if (self.phase_ == Phase::Finished) return refused("finished", "the game has ended");
    auto action = self.match_.state().parse_action(seat, text);
    if (!action) return refused("illegal", action.error());
    Status st = self.apply_step(seat, *action, now, conn, client_seq);
    if (!st) return refused("illegal", st.error());
    self.schedule();
  });
}

bool Table::apply_clock_until(GameTime now) {
  bool applied = false;
  while (phase_ == Phase::Playing && !broken_) {
    const auto d = match_.state().deadline();
    if (!d || d->at > now) break;
    Status st = apply_step(kClock, d->action, d->at, {}, 0);
    if (!st) {
      ctx_.log("table " + code_ +
               ": the clock's action was refused: " + printable(st.error(), 200));
      break;
    }
    applied = true;
  }
  return applied;
}

Status Table::apply_step(Seat seat, Action action, GameTime time, std::weak_ptr<Connection> actor,
                         int64_t client_seq) {
  Events events;
  time = std::max(time, match_.state().now());
  // Asked before the action changes the state: an action only its seat may know of is told
  // to that seat alone, and counted in nobody else's seq.
  const bool secret = seat >= 0 && match_.state().secret_from_others(seat, action, time);
  Status st = match_.apply(seat, action, time, &events);
  if (!st) return st;
  if (seat != kClock) metrics_->action_applied();
  const RecordedAction recorded = match_.record().actions.back();
  if (secret) {
    ++secret_by_seat_[size_t(seat)];
    ++secret_total_;
  }
  Frames frames = build_frames(&events, time, secret ? std::optional<Seat>(seat) : std::nullopt);
  Frame accepted;
  if (!actor.expired())
    accepted = frame({{"type", "accepted"}, {"seq", client_seq}, {"at", told(seat)}});
  store_.append(StoredAction{code_, recorded},
                gate([this, actor, accepted, frames] { deliver(frames, actor, accepted); }));
  if (match_.state().terminal()) {
    enter(Phase::Finished);
    finished_flag_ = true;
    // No state follows the last one: the views kept for patches are freed with the game.
    std::vector<ViewChain>().swap(chains_);
    ++schedule_generation_;
    timer_.cancel();
    const RecordResult& r = *match_.record().result;
    const std::string line = Record::result_json(r).dump();
    ctx_.log.event("table-finished", "table " + code_ + ": the game has ended",
                   {{"table", code_},
                    {"game", match_.record().game},
                    {"actions", match_.record().actions.size()},
                    {"scores", r.scores}});
    Frame result = result_frame();
    store_.run([code = code_, line](Store& s) { return s.finish_table(code, line); },
               gate([this, result] {
                 for (Link& l : links_)
                   if (auto c = l.conn.lock(); c && l.live) c->send(result);
                 broadcast_status();
               }));
  }
  return st;
}

void Table::schedule() {
  ++schedule_generation_;
  timer_.cancel();
  if (phase_ != Phase::Playing || broken_ || closed_ || paused_) return;
  const State& state = match_.state();
  struct Next {
    Seat seat;
    Action action;
    GameTime at;
  };
  std::optional<Next> best;
  // Not state.now(): in a turn-based game that is the last action's time, long past when a
  // person has been thinking; a bot acts no sooner than the table's clock now.
  const GameTime now = game_now();
  const SeatSet actors = state.actors();
  for (Seat s = 0; s < state.players(); ++s) {
    Bot* bot = bots_[size_t(s)] ? bots_[size_t(s)].get() : stand_ins_[size_t(s)].get();
    if (!actors.contains(s) || !bot) continue;
    // A bot sees what its seat sees: everything else is redrawn before it looks.
    std::unique_ptr<State> redrawn;
    const State& seen = seen_by(*bot, state, s, bot_rng_, redrawn);
    auto p = bot->propose(seen, s, bot_rng_);
    if (!p) continue;
    const GameTime at = std::max(p->at, now);
    if (!best || at < best->at) best = Next{s, p->action, at};
  }
  // A deadline wins ties: an action at the very deadline is too late.
  if (auto d = state.deadline(); d && (!best || d->at <= best->at))
    best = Next{kClock, d->action, std::max(d->at, state.now())};
  // The earliest moment an empty seat gets its stand-in, if before anything else.
  std::optional<GameTime> stand_in_at;
  for (size_t s = 0; s < absent_since_.size(); ++s)
    if (absent_since_[s] && !stand_ins_[s]) {
      const GameTime at = *absent_since_[s] + stand_in_notes_.after_ms;
      if (!stand_in_at || at < *stand_in_at) stand_in_at = at;
    }
  if (stand_in_at && (!best || *stand_in_at < best->at)) {
    timer_.expires_at(clock_start_ + std::chrono::milliseconds(*stand_in_at - clock_offset_) +
                      ctx_.options.limits.timer_lag);
    timer_.async_wait(
        net::bind_executor(strand_, [self = shared_from_this(), generation = schedule_generation_,
                                     at = *stand_in_at](const boost::system::error_code& ec) {
          if (ec || generation != self->schedule_generation_) return;
          if (self->phase_ != Phase::Playing || self->broken_ || self->closed_) return;
          self->stand_in_due(std::max(at, self->game_now()));
          self->schedule();
        }));
    return;
  }
  if (!best) return;  // the table waits for its people
  timer_.expires_at(clock_start_ + std::chrono::milliseconds(best->at - clock_offset_) +
                    ctx_.options.limits.timer_lag);
  timer_.async_wait(
      net::bind_executor(strand_, [self = shared_from_this(), generation = schedule_generation_,
                                   next = *best](const boost::system::error_code& ec) {
        if (ec || generation != self->schedule_generation_) return;
        self->play_scheduled(next.seat, next.action, next.at);
      }));
}

void Table::play_scheduled(Seat seat, Action action, GameTime at) {
  if (phase_ != Phase::Playing || broken_ || closed_ || paused_) return;
  Status st = apply_step(seat, action, at, {}, 0);
  if (!st && seat != kClock) {
    // The bot chose on a redrawn game; its own legal actions are its to know, so it falls
    // back to one of them rather than stall the table.
    ctx_.log("table " + code_ + ": seat " + std::to_string(seat) + "'s bot was refused (" +
             printable(st.error(), 200) + "); it plays a random legal action");
    if (auto fallback = match_.state().random_legal(seat, bot_rng_))
      st = apply_step(seat, *fallback, at, {}, 0);
  }
  if (!st) {
    ctx_.log("table " + code_ + ": the scheduled step was refused: " + printable(st.error(), 200));
    return;
  }
  schedule();
}

// ---- Stand-ins ----

bool Table::seat_connected(Seat seat) const {
  for (const Link& l : links_)
    if (l.seat == seat) return true;
  return false;
}

bool Table::people_away() const {
  bool people = false;
  for (Seat s = 0; s < Seat(settings_.seats.size()); ++s) {
    if (settings_.seats[size_t(s)].bot) continue;
    people = true;
    if (seat_connected(s)) return false;
  }
  return people;
}

void Table::update_pause() {
  if (phase_ != Phase::Playing || broken_ || closed_) return;
  const bool away = people_away();
  if (away == paused_) return;
  if (away) {
    // Game time stops where it is; the timer's bots, stand-ins and deadlines wait.
    clock_offset_ = game_now();
    paused_ = true;
    ++schedule_generation_;
    timer_.cancel();
    ctx_.log("table " + code_ + ": every person is away; the game is paused");
  } else {
    paused_ = false;
    clock_start_ = std::chrono::steady_clock::now();
    ctx_.log("table " + code_ + ": a person is back; the game resumes");
    schedule();
  }
  after_earlier([this] { broadcast_status(); });
}

void Table::mark_absent(Seat seat, GameTime since) {
  const size_t s = size_t(seat);
  if (phase_ != Phase::Playing || settings_.seats[s].bot || seat_connected(seat) ||
      absent_since_[s])
    return;
  absent_since_[s] = since;
}

void Table::stand_in_due(GameTime now) {
  const std::string name = default_bot_name(match_.game());
  const int64_t next_seq = int64_t(match_.record().actions.size()) + 1;
  bool any = false;
  for (size_t s = 0; s < absent_since_.size(); ++s) {
    if (!absent_since_[s] || stand_ins_[s] || *absent_since_[s] + stand_in_notes_.after_ms > now)
      continue;
    auto bot = make_bot(name, match_.game());
    stand_ins_[s] = bot ? std::move(*bot) : std::make_unique<RandomBot>();
    metrics_->stand_in_began();
    stand_in_notes_.spells.push_back({Seat(s), bot ? name : "random", next_seq, std::nullopt});
    ctx_.log("table " + code_ + ": seat " + std::to_string(s) + " is played by the bot '" +
             stand_in_notes_.spells.back().bot + "' until its person rejoins");
    any = true;
  }
  // Stored before any action the stand-in plays, so the record never loses who played them.
  if (any) save_settings([this] { broadcast_status(); });
}

void Table::stand_in_ends(Seat seat) {
  // Once the game has ended its stand-ins no longer count (enter).
  if (stand_ins_[size_t(seat)] && phase_ == Phase::Playing) metrics_->stand_ins_ended();
  stand_ins_[size_t(seat)].reset();
  for (StandInSpell& spell : stand_in_notes_.spells)
    if (spell.seat == seat && !spell.to_seq) spell.to_seq = int64_t(match_.record().actions.size());
  ctx_.log("table " + code_ + ": seat " + std::to_string(seat) + "'s person is back");
  save_settings([] {});
  schedule();
}

// ---- Telling ----

Frame Table::snapshot_frame(Link& link) {
  // Before the start nothing of the game is told: no dice, no cards, no clock. Every seat
  // learns its first view at once, when the game begins.
  if (phase_ == Phase::Waiting) return nullptr;
  const Seat viewers[] = {link.seat};
  std::vector<std::string> views;
  match_.state().view_texts(viewers, views);
  Frame f = state_frame(link.seat, views.front(), {}, {}, match_.state().now(), true, false);
  // The viewer's next patches start from this view. If its other links hold another one,
  // they get their next view whole.
  ViewChain& c = chain(link.seat);
  if (c.last != views.front() || c.version == 0) {
    c.version = ++view_versions_;
    // A finished game sends no state after this one: nothing to patch.
    if (link.patches && phase_ != Phase::Finished) c.last = std::move(views.front());
  }
  link.view_version = c.version;
  return f;
}

Frame Table::history_frame(Seat viewer) const {
  if (phase_ == Phase::Waiting) return nullptr;
  // Replayed rather than kept: the same audiences and the same seq as when each action was
  // told (apply_step), with the events' texts written as in a state message.
  struct Entry {
    int64_t seq;
    GameTime time;
    std::string events;
    size_t count;
  };
  std::vector<Entry> entries;
  size_t events_held = 0;
  int64_t seq = 0;
  auto replayed = replay_told(match_.record(), ctx_.games(),
                              [&](const RecordedAction& a, bool secret, const Events& ev) {
                                if (secret && a.seat != viewer) return;
                                ++seq;
                                const std::vector<std::string> texts = event_texts(ev);
                                Entry e{seq, a.time, "[", 0};
                                for (size_t i = 0; i < ev.size(); ++i)
                                  if (ev[i].audience.sees(viewer)) {
                                    if (e.count++) e.events += ',';
                                    e.events += texts[i];
                                  }
                                if (!e.count) return;
                                e.events += ']';
                                events_held += e.count;
                                entries.push_back(std::move(e));
                              });
  if (!replayed) {
    ctx_.log("table " + code_ +
             ": its history could not be replayed: " + printable(replayed.error(), 200));
    return nullptr;
  }
  // The newest events, whole actions at a time; the oldest ones give way.
  size_t first = 0;
  while (first + 1 < entries.size() && events_held > ctx_.options.limits.history_events)
    events_held -= entries[first++].count;
  std::string m = R"({"type":"history","seq":)" + std::to_string(seq) + R"(,"complete":)" +
                  (first == 0 ? "true" : "false") + R"(,"entries":[)";
  for (size_t i = first; i < entries.size(); ++i) {
    if (i > first) m += ',';
    m += R"({"seq":)" + std::to_string(entries[i].seq) + R"(,"time":)" +
         std::to_string(entries[i].time) + R"(,"events":)" + entries[i].events + "}";
  }
  m += "]}";
  return std::make_shared<const std::string>(std::move(m));
}

Frame Table::state_frame(Seat viewer, std::string_view view, const Events& events,
                         std::span<const std::string> event_texts, GameTime time, bool snapshot,
                         bool patch) const {
  return std::make_shared<const std::string>(
      state_text(match_.state(), viewer, view, told(viewer), time, events, event_texts,
                 phase_ == Phase::Playing, game_now(), snapshot, patch));
}

Table::ViewChain& Table::chain(Seat viewer) {
  const size_t at = size_t(viewer + 1);
  if (chains_.size() <= at) chains_.resize(settings_.seats.size() + 1);
  return chains_[at];
}

int64_t Table::told(Seat viewer) const {
  const int64_t all = int64_t(match_.record().actions.size()) - secret_total_;
  return viewer >= 0 ? all + secret_by_seat_[size_t(viewer)] : all;
}

Table::Frames Table::build_frames(const Events* events, GameTime time, std::optional<Seat> only) {
  static const Events kNone;
  const Events& told = events ? *events : kNone;
  Frames f;
  f.seats.resize(settings_.seats.size());
  // One frame per seat that has a connection, and one for all spectators.
  std::vector<Seat> viewers;
  bool spectators = false;
  for (const Link& l : links_) {
    if (only && l.seat != *only) continue;
    if (l.seat == kSpectator)
      spectators = true;
    else if (std::find(viewers.begin(), viewers.end(), l.seat) == viewers.end())
      viewers.push_back(l.seat);
  }
  if (spectators) viewers.push_back(kSpectator);
  // The parts every frame shares are written once: the views' common content, the events.
  std::vector<std::string> views;
  match_.state().view_texts(viewers, views);
  const std::vector<std::string> texts = event_texts(told);
  const bool snapshot = events == nullptr;
  for (size_t i = 0; i < viewers.size(); ++i) {
    const Seat viewer = viewers[i];
    Told& out = viewer == kSpectator ? f.spectators : f.seats[size_t(viewer)];
    ViewChain& c = chain(viewer);
    const uint64_t version = ++view_versions_;
    bool patching = false, whole = false;
    for (Link& l : links_) {
      if (l.seat != viewer) continue;
      if (l.patches && !c.last.empty() && l.view_version == c.version && !snapshot)
        out.patched.push_back(l.id);
      else
        whole = true;
      patching |= l.patches;
      l.view_version = version;
    }
    if (!out.patched.empty()) {
      std::string patch;
      append_view_patch(c.last, views[i], patch);
      out.patch = state_frame(viewer, patch, told, texts, time, snapshot, true);
    }
    if (whole) out.whole = state_frame(viewer, views[i], told, texts, time, snapshot, false);
    c.version = version;
    // Kept only while a link may need it: a view is 1–15 KiB.
    if (patching)
      c.last = std::move(views[i]);
    else
      std::string().swap(c.last);
  }
  return f;
}

void Table::deliver(const Frames& frames, const std::weak_ptr<Connection>& actor,
                    const Frame& accepted) {
  const std::shared_ptr<Connection> acted = accepted ? actor.lock() : nullptr;
  bool answered = false;
  for (Link& l : links_) {
    if (!l.live) continue;
    const Told& told = l.seat == kSpectator ? frames.spectators : frames.seats[size_t(l.seat)];
    const bool patched =
        std::find(told.patched.begin(), told.patched.end(), l.id) != told.patched.end();
    Frame f = patched ? told.patch : told.whole;
    auto c = l.conn.lock();
    if (!c) continue;
    if (acted && c == acted && !answered) {
      answered = true;
      if (f)
        c->send_both(accepted, std::move(f));
      else
        c->send(accepted);
    } else if (f) {
      c->send(std::move(f));
    }
  }
  if (acted && !answered) acted->send(accepted);
}

json Table::status_json() const {
  json seats = json::array();
  for (size_t s = 0; s < settings_.seats.size(); ++s) {
    const SeatSettings& seat = settings_.seats[s];
    if (seat.bot) {
      seats.push_back({{"seat", s}, {"kind", "bot"}, {"bot", seat.bot_name}});
      continue;
    }
    bool connected = false;
    for (const Link& l : links_) connected |= l.seat == Seat(s) && l.live;
    json name = seat.taken() ? json(seat.name) : json(nullptr);
    json stand_in = nullptr;
    if (stand_ins_[s] && phase_ == Phase::Playing)
      for (const StandInSpell& spell : stand_in_notes_.spells)
        if (spell.seat == Seat(s) && !spell.to_seq) stand_in = spell.bot;
    seats.push_back({{"seat", s},
                     {"kind", "human"},
                     {"name", name},
                     {"taken", seat.taken()},
                     {"connected", connected},
                     {"stand_in", stand_in},
                     {"ready", seat.ready.empty() ? json(nullptr) : json(seat.ready)}});
  }
  int watchers = 0;
  for (const Link& l : links_) watchers += l.seat == kSpectator && l.live;
  const char* phase = phase_ == Phase::Waiting   ? "waiting"
                      : phase_ == Phase::Playing ? "playing"
                                                 : "finished";
  // The ready step, and its countdown as the time left (a relative time, like deadlines).
  json ready_step = nullptr;
  if (in_ready_step()) {
    json countdown = nullptr;
    if (countdown_end_) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          *countdown_end_ - std::chrono::steady_clock::now());
      countdown = {{"in", std::max<int64_t>(0, left.count())},
                   {"length", ctx_.options.limits.countdown.count()}};
    }
    ready_step = {{"countdown", countdown}};
  }
  return {{"table", code_},
          {"game", match_.game().id()},
          {"players", settings_.seats.size()},
          {"params", match_.record().params},
          {"phase", phase},
          {"spectators", settings_.spectators},
          {"listed", settings_.listed},
          {"watchers", watchers},
          {"paused", paused_ && phase_ == Phase::Playing},
          {"next", next_.empty() ? json(nullptr) : json(next_)},
          {"ready_step", ready_step},
          {"chat", chat_.rules_json()},
          {"seats", seats}};
}

json Table::again_request() const {
  json seats = json::array();
  for (const SeatSettings& seat : settings_.seats)
    seats.push_back(seat.bot ? json{{"bot", seat.bot_name}} : json{{"human", true}});
  return {{"type", "create"},
          {"game", match_.game().id()},
          {"players", settings_.seats.size()},
          {"params", match_.record().params},
          {"seats", std::move(seats)},
          {"spectators", settings_.spectators},
          {"listed", settings_.listed},
          {"stand_in_after_ms", stand_in_notes_.after_ms}};
}

Frame Table::result_frame() const {
  const RecordResult& r = *match_.record().result;
  return frame({{"type", "result"},
                {"scores", r.scores},
                {"ranks", r.ranks},
                {"record", "/api/tables/" + code_ + "/record"}});
}

Frame Table::table_frame(Seat you) const {
  json m = {{"type", "table"}, {"status", status_json()}};
  if (you == kSpectator)
    m["you"] = "spectator";
  else
    m["you"] = you;
  return frame(m);
}

void Table::broadcast_status() {
  for (Link& l : links_)
    if (auto c = l.conn.lock(); c && l.live) c->send(table_frame(l.seat));
}

void Table::status(std::function<void(json)> reply) {
  on_strand([reply = std::move(reply)](Table& self) { reply(self.status_json()); });
}

bool Table::record_ready() const {
  // Before the end, the seed and the actions would tell every hidden card.
  return phase_ == Phase::Finished && outbox_.empty();
}

void Table::record(std::function<void(std::optional<std::string>)> reply) {
  on_strand([reply = std::move(reply)](Table& self) {
    if (!self.record_ready()) return reply(std::nullopt);
    reply(record_text_with_stand_ins(self.match_.record(), self.stand_in_notes_));
  });
}

void Table::finished_record(std::function<void(const Record*)> reply) {
  on_strand([reply = std::move(reply)](Table& self) {
    if (!self.record_ready()) return reply(nullptr);
    reply(&self.match_.record());
  });
}

}  // namespace sabbat::server
