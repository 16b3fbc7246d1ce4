#pragma once
// What a balance report counts in Baba Yaga (core/game.hpp, Component): the 7 spells, by
// their effects. docs/rules/baba-yaga.md, "Balance reports".
#include <vector>

#include "core/game.hpp"

namespace sabbat::baba_yaga {

// A spell's index is its effect (data.hpp, Effect).
std::vector<Component> components();

}  // namespace sabbat::baba_yaga
