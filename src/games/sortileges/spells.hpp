#pragma once
// Spells: the 1 to 3 cards a player placed under one couple card, and how they compare.
#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "games/sortileges/cards.hpp"

namespace sabbat::sortileges {

// Weakest first, so a bigger value is a stronger spell.
enum class Spell : uint8_t {
  Plumpus,         // anything else, a lone card included
  Deuus,           // 2 cards of one rank
  Sequencia,       // 3 consecutive ranks
  Triplus,         // 3 cards of one rank
  SemiCorromptus,  // 2 cards of the couple card's suit
  Fingus,          // 3 consecutive ranks of one suit
  Corromptus,      // 3 cards of the couple card's suit
  Demonicus,       // 6-6-6: takes both couple cards
};
inline constexpr int kSpellCount = 8;

std::string_view spell_name(Spell spell);

// The best category that 1..3 cards satisfy under a couple card of suit `couple_suit`.
Spell best_spell(std::span<const Card> cards, int couple_suit);

// Orders the spells placed under one couple card: a bigger number wins. The category
// first; then, in every category, the highest card, the next, the next (a missing card
// ranks below every card), then the suit of the highest card (♠ > ♥ > ♣ > ♦). Spells made of
// different cards never tie. Zero for no cards.
uint32_t spell_strength(std::span<const Card> cards, int couple_suit);

// A spell as its cards are placed one by one: what judging it needs is gathered card by card,
// so that the reveal looks its strength up in a table without reading the cards again.
class SpellSoFar {
 public:
  // The next card placed (of the pile, 2 to 10); at most three.
  void add(Card card) {
    // Its rank index, 1 for a 2 ... 9 for a 10, in a decimal digit of its own: the table of
    // spells holds every order of the ranks, a missing card (0) in any place.
    ranks_ = uint16_t(ranks_ * 10 + card / 4 + 1);
    suits_ = uint8_t(suits_ + (1u << (2 * suit_of(card))));
    // The card's key: a bigger key is a higher rank, then a stronger suit.
    const uint32_t key = uint32_t(card ^ 3u) + 1;
    top_ = uint8_t(key > top_ ? key : top_);
  }
  // spell_strength of the cards added, under a couple card of suit `couple_suit`.
  uint32_t strength(int couple_suit) const;
  bool operator==(const SpellSoFar&) const = default;

 private:
  uint16_t ranks_ = 0;  // the rank indices, in their order of placement, as decimal digits
  uint8_t suits_ = 0;   // a 2-bit count per suit
  uint8_t top_ = 0;     // the strongest card's key; 0 for no card
};

// The category of a strength.
constexpr Spell spell_of_strength(uint32_t strength) {
  return Spell(strength >> 20);
}

}  // namespace sabbat::sortileges
