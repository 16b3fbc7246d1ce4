// The course of the game: attacks, parries, losses, Carabosse and the Chat Noir, the round.
#include <algorithm>

#include "games/bal-des-sorcieres/rules.hpp"

namespace sabbat::bal {

namespace {

std::string seat_name(Seat s) {
  return "Seat " + std::to_string(s);
}

}  // namespace

Lack lack(const BalState& s, Seat seat) {
  const Exchange& x = s.exchange();
  std::array<int, kColours> need{};
  for (int i = 0; i < x.potions; ++i) ++need[x.colours[size_t(i)]];
  Lack out;
  for (int c = 0; c < kColours; ++c) {
    const int short_by = need[size_t(c)] - s.count_in_hand(seat, Kind(c));
    if (short_by <= 0) continue;
    out.missing += short_by;
    out.grey = out.grey || c == int(Colour::Gris);
  }
  return out;
}

bool can_capture(const BalState& s, Seat seat) {
  const Witch& w = s.witch_at(seat);
  const int captives = w.alive() - w.coffre[size_t(seat)];
  return captives < w.dead;
}

// "Mélangez bien les cartes de la défausse avant de les remettre dans la pioche": the pile is
// a set drawn uniformly, so moving the discard into it is the shuffle.
Card Rules::draw() {
  if (s.pile_size_ == 0) {
    for (int i = 0; i < s.discard_size_; ++i) s.pile_[s.pile_size_++] = s.discard_[size_t(i)];
    s.discard_size_ = 0;
    s.discarded_ = {};
  }
  if (s.pile_size_ == 0) return kNoCard;
  const auto at = s.rng_.below(s.pile_size_);
  const Card c = s.pile_[at];
  s.pile_[at] = s.pile_[--s.pile_size_];
  return c;
}

void Rules::gain(Seat seat, int n) {
  for (int i = 0; i < n; ++i) {
    const Card c = draw();
    if (c == kNoCard) return;
    w(seat).hand.add(c);
  }
}

void Rules::discard(Card c) {
  s.discard_[s.discard_size_++] = c;
  s.discarded_.add(c);
}

// The lowest card of a kind: cards of one kind are alike for the rules. A formula read names
// its card.
Card Rules::take(Seat seat, Kind k) {
  CardSet both = w(seat).hand & kind_cards(k);
  if (const CardSet read = both & named; !read.empty()) both = read;
  const Card c =
      both.w[0] ? Card(__builtin_ctzll(both.w[0])) : Card(64 + __builtin_ctzll(both.w[1]));
  w(seat).hand.remove(c);
  w(seat).known.remove(c);
  forget(c);
  return c;
}

void Rules::forget(Card c) {
  for (CardSet& t : s.told_) t.remove(c);
}

bool Rules::has_potion(Seat seat) const {
  return !(s.witch_at(seat).hand & kPotionCards).empty();
}

bool Rules::potions_left() const {
  for (int i = 0; i < s.pile_size_; ++i)
    if (is_potion_card(s.pile_[size_t(i)])) return true;
  return !(s.discarded_ & kPotionCards).empty();
}

// "Un joueur ... qui ne possède plus que 2 cartes en main, en pioche 2 supplémentaires avant ou
// après une attaque, mais jamais pendant": everyone's two cards come first.
void Rules::restock(Seat from, bool then_turn) {
  const int n = s.options_.players;
  s.restock_ = {};
  for (int i = 0; i < n; ++i) {
    const Seat o = Seat((from + i) % n);
    if (s.eliminated(o)) continue;
    if (w(o).hand.size() <= 2) gain(o, 2);
    s.restock_.add(o);
  }
  s.restock_at_ = from;
  s.restock_thrown_ = 0;
  s.restock_then_turn_ = then_turn;
  continue_restock();
}

// "Un joueur ... qui ne possède plus aucune carte Potion dans sa main, se défausse de 2 cartes
// Sort (faces visibles) et en repioche 2. L'opération est renouvelée jusqu'à ce que le joueur
// puisse jouer" — or until no potion is left to come. Which two spells is hers to say.
void Rules::continue_restock() {
  while (!s.restock_.empty()) {
    const Seat o = s.restock_at_;
    if (s.restock_.contains(o)) {
      while (!has_potion(o) && potions_left()) {
        if (!w(o).hand.empty()) {
          s.phase_ = Phase::Restock;
          return;
        }
        gain(o, 2);  // nothing to throw
      }
      s.restock_.remove(o);
    }
    s.restock_at_ = Seat((o + 1) % s.options_.players);
  }
  if (s.restock_then_turn_)
    next_turn();
  else
    open_turn_window();
}

void Rules::discard_spell(Seat seat, Kind k) {
  discard(take(seat, k));
  if (++s.restock_thrown_ == 2 || w(seat).hand.empty()) {
    s.restock_thrown_ = 0;
    gain(seat, 2);
    say("restock", [&] { return seat_name(seat) + " has thrown two spells and draws two cards."; });
  }
  continue_restock();
}

// Envoûtement "permet de capturer un Crapzouille adverse": one of her own moves to the
// captor's coffre; if none of hers is left, a captive she holds.
void Rules::capture(Seat seat, Seat captor) {
  Witch& v = w(seat);
  Seat owner = seat;
  for (Seat o = 0; o < s.options_.players && v.coffre[size_t(owner)] == 0; ++o) owner = o;
  if (v.coffre[size_t(owner)] == 0) return;
  --v.coffre[size_t(owner)];
  ++w(captor).coffre[size_t(owner)];
  say("captured", [&] {
    const std::string from = "seat " + std::to_string(seat);
    if (owner == seat) return seat_name(captor) + " captures a Crapzouille from " + from + ".";
    return seat_name(captor) + " captures a Crapzouille of seat " + std::to_string(owner) +
           " from " + from + ".";
  });
}

// One of `owner`'s Crapzouilles dies in the coffre of `seat`. A captive: "il le rend à son
// propriétaire qui le compte comme un Crapzouille mort".
void Rules::kill(Seat seat, Seat owner) {
  --w(seat).coffre[size_t(owner)];
  ++w(owner).dead;
  say("crapzouille-lost", [&] {
    const std::string left = std::to_string(w(seat).alive()) + " left.";
    if (owner == seat) return seat_name(seat) + " loses a Crapzouille; " + left;
    return seat_name(seat) + " loses a captive Crapzouille, back dead to seat " +
           std::to_string(owner) + "; " + left;
  });
}

void Rules::inflict(Seat seat, int losses, Seat by) {
  Exchange& x = s.exchange_;
  x.loser = seat;
  x.losses = uint8_t(losses);
  x.loss_by = by;
  resume_losses();
}

// "Le nouveau possesseur peut éliminer ce Crapzouille s'il subit une perte": with Crapzouilles
// of more than one owner in her coffre, the loser says whose she loses.
void Rules::resume_losses() {
  Exchange& x = s.exchange_;
  while (x.losses > 0 && w(x.loser).alive() > 0) {
    int owners = 0;
    Seat owner = kNobody;
    for (Seat o = 0; o < s.options_.players; ++o)
      if (w(x.loser).coffre[size_t(o)] > 0) ++owners, owner = o;
    if (owners > 1) {
      s.phase_ = Phase::Lose;
      return;
    }
    kill(x.loser, owner);
    --x.losses;
  }
  const Seat seat = x.loser;
  const Seat by = x.loss_by;
  x.loser = x.loss_by = kNobody;
  x.losses = 0;
  s.phase_ = Phase::Parry;
  eliminate_if_out(seat, by);
  after_defence();
}

void Rules::lose_one(Seat seat, Seat owner) {
  kill(seat, owner);
  --s.exchange_.losses;
  resume_losses();
}

// "Une sorcière est éliminée lorsque tous ses Crapzouilles ont été éliminés. Le joueur
// défausse toutes ses cartes."
//
// Option (niveau difficile): "le joueur doit donner son jeu de cartes à celui qui l'a éliminé.
// Ce dernier peut choisir d'échanger des cartes d'un jeu à l'autre; cependant, il doit avoir
// autant de cartes qu'il en avait avant" — she takes the hand, and when the exchange ends
// drops as many cards as she took: what she wins or draws meanwhile stays hers.
void Rules::eliminate_if_out(Seat seat, Seat by) {
  Witch& v = w(seat);
  if (v.out_rank != 0 || v.alive() > 0) return;
  v.out_rank = ++s.eliminated_count_;
  const bool inherit = s.options_.heritage && by != kNobody && by != seat && !s.eliminated(by);
  s.exchange_.inherited[size_t(seat)] = 0;  // an heir who leaves gives all she holds
  if (inherit)
    s.exchange_.inherited[size_t(by)] = uint8_t(s.exchange_.inherited[size_t(by)] + v.hand.size());
  for (int c = 0; c < kCards; ++c)
    if (v.hand.has(Card(c))) {
      if (inherit) {
        w(by).hand.add(Card(c));
        s.told_[size_t(by)].remove(Card(c));  // now in her own hand
      } else {
        discard(Card(c));
        forget(Card(c));
      }
    }
  v.hand = {};
  v.known = {};
  s.exchange_.waiting.remove(seat);
  say("eliminated",
      [&] { return seat_name(seat) + " has lost her last Crapzouille and leaves the ball."; });
  if (s.eliminated_count_ == s.options_.players - 1) s.phase_ = Phase::Over;
  // The Chat Noir goes to the left when its holder leaves.
  if (seat == s.first_) s.first_ = next_living(seat);
}

Seat Rules::next_living(Seat from) const {
  const int n = s.options_.players;
  for (int i = 1; i <= n; ++i) {
    const Seat x = Seat((from + i) % n);
    if (!s.eliminated(x)) return x;
  }
  return from;
}

Seat Rules::previous_living(Seat from) const {
  const int n = s.options_.players;
  for (int i = 1; i <= n; ++i) {
    const Seat x = Seat((from - i + n) % n);
    if (!s.eliminated(x)) return x;
  }
  return from;
}

void Rules::attack(Seat seat, const Decoded& d) {
  Exchange& x = s.exchange_;
  x = Exchange{};
  x.attacker = seat;
  x.sender = seat;
  x.potions = d.count;
  for (int i = 0; i < d.count; ++i) {
    x.colours[size_t(i)] = d.colour;
    x.cards[x.card_count++] = take(seat, Kind(d.colour));
  }
  x.spell = d.spell;
  if (d.spell != kNoSpell) x.cards[x.card_count++] = take(seat, kind_of(Spell(d.spell)));
  if (d.tresor) {
    x.cards[x.card_count++] = take(seat, kind_of(Spell::TresorMagique));
    x.tresor = true;
  }
  if (Spell(d.spell) == Spell::Sortilege && d.spell != kNoSpell) {
    // "Tu attaques tous les joueurs en même temps": they parry one after another, clockwise.
    for (Seat o = 0; o < s.options_.players; ++o)
      if (o != seat && !s.eliminated(o)) x.waiting.add(o);
    x.defender = next_living(seat);
    x.waiting.remove(x.defender);
  } else {
    x.defender = d.target;
  }
  if (d.spell == uint8_t(Spell::TourDeMagie)) x.magician = seat;
  // Diablotin with an attack: its farce follows, on the same witch.
  if (d.spell == uint8_t(Spell::Diablotin)) {
    x.farce_target = d.target;
    x.farce_from = seat;
  }
  // "Avant d'attaquer un joueur, cette carte permet de lui faire perdre 1 carte tirée au
  // hasard qui est posée face visible sur le paquet de cartes défaussées."
  if (d.spell == uint8_t(Spell::Enchantement)) {
    Witch& v = w(x.defender);
    const int n = v.hand.size();
    if (n > 0) {
      int skip = int(s.rng_.below(uint32_t(n)));
      for (int c = 0; c < kCards; ++c) {
        if (!v.hand.has(Card(c)) || skip-- > 0) continue;
        v.hand.remove(Card(c));
        v.known.remove(Card(c));
        forget(Card(c));
        discard(Card(c));
        break;
      }
    }
  }
  s.phase_ = Phase::Parry;
  // Mon beau miroir "n'est pas forcément dirigée contre vous": a Sortilège attacks everyone,
  // so it leaves nobody to double it on.
  if (x.waiting.empty() && x.spell != uint8_t(Spell::Sortilege)) open_mirror_window();
}

void Rules::parry(Seat seat, const Decoded& d) {
  Exchange& x = s.exchange_;
  for (int i = 0; i < x.potions; ++i)
    if (has(seat, Kind(x.colours[size_t(i)]))) discard(take(seat, Kind(x.colours[size_t(i)])));
  if (d.spell != kNoSpell) discard(take(seat, kind_of(Spell(d.spell))));
  if (d.spell == uint8_t(Spell::TresorMagique)) gain(seat, 2);
  if (d.spell == uint8_t(Spell::Remede)) {
    --w(seat).dead;
    ++w(seat).coffre[size_t(seat)];
  }
  // "En cas de parade réussie, le joueur gagne 1 carte."
  if (!x.gained.contains(seat)) {
    gain(seat, 1);
    x.gained.add(seat);
    say("card-won", [&] { return seat_name(seat) + " parries and wins a card."; });
  }
  if (d.spell == uint8_t(Spell::TourDeMagie)) x.magician = seat;
  // Diablotin with a parry: its farce then attacks the attacker (of the doubled attack, the
  // mirror's player).
  if (d.spell == uint8_t(Spell::Diablotin)) {
    x.farce_target = x.doubled ? x.mirror_by : x.attacker;
    x.farce_from = seat;
  }
  // Fantôme: "si le défenseur réussit sa parade, alors c'est vous qui perdez 1 Crapzouille."
  // The attack's spell stays with the normal attack: a doubled attack is its potions.
  if (x.spell == uint8_t(Spell::Fantome) && !x.farce && !x.doubled)
    return inflict(x.attacker, 1, seat);
  after_defence();
}

// "S'il ne parvient pas à réaliser la parade, il perd un Crapzouille."
void Rules::take_loss(Seat seat) {
  Exchange& x = s.exchange_;
  const Seat by = x.assailant();
  const bool self = seat == by;
  // "En cas d'attaque réussie, le joueur gagne 1 carte."
  if (!self && !x.gained.contains(by) && !s.eliminated(by)) {
    gain(by, 1);
    x.gained.add(by);
    say("card-won", [&] { return seat_name(by) + " wins a card: the attack succeeds."; });
  }
  const bool own_spell = !x.farce && !x.doubled;
  if (x.spell == uint8_t(Spell::Envoutement) && !self && own_spell && can_capture(s, x.attacker)) {
    capture(seat, x.attacker);
    return inflict(seat, 0, by);
  }
  inflict(seat, x.spell == uint8_t(Spell::Fantome) && own_spell ? 2 : 1, by);
}

// "Cette carte permet d'éviter une attaque en la renvoyant sur le joueur de son choix sauf
// sur celui qui a attaqué" (or, later, the one who sent it).
void Rules::balai(Seat seat, Seat to) {
  discard(take(seat, kind_of(Spell::DuBalai)));
  Exchange& x = s.exchange_;
  x.sender = seat;
  x.defender = to;
  // The attack moves with its spell: an attacking Diablotin's farce follows it.
  if (x.farce_target != kNobody && x.farce_from == x.attacker) x.farce_target = to;
}

// "Cette carte annule l'attaque portée contre vous et fait perdre son tour à l'attaquant.
// L'attaquant reprend toutes ses cartes."
void Rules::baguette(Seat seat) {
  discard(take(seat, kind_of(Spell::BaguetteMagique)));
  Exchange& x = s.exchange_;
  // A Sortilège attacks every witch: the Baguette cancels "l'attaque portée contre vous" only.
  // The cards stay on the table for the others, so they cannot go back to the attacker.
  if (x.spell == uint8_t(Spell::Sortilege)) return after_defence();
  for (int i = 0; i < x.card_count; ++i) {
    w(x.attacker).hand.add(x.cards[size_t(i)]);
    w(x.attacker).known.add(x.cards[size_t(i)]);
  }
  x.card_count = 0;
  x.waiting = {};
  end_exchange(true);
}

void Rules::pass(Seat) {
  next_turn();
}

// "Le joueur qui possède cette carte doit la jouer à son tour à la place d'une attaque ... La
// FARCE doit être résolue comme une attaque contre lui-même."
void Rules::lutin(Seat seat, bool tresor) {
  Exchange& x = s.exchange_;
  x = Exchange{};
  x.attacker = x.sender = seat;
  x.spell = uint8_t(Spell::LutinFarceur);
  x.cards[x.card_count++] = take(seat, kind_of(Spell::LutinFarceur));
  // Trésor magique "peut se jouer ... lorsqu'une carte LUTIN FARCEUR est jouée": two cards at
  // once, before the farce (no Baguette magique can hand a Lutin back).
  if (tresor) {
    x.cards[x.card_count++] = take(seat, kind_of(Spell::TresorMagique));
    gain(seat, 2);
  }
  s.phase_ = Phase::Parry;
  if (!launch_farce(seat, seat)) end_exchange(false);
}

bool Rules::launch_farce(Seat from, Seat target) {
  Exchange& x = s.exchange_;
  for (int i = 0; i < 2; ++i) {
    int total = 0;
    for (uint8_t n : s.bowl_) total += n;
    int r = int(s.rng_.below(uint32_t(total)));
    uint8_t t = 0;
    while (r >= s.bowl_[t]) r -= s.bowl_[t++];
    --s.bowl_[t];
    x.tokens[x.token_count++] = t;
  }
  x.farce = true;
  x.farce_from = x.sender = from;
  x.defender = target;
  x.potions = 0;
  for (int i = 0; i < x.token_count; ++i)
    if (x.tokens[size_t(i)] != kWhite) x.colours[x.potions++] = x.tokens[size_t(i)];
  say("farce", [&] {
    return "Seat " + std::to_string(from) + " draws two farce tokens" +
           (x.potions == 0 ? ": both white, the farce fails." : ".");
  });
  return x.potions > 0;
}

void Rules::after_defence() {
  Exchange& x = s.exchange_;
  if (s.phase_ == Phase::Over) return end_exchange(false);
  if (x.waiting.empty() && x.farce_target != kNobody) {
    const Seat target = x.farce_target;
    x.farce_target = kNobody;
    if (!s.eliminated(target) && launch_farce(x.farce_from, target)) return;
  }
  if (!x.waiting.empty()) {
    Seat next = x.defender;
    do next = next_living(next);
    while (!x.waiting.contains(next));
    x.waiting.remove(next);
    x.defender = next;
    return;
  }
  if (start_doubled()) return;
  end_exchange(false);
}

void Rules::end_exchange(bool cancelled) {
  Exchange& x = s.exchange_;
  const Seat attacker = x.attacker;
  for (int i = 0; i < x.card_count; ++i) discard(x.cards[size_t(i)]);
  for (int i = 0; i < x.token_count; ++i) ++s.bowl_[x.tokens[size_t(i)]];
  // The attack's own gifts come once the attack stands: Baguette magique hands the cards back.
  if (!cancelled && !s.eliminated(attacker)) {
    if (x.spell == uint8_t(Spell::TresorMagique) || x.tresor) gain(attacker, 2);
    if (x.spell == uint8_t(Spell::Remede) && w(attacker).dead > 0 &&
        w(attacker).alive() < kCrapzouilles) {
      --w(attacker).dead;
      ++w(attacker).coffre[size_t(attacker)];
    }
  }
  x.card_count = x.token_count = 0;
  if (cancelled) x.magician = kNobody;
  settle();
}

void Rules::settle() {
  Exchange& x = s.exchange_;
  if (s.phase_ == Phase::Over) return finish_exchange();
  for (Seat o = 0; o < s.options_.players; ++o) {
    uint8_t& left = x.inherited[size_t(o)];
    // She may have played inherited cards meanwhile: never more to drop than she holds.
    left = uint8_t(std::min<int>(left, w(o).hand.size()));
    if (left > 0) {
      x.heir = o;
      s.phase_ = Phase::Inherit;
      return;
    }
  }
  x.heir = kNobody;
  if (x.magician != kNobody && !s.eliminated(x.magician)) {
    s.phase_ = Phase::Remake;
    return;
  }
  finish_exchange();
}

// Inherited or her own, each card dropped goes face up to the discard pile.
void Rules::drop(Seat seat, Kind k) {
  discard(take(seat, k));
  --s.exchange_.inherited[size_t(seat)];
  settle();
}

void Rules::finish_exchange() {
  s.exchange_ = Exchange{};
  if (s.phase_ == Phase::Over) return;
  restock(s.carabosse_, true);
}

// "Se refaire un jeu de cartes en jetant toutes celles qui ne vous plaisent pas et d'en
// reprendre autant. La carte elle-même n'est pas comptée dans la reprise." Thrown face up.
void Rules::throw_card(Seat seat, Kind k) {
  discard(take(seat, k));
  ++s.exchange_.thrown;
}

void Rules::keep(Seat seat) {
  gain(seat, s.exchange_.thrown);
  s.exchange_.magician = kNobody;
  settle();
}

// "Quand un joueur a fini de jouer, il passe CARABOSSE à son voisin de gauche."
void Rules::next_turn() {
  const int n = s.options_.players;
  auto dist = [&](Seat x) { return (x - s.tour_start_ + n) % n; };
  const Seat from = s.carabosse_;
  const Seat to = next_living(from);
  s.phase_ = Phase::Attack;
  s.exchange_ = Exchange{};
  s.last_nananere_ = s.stand_in_;
  s.stand_in_ = kNobody;
  if (dist(to) > dist(from)) {
    s.carabosse_ = to;
    return open_turn_window();
  }
  if (s.tour_ == 1) {
    s.tour_ = 2;  // the Chat Noir turns to Tour 2
    s.carabosse_ = s.tour_start_ = s.first_;
    say("tour", [] { return std::string("The Chat Noir turns: second Tour de Table."); });
    return open_turn_window();
  }
  // End of the round: Carabosse and the Chat Noir go to the left.
  s.first_ = next_living(s.first_);
  s.carabosse_ = s.tour_start_ = s.first_;
  s.tour_ = 1;
  ++s.round_;
  grand_sabbat();
}

// "Chaque Crapzouille vivant permet de piocher 1 carte avec un maximum de 10 cartes en main",
// from the new first player round the table.
void Rules::grand_sabbat() {
  const int n = s.options_.players;
  for (int i = 0; i < n; ++i) {
    const Seat o = Seat((s.first_ + i) % n);
    if (s.eliminated(o)) continue;
    const int room = kHandSize - w(o).hand.size();
    gain(o, std::min(room, w(o).alive()));
  }
  say("grand-sabbat", [&] {
    return "Round " + std::to_string(s.round_) + ": Grand Sabbat; " + seat_name(s.first_) +
           " holds Carabosse and the Chat Noir.";
  });
  restock(s.first_, false);
}

}  // namespace sabbat::bal
