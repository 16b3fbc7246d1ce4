// The incantation mode: which cards a move reads aloud, how a reading is written and checked,
// and what a slip costs. "Lorsque vous jouez des cartes, aussi bien Potion que des cartes
// Sort, vous devez toujours lire sa formule à haute voix ... Si vous commettez une faute de
// prononciation sur une carte alors le coup est entièrement annulé."
#include "games/bal-des-sorcieres/incantation.hpp"

#include <vector>

#include "games/bal-des-sorcieres/rules.hpp"

namespace sabbat::bal {

namespace {

// Each colour's ingredients in the order its cards first show them, and each card's index.
struct Ingredients {
  std::array<int8_t, kCards> of{};
  std::array<std::array<std::string_view, kMaxIngredients>, kColours> names{};
  std::array<int, kColours> count{};
};

const Ingredients& ingredients() {
  static const Ingredients table = [] {
    Ingredients t;
    for (Kind k = 0; k < kColours; ++k) {
      const Card first = first_card(k);
      for (int i = 0; i < kind_info(k).count; ++i) {
        const std::string_view name = card_name(Card(first + i));
        int at = 0;
        while (at < t.count[k] && t.names[k][size_t(at)] != name) ++at;
        if (at == t.count[k] && at < kMaxIngredients) t.names[k][size_t(t.count[k]++)] = name;
        t.of[size_t(first + i)] = int8_t(at);
      }
    }
    return t;
  }();
  return table;
}

// How many potions of each colour and ingredient a hand holds.
using Held = std::array<std::array<int, kMaxIngredients>, kColours>;
Held held_by(const BalState& s, Seat seat) {
  Held held{};
  if (seat < 0 || seat >= s.players()) return held;
  const CardSet& hand = s.witch_at(seat).hand;
  for (Card c = 0; c < kPotions; ++c)
    if (hand.has(c) && ingredient_of(c) < kMaxIngredients)
      ++held[card_kind(c)][size_t(ingredient_of(c))];
  return held;
}

// What a formula sounds like: case, runs of spaces and the typographic apostrophe do not
// change it; accents and every letter do.
std::string spoken(std::string_view text) {
  std::string out;
  bool space = false;
  for (size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c == ' ' || c == '\t') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    if (c >= 'A' && c <= 'Z') {
      out += char(c + ('a' - 'A'));
    } else if (c == 0xC3 && next >= 0x80 && next <= 0x9E && next != 0x97) {
      out += char(c);  // À..Þ to à..þ, × aside
      out += char(next + 0x20);
      ++i;
    } else if (c == 0xC5 && next == 0x92) {
      out += "\xC5\x93";  // Œ to œ
      ++i;
    } else if (text.substr(i, 3) == "\u2019") {
      out += '\'';
      i += 2;
    } else {
      out += char(c);
    }
  }
  return out;
}

std::string_view spell_formula(Kind k) {
  return kind_info(k).name;
}

// The move's text alone, and how its formulas are to be written.
std::string expected(const BalState& s, Seat seat, uint32_t move) {
  const std::string text = s.action_text(Action{move});
  const MoveCards cards = move_cards(s, decode(move));
  const unsigned filled = filled_slots(s, seat, cards);
  // Her own potions as the example, else what to write.
  CardSet used;
  std::string form;
  for (int i = 0; i < cards.potion_count; ++i) {
    if (!((filled >> i) & 1)) continue;
    const Kind colour = cards.potions[size_t(i)];
    std::string item = "<" + std::string(kind_info(colour).name) + " potion's ingredient>";
    const Card first = first_card(colour);
    for (Card c = first; seat >= 0 && seat < s.players() && c < first + kind_info(colour).count;
         ++c)
      if (s.witch_at(seat).hand.has(c) && !used.has(c)) {
        used.add(c);
        item = std::string(formula(c));
        break;
      }
    form += (form.empty() ? "" : "; ") + item;
  }
  for (int i = 0; i < cards.spell_count; ++i)
    form += (form.empty() ? "" : "; ") + std::string(spell_formula(cards.spells[size_t(i)]));
  return "\"" + text.substr(0, text.find(" : ")) + " : " + form + "\"";
}

}  // namespace

