#pragma once
// Le Bal des Sorcières: witches attack each other with potions and spells, and parry with
// potions of the same colour; the last witch with a Crapzouille wins. Rules as implemented:
// docs/rules/bal-des-sorcieres.md.
#include <memory>

#include "core/game.hpp"

namespace sabbat::bal {

std::unique_ptr<sabbat::Game> make_game();

}  // namespace sabbat::bal
