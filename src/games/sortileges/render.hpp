#pragma once
// The view of a seat as text for a terminal.
#include <string>

#include "core/game.hpp"

namespace sabbat::sortileges {

std::string render_view_text(const json& view, Seat viewer, bool color);

}  // namespace sabbat::sortileges
