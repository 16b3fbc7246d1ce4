#pragma once
// Sortilèges (Shyle Zalewski): witches cast spells from a 52-card deck to win the royal couple
// cards of the Gratin. Rules as implemented: docs/rules/sortileges.md.
#include <memory>

#include "core/game.hpp"

namespace sabbat::sortileges {

std::unique_ptr<sabbat::Game> make_game();

}  // namespace sabbat::sortileges
