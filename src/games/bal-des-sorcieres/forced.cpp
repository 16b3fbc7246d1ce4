// "A forced move is not asked" (rules/README.md): a witch whose only legal move on her turn is
// the one the rules force on her (take, with no way to parry; pass, with no potion; a Lutin
// farceur she must play) is not asked. Every turn keeps a least time (window_min_ms) whoever
// plays it, as a reaction window does; at that time the table plays her move for her, so that
// before it the others see the same deadline and the same witch to play. She may say `forced
// ask` to be asked as before.
#include "games/bal-des-sorcieres/incantation.hpp"
#include "games/bal-des-sorcieres/rules.hpp"

namespace sabbat::bal {

bool BalState::seat_setting(Action action) const {
  const Decoded d = decode(action.code);
  return d.type == ActionType::Forced && encode(d) == action.code && d.count <= 1;
}

namespace {
// The moves of the witch to play, listed to see whether she has only one: a buffer kept per
// thread, reserved when it is made (at the deal, by the first turn), so that no move allocates.
ActionList& forced_scratch() {
  thread_local ActionList list = [] {
    ActionList l;
    l.reserve(4096);
    return l;
  }();
  return list;
}
}  // namespace

void BalState::refresh_forced() {
  ActionList& list = forced_scratch();
  forced_code_ = kNoForced;
  if (!options_.forced_played || phase_ == Phase::Window || phase_ == Phase::Over) return;
  const SeatSet who = turn_actor();
  if (who.size() != 1) return;
  const Seat seat = Seat(__builtin_ctz(who.bits()));
  uint32_t only = kNoForced;
  if (phase_ == Phase::Attack) {
    // An attack's moves are counted from the hand, not listed: a turn has hundreds.
    if (const MaybeAction a = lone_attack(seat)) only = (*a).code;
  } else {
    list.clear();
    moves(seat, list, 2);
    if (list.size() == 1) only = list[0].code;
  }
  // In the incantation mode a move that names cards is read aloud by its witch: only one that
  // names none is played for her.
  if (only != kNoForced && incantation_refusal(*this, seat, only).empty()) forced_code_ = only;
}

void BalState::begin_turn(GameTime now) {
  turn_opened_ = now;
  past_least_ = false;
  refresh_forced();
}

MaybeAction BalState::forced_move() const {
  if (!options_.forced_played || forced_code_ == kNoForced || past_least_) return {};
  if (turn_actor().bits() & asks_forced_.bits()) return {};
  return Action{forced_code_};
}

std::string BalState::forced_why() const {
  switch (decode(forced_code_).type) {
    case ActionType::Take:
      return "no-parry";
    case ActionType::Parry:
      return "must-parry";
    case ActionType::Pass:
      return "no-potion";
    case ActionType::Lutin:
      return "lutin";
    default:
      return "one-choice";
  }
}

Status BalState::do_apply(Seat seat, Action action, GameTime now, Events* events) {
  if (seat >= 0 && seat_setting(action)) {
    const bool ask = decode(action.code).count != 0;
    if (ask)
      asks_forced_.add(seat);
    else
      asks_forced_.remove(seat);
    if (events)
      events->push_back({Audience::only(seat), "forced-setting",
                         ask ? "The table asks you your forced moves (forced ask)."
                             : "The table plays your forced moves for you (forced auto).",
                         json{{"seat", seat}, {"forced", ask ? "ask" : "auto"}}});
    return {};
  }
  if (seat == kClock && phase_ != Phase::Window) {
    // A turn's least time: the table plays her forced move, or the turn goes on unhurried.
    const MaybeAction forced = forced_move();
    past_least_ = true;
    if (!forced) return {};
    seat = Seat(__builtin_ctz(turn_actor().bits()));
    action = *forced;
    if (events) {
      const std::string why = forced_why();
      const std::string text = action_text(action);
      const std::string reason = why == "no-parry"     ? "she has no way to parry"
                                 : why == "must-parry" ? "she holds the potions, and must parry"
                                 : why == "no-potion"  ? "she holds no potion"
                                 : why == "lutin"      ? "a Lutin farceur must be played"
                                                       : "it is her only move";
      // A card laid face down is hers to know; every other move is seen by all.
      const Audience who = decode(action.code).type == ActionType::Give
                               ? Audience::only(seat)
                               : Audience::everyone(options_.players);
      events->push_back(
          {who, "forced",
           "The table plays '" + text + "' for seat " + std::to_string(seat) + ": " + reason + ".",
           json{{"seat", seat}, {"action", text}, {"why", why}}});
    }
  }
  Status st = apply_move(seat, action, now, events);
  // Every move but a window's answer begins a turn (a window's is its own clock's).
  if (st && phase_ != Phase::Window) begin_turn(now);
  return st;
}

}  // namespace sabbat::bal
