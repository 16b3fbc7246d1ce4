// What may be played now, and why anything else may not.
#include <algorithm>

#include "games/bal-des-sorcieres/incantation.hpp"
#include "games/bal-des-sorcieres/rules.hpp"

namespace sabbat::bal {

namespace {

constexpr bool spell_in_attack(Spell sp) {
  switch (sp) {
    case Spell::TresorMagique:
    case Spell::Sortilege:
    case Spell::Remede:
    case Spell::Envoutement:
    case Spell::Enchantement:
    case Spell::Fantome:
    case Spell::Diablotin:
    case Spell::TourDeMagie:
      return true;
    default:
      return false;
  }
}

// The spells played with an attack, in their order: eight of them, or the build fails.
constexpr auto kAttackSpells = [] {
  std::array<uint8_t, 8> out{};
  size_t n = 0;
  for (int sp = 0; sp < kSpells; ++sp)
    if (spell_in_attack(Spell(sp))) out.at(n++) = uint8_t(sp);
  return n == out.size() ? out : throw "eight spells go with an attack";
}();

bool spell_with_parry(Spell sp, bool farce) {
  return sp == Spell::TresorMagique || sp == Spell::Remede || sp == Spell::Abracadabra ||
         sp == Spell::TourDeMagie || (sp == Spell::Diablotin && !farce);
}

std::string spell_name(uint8_t sp) {
  return std::string(kind_info(kind_of(Spell(sp))).name);
}

// The answers that avoid a parry, besides taking the loss: ", balai <seat>", ", baguette".
std::string avoidances(const BalState& s, Seat seat) {
  const Exchange& x = s.exchange();
  const bool cards = !x.farce && !x.doubled;
  const bool sortilege = x.spell == uint8_t(Spell::Sortilege);
  std::string out;
  if (s.count_in_hand(seat, kind_of(Spell::DuBalai)) > 0 && cards && !sortilege)
    out += ", balai <seat>";
  if (s.count_in_hand(seat, kind_of(Spell::BaguetteMagique)) > 0 && cards) out += ", baguette";
  return out;
}

// Potions counted by colour, as "2 rouge" or "1 rouge + 1 vert".
std::string potions_text(const std::array<int, kColours>& n) {
  std::string out;
  for (int c = 0; c < kColours; ++c) {
    if (n[size_t(c)] == 0) continue;
    if (!out.empty()) out += " + ";
    out += std::to_string(n[size_t(c)]) + " " + std::string(kind_info(Kind(c)).slug);
  }
  return out;
}

// Why a parry is short of potions, and what she may answer instead: Abracadabra "remplace une
// potion manquante", one and never grey, and only in her hand.
std::string shortfall(const BalState& s, Seat seat, const Lack& l) {
  const Exchange& x = s.exchange();
  std::array<int, kColours> need{}, missing{};
  for (int i = 0; i < x.potions; ++i) ++need[x.colours[size_t(i)]];
  for (int c = 0; c < kColours; ++c)
    missing[size_t(c)] = std::max(0, need[size_t(c)] - s.count_in_hand(seat, Kind(c)));
  const char* what = x.farce ? "the farce" : x.doubled ? "the doubled attack" : "the attack";
  std::string out = "you lack " + std::to_string(l.missing) +
                    (l.missing == 1 ? " potion" : " potions") + " to parry " + what + " (" +
                    potions_text(need) + "): " + potions_text(missing) + "; ";
  const bool abracadabra = s.count_in_hand(seat, kind_of(Spell::Abracadabra)) > 0;
  const char* why = !abracadabra    ? "you hold no Abracadabra"
                    : l.missing > 1 ? "Abracadabra covers only one missing potion"
                    : l.grey        ? "Abracadabra never replaces a grey potion"
                                    : nullptr;
  std::string ways = (why ? "" : ", parry with abracadabra") + avoidances(s, seat);
  if (!ways.empty()) ways = ways.substr(2) + " or ";
  return out + (why ? std::string(why) + ": " : "") + ways + "take";
}

}  // namespace

template <class Verdict>
typename Verdict::Answer BalState::judge(Seat seat, const Decoded& d, Verdict v) const {
  if (phase_ == Phase::Over) return v.no([&] { return std::string("the game is over"); });
  if (seat < 0 || seat >= options_.players)
    return v.no([&] { return std::string("there is no seat " + std::to_string(seat)); });
  if (!actors().contains(seat)) return v.no([&] { return idle_reason(seat, Action{encode(d)}); });
  const Witch& me = witches_[size_t(seat)];
  auto holds = [&](Kind k) { return (me.hand & kind_cards(k)).size(); };
  const bool spell = d.spell != kNoSpell;
  if (spell && d.spell >= kSpells)
    return v.no([&] { return std::string("there is no such spell"); });
  if (spell && holds(kind_of(Spell(d.spell))) == 0)
    return v.no([&] { return std::string("you hold no " + spell_name(d.spell)); });
  if (d.tresor && d.type != ActionType::Attack && d.type != ActionType::Lutin)
    return v.no([&] {
      return std::string(
          "Tr\u00e9sor magique goes beside a Sortil\u00e8ge or a Lutin farceur only");
    });
  if (d.tresor && holds(kind_of(Spell::TresorMagique)) == 0)
    return v.no([&] { return std::string("you hold no Tr\u00e9sor magique"); });
  if (phase_ == Phase::Window) return judge_window(seat, d, v);
  if (phase_ == Phase::Boule) {
    if (d.type != ActionType::Give)
      return v.no([] {
        return std::string(
            "Boule de cristal: give <card kind> lays one of your cards face down for the "
            "exchange");
      });
    if (d.colour >= kKinds) return v.no([&] { return std::string("there is no such card kind"); });
    return holds(Kind(d.colour))
               ? v.yes()
               : v.no([&] { return "you hold no " + std::string(kind_info(d.colour).name); });
  }
  if (phase_ == Phase::Attack) {
    // "Le joueur qui possède cette carte doit la jouer à son tour à la place d'une attaque."
    const bool lutin = holds(kind_of(Spell::LutinFarceur)) > 0;
    if (d.type == ActionType::Lutin)
      return lutin ? v.yes() : v.no([] { return std::string("you hold no Lutin farceur"); });
    if (lutin)
      return v.no([&] {
        return std::string(
            "you hold a Lutin farceur: it must be played instead of your attack (lutin)");
      });
    if (d.type == ActionType::Pass) {
      if ((me.hand & kPotionCards).empty()) return v.yes();
      return v.no([] {
        return std::string(
            "a witch must always attack (\"il ne peut passer son tour volontairement\"); pass "
            "only without a potion left");
      });
    }
    if (d.type != ActionType::Attack)
      return v.no([&] {
        return std::string(
            "you hold Carabosse: attack a witch (attack <seat> with <n> <colour> [+ spell])");
      });
    if (d.colour >= kColours) return v.no([&] { return std::string("there is no such colour"); });
    if (d.count < 1 || d.count > 2)
      return v.no([&] {
        return std::string("an attack is one potion or two of one colour, not " +
                           std::to_string(d.count));
      });
    if (holds(Kind(d.colour)) < d.count)
      return v.no([&] {
        return std::string("you hold " + std::to_string(holds(Kind(d.colour))) + " " +
                           std::string(kind_info(Kind(d.colour)).name) + " potion(s), not " +
                           std::to_string(d.count));
      });
    const bool sortilege = spell && Spell(d.spell) == Spell::Sortilege;
    if (!sortilege) {
      if (d.target < 0 || d.target >= options_.players || d.target == seat)
        return v.no([&] { return std::string("attack another witch, by her seat"); });
      if (eliminated(d.target))
        return v.no(
            [&] { return std::string("seat " + std::to_string(d.target) + " has left the ball"); });
    } else if (d.target != kNobody) {
      return v.no(
          [&] { return std::string("Sortilège attacks every witch: write \"attack all\""); });
    }
    // Trésor magique "peut se jouer ... lorsqu'une carte SORTILEGE ... est jouée", and the
    // attack stays within "3 cartes au maximum".
    if (d.tresor && !sortilege)
      return v.no([] {
        return std::string(
            "Tr\u00e9sor magique joins an attack as a second spell beside a Sortil\u00e8ge "
            "only; otherwise play it as the attack's spell (+ tresor)");
      });
    if (d.tresor && d.count > 1)
      return v.no([&] {
        return std::string(
            "an attack is 3 cards at most: with Sortil\u00e8ge and Tr\u00e9sor magique, one "
            "potion (attack all with 1 <colour> + sortilege + tresor)");
      });
    if (!spell) return v.yes();
    const Spell sp = Spell(d.spell);
    if (!spell_in_attack(sp))
      return v.no([&] {
        return spell_name(d.spell) + " is not played with an attack" +
               (sp == Spell::LutinFarceur ? " (it is played instead of an attack: lutin)" : "");
      });
    if (sp == Spell::Remede && (me.dead == 0 || me.alive() >= kCrapzouilles))
      return v.no([&] {
        return std::string(
            "Rem\u00e8de needs one of your Crapzouilles dead and room in your coffre");
      });
    if (sp == Spell::Envoutement && !can_capture(*this, seat))
      return v.no([] {
        return std::string(
            "Envo\u00fbtement needs one of your Crapzouilles dead whose place no captive has "
            "taken (\"vient en remplacer un des v\u00f4tres mort\"); attack without it");
      });
    return v.yes();
  }
  if (phase_ == Phase::Inherit) {
    if (d.type != ActionType::Drop)
      return v.no([&] {
        return std::string(
            "you took the hand of the witch you eliminated: drop <card kind> until you "
            "hold " +
            std::to_string(me.hand.size() - exchange_.inherited[size_t(seat)]) + " cards");
      });
    if (d.colour >= kKinds) return v.no([&] { return std::string("there is no such card kind"); });
    return holds(Kind(d.colour))
               ? v.yes()
               : v.no([&] { return "you hold no " + std::string(kind_info(d.colour).name); });
  }
  if (phase_ == Phase::Lose) {
    const bool held = d.target >= 0 && d.target < options_.players && me.coffre[size_t(d.target)];
    if (d.type == ActionType::Lose && held) return v.yes();
    return v.no([&] {
      std::string ways =
          "lose <seat> names whose Crapzouille you lose (your own seat for one of yours; a "
          "captive goes back dead to its owner), one of:";
      for (Seat o = 0; o < options_.players; ++o)
        if (me.coffre[size_t(o)] > 0) ways += " " + std::to_string(o);
      if (d.type != ActionType::Lose) return "you lose a Crapzouille: " + ways;
      return "you hold no Crapzouille of seat " + std::to_string(d.target) + ": " + ways;
    });
  }
  if (phase_ == Phase::Restock) {
    if (d.type != ActionType::Discard)
      return v.no([&] {
        return std::string(
            "you hold no potion (\"plus assez de cartes\"): discard <spell> for each of the "
            "two "
            "spells you throw face up, then you draw two");
      });
    if (d.colour >= kKinds) return v.no([&] { return std::string("there is no such card kind"); });
    return holds(Kind(d.colour))
               ? v.yes()
               : v.no([&] { return "you hold no " + std::string(kind_info(d.colour).name); });
  }
  if (phase_ == Phase::Remake) {
    if (d.type == ActionType::Keep) return v.yes();
    if (d.type != ActionType::Throw)
      return v.no([&] {
        return std::string(
            "Tour de magie: throw <card kind> for each card you do not like, then keep");
      });
    if (d.colour >= kKinds) return v.no([&] { return std::string("there is no such card kind"); });
    return holds(Kind(d.colour))
               ? v.yes()
               : v.no([&] { return "you hold no " + std::string(kind_info(d.colour).name); });
  }
  // Parry.
  switch (d.type) {
    case ActionType::Take: {
      // "Le défenseur doit réaliser une parade magique": with the potions in hand, she
      // parries (or avoids the attack with a spell). Abracadabra stays her choice: it is a
      // spell.
      if (v.lack_of(*this, seat).missing > 0) return v.yes();
      return v.no([&] {
        return "you hold the potions to parry, and \"le d\u00e9fenseur doit r\u00e9aliser "
               "une "
               "parade magique\": parry [+ <spell>]" +
               avoidances(*this, seat);
      });
    }
    case ActionType::Parry: {
      const Lack l = v.lack_of(*this, seat);
      if (spell && !spell_with_parry(Spell(d.spell), exchange_.farce))
        return v.no(
            [&] { return std::string(spell_name(d.spell) + " is not played with a parry"); });
      if (spell && Spell(d.spell) == Spell::Abracadabra) {
        if (l.missing == 0)
          return v.no(
              [&] { return std::string("Abracadabra replaces a missing potion: you miss none"); });
        if (l.missing > 1)
          return v.no([&] {
            return std::string("Abracadabra replaces one missing potion, you miss " +
                               std::to_string(l.missing));
          });
        if (l.grey)
          return v.no([&] { return std::string("Abracadabra never replaces a grey potion"); });
        return v.yes();
      }
      if (l.missing > 0) return v.no([&] { return shortfall(*this, seat, l); });
      if (spell && Spell(d.spell) == Spell::Remede && (me.dead == 0 || me.alive() >= kCrapzouilles))
        return v.no([&] {
          return std::string(
              "Rem\u00e8de needs one of your Crapzouilles dead and room in your coffre");
        });
      return v.yes();
    }
    case ActionType::Balai: {
      if (holds(kind_of(Spell::DuBalai)) == 0)
        return v.no([&] { return std::string("you hold no Du balai"); });
      if (exchange_.farce)
        return v.no([&] { return std::string("a farce is not sent on with Du balai"); });
      if (exchange_.doubled)
        return v.no([&] {
          return std::string(
              "the doubled attack of Mon beau miroir lays no cards: parry it or take the loss");
        });
      if (exchange_.spell == uint8_t(Spell::Sortilege))
        return v.no([&] {
          return std::string(
              "Du balai does not send back a Sortilège, which already attacks everyone");
        });
      if (d.target < 0 || d.target >= options_.players || d.target == seat || eliminated(d.target))
        return v.no(
            [&] { return std::string("send the attack to another witch still at the ball"); });
      if (d.target == exchange_.sender)
        return v.no([&] {
          return std::string("Du balai may not send the attack back to seat " +
                             std::to_string(d.target) + ", who sent it");
        });
      return v.yes();
    }
    case ActionType::Baguette:
      if (exchange_.farce)
        return v.no([&] { return std::string("Baguette magique cancels an attack, not a farce"); });
      if (exchange_.doubled)
        return v.no([&] {
          return std::string(
              "the doubled attack of Mon beau miroir lays no cards to hand back: parry it or "
              "take the loss");
        });
      return holds(kind_of(Spell::BaguetteMagique))
                 ? v.yes()
                 : v.no([] { return std::string("you hold no Baguette magique"); });
    default:
      return v.no([&] {
        return std::string(
            "you are attacked: parry, parry + <spell>, parry with abracadabra, balai <seat>, "
            "baguette or take");
      });
  }
}

template <class Verdict>
typename Verdict::Answer BalState::judge_window(Seat seat, const Decoded& d, Verdict v) const {
  const Witch& me = witches_[size_t(seat)];
  auto holds = [&](Spell sp) { return (me.hand & kind_cards(kind_of(sp))).size() > 0; };
  const bool turn = window_.kind == WindowKind::Turn;
  switch (d.type) {
    case ActionType::Pass:
      return v.yes();
    case ActionType::Nananere:
      if (!turn)
        return v.no([] {
          return std::string(
              "\u00c0 moi, nanan\u00e8re ! is played when a witch receives Carabosse, before "
              "she plays");
        });
      if (!holds(Spell::AMoiNananere))
        return v.no([] { return std::string("you hold no \u00c0 moi, nanan\u00e8re !"); });
      if (seat == carabosse_)
        return v.no([] {
          return std::string(
              "you hold Carabosse: \u00c0 moi, nanan\u00e8re ! takes another witch's turn");
        });
      if (carabosse_ == last_nananere_)
        return v.no([&] {
          return "seat " + std::to_string(carabosse_) +
                 " has just played \u00c0 moi, nanan\u00e8re !: none may be played against her";
        });
      return v.yes();
    case ActionType::Boule:
      if (!turn)
        return v.no([] {
          return std::string(
              "Boule de cristal is played \"toujours en dehors des attaques\": when a witch "
              "receives Carabosse, before she plays");
        });
      if (!holds(Spell::BouleDeCristal))
        return v.no([] { return std::string("you hold no Boule de cristal"); });
      if (me.hand.size() < 1 + neighbours(*this, seat))
        return v.no(
            [] { return std::string("Boule de cristal needs a card to give to each neighbour"); });
      return v.yes();
    case ActionType::Miroir: {
      if (turn)
        return v.no([] {
          return std::string("Mon beau miroir is played during an attack, once it is laid");
        });
      if (!holds(Spell::MonBeauMiroir))
        return v.no([] { return std::string("you hold no Mon beau miroir"); });
      const Exchange& x = exchange_;
      if (d.target < 0 || d.target >= options_.players || eliminated(d.target) ||
          d.target == seat || d.target == x.attacker || d.target == x.defender)
        return v.no([] {
          return std::string(
              "Mon beau miroir doubles the attack on another witch at the ball, \"ni "
              "l'attaquant ni le d\u00e9fenseur\"");
        });
      return v.yes();
    }
    default:
      return v.no([&] {
        return std::string(turn ? "a reaction window is open: pass, nananere or boule"
                                : "a reaction window is open: pass or miroir <seat>");
      });
  }
}

// The two verdicts of `judge`: a yes or no for listing and checking moves, which builds no
// text, and the message that tells a player why not. A listing of parries counts what the
// defender lacks once for all its candidates (`known`).
struct BalState::Allowed {
  using Answer = bool;
  const Lack* known = nullptr;
  static bool yes() { return true; }
  template <class Why>
  static bool no(Why&&) {
    return false;
  }
  Lack lack_of(const BalState& s, Seat seat) const { return known ? *known : lack(s, seat); }
};
struct BalState::Reason {
  using Answer = std::string;
  static std::string yes() { return {}; }
  template <class Why>
  static std::string no(Why&& why) {
    return why();
  }
  static Lack lack_of(const BalState& s, Seat seat) { return lack(s, seat); }
};

bool BalState::allowed(Seat seat, const Decoded& d) const {
  return judge(seat, d, Allowed{});
}

std::string BalState::refusal(Seat seat, const Decoded& d) const {
  return judge(seat, d, Reason{});
}

// What an attack may be made of, read from the hand once: `attack_actions` lists it and
// `random_legal` counts and indexes it, in the same order.
struct BalState::AttackMenu {
  std::array<uint8_t, kColours> potions{};  // of each colour, up to the two an attack may lay
  bool lutin = false;                       // held: it must be played instead of the attack
  bool tresor = false;
  std::array<uint8_t, kSpells + 1> spells{};  // kNoSpell, then the spells she may attack with
  int spell_count = 0;
  std::array<Seat, kMaxPlayers> targets{};  // the other living witches, by seat
  int target_count = 0;
  int pairs = 0;    // (colour, count) choices
  int singles = 0;  // of which one potion
  // How many actions lay `spell`, and all together.
  int block(uint8_t spell) const {
    if (spell != uint8_t(Spell::Sortilege)) return pairs * target_count;
    return pairs + (tresor ? singles : 0);
  }
  int total() const {
    if (lutin) return tresor ? 2 : 1;
    if (pairs == 0) return 1;  // no potion: pass
    int n = 0;
    for (int i = 0; i < spell_count; ++i) n += block(spells[size_t(i)]);
    return n;
  }
};

BalState::AttackMenu BalState::attack_menu(Seat seat) const {
  const Witch& me = witches_[size_t(seat)];
  AttackMenu m;
  auto held = [&](Kind k) { return (me.hand & kind_cards(k)).size(); };
  m.tresor = held(kind_of(Spell::TresorMagique)) > 0;
  m.lutin = held(kind_of(Spell::LutinFarceur)) > 0;
  for (int c = 0; c < kColours; ++c) {
    const int n = std::min(2, held(Kind(c)));
    m.potions[size_t(c)] = uint8_t(n);
    m.pairs += n;
    m.singles += n > 0;
  }
  m.spells[size_t(m.spell_count++)] = kNoSpell;
  for (const uint8_t sp : kAttackSpells) {
    if (held(kind_of(Spell(sp))) == 0) continue;
    if (Spell(sp) == Spell::Remede && !(me.dead > 0 && me.alive() < kCrapzouilles)) continue;
    if (Spell(sp) == Spell::Envoutement && !can_capture(*this, seat)) continue;
    m.spells[size_t(m.spell_count++)] = uint8_t(sp);
  }
  for (Seat t = 0; t < options_.players; ++t)
    if (t != seat && !eliminated(t)) m.targets[size_t(m.target_count++)] = t;
  return m;
}

// The attacks, listed straight from the hand: the attack phase offers hundreds of candidate
// combinations and most are not held. `TheLegalListIsExactlyTheActionsApplyAccepts` (playout
// tests) checks that this gives exactly what `judge` allows.
void BalState::attack_actions(Seat seat, ActionList& out) const {
  const AttackMenu m = attack_menu(seat);
  for (int i = 0, n = m.total(); i < n; ++i) out.push_back(nth_attack(m, i));
}

MaybeAction BalState::lone_attack(Seat seat) const {
  const AttackMenu m = attack_menu(seat);
  if (m.total() != 1) return {};
  return nth_attack(m, 0);
}

// The `i`th action of the menu's list: the spells in order, then the colours, one potion
// before two, then the targets (a Sortilège attacks all, once more with a Trésor magique).
Action BalState::nth_attack(const AttackMenu& m, int i) const {
  if (m.lutin) return Action{encode({ActionType::Lutin, kNobody, 0, 0, kNoSpell, i == 1})};
  if (m.pairs == 0) return Action{encode({ActionType::Pass})};
  int s = 0;
  while (i >= m.block(m.spells[size_t(s)])) i -= m.block(m.spells[size_t(s++)]);
  const uint8_t spell = m.spells[size_t(s)];
  const bool sortilege = spell == uint8_t(Spell::Sortilege);
  for (uint8_t c = 0; c < kColours; ++c)
    for (uint8_t n = 1; n <= m.potions[c]; ++n) {
      if (sortilege) {
        const int here = m.tresor && n == 1 ? 2 : 1;
        if (i < here) return Action{encode({ActionType::Attack, kNobody, c, n, spell, i == 1})};
        i -= here;
      } else {
        if (i < m.target_count)
          return Action{encode({ActionType::Attack, m.targets[size_t(i)], c, n, spell})};
        i -= m.target_count;
      }
    }
  return Action{encode({ActionType::Pass})};  // not reached: i < total()
}

// Uniform over the legal list, as listing it and drawing an index would be, with the same
// draw: the attacks are counted and the drawn one built, not listed.
MaybeAction BalState::random_legal(Seat seat, Rng& rng) const {
  if (phase_ == Phase::Attack && !options_.incantation && actors().contains(seat)) {
    const AttackMenu m = attack_menu(seat);
    return nth_attack(m, int(rng.below(uint32_t(m.total()))));
  }
  thread_local ActionList legal;
  legal_actions(seat, legal);
  if (legal.empty()) return std::nullopt;
  return legal[rng.below(uint32_t(legal.size()))];
}

void BalState::legal_actions(Seat seat, ActionList& out) const {
  moves(seat, out, SIZE_MAX);
  if (options_.incantation) list_incantations(*this, seat, out);
}

// Candidates that need a card are offered only to a witch who holds it; `judge` says the rest.
// The list stops at `cap` moves (the forced move's test needs to know only whether there are
// two), but for an attack, whose moves are counted, not judged.
void BalState::moves(Seat seat, ActionList& out, size_t cap) const {
  out.clear();
  if (!actors().contains(seat)) return;
  const CardSet& hand = witches_[size_t(seat)].hand;
  auto holds = [&](Spell sp) { return !(hand & kind_cards(kind_of(sp))).empty(); };
  Allowed verdict;
  auto offer = [&](const Decoded& d) {
    if (out.size() < cap && judge(seat, d, verdict)) out.push_back(Action{encode(d)});
  };
  switch (phase_) {
    case Phase::Attack:
      attack_actions(seat, out);
      return;
    case Phase::Window:
      offer({ActionType::Pass});
      if (holds(Spell::AMoiNananere)) offer({ActionType::Nananere});
      if (holds(Spell::BouleDeCristal)) offer({ActionType::Boule});
      if (holds(Spell::MonBeauMiroir))
        for (Seat t = 0; t < options_.players; ++t) offer({ActionType::Miroir, t});
      return;
    case Phase::Boule:
      for (uint8_t k = 0; k < kKinds; ++k) offer({ActionType::Give, kNobody, k});
      return;
    case Phase::Inherit:
      for (uint8_t k = 0; k < kKinds; ++k) offer({ActionType::Drop, kNobody, k});
      return;
    case Phase::Lose:
      for (Seat o = 0; o < options_.players; ++o) offer({ActionType::Lose, o});
      return;
    case Phase::Restock:
      for (uint8_t k = kColours; k < kKinds; ++k) offer({ActionType::Discard, kNobody, k});
      return;
    case Phase::Remake:
      for (uint8_t k = 0; k < kKinds; ++k) offer({ActionType::Throw, kNobody, k});
      offer({ActionType::Keep});
      return;
    case Phase::Parry: {
      const Lack l = lack(*this, seat);
      verdict.known = &l;
      offer({ActionType::Parry, kNobody, 0, 0, kNoSpell});
      // Short of potions, only Abracadabra goes with a parry; a spell is judged only when it
      // may go with one. (`judge` decides; these only spare it the candidates it refuses.)
      for (int sp = 0; sp < kSpells; ++sp)
        if ((l.missing == 0 || Spell(sp) == Spell::Abracadabra) &&
            spell_with_parry(Spell(sp), exchange_.farce) && holds(Spell(sp)))
          offer({ActionType::Parry, kNobody, 0, 0, uint8_t(sp)});
      // Neither sends on nor cancels a farce or a doubled attack.
      const bool cards = !exchange_.farce && !exchange_.doubled;
      if (cards && holds(Spell::BaguetteMagique)) offer({ActionType::Baguette});
      if (cards && exchange_.spell != uint8_t(Spell::Sortilege) && holds(Spell::DuBalai))
        for (Seat t = 0; t < options_.players; ++t) offer({ActionType::Balai, t});
      offer({ActionType::Take});
      return;
    }
    case Phase::Over:
      return;
  }
}

Status BalState::apply_move(Seat seat, Action action, GameTime now, Events* events) {
  const Decoded d = decode(move_of(action.code));
  Rules r{*this, events, now};
  if (seat == kClock) {
    // The core lets the clock apply only the deadline's action, at or after it.
    r.time_up();
    return {};
  }
  if (encode(d) != move_of(action.code)) return fail("no such action");
  if (!allowed(seat, d)) return fail(refusal(seat, d));
  // The incantation mode: the formulas read name the potions played, or cancel the move.
  if (auto why = incantation_refusal(*this, seat, action.code); !why.empty()) return fail(why);
  // A reaction window's answer, slip or not, is kept until the window closes.
  if (phase_ == Phase::Window) {
    r.answer(seat, action);
    return {};
  }
  if (events) played_event(seat, action, *events);
  r.named = named_cards(*this, seat, action.code);
  if (mispronounced(action)) {
    miscast(r, seat, d);
    return {};
  }
  switch (d.type) {
    case ActionType::Attack:
      r.attack(seat, d);
      break;
    case ActionType::Parry:
      r.parry(seat, d);
      break;
    case ActionType::Take:
      r.take_loss(seat);
      break;
    case ActionType::Balai:
      r.balai(seat, d.target);
      break;
    case ActionType::Baguette:
      r.baguette(seat);
      break;
    case ActionType::Pass:
      r.pass(seat);
      break;
    case ActionType::Nananere:  // answers: above
    case ActionType::Miroir:
    case ActionType::Boule:
      break;
    case ActionType::Give:
      r.give(seat, Kind(d.colour));
      break;
    case ActionType::TimeUp:
    case ActionType::Forced:
      break;
    case ActionType::Lutin:
      r.lutin(seat, d.tresor);
      break;
    case ActionType::Throw:
      r.throw_card(seat, Kind(d.colour));
      break;
    case ActionType::Keep:
      r.keep(seat);
      break;
    case ActionType::Drop:
      r.drop(seat, Kind(d.colour));
      break;
    case ActionType::Discard:
      r.discard_spell(seat, Kind(d.colour));
      break;
    case ActionType::Lose:
      r.lose_one(seat, d.target);
      break;
  }
  return {};
}

// Every move is told to everyone but a card laid face down for Boule de cristal, which only
// its giver sees (a reaction window's answers are told in reactions.cpp).
void BalState::played_event(Seat seat, Action action, Events& events) const {
  const Decoded d = decode(move_of(action.code));
  if (d.type != ActionType::Give) {
    events.push_back({Audience::everyone(options_.players), "played",
                      "Seat " + std::to_string(seat) + ": " + action_text(action)});
    return;
  }
  Audience others = Audience::everyone(options_.players);
  others.seats.remove(seat);
  events.push_back({others, "played", "Seat " + std::to_string(seat) + " lays a card face down"});
  events.push_back({Audience::only(seat), "played",
                    "Seat " + std::to_string(seat) + ": " + action_text(action)});
}

}  // namespace sabbat::bal
