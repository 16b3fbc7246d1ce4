#include "cli/screen_text.hpp"

#include <algorithm>
#include <cstdio>

namespace sabbat::cli {

namespace {

bool continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The end of the colour code starting at `i` (an ESC), just past its final letter.
size_t past_code(std::string_view s, size_t i) {
  ++i;
  while (i < s.size() && !(s[i] >= '@' && s[i] <= '~' && s[i] != '[')) ++i;
  return std::min(i + 1, s.size());
}

}  // namespace

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  size_t from = 0;
  while (from < text.size()) {
    const size_t nl = text.find('\n', from);
    if (nl == std::string::npos) {
      out.push_back(text.substr(from));
      break;
    }
    out.push_back(text.substr(from, nl - from));
    from = nl + 1;
  }
  return out;
}

size_t columns(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '\x1b') {
      i = past_code(s, i);
      continue;
    }
    if (!continuation(s[i])) ++n;
    ++i;
  }
  return n;
}

std::string clip(const std::string& s, size_t width) {
  std::string out;
  size_t n = 0;
  bool coloured = false;
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '\x1b') {
      const size_t end = past_code(s, i);
      out.append(s, i, end - i);
      coloured = true;
      i = end;
      continue;
    }
    if (!continuation(s[i]) && n++ == width) break;
    out += s[i++];
  }
  return coloured && columns(s) > width ? out + "\x1b[0m" : out;
}

std::vector<std::string> last_rows(const std::vector<std::string>& lines, size_t rows,
                                   size_t width) {
  std::vector<std::string> wrapped;
  for (const auto& line : lines) {
    std::string rest = line;
    while (columns(rest) > width) {
      const std::string head = clip(rest, width);
      size_t cut = head.rfind(' ');
      if (cut == std::string::npos || cut == 0) cut = head.size();
      wrapped.push_back(rest.substr(0, cut));
      rest = "  " + trim(rest.substr(cut));
    }
    wrapped.push_back(rest);
  }
  if (wrapped.size() > rows) wrapped.erase(wrapped.begin(), wrapped.end() - long(rows));
  return wrapped;
}

void drop_last_character(std::string& s) {
  while (!s.empty() && continuation(s.back())) s.pop_back();
  if (!s.empty()) s.pop_back();
}

std::string countdown(int64_t left_ms, int64_t total_ms, bool color) {
  constexpr int64_t kCells = 16;
  left_ms = std::max<int64_t>(left_ms, 0);
  const int64_t full = std::clamp<int64_t>(
      (left_ms * kCells + total_ms - 1) / std::max<int64_t>(total_ms, 1), 0, kCells);
  std::string bar;
  for (int64_t i = 0; i < kCells; ++i) bar += i < full ? "\u2588" : "\u2591";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f s left", double(left_ms) / 1000.0);
  if (color) bar = (left_ms <= 3000 ? "\x1b[1;31m" : "\x1b[33m") + bar + "\x1b[0m";
  return "\u23f3 " + bar + " " + seconds;
}

}  // namespace sabbat::cli
