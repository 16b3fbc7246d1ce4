// "A forced move is not asked" (rules/README.md): in phase 4 and in a Brouillard window, a witch
// whose only move is one the rules force on her (pass, holding nothing she may play; keep, when
// the cards drawn are all alike) is not an actor. The table plays it for her at the step's or
// window's least time, a wait every step and window keeps whoever is asked, so that the wait
// tells the others nothing; before it, they see the same deadline and the same actors. She may
// say `forced ask` to be asked as before.
#include "games/du-balai/events.hpp"

namespace sabbat::du_balai {

bool DuBalaiState::may_cast(Seat seat, Moment moment) const {
  const Witch& w = witches_[size_t(seat)];
  auto holds = [&](Card c) { return w.hand[size_t(c)] > 0; };
  if (moment == Moment::Formula) {
    // Oubli réparé adds a card left in her hand, Rectification swaps one of a formula's cards
    // for one: both need a card she has not laid.
    const bool card_left = (used_cards(seat) & kAllSymbols) != kAllSymbols;
    bool formula_with_cards = false;
    for (int i = 0; i < w.counted(); ++i) formula_with_cards |= w.formula[size_t(i)].mask != 0;
    if (card_left && w.counted() > 0 && holds(Card::OubliRepare)) return true;
    if (card_left && formula_with_cards && holds(Card::Rectification)) return true;
    return holds(Card::DoubleJeu) && w.formulas == 2 && w.second != Second::Counts;
  }
  if (holds(Card::MauvaisSort)) {
    const int lead = track_.leading_square();
    for (int t = 0; t < o_.players; ++t)
      if (t != seat && !track_.finished(t) && track_.square[size_t(t)] == lead) return true;
  }
  if (track_.finished(seat)) return false;
  return holds(Card::VentArriere) || holds(Card::Attraction) ||
         (holds(Card::Blocage) && track_.blocker < 0);
}

SeatSet DuBalaiState::forced_in_window() const {
  if (!o_.forced_played || !pending_.open) return {};
  const int n = o_.players;
  uint32_t bits = ((1u << n) - 1) & ~pending_.passed.bits() & ~asks_forced_.bits();
  if (pending_.last >= 0) bits &= ~(1u << pending_.last);
  for (int s = 0; s < n; ++s)
    if (witches_[size_t(s)].hand[size_t(Card::Brouillard)]) bits &= ~(1u << s);
  return SeatSet(bits);
}

MaybeAction DuBalaiState::forced_move(Seat seat) const {
  if (!o_.forced_played || asks_forced_.contains(seat) || phase_ == Phase::Over) return {};
  if (pending_.open) return forced_in_window().contains(seat) ? act::pass() : MaybeAction();
  // Past the least time she is asked: a witch who says `forced auto` then is not kept waiting
  // for the step's end.
  if (phase_ != Phase::Resolving || seat != resolving() || past_least_) return {};
  switch (step_) {
    case Step::FormulaSpells:
      return may_cast(seat, Moment::Formula) ? MaybeAction() : act::pass();
    case Step::AfterMove:
      return may_cast(seat, Moment::AfterMove) ? MaybeAction() : act::pass();
    case Step::Keep:
      for (int i = 1; i < drawn_n_; ++i)
        if (drawn_[size_t(i)] != drawn_[0]) return {};
      return act::keep(drawn_[0]);
  }
  return {};
}

SeatSet DuBalaiState::actors_seen_by(Seat viewer) const {
  SeatSet out = actors();
  if (!o_.forced_played) return out;
  SeatSet forced = forced_in_window();
  if (!pending_.open && phase_ == Phase::Resolving && forced_move(resolving()))
    forced.add(resolving());
  // A spectator, like every other seat, sees a forced witch as asked; she alone knows better.
  if (viewer >= 0) forced.remove(viewer);
  return SeatSet(out.bits() | forced.bits());
}

const char* DuBalaiState::forced_why(Seat) const {
  if (pending_.open) return "no-brouillard";
  return step_ == Step::Keep ? "one-choice" : "nothing-playable";
}

bool DuBalaiState::seat_setting(Action action) const {
  return valid_code(action) && decode(action).kind == Kind::Forced;
}

bool DuBalaiState::secret_from_others(Seat, Action action, GameTime) const {
  return seat_setting(action);
}

void DuBalaiState::begin_ask(GameTime now, GameTime until) {
  deadline_ = until;
  ask_opened_ = now;
  past_least_ = false;
}

void DuBalaiState::forced_event(Seat seat, Action action, bool everyone, Events* ev) const {
  if (!ev) return;
  const std::string why = forced_why(seat);
  const std::string text = move_text(decode(action));
  const std::string reason = why == "no-brouillard" ? "she holds no Brouillard magique"
                             : why == "one-choice"  ? "the cards drawn are all alike"
                                                    : "she holds nothing she may play now";
  emit(*ev, everyone ? Audience::everyone(o_.players) : Audience::only(seat), "forced",
       "the table plays '" + text + "' for seat " + std::to_string(seat) + ": " + reason,
       json{{"seat", seat}, {"action", text}, {"why", why}});
}

void DuBalaiState::least_time_up(GameTime now, Events* ev) {
  if (pending_.open) {
    // "Never less than its least time": it closes now if nobody is left to answer.
    if (actors().empty())
      close_window(now, ev);
    else
      past_least_ = true;
    return;
  }
  const Seat s = resolving();
  const MaybeAction forced = forced_move(s);
  if (!forced) {
    past_least_ = true;
    return;
  }
  // Her pass is seen by all (the race goes on); which card she keeps, by her alone.
  const Move m = decode(*forced);
  forced_event(s, *forced, m.kind == Kind::Pass, ev);
  if (m.kind == Kind::Keep)
    finish_keep(m.card, now, ev);
  else if (step_ == Step::FormulaSpells)
    move_witch(now, ev);
  else
    next_witch(now, ev);
}

}  // namespace sabbat::du_balai
