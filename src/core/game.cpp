#include "game.hpp"

#include <algorithm>

#include "core/bot.hpp"

namespace sabbat {

Status State::apply(Seat seat, Action action, GameTime now, Events* events) {
  if (now < now_)
    return fail("game time " + std::to_string(now) + " ms is before the last action at " +
                std::to_string(now_) + " ms");
  if (seat != kClock && actors().contains(seat)) {
    // The common path, kept to two virtual calls: an acting seat is on the table and the game
    // is not over.
    if (auto d = deadline(); d && now >= d->at)
      return fail("too late: the deadline fell at " + std::to_string(d->at) + " ms");
  } else if (terminal()) {
    return fail("the game is over; no action is allowed");
  } else if (seat == kClock) {
    auto d = deadline();
    if (!d) return fail("no deadline is pending, so the clock has nothing to apply");
    if (now < d->at)
      return fail("the deadline is at " + std::to_string(d->at) + " ms, not yet at " +
                  std::to_string(now) + " ms");
    if (!(d->action == action))
      return fail("the clock may only apply '" + action_text(d->action) + "'");
  } else if (seat < 0 || seat >= players()) {
    return fail("there is no seat " + std::to_string(seat) + "; seats are 0 to " +
                std::to_string(players() - 1));
  } else {
    return fail(idle_reason(seat, action));
  }
  Status st = do_apply(seat, action, now, events);
  if (st) now_ = now;
  return st;
}

std::string State::idle_reason(Seat seat, Action) const {
  return "seat " + std::to_string(seat) + " may not act now";
}

Status State::apply_text(Seat seat, std::string_view text, GameTime now, Events* events) {
  auto action = parse_action(seat, text);
  if (!action) return fail(action.error());
  return apply(seat, *action, now, events);
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

std::unique_ptr<Bot> Game::make_bot(std::string_view) const {
  return nullptr;
}

}  // namespace sabbat
