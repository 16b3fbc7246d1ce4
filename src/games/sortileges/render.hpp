#pragma once
// The view of a seat as text for a terminal.
#include <string>

#include "core/game.hpp"

namespace sabbat::sortileges {

// Seats are numbered by `seats`.
std::string render_view_text(const json& view, Seat viewer, bool color,
                             SeatNumbers seats = kSeatIndices);
// The rules in short, for the `rules` command of a terminal game (rules_text.cpp).
std::string rules_summary();

}  // namespace sabbat::sortileges
