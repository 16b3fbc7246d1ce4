#include "server/protocol/json_scan.hpp"

namespace sabbat::server {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Index just past the string that opens at `at` (a '"'), or npos.
std::size_t past_string(std::string_view s, std::size_t at) {
  for (std::size_t i = at + 1; i < s.size(); ++i) {
    if (s[i] == '\\')
      ++i;
    else if (s[i] == '"')
      return i + 1;
  }
  return std::string_view::npos;
}

// Index just past the value that starts at `at`, or npos.
std::size_t past_value(std::string_view s, std::size_t at) {
  if (at >= s.size()) return std::string_view::npos;
  if (s[at] == '"') return past_string(s, at);
  if (s[at] == '{' || s[at] == '[') {
    int depth = 0;
    for (std::size_t i = at; i < s.size();) {
      const char c = s[i];
      if (c == '"') {
        i = past_string(s, i);
        if (i == std::string_view::npos) return i;
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if ((c == '}' || c == ']') && --depth == 0) return i + 1;
      ++i;
    }
    return std::string_view::npos;
  }
  std::size_t i = at;  // a number, true, false or null
  while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' && !is_space(s[i])) ++i;
  return i;
}

}  // namespace

std::optional<std::string_view> top_level_member(std::string_view s, std::string_view key) {
  std::size_t i = 0;
  const auto skip_spaces = [&] {
    while (i < s.size() && is_space(s[i])) ++i;
  };
  skip_spaces();
  if (i >= s.size() || s[i] != '{') return std::nullopt;
  ++i;
  std::optional<std::string_view> found;
  for (;;) {
    skip_spaces();
    if (i >= s.size() || s[i] != '"') return found;  // '}' (or not an object)
    const std::size_t key_end = past_string(s, i);
    if (key_end == std::string_view::npos) return std::nullopt;
    const std::string_view k = s.substr(i + 1, key_end - i - 2);
    i = key_end;
    skip_spaces();
    if (i >= s.size() || s[i] != ':') return std::nullopt;
    ++i;
    skip_spaces();
    const std::size_t value_end = past_value(s, i);
    if (value_end == std::string_view::npos) return std::nullopt;
    if (k == key) found = s.substr(i, value_end - i);
    i = value_end;
    skip_spaces();
    if (i < s.size() && s[i] == ',') ++i;
  }
}

}  // namespace sabbat::server
