#pragma once
// What a balance report counts in Sortilèges (core/game.hpp, Component): the 36 cards of the
// Sortilèges pile, then the 8 spells. docs/rules/sortileges.md, "Balance reports".
#include <vector>

#include "core/game.hpp"
#include "games/sortileges/cards.hpp"
#include "games/sortileges/spells.hpp"

namespace sabbat::sortileges {

// A pile card's index is the card itself (0..35); a spell's comes after them.
constexpr int component_of(Spell spell) {
  return kPileSize + int(spell);
}
inline constexpr int kComponents = kPileSize + kSpellCount;

std::vector<Component> components();

}  // namespace sabbat::sortileges
