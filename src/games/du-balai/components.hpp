#pragma once
// What a balance report counts in Du Balai ! (core/game.hpp, Component): the 12 kinds of
// Magie noire cards, then two moves a witch chooses: closing the lid and writing a second
// formula. docs/rules/du-balai.md, "Balance reports".
#include <vector>

#include "core/game.hpp"
#include "games/du-balai/data.hpp"

namespace sabbat::du_balai {

// A card's index is its kind (0..11); the moves come after them.
inline constexpr int kCloseBookComponent = kCardKinds;
inline constexpr int kSecondFormulaComponent = kCardKinds + 1;
inline constexpr int kComponents = kCardKinds + 2;

std::vector<Component> components();

}  // namespace sabbat::du_balai
