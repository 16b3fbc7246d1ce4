// The flow of a game: the study, each turn's placement, race and spell, and the end.
#include "games/baba-yaga/state.hpp"

#include <algorithm>
#include <numeric>

namespace sabbat::baba_yaga {

bool in_half(Half h, int cell) {
  const int row = cell / kSide, col = cell % kSide;
  switch (h) {
    case Half::Left:
      return col < 2;
    case Half::Right:
      return col > 2;
    case Half::Top:
      return row < 2;
    case Half::Bottom:
      return row > 2;
  }
  return false;
}

BabaYagaState::BabaYagaState(const Options& options, uint64_t seed) : o_(options), rng_(seed) {
  // The forest: the 16 forest tiles at random, forest face up.
  std::array<int8_t, kIngredients> ingredients{};
  std::iota(ingredients.begin(), ingredients.end(), int8_t(0));
  rng_.shuffle(ingredients.begin(), ingredients.end());
  tiles_.fill(-1);
  for (int i = 0; i < kForestTiles; ++i)
    tiles_[size_t(kForestCells[size_t(i)])] = ingredients[size_t(i)];
  // "Distribuez 3 cartes Sort à chaque joueur, sans que personne ne les regarde."
  std::array<int8_t, kCards> deck{};
  std::iota(deck.begin(), deck.end(), int8_t(0));
  rng_.shuffle(deck.begin(), deck.end());
  int next = 0;
  for (int s = 0; s < o_.players; ++s) {
    Player& p = p_[size_t(s)];
    for (int k = 0; k < kCardsEach; ++k) p.pile[size_t(k)] = deck[size_t(next++)];
    p.pile_n = kCardsEach;
  }
  while (next < kCards) box_[size_t(box_n_++)] = deck[size_t(next++)];
  phase_ = Phase::Study;
  deadline_ = o_.study_time;
}

Seat BabaYagaState::mover() const {
  return Seat((searcher_ + 1 + flight_.mover_i) % o_.players);
}

int BabaYagaState::baba_cell() const {
  if (!flight_.placed) return -1;
  const int pos = flight_.position();
  return pos >= kLine ? -1 : line_from(flight_.start)[size_t(pos)];
}

void BabaYagaState::emit(Events* ev, const char* kind, std::string text, json data) const {
  ev->push_back({Audience::everyone(o_.players), kind, std::move(text), std::move(data)});
}

void BabaYagaState::begin_turn(GameTime now, Events* ev) {
  ++turn_;
  if (o_.max_turns > 0 && turn_ > o_.max_turns) return finish(-1, ev);
  Player& p = p_[size_t(searcher_)];
  // The cards in front of her take effect now; their effects are then resolved.
  Pending& e = p.pending;
  need_ =
      uint8_t((o_.levels[size_t(searcher_)] == Level::SauveQuiPeut ? 4 : 3) - (e.doigt ? 1 : 0));
  blind_ = e.lumiere ? int8_t(rng_.below(kHalves)) : int8_t(-1);
  small_ = e.petit;
  flight_ = Flight{};
  flight_.length = uint8_t(kLine - (e.fatigue ? 1 : 0) + (e.vent ? 1 : 0));
  const bool pattes = e.pattes;
  e = Pending{};
  e.pattes = pattes;
  if (ev)
    emit(ev, "turn",
         "Turn " + std::to_string(turn_) + ": seat " + std::to_string(searcher_) +
             " searches the forest; " + std::to_string(need_) + " ingredients needed" +
             (blind_ >= 0 ? "; Lumière aveuglante ! hides half of the forest from her" : "") +
             (small_ ? "; Tout petit ! shows her the forest small" : ""),
         {{"searcher", searcher_}, {"turn", turn_}, {"need", need_}});
  if (pattes) {
    phase_ = Phase::MaisonStart;
    deadline_ = now + o_.choice_time;
    return;
  }
  to_place(now, ev);
}

void BabaYagaState::to_place(GameTime now, Events*) {
  phase_ = Phase::Place;
  deadline_ = now + o_.place_time;
}

void BabaYagaState::place(End e, bool by_clock, GameTime now, Events* ev) {
  flight_.start = e;
  flight_.placed = true;
  flight_.last_at = now;
  // "Le top départ du tour est donné lorsque le joueur actif retourne la première carte Sort."
  Player& p = p_[size_t(searcher_)];
  card_ = p.pile[0];
  for (int k = 1; k < p.pile_n; ++k) p.pile[size_t(k - 1)] = p.pile[size_t(k)];
  --p.pile_n;
  p.known = std::min(p.known, p.pile_n);
  phase_ = Phase::Race;
  // The card is in the views while it is face up; a line of the log stays, and a card that
  // fails goes under her pile, whose cards the table must remember: no ingredient here.
  if (ev)
    emit(ev, "placed",
         (by_clock ? "Seat " + std::to_string(placer()) +
                         " did not place her in time: the clock places " + "Baba Yaga at the "
                   : "Seat " + std::to_string(placer()) + " places Baba Yaga at the ") +
             std::string(end_name(e)) + " end; seat " + std::to_string(searcher_) +
             " reveals her spell and the flight begins",
         {{"end", end_name(e)}, {"length", flight_.length}});
}

void BabaYagaState::turn_tile(int cell, Events* ev) {
  up_ |= 1u << cell;
  ++flips_;
  const int ing = tiles_[size_t(cell)];
  const bool wanted = (card(card_).mask >> ing) & 1u;
  if (!wanted) wrong_ = int8_t(cell);
  // La tuile Maison: lifted off; it stays off (in front of her) only on a wanted ingredient.
  if (maison_ == cell) {
    if (wanted)
      maison_ = -1;
    else
      lifted_ = true;
  }
  // The tile and its ingredient are in the views while it is face up, never in a line of the
  // log, which stays on screen once the tile is face down again: which tiles she tried is for
  // the table's memory.
  if (ev)
    emit(ev, "turned",
         "Seat " + std::to_string(searcher_) + " turns a tile" +
             (wanted ? ": on her card" : ": not on her card"),
         {{"seat", searcher_}, {"wanted", wanted}});
}

void BabaYagaState::back_tile(int cell, Events* ev) {
  up_ &= ~(1u << cell);
  wrong_ = -1;
  if (maison_ == cell) lifted_ = false;
  if (ev)
    emit(ev, "back", "Seat " + std::to_string(searcher_) + " turns the tile back",
         {{"seat", searcher_}});
}

void BabaYagaState::move(GameTime now, Events* ev) {
  const Seat who = mover();
  ++flight_.moves;
  flight_.mover_i = int8_t((flight_.mover_i + 1) % (o_.players - 1));
  flight_.last_at = now;
  if (ev) {
    const int cell = baba_cell();
    emit(ev, "moved",
         "Baba Yaga flies to " + (cell < 0 ? std::string("the extra tile") : cell_name(cell)) +
             " (" + std::to_string(flight_.moves) + "/" + std::to_string(flight_.total()) + ")",
         {{"by", who}, {"moves", flight_.moves}, {"total", flight_.total()}});
  }
  if (flight_.moves == flight_.total()) end_race(now, ev);
}

void BabaYagaState::end_race(GameTime now, Events* ev) {
  // "Dès que Baba Yaga est revenue à son point de départ, le tour de jeu prend fin."
  int found = 0;
  const uint16_t mask = card(card_).mask;
  for (uint32_t up = up_; up; up &= up - 1)
    found += (mask >> tiles_[size_t(__builtin_ctz(up))]) & 1;
  const bool wrong = wrong_ >= 0;
  const bool cast = !wrong && found >= need_;
  const Seat s = searcher_;
  Player& p = p_[size_t(s)];
  // Every tile goes back face down, in place; a lifted Maison covers its tile again.
  up_ = 0;
  flips_ = 0;
  wrong_ = -1;
  lifted_ = false;
  blind_ = -1;
  small_ = false;
  const int c = card_;
  card_ = -1;
  if (ev)
    emit(ev, cast ? "cast" : "failed",
         cast ? "Baba Yaga is home: seat " + std::to_string(s) + " casts " +
                    std::string(effect_name(card(c).effect)) + " (" + std::to_string(found) +
                    " ingredients found)"
              : "Baba Yaga is home: seat " + std::to_string(s) + "'s spell fails (" +
                    std::to_string(found) + " of " + std::to_string(need_) + " ingredients found" +
                    (wrong ? ", a wrong one showing" : "") + "); the card goes under her pile",
         cast ? json{{"seat", s}, {"card", c}, {"found", found}}
              : json{{"seat", s}, {"found", found}});
  if (!cast) {
    p.pile[p.pile_n++] = int8_t(c);
    p.known = uint8_t(p.known + 1);
    return after_effect(now, ev);
  }
  p.cast[p.cast_n++] = int8_t(c);
  // "Le joueur qui lance avec succès son troisième et dernier sort (sans en appliquer
  // l'effet) remporte immédiatement la partie."
  if (p.cast_n == kCardsEach) return finish(s, ev);
  if (!effects_apply(s)) return after_effect(now, ev);
  effect_card_ = int8_t(c);
  choose_effect(now, ev);
}

bool BabaYagaState::may_target(Seat t) const {
  if (phase_ != Phase::Effect || t == searcher_ || t < 0 || t >= o_.players) return false;
  const Pending& e = p_[size_t(t)].pending;
  switch (card(effect_card_).effect) {
    // "Les sorts Lumière aveuglante ! et Tout petit ! ne peuvent pas cibler le même joueur."
    case Effect::LumiereAveuglante:
    case Effect::ToutPetit:
      return !e.lumiere && !e.petit;
    case Effect::GrosseFatigue:
      return !e.fatigue;
    default:
      return false;
  }
}

void BabaYagaState::choose_effect(GameTime now, Events* ev) {
  Pending& mine = p_[size_t(searcher_)].pending;
  switch (card(effect_card_).effect) {
    case Effect::DoigtDansLeNez:
      mine.doigt = true;
      return after_effect(now, ev);
    case Effect::PlusViteQueLeVent:
      mine.vent = true;
      return after_effect(now, ev);
    case Effect::LumiereAveuglante:
    case Effect::ToutPetit:
    case Effect::GrosseFatigue: {
      phase_ = Phase::Effect;  // may_target reads the phase
      bool any = false;
      for (Seat t = 0; t < o_.players; ++t) any = any || may_target(t);
      if (!any) {
        if (ev)
          emit(ev, "no-target",
               std::string(effect_name(card(effect_card_).effect)) +
                   " has no opponent it may target; its effect is lost",
               {{"card", effect_card_}});
        return after_effect(now, ev);
      }
      break;
    }
    case Effect::BrouillardBizarre:
    case Effect::PattesDePoulet:
      break;
  }
  phase_ = Phase::Effect;
  deadline_ = now + o_.choice_time;
  play_forced_target(now, ev);
}

void BabaYagaState::after_effect(GameTime now, Events* ev) {
  effect_card_ = -1;
  if (o_.home_sweet_home) {
    phase_ = Phase::HomeMove;
    deadline_ = now + o_.choice_time;
    return;
  }
  next_turn(now, ev);
}

void BabaYagaState::next_turn(GameTime now, Events* ev) {
  searcher_ = int8_t((searcher_ + 1) % o_.players);
  begin_turn(now, ev);
}

void BabaYagaState::finish(Seat winner, Events* ev) {
  phase_ = Phase::Over;
  winner_ = int8_t(winner);
  if (ev)
    emit(ev, "over",
         winner >= 0 ? "Seat " + std::to_string(winner) +
                           " casts her third spell and escapes the forest: she wins"
                     : "The game stops after " + std::to_string(o_.max_turns) +
                           " turns; the most spells cast wins",
         {{"winner", winner}});
}

std::vector<int> BabaYagaState::scores() const {
  std::vector<int> out;
  for (int s = 0; s < o_.players; ++s) out.push_back(p_[size_t(s)].cast_n);
  return out;
}

std::optional<Deadline> BabaYagaState::deadline() const {
  switch (phase_) {
    case Phase::Study:
      return Deadline{deadline_, act::end_study()};
    case Phase::Place:
      return Deadline{deadline_, act::place(End::North)};
    case Phase::Race:
      return Deadline{flight_.last_at + o_.move_time, act::move()};
    case Phase::MaisonStart:
    case Phase::Effect:
    case Phase::HomeMove:
      return Deadline{deadline_, act::timeout()};
    case Phase::Over:
      break;
  }
  return std::nullopt;
}

}  // namespace sabbat::baba_yaga
