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
// The same for the first `n` of three cards (the others are ignored, whatever they hold).
uint32_t spell_strength(const std::array<Card, 3>& cards, int n, int couple_suit);
// The category of a strength.
constexpr Spell spell_of_strength(uint32_t strength) {
  return Spell(strength >> 20);
}

}  // namespace sabbat::sortileges
