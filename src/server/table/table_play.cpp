// The game at play: a person's action, the clock's deadlines and the bots on the table's one
// timer, and the stand-ins of empty seats.
#include "server/table/table.hpp"

#include <boost/asio/bind_executor.hpp>

#include "bots/bot.hpp"
#include "core/untrusted.hpp"

namespace sabbat::server {

namespace net = boost::asio;

GameTime Table::game_now() const {
  if (phase_ != Phase::Playing) return match_.state().now();
  return clock_.at(match_.state().now(), std::chrono::steady_clock::now());
}

void Table::begin() {
  enter(Phase::Playing);
  ctx_.log.event("table-started", "table " + code_ + ": the game begins",
                 {{"table", code_}, {"game", match_.record().game}});
  clock_.start(match_.state().now(), std::chrono::steady_clock::now());
  for (Seat s = 0; s < Seat(settings_.seats.size()); ++s) mark_absent(s, match_.state().now());
  update_pause();
  // Everyone learns at once that the game has begun, and what each seat may now do.
  Frames frames = frames_of(nullptr, match_.state().now());
  after_earlier([this, frames] {
    broadcast_status();
    deliver(frames, links_);
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
      // After what is still being stored, so that the reason never tells of it first; told
      // even if that store write fails.
      self.after_earlier([conn, f] { conn->send(f); }, [conn, f] { conn->send(f); });
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
  if (secret) told_.secret_to(seat);
  Frames frames = frames_of(&events, time, secret ? std::optional<Seat>(seat) : std::nullopt);
  Frame accepted, not_stored;
  if (!actor.expired()) {
    accepted = frame({{"type", "accepted"}, {"seq", client_seq}, {"at", told(seat)}});
    not_stored = frame({{"type", "refused"},
                        {"seq", client_seq},
                        {"code", "not-stored"},
                        {"error",
                         "the server could not store this move; reconnect and play it "
                         "again"}});
  }
  store_.append(StoredAction{code_, recorded},
                gate([this, actor, accepted, frames] { deliver(frames, links_, actor, accepted); },
                     [actor, not_stored] {
                       if (auto c = actor.lock()) c->send(not_stored);
                     }));
  if (match_.state().terminal()) {
    enter(Phase::Finished);
    finished_flag_ = true;
    // No state follows the last one: the views kept for patches are freed with the game.
    chains_.free_views();
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
  if (phase_ != Phase::Playing || broken_ || closed_ || clock_.paused()) return;
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
    Bot* bot = bots_[size_t(s)] ? bots_[size_t(s)].get() : empty_seats_.stand_in(s);
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
  const std::optional<GameTime> stand_in_at = empty_seats_.next_due(stand_in_notes_.after_ms);
  if (stand_in_at && (!best || *stand_in_at < best->at)) {
    timer_.expires_at(clock_.when(*stand_in_at) + ctx_.options.limits.timer_lag);
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
  timer_.expires_at(clock_.when(best->at) + ctx_.options.limits.timer_lag);
  timer_.async_wait(
      net::bind_executor(strand_, [self = shared_from_this(), generation = schedule_generation_,
                                   next = *best](const boost::system::error_code& ec) {
        if (ec || generation != self->schedule_generation_) return;
        self->play_scheduled(next.seat, next.action, next.at);
      }));
}

void Table::play_scheduled(Seat seat, Action action, GameTime at) {
  if (phase_ != Phase::Playing || broken_ || closed_ || clock_.paused()) return;
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
  if (away == clock_.paused()) return;
  if (away) {
    // Game time stops where it is; the timer's bots, stand-ins and deadlines wait.
    clock_.pause(game_now());
    ++schedule_generation_;
    timer_.cancel();
    ctx_.log("table " + code_ + ": every person is away; the game is paused");
  } else {
    clock_.resume(std::chrono::steady_clock::now());
    ctx_.log("table " + code_ + ": a person is back; the game resumes");
    schedule();
  }
  after_earlier([this] { broadcast_status(); });
}

void Table::mark_absent(Seat seat, GameTime since) {
  if (phase_ != Phase::Playing || settings_.seats[size_t(seat)].bot || seat_connected(seat)) return;
  empty_seats_.mark(seat, since);
}

void Table::stand_in_due(GameTime now) {
  const std::string name = default_bot_name(match_.game());
  const int64_t next_seq = int64_t(match_.record().actions.size()) + 1;
  bool any = false;
  for (const Seat s : empty_seats_.due(now, stand_in_notes_.after_ms)) {
    auto bot = make_bot(name, match_.game());
    empty_seats_.give_stand_in(s, bot ? std::move(*bot) : std::make_unique<RandomBot>());
    metrics_->stand_in_began();
    stand_in_notes_.spells.push_back({s, bot ? name : "random", next_seq, std::nullopt});
    ctx_.log("table " + code_ + ": seat " + std::to_string(s) + " is played by the bot '" +
             stand_in_notes_.spells.back().bot + "' until its person rejoins");
    any = true;
  }
  // Stored before any action the stand-in plays, so the record never loses who played them.
  if (any) save_settings([this] { broadcast_status(); });
}

void Table::stand_in_ends(Seat seat) {
  // Once the game has ended its stand-ins no longer count (enter).
  if (empty_seats_.end_stand_in(seat) && phase_ == Phase::Playing) metrics_->stand_ins_ended();
  for (StandInSpell& spell : stand_in_notes_.spells)
    if (spell.seat == seat && !spell.to_seq) spell.to_seq = int64_t(match_.record().actions.size());
  ctx_.log("table " + code_ + ": seat " + std::to_string(seat) + "'s person is back");
  save_settings([] {});
  schedule();
}

}  // namespace sabbat::server
