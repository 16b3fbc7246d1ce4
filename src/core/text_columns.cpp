#include "core/text_columns.hpp"

namespace sabbat {

size_t display_width(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\x1b') {  // CSI ... final letter
      while (i < s.size() && !(s[i] >= '@' && s[i] <= '~' && s[i] != '[')) ++i;
      continue;
    }
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++n;
  }
  return n;
}

std::string pad_left(const std::string& s, size_t w) {
  const size_t n = display_width(s);
  return n >= w ? s : s + std::string(w - n, ' ');
}

std::string pad_right(const std::string& s, size_t w) {
  const size_t n = display_width(s);
  return n >= w ? s : std::string(w - n, ' ') + s;
}

}  // namespace sabbat
