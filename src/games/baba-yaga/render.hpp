#pragma once
// A seat's view as text, for typed play and logs.
#include <string>

#include "core/game.hpp"

namespace sabbat::baba_yaga {

// The forest as a grid with coordinates, Baba Yaga's flight, the cards and whose move it is,
// seats numbered by `seats`.
std::string render_view_text(const json& view, Seat viewer, bool color,
                             SeatNumbers seats = kSeatIndices);
// The grid alone, `width` characters per cell (at least 4).
std::string render_forest(const json& view, int width, bool color);

}  // namespace sabbat::baba_yaga
