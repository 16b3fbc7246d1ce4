// Magie noire spells: casting one opens a Brouillard reaction window, then it takes effect or
// is cancelled.
#include <algorithm>

#include "games/du-balai/events.hpp"

namespace sabbat::du_balai {

bool DuBalaiState::anyone_may_react(Seat last) const {
  // Whether a Brouillard may be held is public: all played, or nobody else holds a card.
  if (discard_[size_t(Card::Brouillard)] >= info(Card::Brouillard).count) return false;
  for (int s = 0; s < o_.players; ++s)
    if (s != last && witches_[size_t(s)].hand_count() > 0) return true;
  return false;
}

void DuBalaiState::cast(Seat seat, Action spell, GameTime now, Events* ev) {
  const Move m = decode(spell);
  Witch& w = witches_[size_t(seat)];
  --w.hand[size_t(m.card)];
  ++discard_[size_t(m.card)];
  if (m.card == Card::DoubleJeu) w.second = Second::Cast;  // it counts if not cancelled
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "spell",
         "seat " + std::to_string(seat) + ": " + move_text(m),
         json{{"seat", seat}, {"card", info(m.card).id}, {"action", move_text(m)}});
  if (anyone_may_react(seat)) {
    pending_ = Pending{true, spell, int8_t(seat), int8_t(seat), 0, SeatSet(), deadline_};
    begin_ask(now, now + o_.reaction_time);
    return;
  }
  resolve_spell(seat, m, now, ev);
}

void DuBalaiState::close_window(GameTime now, Events* ev) {
  // The table let the window pass for those it did not ask: each is told.
  const SeatSet forced = forced_in_window();
  for (Seat s = 0; s < o_.players; ++s)
    if (forced.contains(s)) forced_event(s, act::pass(), false, ev);
  const Pending p = pending_;
  pending_ = Pending{};
  deadline_ = p.return_deadline;
  const Move m = decode(p.spell);
  if (p.fogs % 2 == 1) {
    if (ev)
      emit(*ev, Audience::everyone(o_.players), "cancelled",
           std::string(info(m.card).name) + " is cancelled by Brouillard magique",
           json{{"seat", p.caster}, {"card", info(m.card).id}});
    if (m.card == Card::Decret) return;  // back to writing, with the time that was left
    if (info(m.card).moment == Moment::Formula)
      continue_formula_step(now, ev);
    else
      continue_after_move(now, ev);
    return;
  }
  resolve_spell(p.caster, m, now, ev);
}

void DuBalaiState::resolve_spell(Seat caster, const Move& m, GameTime now, Events* ev) {
  Witch& w = witches_[size_t(caster)];
  const Track before = track_;
  switch (m.card) {
    case Card::OubliRepare:
      w.formula[size_t(m.b)].mask |= SymbolMask(1u << m.a);
      colour_formulas(caster);
      break;
    case Card::Rectification:
      // The card taken out says which formula changes: her formulas share no card.
      for (int i = 0; i < w.counted(); ++i)
        if (w.formula[size_t(i)].mask & (1u << m.a))
          w.formula[size_t(i)].mask ^= SymbolMask((1u << m.a) | (1u << m.b));
      colour_formulas(caster);
      break;
    case Card::DoubleJeu:
      w.second = Second::Counts;
      break;
    case Card::VentArriere:
      // "Avancez d'un nombre de cases égal à votre position dans la course."
      track_.advance(caster, track_.rank(caster));
      break;
    case Card::MauvaisSort:
      track_.retreat(m.a, 3);
      break;
    case Card::Attraction: {
      const int to = track_.square[size_t(caster)];
      for (int s = 0; s < o_.players; ++s) {
        if (s == caster || track_.finished(s)) continue;
        const int at = track_.square[size_t(s)];
        if (at > to)
          track_.retreat(s, std::min<int>(m.a, at - to));
        else if (at < to)
          track_.advance(s, std::min<int>(m.a, to - at));
      }
      break;
    }
    case Card::Blocage:
      track_.blocker = int8_t(caster);
      break;
    case Card::Decret:
      // "Vous bénéficiez alors de 10 secondes de plus pour observer les dés."
      decret_ = int8_t(caster);
      phase_ = Phase::DecretLook;
      deadline_ = now + (w.pilot == Pilot::Expert ? o_.decret_time_expert : o_.decret_time);
      if (ev)
        emit(*ev, Audience::only(caster), "book-open", "Décret: the book is open to you",
             json{{"turn", turn_}, {"dice", dice_json(dice_)}});
      return;
    default:
      break;
  }
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "spell-effect",
         spell_narration(*this, caster, m, before),
         json{{"seat", caster}, {"card", info(m.card).id}, {"squares", squares_json(*this)}});
  if (info(m.card).moment == Moment::Formula)
    continue_formula_step(now, ev);
  else
    continue_after_move(now, ev);
}

void DuBalaiState::continue_formula_step(GameTime now, Events* ev) {
  if (witches_[size_t(resolving())].hand_count() > 0) {
    step_ = Step::FormulaSpells;
    begin_ask(now, now + o_.spell_time);
  } else {
    move_witch(now, ev);
  }
}

void DuBalaiState::continue_after_move(GameTime now, Events* ev) {
  if (witches_[size_t(resolving())].hand_count() > 0) {
    step_ = Step::AfterMove;
    begin_ask(now, now + o_.spell_time);
  } else {
    next_witch(now, ev);
  }
}

}  // namespace sabbat::du_balai
