#include "game.hpp"

#include <algorithm>

#include "core/untrusted.hpp"

namespace sabbat {

Status State::apply(Seat seat, Action action, GameTime now, Events* events) {
  // The common paths are free of the refusals' strings. A turn-based game's do_apply checks
  // the seat and records the time itself: a jump to it, and nothing left to do after it.
  if (turn_based_ && now >= now_ && seat != kClock) return do_apply(seat, action, now, events);
  return apply_checked(seat, action, now, events);
}

Status State::apply_checked(Seat seat, Action action, GameTime now, Events* events) {
  // An acting seat is on the table, the game is not over, and it is in time.
  if (now >= now_ && seat != kClock && !turn_based_ && actors().contains(seat) && !too_late(now)) {
    Status st = do_apply(seat, action, now, events);
    // A seat's setting moves no clock (below).
    if (st && !seat_setting(action)) now_ = now;
    return st;
  }
  return apply_otherwise(seat, action, now, events);
}

bool State::too_late(GameTime now) const {
  auto d = deadline();
  return d && now >= d->at;
}

Status State::refuse_idle(Seat seat, Action action) const {
  if (terminal()) return fail("the game is over; no action is allowed");
  if (seat < 0 || seat >= players())
    return fail("there is no seat " + std::to_string(seat) + "; seats are 0 to " +
                std::to_string(players() - 1));
  return fail(idle_reason(seat, action));
}

Status State::apply_otherwise(Seat seat, Action action, GameTime now, Events* events) {
  if (now < now_)
    return fail("game time " + std::to_string(now) + " ms is before the last action at " +
                std::to_string(now_) + " ms");
  if (seat != kClock && actors().contains(seat) && too_late(now))
    return fail("too late: the deadline fell at " + std::to_string(deadline()->at) + " ms");
  // A seat's setting is hers whenever the game is on, before what the clock owes. It moves
  // no clock: nothing the others see changes, not even the game's time.
  if (seat >= 0 && seat < players() && !terminal() && seat_setting(action)) {
    if (too_late(now))
      return fail("the deadline fell at " + std::to_string(deadline()->at) +
                  " ms: the clock acts first");
    return do_apply(seat, action, now, events);
  }
  if (seat != kClock || terminal()) return refuse_idle(seat, action);
  auto d = deadline();
  if (!d) return fail("no deadline is pending, so the clock has nothing to apply");
  if (now < d->at)
    return fail("the deadline is at " + std::to_string(d->at) + " ms, not yet at " +
                std::to_string(now) + " ms");
  // Exactly then: a clock never acts late, so a record saying otherwise was not played.
  if (const GameTime due = std::max(d->at, now_); now != due)
    return fail("the clock acts at its deadline, " + std::to_string(due) + " ms, not at " +
                std::to_string(now) + " ms");
  if (!(d->action == action))
    return fail("the clock may only apply '" + action_text(d->action) + "'");
  Status st = do_apply(seat, action, now, events);
  if (st) now_ = now;
  return st;
}

namespace {
// The defaults list into a buffer kept per thread, so that they allocate only once.
ActionList& scratch() {
  thread_local ActionList list;
  return list;
}
}  // namespace

void State::describe_legal(Seat seat, LegalDescription& out) const {
  out.forms.clear();
  legal_actions(seat, out.listed);
}

uint32_t State::legal_count(Seat seat) const {
  legal_actions(seat, scratch());
  return uint32_t(scratch().size());
}

Action State::legal_at(Seat seat, uint32_t index) const {
  legal_actions(seat, scratch());
  return scratch().at(index);
}

MaybeAction State::random_legal(Seat seat, Rng& rng) const {
  const uint32_t n = legal_count(seat);
  if (n == 0) return std::nullopt;
  return legal_at(seat, rng.below(n));
}

std::string State::idle_reason(Seat seat, Action) const {
  return "seat " + std::to_string(seat) + " may not act now";
}

// Action texts come from people and other programs: one refusal here keeps control characters
// out of every game's reading and of the refusals that quote what was sent.
Result<Action> State::parse_action(Seat seat, std::string_view text) const {
  if (!is_plain_text(text))
    return fail("'" + printable(text) +
                "' holds a control character (a tab, a line break, an escape...) or bytes that "
                "are not UTF-8: an action is plain words separated by spaces");
  return do_parse_action(seat, text);
}

Status State::apply_text(Seat seat, std::string_view text, GameTime now, Events* events) {
  auto action = parse_action(seat, text);
  if (!action) return fail(action.error());
  return apply(seat, *action, now, events);
}

void State::view_texts(std::span<const Seat> viewers, std::vector<std::string>& out) const {
  out.clear();
  for (Seat v : viewers) out.push_back(json_text(view(v)));
}

std::vector<int> State::ranks() const {
  auto s = scores();
  std::vector<int> r(s.size(), 1);
  for (size_t i = 0; i < s.size(); ++i)
    r[i] = 1 + int(std::count_if(s.begin(), s.end(), [&](int x) { return x > s[i]; }));
  return r;
}

Result<Setup> Game::setup(int players, const std::map<std::string, std::string>& overrides,
                          uint64_t seed) const {
  if (players < min_players() || players > max_players())
    return fail(display_name() + " is played by " + std::to_string(min_players()) + " to " +
                std::to_string(max_players()) + " players, not " + std::to_string(players));
  auto params = Params::make(param_specs(), overrides);
  if (!params) return fail(params.error());
  return Setup{players, std::move(params.value()), seed};
}

void State::components_played(Seat, Action, std::vector<int>&) const {}

void State::components_held(Seat, std::vector<int>&) const {}

}  // namespace sabbat
