#pragma once
// Columns on a terminal: what a line of text takes on screen, for the games' renderers.
#include <string>
#include <string_view>

namespace sabbat {

// Visible width: ANSI escape sequences take none, a UTF-8 character takes one column.
size_t display_width(std::string_view s);
// `s` padded with spaces to `w` columns, after it (left-aligned) or before it.
std::string pad_left(const std::string& s, size_t w);
std::string pad_right(const std::string& s, size_t w);

}  // namespace sabbat
