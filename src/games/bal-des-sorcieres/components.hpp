#pragma once
// What a balance report counts in Le Bal des Sorcières (core/game.hpp, Component): the 20
// kinds of cards in the box's order, the 5 potion colours then the 15 spells.
// docs/rules/bal-des-sorcieres.md, "Balance reports".
#include <vector>

#include "core/game.hpp"

namespace sabbat::bal {

// A component's index is its kind (data.hpp, Kind).
std::vector<Component> components();

}  // namespace sabbat::bal