std::string_view formula(Card c) {
  return card_name(c);
}

int ingredient_of(Card c) {
  return ingredients().of[c];
}

int ingredient_count(Kind colour) {
  return ingredients().count[colour];
}

std::string_view ingredient_name(Kind colour, int i) {
  return ingredients().names[colour][size_t(i)];
}

MoveCards move_cards(const BalState& s, const Decoded& d) {
  MoveCards m;
  auto spell = [&](uint8_t sp) {
    if (sp < kSpells) m.spells[m.spell_count++] = kind_of(Spell(sp));
  };
  switch (d.type) {
    case ActionType::Attack:
      for (int i = 0; i < d.count && i < 2 && d.colour < kColours; ++i)
        m.potions[m.potion_count++] = Kind(d.colour);
      spell(d.spell);
      if (d.tresor) spell(uint8_t(Spell::TresorMagique));
      break;
    case ActionType::Parry:
      for (int i = 0; i < s.exchange().potions && i < 2; ++i)
        m.potions[m.potion_count++] = Kind(s.exchange().colours[size_t(i)]);
      spell(d.spell);
      break;
    case ActionType::Balai:
      spell(uint8_t(Spell::DuBalai));
      break;
    case ActionType::Baguette:
      spell(uint8_t(Spell::BaguetteMagique));
      break;
    case ActionType::Lutin:
      spell(uint8_t(Spell::LutinFarceur));
      if (d.tresor) spell(uint8_t(Spell::TresorMagique));
      break;
    case ActionType::Miroir:
      spell(uint8_t(Spell::MonBeauMiroir));
      break;
    case ActionType::Nananere:
      spell(uint8_t(Spell::AMoiNananere));
      break;
    case ActionType::Boule:
      spell(uint8_t(Spell::BouleDeCristal));
      break;
    default:  // take, pass, the card given face down to a Boule de cristal, and the cards
              // thrown, dropped or discarded: nothing is cast
      break;
  }
  return m;
}

unsigned filled_slots(const BalState& s, Seat seat, const MoveCards& cards) {
  if (seat < 0 || seat >= s.players()) return 0;
  std::array<int, kColours> held{};
  for (Kind k = 0; k < kColours; ++k) held[k] = s.count_in_hand(seat, k);
  unsigned filled = 0;
  for (int i = 0; i < cards.potion_count; ++i)
    if (held[cards.potions[size_t(i)]]-- > 0) filled |= 1u << i;
  return filled;
}

std::string incantation_refusal(const BalState& s, Seat seat, uint32_t code) {
  const uint32_t read = code & ~kMoveBits;
  if (!s.options().incantation)
    return read == 0 ? std::string()
                     : "formulas are read aloud only in the incantation mode (parameter "
                       "incantation=true)";
  const MoveCards cards = move_cards(s, decode(move_of(code)));
  if (!cards.any())
    return read == 0 ? std::string() : "this move lays no card down: it has no formula to read";
  if (code & kSlipBit) return read == kSlipBit ? std::string() : "no such action";
  const unsigned filled = filled_slots(s, seat, cards);
  Held held = held_by(s, seat);
  for (int i = 0; i < 2; ++i) {
    const int g = read_ingredient(code, i);
    if (i >= cards.potion_count || !((filled >> i) & 1)) {
      if (g != 0) return "no such action";
      continue;
    }
    const Kind colour = cards.potions[size_t(i)];
    if (g == 0)
      return "in the incantation mode each card played is read aloud, potions first: " +
             expected(s, seat, move_of(code));
    if (g > ingredient_count(colour)) return "no such action";
    if (held[colour][size_t(g - 1)]-- <= 0)
      return "you hold no " + std::string(kind_info(colour).name) + " potion \"" +
             std::string(ingredient_name(colour, g - 1)) + "\"";
    // Two potions of one colour are written in one order, so that each reading has one code.
    if (i == 1 && (filled & 1) && cards.potions[0] == colour && g < read_ingredient(code, 0))
      return "no such action";
  }
  return {};
}

