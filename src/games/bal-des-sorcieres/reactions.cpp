// The spells played out of turn: À moi, nananère ! and Boule de cristal when Carabosse reaches
// a witch, Mon beau miroir once an attack is laid. Each has its reaction window: it opens by
// what everyone knows, asks only the witches who hold an answer, and they answer at once.
#include "games/bal-des-sorcieres/incantation.hpp"
#include "games/bal-des-sorcieres/rules.hpp"

namespace sabbat::bal {

namespace {

// Whether a copy of the spell may still be in some hand, by what everyone sees: the copies in
// the discard pile are out, and a level that leaves the spell in the box plays none.
bool may_be_held(const BalState& s, Spell sp) {
  const Kind k = kind_of(sp);
  if (kind_info(k).level > s.options().level) return false;
  return (s.discarded() & kind_cards(k)).size() < kind_info(k).count;
}

}  // namespace

// A witch's neighbours for Boule de cristal: one with two witches left, else two.
int neighbours(const BalState& s, Seat) {
  int living = 0;
  for (Seat o = 0; o < s.options().players; ++o) living += !s.eliminated(o);
  return living > 2 ? 2 : living - 1;
}

// Who the turn window is offered to, by public knowledge only: a living witch with a card in
// hand who could play À moi, nananère ! (not the holder of Carabosse, nor against the one who
// has just played one) or Boule de cristal (with a card left for each neighbour).
SeatSet turn_window_offer(const BalState& s) {
  SeatSet out;
  const Seat holder = s.carabosse();
  const bool nananere = may_be_held(s, Spell::AMoiNananere) && holder != s.last_nananere();
  const bool boule = may_be_held(s, Spell::BouleDeCristal);
  for (Seat o = 0; o < s.options().players; ++o) {
    if (s.eliminated(o)) continue;
    const int hand = s.witch_at(o).hand.size();
    if (hand == 0) continue;
    if ((nananere && o != holder) || (boule && hand >= 1 + neighbours(s, o))) out.add(o);
  }
  return out;
}

// Mon beau miroir doubles the attack "sur le joueur de votre choix, mais ce joueur ne peut
// être ni l'attaquant ni le défenseur": a witch is offered the window when one is left for
// her to choose.
SeatSet mirror_window_offer(const BalState& s) {
  SeatSet out;
  if (!may_be_held(s, Spell::MonBeauMiroir)) return out;
  const Exchange& x = s.exchange();
  int targets = 0;  // living witches neither attacker nor defender
  for (Seat o = 0; o < s.options().players; ++o)
    targets += !s.eliminated(o) && o != x.attacker && o != x.defender;
  for (Seat o = 0; o < s.options().players; ++o) {
    if (s.eliminated(o) || o == x.attacker || s.witch_at(o).hand.size() == 0) continue;
    const bool herself_a_target = o != x.defender;
    if (targets - int(herself_a_target) > 0) out.add(o);
  }
  return out;
}

// Whether `o` holds a card she may play in the window now: only she is asked. The same
// conditions as judge_window's, with the hand.
bool holds_answer(const BalState& s, Seat o, WindowKind kind) {
  if (s.eliminated(o)) return false;
  const auto holds = [&](Spell sp) { return s.count_in_hand(o, kind_of(sp)) > 0; };
  if (kind == WindowKind::Turn) {
    const Seat holder = s.carabosse();
    if (holds(Spell::AMoiNananere) && o != holder && holder != s.last_nananere()) return true;
    return holds(Spell::BouleDeCristal) && s.witch_at(o).hand.size() >= 1 + neighbours(s, o);
  }
  const Exchange& x = s.exchange();
  if (!holds(Spell::MonBeauMiroir) || o == x.attacker) return false;
  for (Seat t = 0; t < s.options().players; ++t)
    if (!s.eliminated(t) && t != x.attacker && t != x.defender && t != o) return true;
  return false;
}

SeatSet asked_in(const BalState& s, WindowKind kind, SeatSet offer) {
  SeatSet out;
  for (Seat o = 0; o < s.options().players; ++o)
    if (offer.contains(o) && holds_answer(s, o, kind)) out.add(o);
  return out;
}

void Rules::open_window(WindowKind kind, SeatSet offer) {
  s.window_ = Reaction{kind, asked_in(s, kind, offer), {}, {}, now, false};
  s.phase_ = Phase::Window;
}

void Rules::open_turn_window() {
  s.phase_ = Phase::Attack;
  const SeatSet offer = turn_window_offer(s);
  if (!offer.empty()) open_window(WindowKind::Turn, offer);
}

void Rules::open_mirror_window() {
  const SeatSet offer = mirror_window_offer(s);
  if (!offer.empty()) open_window(WindowKind::Mirror, offer);
}

// Her answer is hers alone until the window closes: her card stays in her hand meanwhile.
void Rules::answer(Seat seat, Action action) {
  s.window_.answered.add(seat);
  s.window_.answers[size_t(seat)] = action.code;
  if (events) {
    const Decoded d = decode(move_of(action.code));
    events->push_back({Audience::only(seat),
                       d.type == ActionType::Pass ? "window-pass" : "window-answer",
                       d.type == ActionType::Pass
                           ? "Seat " + std::to_string(seat) + " lets the reaction window pass."
                           : "Seat " + std::to_string(seat) + " answers the reaction window: " +
                                 s.action_text(action) + " (when it closes)."});
  }
  if (s.window_.still().empty() && s.window_.past_min) close_window();
}

// The clock at the window's deadline: at the minimum it closes the window if every witch asked
// has answered, else it waits till the longest; then the rest pass.
void Rules::time_up() {
  if (!s.window_.past_min && !s.window_.still().empty()) {
    s.window_.past_min = true;
    return;
  }
  close_window();
}

// "Le premier qui pose sa carte": the first card played in clockwise order (turn window: from
// the holder's left round to the holder; mirror window: from the attacker's left) takes
// effect, so a quick connection is no advantage; the others keep their cards. A mispronounced
// answer throws its spell and is a pass.
void Rules::close_window() {
  const Reaction w = s.window_;
  s.window_ = Reaction{};
  s.phase_ = w.kind == WindowKind::Turn ? Phase::Attack : Phase::Parry;
  const int n = s.options_.players;
  const Seat from = w.kind == WindowKind::Turn ? s.carabosse_ : s.exchange_.attacker;
  Seat winner = kNobody;
  for (int i = 1; i <= n; ++i) {
    const Seat o = Seat((from + i) % n);
    if (!w.answered.contains(o)) continue;
    const Action a{w.answers[size_t(o)]};
    const Decoded d = decode(move_of(a.code));
    if (d.type == ActionType::Pass) continue;
    if (mispronounced(a)) {
      const Kind k = d.type == ActionType::Nananere ? kind_of(Spell::AMoiNananere)
                     : d.type == ActionType::Boule  ? kind_of(Spell::BouleDeCristal)
                                                    : kind_of(Spell::MonBeauMiroir);
      discard(take(o, k));
      say("mispronounced", [&] {
        return "Seat " + std::to_string(o) + " mispronounces a formula: her answer's " +
               std::string(kind_info(k).name) + " is thrown.";
      });
      continue;
    }
    if (winner == kNobody) {
      winner = o;
      continue;
    }
    if (events)
      events->push_back({Audience::only(o), "window-answer-void",
                         "Seat " + std::to_string(winner) +
                             " answered before you in the order: your card stays in your hand."});
  }
  // A window that nobody answered changes nothing at the table: no line in anyone's log (one
  // opens after every turn and every attack).
  if (winner == kNobody) return;
  const Action a{w.answers[size_t(winner)]};
  say("window-closed",
      [&] { return "The reaction window closes: seat " + std::to_string(winner) + " answers."; });
  say("played", [&] { return "Seat " + std::to_string(winner) + ": " + s.action_text(a); });
  const Decoded d = decode(move_of(a.code));
  if (d.type == ActionType::Nananere) return nananere(winner);
  if (d.type == ActionType::Boule) return boule(winner);
  miroir(winner, d.target);
}

// "Cette carte permet de jouer à la place d'un autre joueur, lui faisant perdre ainsi son
// tour de jeu ... C'est le joueur de gauche de celui qui a perdu son tour qui reçoit
// CARABOSSE": she attacks now, and Carabosse then goes on from the holder.
void Rules::nananere(Seat seat) {
  discard(take(seat, kind_of(Spell::AMoiNananere)));
  s.stand_in_ = seat;
  s.phase_ = Phase::Attack;
  say("nananere", [&] {
    return "Seat " + std::to_string(seat) +
           " plays \u00c0 moi, nanan\u00e8re ! and attacks in seat " +
           std::to_string(s.carabosse_) + "'s place.";
  });
}

// "Cette carte permet de doubler une attaque ... sur le joueur de votre choix ... On doit déjà
// résoudre l'attaque normale, puis l'attaque doublée."
void Rules::miroir(Seat seat, Seat target) {
  discard(take(seat, kind_of(Spell::MonBeauMiroir)));
  Exchange& x = s.exchange_;
  x.mirror_by = seat;
  x.mirror_target = target;
  x.mirror_colours = x.colours;
  x.mirror_potions = x.potions;
  say("miroir", [&] {
    return "Seat " + std::to_string(seat) +
           " plays Mon beau miroir: the attack will be doubled on seat " + std::to_string(target) +
           ".";
  });
}

// The doubled attack is the mirror player's: she wins the card if it succeeds, the new
// defender if she parries, "même si le joueur qui a posé l'attaque doublée vient d'être
// éliminé". It is a new attack for the gains.
bool Rules::start_doubled() {
  Exchange& x = s.exchange_;
  if (x.doubled || x.mirror_target == kNobody || s.eliminated(x.mirror_target)) return false;
  // The normal attack's farce is over: its tokens go back into the bowl.
  for (int i = 0; i < x.token_count; ++i) ++s.bowl_[x.tokens[size_t(i)]];
  x.token_count = 0;
  x.doubled = true;
  x.farce = false;
  x.farce_target = x.farce_from = kNobody;
  x.defender = x.mirror_target;
  x.sender = x.mirror_by;
  x.colours = x.mirror_colours;
  x.potions = x.mirror_potions;
  x.gained = {};
  s.phase_ = Phase::Parry;
  say("doubled", [&] {
    return "The doubled attack of Mon beau miroir falls on seat " + std::to_string(x.defender) +
           ".";
  });
  return true;
}

// "Cette carte permet d'échanger avec chacun de vos voisins une carte de votre main ...
// l'échange se fait simultanément avec vos 2 voisins, ainsi vous ne pouvez échanger les cartes
// reçues."
void Rules::boule(Seat seat) {
  discard(take(seat, kind_of(Spell::BouleDeCristal)));
  Crystal& c = s.crystal_;
  c = Crystal{};
  c.player = seat;
  c.left = next_living(seat);
  c.right = previous_living(seat);
  c.step = 0;
  s.phase_ = Phase::Boule;
  say("boule", [&] {
    return "Seat " + std::to_string(seat) +
           " plays Boule de cristal: she and her neighbours each lay a card face down.";
  });
  if (w(seat).hand.empty()) return next_crystal_step();
}

void Rules::give(Seat seat, Kind k) {
  Crystal& c = s.crystal_;
  c.cards[c.step] = take(seat, k);
  ++c.step;
  next_crystal_step();
}

void Rules::next_crystal_step() {
  Crystal& c = s.crystal_;
  const bool one_neighbour = c.left == c.right;
  while (c.step < 4) {
    const bool skipped =
        (one_neighbour && (c.step == 1 || c.step == 3)) || w(c.giver(c.step)).hand.empty();
    if (!skipped) return;
    ++c.step;
  }
  for (int slot = 0; slot < 4; ++slot) {
    const Card card = c.cards[size_t(slot)];
    if (card == kNoCard) continue;
    w(c.receiver(slot)).hand.add(card);
    s.told_[size_t(c.giver(slot))].add(card);
  }
  say("boule-done", [&] { return std::string("The Boule de cristal cards change hands."); });
  s.crystal_ = Crystal{};
  // Still between two attacks: "plus assez de cartes" for whoever gave away her last potion,
  // then the window opens again, with what is now in the hands.
  restock(s.carabosse_, false);
}

}  // namespace sabbat::bal
