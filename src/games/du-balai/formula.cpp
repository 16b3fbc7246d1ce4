#include "games/du-balai/formula.hpp"

namespace sabbat::du_balai {

Book read_book(const std::array<uint8_t, kDice>& faces) {
  // Orange symbols in the low half of a word, black ones in the high half: no branch on the
  // colours the dice show, which no predictor can guess.
  static_assert(int(Colour::Orange) == 0 && int(Colour::Black) == 1);
  uint32_t shown = 0;
  for (int d = 0; d < kDice; ++d) {
    const Face& f = kDiceTable[size_t(d)][faces[size_t(d)]];
    shown |= (1u << f.symbol) << (16 * uint32_t(f.colour));
  }
  return {SymbolMask(shown & 0xFFFFu), SymbolMask(shown >> 16)};
}

Judgement judge(SymbolMask cards, const Book& book) {
  if (cards == 0) return {};
  for (Colour c : {Colour::Orange, Colour::Black}) {
    const SymbolMask valid = book.valid(c);
    if (cards & ~valid) continue;
    return {cards == valid ? Verdict::Perfect : Verdict::Valid, c};
  }
  return {Verdict::Forbidden, Colour::Orange};
}

}  // namespace sabbat::du_balai
