#include "games/du-balai/formula.hpp"

namespace sabbat::du_balai {

Book read_book(const std::array<uint8_t, kDice>& faces) {
  Book b;
  for (int d = 0; d < kDice; ++d) {
    const Face& f = kDiceTable[size_t(d)][faces[size_t(d)]];
    (f.colour == Colour::Orange ? b.shown_orange : b.shown_black) |= SymbolMask(1u << f.symbol);
  }
  return b;
}

Verdict judge(const Formula& f, const Book& book) {
  if (f.empty()) return Verdict::None;
  const SymbolMask valid = book.valid(f.colour);
  if (f.mask & ~valid) return Verdict::Forbidden;
  return f.mask == valid ? Verdict::Perfect : Verdict::Valid;
}

}  // namespace sabbat::du_balai
