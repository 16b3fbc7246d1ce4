#include "untrusted.hpp"

#include <cstdio>

namespace sabbat {

namespace {

// The deepest nesting of arrays and objects in `text`, stopping as soon as it passes `limit`.
// Brackets inside strings do not count.
int nesting_depth(std::string_view text, int limit) {
  int depth = 0;
  int deepest = 0;
  bool in_string = false;
  bool escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

// Length of the UTF-8 sequence starting at text[i], or 0 when it is not valid UTF-8.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b = byte(i);
  std::size_t n = b < 0x80           ? 1
                  : (b >> 5) == 0x6  ? 2
                  : (b >> 4) == 0xE  ? 3
                  : (b >> 3) == 0x1E ? 4
                                     : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  // Overlong forms, surrogates and code points past U+10FFFF.
  if (n == 2 && b < 0xC2) return 0;
  if (n == 3 && b == 0xE0 && byte(i + 1) < 0xA0) return 0;
  if (n == 3 && b == 0xED && byte(i + 1) >= 0xA0) return 0;
  if (n == 4 && b == 0xF0 && byte(i + 1) < 0x90) return 0;
  if (n == 4 && (b > 0xF4 || (b == 0xF4 && byte(i + 1) >= 0x90))) return 0;
  return n;
}

// C0 controls, DEL, and the C1 controls (U+0080..U+009F, two bytes in UTF-8).
bool is_control(std::string_view text, std::size_t i, std::size_t n) {
  auto b = static_cast<unsigned char>(text[i]);
  if (n == 1) return b < 0x20 || b == 0x7F;
  return n == 2 && b == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
}

}  // namespace

Result<json> parse_untrusted_json(std::string_view text, const JsonLimits& limits) {
  if (text.size() > limits.max_bytes) {
    return fail("too long: " + std::to_string(text.size()) + " bytes, at most " +
                std::to_string(limits.max_bytes));
  }
  if (nesting_depth(text, limits.max_depth) > limits.max_depth) {
    return fail("nested more than " + std::to_string(limits.max_depth) + " levels deep");
  }
  json value = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) return fail("not valid JSON");
  return value;
}

LineRead read_bounded_line(std::istream& in, std::string& line, std::size_t max_bytes) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  if (!buf) {
    in.setstate(std::ios::badbit);
    return LineRead::End;
  }
  using traits = std::char_traits<char>;
  for (;;) {
    const auto c = buf->sbumpc();
    if (traits::eq_int_type(c, traits::eof())) {
      in.setstate(std::ios::eofbit);
      return line.empty() ? LineRead::End : LineRead::Line;
    }
    if (traits::to_char_type(c) == '\n') return LineRead::Line;
    if (line.size() == max_bytes) return LineRead::TooLong;
    line.push_back(traits::to_char_type(c));
  }
}

bool is_plain_text(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_length(text, i);
    if (n == 0 || is_control(text, i, n)) return false;
    i += n;
  }
  return true;
}

std::string printable(std::string_view text, std::size_t max_chars) {
  std::string out;
  std::size_t chars = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (chars == max_chars) {
      std::size_t total = chars;
      for (std::size_t k = i; k < text.size(); ++k) {
        if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++total;
      }
      out += "… (" + std::to_string(total) + " characters)";
      return out;
    }
    std::size_t n = utf8_length(text, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD
      n = 1;
    } else if (is_control(text, i, n)) {
      unsigned code =
          n == 1 ? static_cast<unsigned char>(text[i]) : static_cast<unsigned char>(text[i + 1]);
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", code);
      out += buf;
    } else {
      out.append(text.substr(i, n));
    }
    i += n;
    ++chars;
  }
  return out;
}

}  // namespace sabbat
