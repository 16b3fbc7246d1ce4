#include "server/protocol/names.hpp"

#include <cstdint>
#include <vector>

namespace sabbat::server {

namespace {

// The code point at s[i] and its length in bytes; invalid UTF-8 reads as U+FFFD, one byte.
std::pair<char32_t, std::size_t> decode(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return {b0, 1};
  const std::size_t n = b0 >= 0xF5 ? 0 : b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC2 ? 2 : 0;
  if (n == 0 || i + n > s.size()) return {U'\uFFFD', 1};
  char32_t c = b0 & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return {U'\uFFFD', 1};
    c = (c << 6) | (byte(i + k) & 0x3F);
  }
  const char32_t least = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
  if (c < least || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return {U'\uFFFD', 1};
  return {c, n};
}

// Characters that change how the text around them is shown, or show nothing themselves.
bool steers_display(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F)          // C0, DEL, C1 (NEL among them)
         || c == 0x061C || c == 0x200E || c == 0x200F  // bidi marks
         || (c >= 0x202A && c <= 0x202E)               // bidi embeddings and overrides
         || (c >= 0x2066 && c <= 0x2069)               // bidi isolates
         || (c >= 0x200B && c <= 0x200D)               // zero-width space, non-joiner, joiner
         || (c >= 0x2060 && c <= 0x2064)               // word joiner, invisible operators
         || c == 0xFEFF || c == 0x180E || c == 0x00AD  // zero-width no-break space, soft hyphen
         || c == 0x2028 || c == 0x2029                 // line and paragraph separators
         || (c >= 0xFFF9 && c <= 0xFFFB);              // interlinear annotation
}

// Spaces trimmed from the ends, and the test of a blank name (Unicode's space separators).
bool is_space(char32_t c) {
  return c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F ||
         c == 0x205F || c == 0x3000;
}

Result<std::string> clean(std::string_view raw, std::size_t max_chars, const std::string& what) {
  struct Kept {
    std::size_t from, bytes;
    bool space, invalid;
  };
  std::vector<Kept> kept;
  for (std::size_t i = 0; i < raw.size();) {
    auto [c, n] = decode(raw, i);
    const bool invalid = c == U'\uFFFD' && raw.substr(i, n) != "\xEF\xBF\xBD";
    if (!steers_display(c)) kept.push_back({i, n, is_space(c), invalid});
    i += n;
  }
  std::size_t first = 0, last = kept.size();
  while (first < last && kept[first].space) ++first;
  while (last > first && kept[last - 1].space) --last;
  if (first == last)
    return fail(what +
                " needs at least one visible character (control, bidi and zero-width "
                "characters are removed)");
  if (last - first > max_chars)
    return fail(what + " has at most " + std::to_string(max_chars) + " characters; this one has " +
                std::to_string(last - first));
  std::string out;
  for (std::size_t k = first; k < last; ++k) {
    if (kept[k].invalid)
      out += "\xEF\xBF\xBD";  // U+FFFD for a byte that is not UTF-8
    else
      out.append(raw.substr(kept[k].from, kept[k].bytes));
  }
  return out;
}

}  // namespace

Result<std::string> clean_name(std::string_view raw, std::size_t max_chars) {
  return clean(raw, max_chars, "a name");
}

Result<std::string> clean_chat_text(std::string_view raw, std::size_t max_chars) {
  return clean(raw, max_chars, "a chat message");
}

}  // namespace sabbat::server
