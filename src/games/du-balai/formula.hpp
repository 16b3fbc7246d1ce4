#pragma once
// Formulas and their judgement (phase 3 of the rule book).
#include <array>
#include <cstdint>

#include "games/du-balai/data.hpp"

namespace sabbat::du_balai {

// A written formula: the symbol cards laid down, face down. The cards carry symbols only, so a
// formula has no colour when written: `colour` is the one it was judged in, set at the reveal
// (meaningless before, and for a forbidden formula). An empty mask is no formula.
struct Formula {
  SymbolMask mask = 0;
  Colour colour = Colour::Orange;
  bool empty() const { return mask == 0; }
  int cards() const { return __builtin_popcount(mask); }
  bool operator==(const Formula&) const = default;
};

// What the dice say once sorted: the symbols shown in each colour and the valid ones.
struct Book {
  SymbolMask shown_orange = 0;
  SymbolMask shown_black = 0;
  // "on élimine tous les groupes contenant le même symbole en orange ET en noir"
  SymbolMask valid(Colour c) const {
    const SymbolMask both = shown_orange & shown_black;
    return SymbolMask((c == Colour::Orange ? shown_orange : shown_black) & ~both);
  }
  SymbolMask forbidden_both() const { return shown_orange & shown_black; }
};

// The three steps: group the dice by symbol whatever the colour, drop the groups holding a
// symbol in both colours, keep one die of each remaining group.
Book read_book(const std::array<uint8_t, kDice>& faces);

enum class Verdict : uint8_t { None, Forbidden, Valid, Perfect };

struct Judgement {
  Verdict verdict = Verdict::None;
  Colour colour = Colour::Orange;  // the formula's colour when it is valid or perfect
  bool valid() const { return verdict == Verdict::Valid || verdict == Verdict::Perfect; }
};

// "une formule doit contenir que des symboles apparaissant dans une même couleur sur les dés
// après tri": a formula whose symbols are all valid in one colour is valid, in that colour
// (the valid symbols of the two colours never meet, so there is at most one); perfect when it
// holds every valid symbol of that colour. Any other non-empty formula is forbidden.
Judgement judge(SymbolMask cards, const Book& book);

}  // namespace sabbat::du_balai
