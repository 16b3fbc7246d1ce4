#pragma once
// Text for a terminal screen: lines, widths in columns (UTF-8, ANSI colour codes not counted),
// wrapping, and the countdown bar.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sabbat::cli {

std::string trim(const std::string& s);
std::vector<std::string> split_lines(const std::string& text);
// Columns `s` takes on a terminal.
size_t columns(std::string_view s);
// `s` cut to at most `width` columns (colour codes kept whole).
std::string clip(const std::string& s, size_t width);
// The last `rows` rows of `lines`, each wrapped at spaces to `width` columns.
std::vector<std::string> last_rows(const std::vector<std::string>& lines, size_t rows,
                                   size_t width);
// Removes the last UTF-8 character of `s`, if any.
void drop_last_character(std::string& s);
// "⏳ ██████░░░░ 12.4 s left": the time left before a deadline, the bar full at `total_ms`.
std::string countdown(int64_t left_ms, int64_t total_ms, bool color);

}  // namespace sabbat::cli
