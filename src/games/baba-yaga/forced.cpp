// "A forced move is not asked" (rules/README.md): a spell aimed at an opponent (Lumière
// aveuglante !, Tout petit !, Grosse fatigue !) when only one opponent may be targeted leaves
// the searcher one move. The table aims it for her as soon as the spell is cast: which
// opponents may be targeted is known to everyone (the cards lie face up in front of them), so
// playing it at once tells nobody anything. She may say `forced ask` to be asked as before.
#include "games/baba-yaga/state.hpp"

namespace sabbat::baba_yaga {

Seat BabaYagaState::lone_target() const {
  Seat lone = -1;
  for (Seat t = 0; t < o_.players; ++t) {
    if (!may_target(t)) continue;
    if (lone >= 0) return -1;
    lone = t;
  }
  return lone;
}

void BabaYagaState::aim(Seat x, GameTime now, Events* ev) {
  Pending& e = p_[size_t(x)].pending;
  const Effect eff = card(effect_card_).effect;
  (eff == Effect::LumiereAveuglante ? e.lumiere
   : eff == Effect::ToutPetit       ? e.petit
                                    : e.fatigue) = true;
  if (ev)
    emit(ev, "targeted",
         std::string(effect_name(eff)) + " lies in front of seat " + std::to_string(x) +
             " for her next turn as searcher",
         {{"effect", effect_id(eff)}, {"seat", x}});
  after_effect(now, ev);
}

bool BabaYagaState::play_forced_target(GameTime now, Events* ev) {
  if (!o_.forced_played || phase_ != Phase::Effect || asks_forced_.contains(searcher_))
    return false;
  const Seat t = lone_target();
  if (t < 0) return false;
  if (ev)
    emit(ev, "forced",
         "the table plays 'target " + std::to_string(t) + "' for seat " +
             std::to_string(searcher_) + ": only seat " + std::to_string(t) + " may be targeted",
         {{"seat", searcher_},
          {"action", action_text(act::target(t))},
          {"why", "one-target"},
          {"target", t}});
  aim(t, now, ev);
  return true;
}

bool BabaYagaState::seat_setting(Action action) const {
  return act::kind(action) == Kind::Forced && act::b(action) == 0 && act::a(action) <= 1;
}

bool BabaYagaState::secret_from_others(Seat seat, Action action, GameTime) const {
  if (!seat_setting(action)) return false;
  // `forced auto` from a searcher asked a lone target aims her spell: everyone sees that.
  const bool aims = act::a(action) == 0 && asks_forced_.contains(seat) && o_.forced_played &&
                    phase_ == Phase::Effect && seat == searcher_ && lone_target() >= 0;
  return !aims;
}

}  // namespace sabbat::baba_yaga
