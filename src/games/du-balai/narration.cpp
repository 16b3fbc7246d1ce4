// What the race tells a person, in words: the reveal with the dice, the valid symbols and every
// formula's verdict in its colour; each move; each spell with who moved from where to where.
// The same text reaches `sabbat play` by lines and `sabbat replay`, which print event texts.
#include "games/du-balai/events.hpp"

namespace sabbat::du_balai {

std::string seat_name(int s) {
  return "seat " + std::to_string(s);
}

namespace {

std::string colour_word(Colour c) {
  return c == Colour::Orange ? "ORANGE" : "BLACK";
}

// "Zââm Boulgâ", or "-" for none.
std::string spoken_list(SymbolMask m, const char* between = " ") {
  std::string out;
  for (int s = 0; s < kSymbols; ++s)
    if (m & (1u << s))
      out += (out.empty() ? "" : between) + std::string(kSymbolTable[size_t(s)].spoken);
  return out.empty() ? "-" : out;
}

// "perfect ORANGE", "valid BLACK", "forbidden".
std::string verdict_words(Verdict v, Colour c) {
  const bool holds = v == Verdict::Valid || v == Verdict::Perfect;
  return verdict_name(v) + (holds ? " " + colour_word(c) : std::string());
}

}  // namespace

std::string square_text(int square) {
  return square >= kFinish ? std::string("across the line") : std::to_string(square);
}

std::string reveal_narration(const DuBalaiState& s) {
  std::string out = "the formulas and the dice are revealed. Dice:";
  for (int d = 0; d < kDice; ++d) {
    const Face& f = kDiceTable[size_t(d)][s.dice()[size_t(d)]];
    out += std::string(d ? ", " : " ") + std::string(kSymbolTable[f.symbol].spoken) + " " +
           colour_word(f.colour);
  }
  const Book b = s.book();
  out += ". Valid ORANGE: " + spoken_list(b.valid(Colour::Orange), ", ") +
         "; valid BLACK: " + spoken_list(b.valid(Colour::Black), ", ") +
         "; forbidden, shown in both colours: " + spoken_list(b.forbidden_both(), ", ") +
         ". Formulas:";
  for (int i = 0; i < s.order_count(); ++i) {
    const int p = s.order()[size_t(i)];
    const Witch& w = s.witch(p);
    out += std::string(i ? "; " : " ") + seat_name(p) + " ";
    if (w.formulas == 0) out += "none";
    for (int k = 0; k < w.formulas; ++k) {
      const Judgement j = judge(w.formula[size_t(k)].mask, b);
      out += std::string(k ? ", second formula " : "") + spoken_list(w.formula[size_t(k)].mask) +
             " (" + verdict_words(j.verdict, j.colour) + ")";
    }
  }
  return out;
}

std::string move_narration(const DuBalaiState& s, Seat seat) {
  const Outcome& o = s.outcome(seat);
  std::string out = seat_name(seat) + ": ";
  if (o.formulas == 0) out += "no formula";
  for (int i = 0; i < o.formulas; ++i) {
    const Formula& f = o.formula[size_t(i)];
    out += std::string(i ? " and " : "formula ") + spoken_list(f.mask) + " (" +
           verdict_words(o.verdict[size_t(i)], f.colour) + ")";
  }
  if (o.fell)
    out += o.same_colour ? ", both of one colour: she falls off her broom"
                         : ", a forbidden formula: she falls off her broom";
  if (o.bonus_cancelled) out += ", no bonus";
  if (o.penalty) out += ", the closer falls back 2";
  return out + "; square " + std::to_string(o.from) + " \u2192 " + square_text(o.to);
}

std::string spell_narration(const DuBalaiState& s, Seat caster, const Move& m,
                            const Track& before) {
  const std::string name(info(m.card).name);
  const Track& now = s.track();
  // "seat 2 moves back 3, 14 → 11"
  auto moved = [&](int p) {
    const int from = before.square[size_t(p)], to = now.square[size_t(p)];
    const int by = to - from;
    std::string how = by > 0   ? "moves forward " + std::to_string(by)
                      : by < 0 ? "moves back " + std::to_string(-by)
                               : std::string("does not move");
    return seat_name(p) + " " + how + ", " + square_text(from) + " \u2192 " + square_text(to);
  };
  switch (m.card) {
    case Card::VentArriere:
      return name + ": " + moved(caster) +
             " (her rank in the race: " + std::to_string(before.rank(caster)) + ")";
    case Card::MauvaisSort:
      return name + ": " + moved(m.a);
    case Card::Attraction: {
      std::string out = name + " " + std::to_string(m.a) + " towards " + seat_name(caster) +
                        " on square " + square_text(now.square[size_t(caster)]) + ":";
      int n = 0;
      for (int p = 0; p < s.players(); ++p)
        if (p != caster && before.square[size_t(p)] != now.square[size_t(p)])
          out += std::string(n++ ? "; " : " ") + moved(p);
      return n ? out : out + " nobody moves";
    }
    case Card::Blocage:
      return name + ": nobody may pass " + seat_name(caster) + " (square " +
             square_text(now.square[size_t(caster)]) + ") for the rest of this turn";
    case Card::OubliRepare:
      return name + ": " + std::string(kSymbolTable[size_t(m.a)].spoken) + " joins " +
             seat_name(caster) + "'s " + (m.b ? "second " : "") + "formula";
    case Card::Rectification:
      return name + ": " + seat_name(caster) + "'s formula takes " +
             std::string(kSymbolTable[size_t(m.b)].spoken) + " instead of " +
             std::string(kSymbolTable[size_t(m.a)].spoken);
    case Card::DoubleJeu:
      return name + ": " + seat_name(caster) + "'s second formula counts";
    default:
      return name + " takes effect";
  }
}

}  // namespace sabbat::du_balai
