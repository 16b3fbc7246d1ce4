// What may be played now, and why anything else may not.
#include "games/bal-des-sorcieres/rules.hpp"

namespace sabbat::bal {

namespace {

bool spell_in_attack(Spell sp) {
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

bool spell_with_parry(Spell sp, bool farce) {
  return sp == Spell::TresorMagique || sp == Spell::Remede || sp == Spell::Abracadabra ||
         sp == Spell::TourDeMagie || (sp == Spell::Diablotin && !farce);
}

std::string spell_name(uint8_t sp) {
  return std::string(kind_info(kind_of(Spell(sp))).name);
}

}  // namespace

std::string BalState::refusal(Seat seat, const Decoded& d) const {
  if (phase_ == Phase::Over) return "the game is over";
  if (seat < 0 || seat >= options_.players) return "there is no seat " + std::to_string(seat);
  if (!actors().contains(seat)) return idle_reason(seat, Action{encode(d)});
  const Witch& me = witches_[size_t(seat)];
  auto holds = [&](Kind k) { return (me.hand & kind_cards(k)).size(); };
  bool any_potion = false;
  for (int c = 0; c < kColours; ++c) any_potion = any_potion || holds(Kind(c)) > 0;
  const bool spell = d.spell != kNoSpell;
  if (spell && d.spell >= kSpells) return "there is no such spell";
  if (spell && holds(kind_of(Spell(d.spell))) == 0) return "you hold no " + spell_name(d.spell);
  if (d.tresor && d.type != ActionType::Attack && d.type != ActionType::Lutin)
    return "Tr\u00e9sor magique goes beside a Sortil\u00e8ge or a Lutin farceur only";
  if (d.tresor && holds(kind_of(Spell::TresorMagique)) == 0)
    return "you hold no Tr\u00e9sor magique";
  if (phase_ == Phase::Attack) {
    // "Le joueur qui possède cette carte doit la jouer à son tour à la place d'une attaque."
    const bool lutin = holds(kind_of(Spell::LutinFarceur)) > 0;
    if (d.type == ActionType::Lutin) return lutin ? "" : "you hold no Lutin farceur";
    if (lutin) return "you hold a Lutin farceur: it must be played instead of your attack (lutin)";
    if (d.type == ActionType::Pass)
      return any_potion ? "a witch must always attack (\"il ne peut passer son tour "
                          "volontairement\"); pass only without a potion left"
                        : "";
    if (d.type != ActionType::Attack)
      return "you hold Carabosse: attack a witch (attack <seat> with <n> <colour> [+ spell])";
    if (d.colour >= kColours) return "there is no such colour";
    if (d.count < 1 || d.count > 2)
      return "an attack is one potion or two of one colour, not " + std::to_string(d.count);
    if (holds(Kind(d.colour)) < d.count)
      return "you hold " + std::to_string(holds(Kind(d.colour))) + " " +
             std::string(kind_info(Kind(d.colour)).name) + " potion(s), not " +
             std::to_string(d.count);
    const bool sortilege = spell && Spell(d.spell) == Spell::Sortilege;
    if (!sortilege) {
      if (d.target < 0 || d.target >= options_.players || d.target == seat)
        return "attack another witch, by her seat";
      if (eliminated(d.target)) return "seat " + std::to_string(d.target) + " has left the ball";
    } else if (d.target != kNobody) {
      return "Sortilège attacks every witch: write \"attack all\"";
    }
    // Trésor magique "peut se jouer ... lorsqu'une carte SORTILEGE ... est jouée", and the
    // attack stays within "3 cartes au maximum".
    if (d.tresor && !sortilege)
      return "Tr\u00e9sor magique joins an attack as a second spell beside a Sortil\u00e8ge "
             "only; otherwise play it as the attack's spell (+ tresor)";
    if (d.tresor && d.count > 1)
      return "an attack is 3 cards at most: with Sortil\u00e8ge and Tr\u00e9sor magique, one "
             "potion (attack all with 1 <colour> + sortilege + tresor)";
    if (!spell) return "";
    const Spell sp = Spell(d.spell);
    if (!spell_in_attack(sp))
      return spell_name(d.spell) + " is not played with an attack" +
             (sp == Spell::LutinFarceur ? " (it is played instead of an attack: lutin)" : "");
    if (sp == Spell::Remede && (me.dead == 0 || me.alive() >= kCrapzouilles))
      return "Rem\u00e8de needs one of your Crapzouilles dead and room in your coffre";
    if (sp == Spell::Envoutement && !can_capture(*this, seat))
      return "Envo\u00fbtement needs one of your Crapzouilles dead whose place no captive has "
             "taken (\"vient en remplacer un des v\u00f4tres mort\"); attack without it";
    return "";
  }
  if (phase_ == Phase::Inherit) {
    if (d.type != ActionType::Drop)
      return "you took the hand of the witch you eliminated: drop <card kind> until you hold " +
             std::to_string(me.hand.size() - exchange_.inherited[size_t(seat)]) + " cards";
    if (d.colour >= kKinds) return "there is no such card kind";
    return holds(Kind(d.colour)) ? "" : "you hold no " + std::string(kind_info(d.colour).name);
  }
  if (phase_ == Phase::Lose) {
    const bool held = d.target >= 0 && d.target < options_.players && me.coffre[size_t(d.target)];
    if (d.type == ActionType::Lose && held) return "";
    std::string ways =
        "lose <seat> names whose Crapzouille you lose (your own seat for one of yours; a captive "
        "goes back dead to its owner), one of:";
    for (Seat o = 0; o < options_.players; ++o)
      if (me.coffre[size_t(o)] > 0) ways += " " + std::to_string(o);
    if (d.type != ActionType::Lose) return "you lose a Crapzouille: " + ways;
    return "you hold no Crapzouille of seat " + std::to_string(d.target) + ": " + ways;
  }
  if (phase_ == Phase::Restock) {
    if (d.type != ActionType::Discard)
      return "you hold no potion (\"plus assez de cartes\"): discard <spell> for each of the two "
             "spells you throw face up, then you draw two";
    if (d.colour >= kKinds) return "there is no such card kind";
    return holds(Kind(d.colour)) ? "" : "you hold no " + std::string(kind_info(d.colour).name);
  }
  if (phase_ == Phase::Remake) {
    if (d.type == ActionType::Keep) return "";
    if (d.type != ActionType::Throw)
      return "Tour de magie: throw <card kind> for each card you do not like, then keep";
    if (d.colour >= kKinds) return "there is no such card kind";
    return holds(Kind(d.colour)) ? "" : "you hold no " + std::string(kind_info(d.colour).name);
  }
  // Parry.
  switch (d.type) {
    case ActionType::Take: {
      // "Le défenseur doit réaliser une parade magique": with the potions in hand, she parries
      // (or avoids the attack with a spell). Abracadabra stays her choice: it is a spell.
      if (lack(*this, seat).missing > 0) return "";
      std::string ways = "parry [+ <spell>]";
      const bool sortilege = exchange_.spell == uint8_t(Spell::Sortilege);
      if (holds(kind_of(Spell::DuBalai)) && !exchange_.farce && !sortilege)
        ways += ", balai <seat>";
      if (holds(kind_of(Spell::BaguetteMagique)) && !exchange_.farce) ways += ", baguette";
      return "you hold the potions to parry, and \"le d\u00e9fenseur doit r\u00e9aliser une "
             "parade magique\": " +
             ways;
    }
    case ActionType::Parry: {
      const Lack l = lack(*this, seat);
      if (spell && !spell_with_parry(Spell(d.spell), exchange_.farce))
        return spell_name(d.spell) + " is not played with a parry";
      if (spell && Spell(d.spell) == Spell::Abracadabra) {
        if (l.missing == 0) return "Abracadabra replaces a missing potion: you miss none";
        if (l.missing > 1)
          return "Abracadabra replaces one missing potion, you miss " + std::to_string(l.missing);
        if (l.grey) return "Abracadabra never replaces a grey potion";
        return "";
      }
      if (l.missing > 0)
        return "you lack " + std::to_string(l.missing) +
               " potion(s) of the attack's colour: parry with abracadabra, or take";
      if (spell && Spell(d.spell) == Spell::Remede && (me.dead == 0 || me.alive() >= kCrapzouilles))
        return "Rem\u00e8de needs one of your Crapzouilles dead and room in your coffre";
      return "";
    }
    case ActionType::Balai: {
      if (holds(kind_of(Spell::DuBalai)) == 0) return "you hold no Du balai";
      if (exchange_.farce) return "a farce is not sent on with Du balai";
      if (exchange_.spell == uint8_t(Spell::Sortilege))
        return "Du balai does not send back a Sortilège, which already attacks everyone";
      if (d.target < 0 || d.target >= options_.players || d.target == seat || eliminated(d.target))
        return "send the attack to another witch still at the ball";
      if (d.target == exchange_.sender)
        return "Du balai may not send the attack back to seat " + std::to_string(d.target) +
               ", who sent it";
      return "";
    }
    case ActionType::Baguette:
      if (exchange_.farce) return "Baguette magique cancels an attack, not a farce";
      return holds(kind_of(Spell::BaguetteMagique)) ? "" : "you hold no Baguette magique";
    default:
      return "you are attacked: parry, parry + <spell>, parry with abracadabra, balai <seat>, "
             "baguette or take";
  }
}

void BalState::legal_actions(Seat seat, ActionList& out) const {
  out.clear();
  if (!actors().contains(seat)) return;
  auto offer = [&](const Decoded& d) {
    if (refusal(seat, d).empty()) out.push_back(Action{encode(d)});
  };
  std::array<uint8_t, kSpells + 1> spells{};
  int n_spells = 0;
  spells[size_t(n_spells++)] = kNoSpell;
  for (int sp = 0; sp < kSpells; ++sp)
    if (count_in_hand(seat, kind_of(Spell(sp))) > 0) spells[size_t(n_spells++)] = uint8_t(sp);
  if (phase_ == Phase::Attack) {
    offer({ActionType::Pass});
    offer({ActionType::Lutin});
    offer({ActionType::Lutin, kNobody, 0, 0, kNoSpell, true});
    for (int sp = 0; sp < n_spells; ++sp)
      for (uint8_t c = 0; c < kColours; ++c)
        for (uint8_t n = 1; n <= 2; ++n) {
          const uint8_t spell = spells[size_t(sp)];
          if (spell == uint8_t(Spell::Sortilege)) {
            offer({ActionType::Attack, kNobody, c, n, spell});
            offer({ActionType::Attack, kNobody, c, n, spell, true});
            continue;
          }
          for (Seat t = 0; t < options_.players; ++t) offer({ActionType::Attack, t, c, n, spell});
        }
    return;
  }
  if (phase_ == Phase::Inherit) {
    for (uint8_t k = 0; k < kKinds; ++k) offer({ActionType::Drop, kNobody, k});
    return;
  }
  if (phase_ == Phase::Lose) {
    for (Seat o = 0; o < options_.players; ++o) offer({ActionType::Lose, o});
    return;
  }
  if (phase_ == Phase::Restock) {
    for (uint8_t k = kColours; k < kKinds; ++k) offer({ActionType::Discard, kNobody, k});
    return;
  }
  if (phase_ == Phase::Remake) {
    for (uint8_t k = 0; k < kKinds; ++k) offer({ActionType::Throw, kNobody, k});
    offer({ActionType::Keep});
    return;
  }
  for (int sp = 0; sp < n_spells; ++sp)
    offer({ActionType::Parry, kNobody, 0, 0, spells[size_t(sp)]});
  offer({ActionType::Baguette});
  for (Seat t = 0; t < options_.players; ++t) offer({ActionType::Balai, t});
  offer({ActionType::Take});
}

Status BalState::do_apply(Seat seat, Action action, GameTime now, Events* events) {
  const Decoded d = decode(action.code);
  if (encode(d) != action.code) return fail("no such action");
  if (std::string why = refusal(seat, d); !why.empty()) return fail(why);
  set_now(now);
  if (events)
    events->push_back({Audience::everyone(options_.players), "played",
                       "Seat " + std::to_string(seat) + ": " + action_text(action)});
  Rules r{*this, events};
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

}  // namespace sabbat::bal
