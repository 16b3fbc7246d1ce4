#include "games/sortileges/spells.hpp"

#include <array>
#include <utility>

namespace sabbat::sortileges {

namespace {

constexpr std::array<std::string_view, kSpellCount> kSpellNames{
    "Plumpus",         "Deuus",  "Sequencia",  "Triplus",
    "Semi-Corromptus", "Fingus", "Corromptus", "Demonicus"};

// A card's key (SpellSoFar::add) is 1 + the card with its suit bits flipped, so that a bigger
// key is a higher rank, then a stronger suit; 0 is no card. Its suit strength (k - 1) % 4 is 3
// for spades ... 0 for diamonds.
constexpr uint32_t suit_strength_of(uint32_t k) {
  return (k - 1) & 3u;
}

// The rule book's list, read top down: the first spell the cards make is theirs. Ranks are
// rank indices, strongest first (0 for no card); `of_couple_suit` counts the cards of the
// couple card's suit; `one_suit` says three cards share a suit.
constexpr Spell first_spell(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t of_couple_suit,
                            bool one_suit) {
  constexpr uint32_t six = 6 - 1;
  if (r2 != 0) {
    const bool run = r0 == r1 + 1 && r1 == r2 + 1;
    if (r0 == six && r1 == six && r2 == six) return Spell::Demonicus;
    if (of_couple_suit == 3) return Spell::Corromptus;
    if (run && one_suit) return Spell::Fingus;
    if (of_couple_suit == 2) return Spell::SemiCorromptus;
    if (r0 == r2) return Spell::Triplus;
    if (run) return Spell::Sequencia;
    if (r0 == r1 || r1 == r2) return Spell::Deuus;
  } else if (r1 != 0) {
    if (of_couple_suit == 2) return Spell::SemiCorromptus;
    if (r0 == r1) return Spell::Deuus;
  }
  return Spell::Plumpus;
}

// Every answer of that list, computed once for the ranks in any order: the reveal then looks a
// spell up without sorting and without a single branch on the cards, which no predictor could
// guess. An entry is the spell (bits 12-14) and the ranks sorted strongest first (4 bits each).
constexpr size_t spell_index(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t of_couple_suit,
                             uint32_t one_suit) {
  return (((r0 * 10 + r1) * 10 + r2) * 4 + of_couple_suit) * 2 + one_suit;
}
constexpr auto kSpellTable = [] {
  std::array<uint16_t, 10 * 10 * 10 * 4 * 2> table{};
  for (uint32_t a = 0; a < 10; ++a)
    for (uint32_t b = 0; b < 10; ++b)
      for (uint32_t c = 0; c < 10; ++c) {
        // Sorted, strongest first, by a three-card exchange.
        uint32_t r0 = a, r1 = b, r2 = c;
        if (r0 < r1) std::swap(r0, r1);
        if (r1 < r2) std::swap(r1, r2);
        if (r0 < r1) std::swap(r0, r1);
        for (uint32_t ocs = 0; ocs < 4; ++ocs)
          for (uint32_t one = 0; one < 2; ++one)
            table[spell_index(a, b, c, ocs, one)] = uint16_t(
                uint32_t(first_spell(r0, r1, r2, ocs, one != 0)) << 12 | r0 << 8 | r1 << 4 | r2);
      }
  return table;
}();
// SpellSoFar keeps the ranks as decimal digits: the table's index is them times 8.
static_assert(spell_index(1, 2, 3, 0, 0) == 123 * 8);

}  // namespace

std::string_view spell_name(Spell spell) {
  return kSpellNames[size_t(spell)];
}

Spell best_spell(std::span<const Card> cards, int couple_suit) {
  return spell_of_strength(spell_strength(cards, couple_suit));
}

uint32_t spell_strength(std::span<const Card> cards, int couple_suit) {
  SpellSoFar spell;
  for (size_t i = 0; i < cards.size() && i < 3; ++i) spell.add(cards[i]);
  return spell.strength(couple_suit);
}

// The table entry, then the suit strength of the strongest card (of its key).
uint32_t SpellSoFar::strength(int couple_suit) const {
  const uint32_t of_couple_suit = uint32_t(suits_) >> (2 * couple_suit) & 3u;
  // Three cards of one suit: a 2-bit count of 3.
  const uint32_t one_suit = (suits_ & suits_ >> 1 & 0x55u) != 0;
  const uint32_t entry = kSpellTable[ranks_ * 8u + of_couple_suit * 2 + one_suit];
  return entry << 8 | (suit_strength_of(top_) & -uint32_t(top_ != 0));
}

}  // namespace sabbat::sortileges
