#pragma once
// A view as text for a terminal.
#include <string>

#include "core/game.hpp"

namespace sabbat::du_balai {

// The words of an action text just before a seat (Game::seat_words): `play mauvais-sort on 1`
// names the witch sent back. The numbers of `start 5` and `play attraction 2` are squares.
inline constexpr std::string_view kSeatWords[] = {"play mauvais-sort on"};

// Seats are numbered by `seats`.
std::string render_view_text(const json& view, Seat viewer, bool color,
                             SeatNumbers seats = kSeatIndices);
// The rules in short, for the `rules` command of a terminal game (rules_text.cpp).
std::string rules_summary();

}  // namespace sabbat::du_balai
