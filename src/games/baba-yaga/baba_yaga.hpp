#pragma once
// Baba Yaga (Jérémie Caplanne): a real-time memory race. The searcher turns forest tiles to
// find the ingredients of her spell while the others fly Baba Yaga out and back along her
// path. Rules as implemented: docs/rules/baba-yaga.md.
#include <memory>

#include "core/game.hpp"

namespace sabbat::baba_yaga {

std::unique_ptr<sabbat::Game> make_game();

}  // namespace sabbat::baba_yaga
