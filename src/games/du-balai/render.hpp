#pragma once
// A view as text for a terminal.
#include <string>

#include "core/game.hpp"

namespace sabbat::du_balai {

std::string render_view_text(const json& view, Seat viewer, bool color);

}  // namespace sabbat::du_balai