CardSet named_cards(const BalState& s, Seat seat, uint32_t code) {
  CardSet named;
  if ((code & ~kMoveBits) == 0 || (code & kSlipBit)) return named;
  const MoveCards cards = move_cards(s, decode(move_of(code)));
  const CardSet& hand = s.witch_at(seat).hand;
  for (int i = 0; i < cards.potion_count; ++i) {
    const int g = read_ingredient(code, i);
    if (g == 0) continue;
    const Kind colour = cards.potions[size_t(i)];
    const Card first = first_card(colour);
    for (Card c = first; c < first + kind_info(colour).count; ++c)
      if (hand.has(c) && !named.has(c) && ingredient_of(c) == g - 1) {
        named.add(c);
        break;
      }
  }
  return named;
}

// "Dans ce cas, les cartes Sort sont défaussées et les cartes Potion retournent dans votre main
// et vous passez votre tour." The potions went down face up before the slip: everyone saw
// them go back. "Une carte Lutin Farceur est toujours jouée même si elle est mal prononcée."
void miscast(Rules& r, Seat seat, const Decoded& d) {
  const MoveCards cards = move_cards(r.s, d);
  const unsigned filled = filled_slots(r.s, seat, cards);
  r.say("mispronounced", [&] {
    return "Seat " + std::to_string(seat) + " mispronounces a formula: the move is cancelled.";
  });
  Witch& w = r.w(seat);
  for (int i = 0; i < cards.potion_count; ++i) {
    if (!((filled >> i) & 1)) continue;
    const Kind colour = cards.potions[size_t(i)];
    const Card first = first_card(colour);
    for (Card c = first; c < first + kind_info(colour).count; ++c)
      if (w.hand.has(c) && !w.known.has(c)) {
        w.known.add(c);
        break;
      }
  }
  if (d.type == ActionType::Lutin) {
    if (d.tresor) r.discard(r.take(seat, kind_of(Spell::TresorMagique)));
    return r.lutin(seat, false);
  }
  for (int i = 0; i < cards.spell_count; ++i) r.discard(r.take(seat, cards.spells[size_t(i)]));
  // The attacker passes her turn: Carabosse moves on as after an exchange; a stand-in of À moi,
  // nananère ! is the attacker too. A defender's move is her answer: cancelled, she has not
  // parried. Any other move is only cancelled. (An answer in a reaction window is kept secret
  // and read when the window closes: reactions.cpp.)
  if (r.s.phase() == Phase::Attack && seat == r.s.attacker_now()) return r.finish_exchange();
  if (r.s.phase() == Phase::Parry && seat == r.s.exchange().defender) return r.take_loss(seat);
}

void list_incantations(const BalState& s, Seat seat, ActionList& out) {
  thread_local ActionList moves;
  moves.assign(out.begin(), out.end());
  out.clear();
  const Held held = held_by(s, seat);
  for (const Action a : moves) {
    const MoveCards cards = move_cards(s, decode(a.code));
    if (!cards.any()) {
      out.push_back(a);
      continue;
    }
    const unsigned filled = filled_slots(s, seat, cards);
    std::array<int, 2> slot{};
    int n = 0;
    for (int i = 0; i < cards.potion_count; ++i)
      if ((filled >> i) & 1) slot[size_t(n++)] = i;
    auto colour = [&](int j) { return cards.potions[size_t(slot[size_t(j)])]; };
    if (n == 0) out.push_back(a);
    for (int g0 = 0; n >= 1 && g0 < ingredient_count(colour(0)); ++g0) {
      if (held[colour(0)][size_t(g0)] == 0) continue;
      const uint32_t one = with_ingredient(a.code, slot[0], g0 + 1);
      if (n == 1) {
        out.push_back(Action{one});
        continue;
      }
      const bool same = colour(1) == colour(0);
      for (int g1 = same ? g0 : 0; g1 < ingredient_count(colour(1)); ++g1)
        if (held[colour(1)][size_t(g1)] > (same && g1 == g0 ? 1 : 0))
          out.push_back(Action{with_ingredient(one, slot[1], g1 + 1)});
    }
    out.push_back(Action{a.code | kSlipBit});
  }
}

