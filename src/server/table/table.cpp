#include "server/table/table.hpp"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <sstream>

#include "bots/bot.hpp"
#include "core/registry.hpp"
#include "core/untrusted.hpp"
#include "server/protocol/names.hpp"
#include "server/protocol/secrets.hpp"
#include "server/table/history.hpp"
#include "server/table/seating.hpp"

namespace sabbat::server {

namespace net = boost::asio;

namespace {

std::string header_line(const Record& record) {
  return record.header_json().dump();
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

Table::Table(net::io_context& ioc, Context& ctx, WriteAhead& store, NextGame& next_game,
             std::string code, Match match, TableSettings settings, StandIns stand_ins)
    : ctx_(ctx),
      metrics_(ctx.metrics),
      store_(store),
      next_game_(next_game),
      strand_(net::make_strand(ioc)),
      timer_(strand_),
      code_(std::move(code)),
      match_(std::move(match)),
      settings_(std::move(settings)),
      empty_seats_(settings_.seats.size()),
      stand_in_notes_(std::move(stand_ins)),
      bot_rng_(random_seed()),
      told_(settings_.seats.size()) {
  bots_.resize(settings_.seats.size());
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
  if (phase_ == Phase::Playing) metrics_->stand_ins_ended(empty_seats_.stand_ins_playing());
  metrics_->table_gone(state_of(phase_));
}

void Table::enter(Phase next) {
  if (next == phase_) return;
  // A stand-in plays only while the game does; one still seated at the end stops counting.
  if (phase_ == Phase::Playing) metrics_->stand_ins_ended(empty_seats_.stand_ins_playing());
  metrics_->table_moved(state_of(phase_), state_of(next));
  phase_ = next;
}

void Table::add_link(Link link) {
  metrics_->linked(role_of(link.seat));
  links_.push_back(std::move(link));
  link_count_ = links_.size();
}

std::vector<Link>::iterator Table::drop_link(std::vector<Link>::iterator it) {
  metrics_->unlinked(role_of(it->seat));
  auto next = links_.erase(it);
  link_count_ = links_.size();
  return next;
}

void Table::drop_links() {
  for (const Link& l : links_) metrics_->unlinked(role_of(l.seat));
  links_.clear();
  link_count_ = 0;
}

std::shared_ptr<Table> Table::create(net::io_context& ioc, Context& ctx, WriteAhead& store,
                                     NextGame& next_game, std::string code, Match match,
                                     TableSettings settings, StandIns stand_ins) {
  return std::shared_ptr<Table>(new Table(ioc, ctx, store, next_game, std::move(code),
                                          std::move(match), std::move(settings),
                                          std::move(stand_ins)));
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
    const bool starts = all_humans_seated(self.settings_);
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
                                              NextGame& next_game, const StoredTable& stored) {
  std::string text = stored.header + "\n";
  for (const RecordedAction& a : stored.actions) text += Record::action_json(a).dump() + "\n";
  std::istringstream in(text);
  auto record = parse_record(in);
  if (!record) return fail("table " + stored.code + ": " + record.error());
  // The actions only their seat may know of, by seat: each receiver's seq leaves out the
  // others'.
  ToldCount told(size_t(std::max(record->players, 0)));
  auto match =
      replay_told(*record, ctx.games(), [&](const RecordedAction& a, bool secret, const Events&) {
        if (secret && a.seat >= 0 && a.seat < record->players) told.secret_to(a.seat);
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
  std::shared_ptr<Table> t(new Table(ioc, ctx, store, next_game, stored.code, std::move(*match),
                                     std::move(*settings), std::move(*stand_ins)));
  t->chat_ = std::move(*chat);
  t->told_ = std::move(told);
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
      // Game time resumes at the last stored action's.
      const GameTime resumed =
          self.match_.record().actions.empty() ? 0 : self.match_.record().actions.back().time;
      self.clock_.start(resumed, std::chrono::steady_clock::now());
      // Nobody is connected yet: every person's seat is empty from the restart on.
      for (Seat s = 0; s < Seat(self.settings_.seats.size()); ++s) self.mark_absent(s, resumed);
      // A table with people waits for one of them to come back.
      self.update_pause();
      self.schedule();
    }
  });
  return t;
}

// ---- The write-ahead gate ----

WriteAhead::Done Table::gate(std::function<void()> release, std::function<void()> failed) {
  outbox_.wait_for_store(std::move(release), std::move(failed));
  return [self = shared_from_this()](const Status& st) {
    // On the store's writer thread: hand the answer back to the table.
    net::post(self->strand_, [self, st] { self->on_stored(st); });
  };
}

void Table::on_stored(const Status& st) {
  if (broken_) return;
  if (!st) {
    // What was applied in memory is not stored: stop the table rather than tell anyone. The
    // store still holds every action that was confirmed: alone, a restart rebuilds the table;
    // in a cluster, the next client to ask for it brings it back from the store, on whichever
    // node claims it then (this one too: Lobby::find).
    broken_ = true;
    out_of_play_flag_ = true;
    const bool shared = ctx_.cluster != nullptr;
    ctx_.log.error("table " + code_ + ": the store failed (" + printable(st.error(), 200) +
                   (shared ? "); the table stops here, and comes back from the store on the "
                             "node that claims it when its people reconnect"
                           : "); the table stops until the server restarts"));
    timer_.cancel();
    // Every act still awaiting its answer hears it (refused, with its seq) before the close.
    outbox_.fail();
    const std::string why = shared ? "the server could not store the game; reconnect"
                                   : "the server could not store the game; reconnect after it "
                                     "restarts";
    for (Link& l : links_)
      if (auto c = l.conn.lock()) c->close_with(error_frame("internal", why), false);
    drop_links();
    return;
  }
  outbox_.stored();
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

std::vector<Frame> Table::chat_backlog() const {
  return chat_.recent_frames(ctx_.options.limits.max_server_message_bytes);
}

void Table::save_settings(std::function<void()> release) {
  store_.run(
      [code = code_, text = settings_text()](Store& s) { return s.save_settings(code, text); },
      gate(std::move(release)));
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
  // After every act still being stored has its answer: the close would drop a later one, and
  // an act must be answered before its connection closes (protocol.md). Should the store fail
  // first, on_stored() refuses those acts and closes the links itself.
  after_earlier([this, last = error_frame("going-away", why)] {
    for (Link& l : links_)
      if (auto c = l.conn.lock()) c->close_with(last, true);
    drop_links();
  });
}

Link* Table::find_link(uint64_t id) {
  for (Link& l : links_)
    if (l.id == id) return &l;
  return nullptr;
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
