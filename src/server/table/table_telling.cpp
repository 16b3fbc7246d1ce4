// What the table tells: state frames per audience, a newcomer's snapshot and history, the
// public status, the result.
#include "server/table/table.hpp"

#include "core/untrusted.hpp"
#include "server/table/history.hpp"

namespace sabbat::server {

Moment Table::moment(GameTime time) const {
  return {match_.state(),
          told_,
          int64_t(match_.record().actions.size()),
          time,
          phase_ == Phase::Playing,
          game_now(),
          settings_.seats.size()};
}

Frame Table::snapshot(Link& link) {
  // Before the start nothing of the game is told: no dice, no cards, no clock. Every seat
  // learns its first view at once, when the game begins.
  if (phase_ == Phase::Waiting) return nullptr;
  // A finished game sends no state after this one: nothing to patch.
  return snapshot_frame(link, chains_, moment(match_.state().now()), phase_ != Phase::Finished);
}

std::vector<Frame> Table::history_frames(Seat viewer) const {
  if (phase_ == Phase::Waiting) return {};
  const Limits& limits = ctx_.options.limits;
  auto parts = history_parts(match_.record(), ctx_.games(), viewer, limits.history_events,
                             limits.max_server_message_bytes);
  if (!parts) {
    ctx_.log("table " + code_ +
             ": its history could not be replayed: " + printable(parts.error(), 200));
    return {};
  }
  std::vector<Frame> out;
  for (std::string& part : *parts)
    out.push_back(std::make_shared<const std::string>(std::move(part)));
  return out;
}

Frames Table::frames_of(const Events* events, GameTime time, std::optional<Seat> only) {
  return build_frames(links_, chains_, moment(time), events, only);
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
    if (empty_seats_.stand_in(Seat(s)) && phase_ == Phase::Playing)
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
          {"paused", clock_.paused() && phase_ == Phase::Playing},
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

}  // namespace sabbat::server
