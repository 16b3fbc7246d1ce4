#pragma once
// Du Balai ! (Bruno Cathala, Serge Laget): a real-time race of witches on broomsticks, who
// memorise the dice of the open book and write magic formulas. Rules as implemented:
// docs/rules/du-balai.md.
#include <memory>

#include "core/game.hpp"

namespace sabbat::du_balai {

std::unique_ptr<sabbat::Game> make_game();

}  // namespace sabbat::du_balai