std::string formulas_text(const BalState& s, uint32_t code) {
  const bool read = (code & ~kMoveBits) != 0;
  if (!read && !s.options().incantation) return {};
  const MoveCards cards = move_cards(s, decode(move_of(code)));
  if (!cards.any() && !read) return {};
  if (code & kSlipBit) return " : ?";
  std::string out;
  for (int i = 0; i < 2; ++i) {
    const int g = read_ingredient(code, i);
    if (g == 0) continue;
    const bool known = i < cards.potion_count && g <= ingredient_count(cards.potions[size_t(i)]);
    out += (out.empty() ? "" : "; ") +
           (known ? std::string(ingredient_name(cards.potions[size_t(i)], g - 1)) : "?");
  }
  for (int i = 0; i < cards.spell_count; ++i)
    out += (out.empty() ? "" : "; ") + std::string(spell_formula(cards.spells[size_t(i)]));
  return out.empty() ? out : " : " + out;
}

Result<Action> read_formulas(const BalState& s, Seat seat, uint32_t move,
                             std::optional<std::string_view> formulas) {
  if (!s.options().incantation) {
    if (formulas)
      return fail(
          "formulas are read aloud only in the incantation mode (parameter incantation=true); "
          "write the move alone: \"" +
          s.action_text(Action{move}) + "\"");
    return Action{move};
  }
  const MoveCards cards = move_cards(s, decode(move));
  if (!cards.any()) {
    if (formulas) return fail("this move lays no card down: it has no formula to read");
    return Action{move};
  }
  if (!formulas)
    return fail(
        "in the incantation mode each card played is read aloud: write its formula after a "
        "colon, potions first, separated by \";\" (\"?\" for a slip), as in " +
        expected(s, seat, move));
  if (spoken(*formulas) == "?") return Action{move | kSlipBit};
  std::vector<std::string> read;
  for (size_t at = 0; at <= formulas->size();) {
    const size_t end = std::min(formulas->find(';', at), formulas->size());
    read.push_back(spoken(formulas->substr(at, end - at)));
    at = end + 1;
  }
  const unsigned filled = filled_slots(s, seat, cards);
  const size_t cast = size_t(__builtin_popcount(filled) + cards.spell_count);
  if (read.size() != cast)
    return fail("this move lays " + std::to_string(cast) + " card(s) down: read " +
                std::to_string(cast) + " formula(s) after the colon, separated by \";\", as in " +
                expected(s, seat, move));
  Held held = held_by(s, seat);
  std::array<bool, 2> spell_read{};
  std::array<int, 2> slot_read{};
  bool slip = false;
  for (const std::string& f : read) {
    bool right = false;
    for (int j = 0; j < cards.spell_count && !right; ++j)
      if (!spell_read[size_t(j)] && f == spoken(spell_formula(cards.spells[size_t(j)])))
        right = spell_read[size_t(j)] = true;
    for (int i = 0; i < cards.potion_count && !right; ++i) {
      if (!((filled >> i) & 1) || slot_read[size_t(i)] != 0) continue;
      const Kind colour = cards.potions[size_t(i)];
      for (int g = 0; g < ingredient_count(colour) && !right; ++g)
        if (held[colour][size_t(g)] > 0 && f == spoken(ingredient_name(colour, g))) {
          --held[colour][size_t(g)];
          slot_read[size_t(i)] = g + 1;
          right = true;
        }
    }
    slip = slip || !right;
  }
  if (slip) return Action{move | kSlipBit};
  if (filled == 3 && cards.potions[0] == cards.potions[1] && slot_read[0] > slot_read[1])
    std::swap(slot_read[0], slot_read[1]);
  uint32_t code = move;
  for (int i = 0; i < 2; ++i)
    if (slot_read[size_t(i)] != 0) code = with_ingredient(code, i, slot_read[size_t(i)]);
  return Action{code};
}

}  // namespace sabbat::bal
