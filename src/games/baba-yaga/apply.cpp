// Applying an action, and every refusal with what is allowed instead.
#include <string>

#include "games/baba-yaga/state.hpp"

namespace sabbat::baba_yaga {

namespace {

std::string seat_name(Seat s) {
  return "seat " + std::to_string(s);
}

[[gnu::cold]] Status not_now(std::string what) {
  return fail(std::move(what));
}

}  // namespace

uint32_t BabaYagaState::turnable() const {
  return wrong_ >= 0 || flips_spent() ? 0u : kForestMask & ~up_;
}

uint32_t BabaYagaState::backable() const {
  return wrong_ >= 0 ? 1u << wrong_ : 0u;
}

Status BabaYagaState::check(Seat seat, Action a) const {
  const Kind k = act::kind(a);
  const int x = act::a(a), y = act::b(a);
  if (seat == kClock) {
    if (auto d = deadline(); d && d->action == a) return {};
    return not_now("the clock only applies the pending deadline's action");
  }
  if (k == Kind::Forced) {
    if (phase_ == Phase::Over) return not_now("the game is over");
    return {};
  }
  switch (phase_) {
    case Phase::Study:
      if (k == Kind::Ready && !p_[size_t(seat)].ready) return {};
      return not_now("the players are studying the forest: the only action is 'ready'");
    case Phase::MaisonStart:
      if (seat == searcher_ && k == Kind::Maison && is_forest(x)) return {};
      return not_now(
          "Pattes de poulet !: seat " + std::to_string(searcher_) +
          " puts the Maison on a forest tile ('maison CELL', not on the path C or row 3)");
    case Phase::Place:
      if (seat == placer() && k == Kind::Place && x < kEnds) return {};
      return not_now(
          seat_name(placer()) +
          " places Baba Yaga: 'place north', 'place east', 'place south' or 'place west'");
    case Phase::Race:
      if (seat == searcher_) {
        if (k == Kind::Turn) {
          if (!is_forest(x))
            return not_now(cell_name(x) + " is on Baba Yaga's path; turn a forest tile");
          if (wrong_ >= 0)
            return not_now(cell_name(wrong_) +
                           " shows an ingredient not on your card: turn it back first ('back " +
                           cell_name(wrong_) + "')");
          if (face_up(x)) return not_now(cell_name(x) + " is already face up");
          return {};
        }
        if (k == Kind::Back) {
          if (wrong_ == x) return {};
          if (wrong_ >= 0) return not_now("only " + cell_name(wrong_) + " may be turned back");
          return not_now(
              "a wanted ingredient stays face up ('il la laisse en place'); only a wrong one is "
              "turned back, and none shows");
        }
        return not_now("you are searching: 'turn CELL' or 'back CELL'");
      }
      if (seat == mover()) {
        if (k != Kind::Move) return not_now("it is your move of Baba Yaga: 'move'");
        if (o_.players == 2) {
          const Hand h = Hand(x);
          if (h == Hand::None)
            return not_now(
                "Tout seul dans la forêt: move with one hand, then the other ('move "
                "left', 'move right')");
          if (h == flight_.last_hand)
            return not_now(std::string("Tout seul dans la forêt: change hands, 'move ") +
                           (h == Hand::Left ? "right" : "left") + "'");
          if (h != Hand::Left && h != Hand::Right) return not_now("move left or move right");
          return {};
        }
        if (Hand(x) != Hand::None) return not_now("with three or more players the move is 'move'");
        return {};
      }
      return not_now(idle_reason(seat, a));
    case Phase::Effect: {
      if (seat != searcher_) return not_now(idle_reason(seat, a));
      const Effect e = card(effect_card_).effect;
      switch (e) {
        case Effect::BrouillardBizarre:
          if (k == Kind::Swap && is_forest(x) && is_forest(y) && x < y) return {};
          return not_now("Brouillard bizarre !: swap two forest tiles, 'swap CELL CELL'");
        case Effect::PattesDePoulet:
          if ((k == Kind::Maison && is_forest(x)) || k == Kind::Later) return {};
          return not_now(
              "Pattes de poulet !: 'maison CELL' on a forest tile now, or 'maison later' for the "
              "start of your next turn");
        default:
          if (k == Kind::Target && may_target(x)) return {};
          return not_now(std::string(effect_name(e)) +
                         ": 'target SEAT', an opponent who has no card of it (nor, for Lumière "
                         "aveuglante ! and Tout petit !, of the other) in front of her");
      }
    }
    case Phase::HomeMove:
      if (seat == searcher_ && k == Kind::Maison && is_forest(x)) return {};
      return not_now("Home Sweet Home: seat " + std::to_string(searcher_) +
                     " moves the Maison onto a forest tile ('maison CELL')");
    case Phase::Over:
      break;
  }
  return not_now("the game is over");
}

Status BabaYagaState::do_apply(Seat seat, Action a, GameTime now, Events* ev) {
  if (Status st = check(seat, a); !st) return st;
  const int x = act::a(a), y = act::b(a);
  switch (act::kind(a)) {
    case Kind::Ready:
      p_[size_t(seat)].ready = true;
      for (Seat s = 0; s < o_.players; ++s)
        if (!p_[size_t(s)].ready) return {};
      [[fallthrough]];
    case Kind::EndStudy:
      // The data says how it ended: everyone ready, or the study's time up.
      if (ev)
        emit(ev, "study-over", "The study is over: the forest tiles are turned face down",
             {{"all_ready", act::kind(a) == Kind::Ready}});
      begin_turn(now, ev);
      return {};
    case Kind::Place:
      place(End(x), seat == kClock, now, ev);
      return {};
    case Kind::Turn:
      turn_tile(x, ev);
      return {};
    case Kind::Back:
      back_tile(x, ev);
      return {};
    case Kind::Move:
      if (o_.players == 2) flight_.last_hand = Hand(x);
      move(now, ev);
      return {};
    case Kind::Swap:
      // "Intervertissez immédiatement les positions de 2 tuiles Forêt": the Maison stays on
      // the tile it covers.
      std::swap(tiles_[size_t(x)], tiles_[size_t(y)]);
      if (maison_ == x)
        maison_ = int8_t(y);
      else if (maison_ == y)
        maison_ = int8_t(x);
      if (ev)
        emit(ev, "swapped",
             "Brouillard bizarre !: " + cell_name(x) + " and " + cell_name(y) + " swap places",
             {{"cells", {cell_name(x), cell_name(y)}}});
      after_effect(now, ev);
      return {};
    case Kind::Target:
      aim(x, now, ev);
      return {};
    case Kind::Maison:
      maison_ = int8_t(x);
      lifted_ = false;
      if (ev)
        emit(ev, "maison", "The Maison now stands on " + cell_name(x), {{"cell", cell_name(x)}});
      if (phase_ == Phase::MaisonStart) {
        p_[size_t(searcher_)].pending.pattes = false;
        to_place(now, ev);
      } else if (phase_ == Phase::Effect) {
        after_effect(now, ev);
      } else {
        next_turn(now, ev);
      }
      return {};
    case Kind::Later:
      p_[size_t(searcher_)].pending.pattes = true;
      if (ev)
        emit(ev, "maison-later", "Pattes de poulet ! waits for her next turn",
             {{"seat", searcher_}});
      after_effect(now, ev);
      return {};
    case Kind::Timeout:
      // The data names the choice that was not made, by the phase that asked it.
      if (ev)
        emit(ev, "timeout", "Time is up: the choice is not made",
             {{"choice", phase_ == Phase::MaisonStart ? "maison-start"
                         : phase_ == Phase::Effect    ? "effect"
                                                      : "home-move"}});
      if (phase_ == Phase::MaisonStart) {
        p_[size_t(searcher_)].pending.pattes = false;
        to_place(now, ev);
      } else if (phase_ == Phase::Effect) {
        after_effect(now, ev);
      } else {
        next_turn(now, ev);
      }
      return {};
    case Kind::Forced:
      if (x)
        asks_forced_.add(seat);
      else
        asks_forced_.remove(seat);
      // Hers alone, as her view's `forced`.
      if (ev)
        ev->push_back(
            {Audience::only(seat),
             "forced-setting",
             x ? "you are asked your forced moves" : "the table plays your forced moves for you",
             {{"seat", seat}, {"forced", x ? "ask" : "auto"}}});
      // Asked a lone target, she lets the table: it aims the spell at once.
      if (!x && phase_ == Phase::Effect && seat == searcher_) play_forced_target(now, ev);
      return {};
    case Kind::None:
      break;
  }
  return fail("unknown action");
}

std::string BabaYagaState::idle_reason(Seat seat, Action) const {
  switch (phase_) {
    case Phase::Study:
      return "you are ready; the others are still studying the forest";
    case Phase::MaisonStart:
      return "seat " + std::to_string(searcher_) + " is placing the Maison (Pattes de poulet !)";
    case Phase::Place:
      return "seat " + std::to_string(placer()) + " places Baba Yaga now";
    case Phase::Race:
      if (seat == searcher_)
        return flips_spent() ? "you have turned " + std::to_string(o_.max_flips) +
                                   " tiles this turn, the max_flips guard of bots and "
                                   "simulations; wait for Baba Yaga to come home"
                             : "you have turned every tile you may; wait for Baba Yaga to "
                               "come home";
      return "seat " + std::to_string(searcher_) + " searches and it is seat " +
             std::to_string(mover()) + "'s move of Baba Yaga, not yours";
    case Phase::Effect:
      return "seat " + std::to_string(searcher_) + " chooses for the spell she cast";
    case Phase::HomeMove:
      return "seat " + std::to_string(searcher_) + " moves the Maison (Home Sweet Home)";
    case Phase::Over:
      break;
  }
  return "the game is over";
}

Result<Action> BabaYagaState::do_parse_action(Seat, std::string_view text) const {
  return parse_action_text(text);
}

}  // namespace sabbat::baba_yaga
