#pragma once
// The one-key screen of Baba Yaga on a terminal, drawn from a seat's view: the forest as a
// grid with coordinates, Baba Yaga's flight and whose move it is, the spell in play. A tile
// is drawn face up only while the view shows it face up, and narration never names a turned
// ingredient, so nothing stays on screen once a tile is turned back (the terminal front end
// draws on the alternate screen, which keeps no scrollback).
#include <memory>

#include "core/key_screen.hpp"

namespace sabbat::baba_yaga {

std::unique_ptr<KeyScreen> make_key_screen();

}  // namespace sabbat::baba_yaga
