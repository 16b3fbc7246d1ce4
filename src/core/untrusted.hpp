#pragma once
// The one door for text that comes from someone else (a record file, a protocol message):
// JSON is parsed only within bounds, and whatever is shown back to a person is made harmless.
#include <cstddef>
#include <istream>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "result.hpp"

namespace sabbat {

using json = nlohmann::json;  // as in game.hpp, which this door to outside text does not need

struct JsonLimits {
  std::size_t max_bytes = 64 * 1024;  // longer input is refused before parsing
  int max_depth = 16;                 // arrays and objects nested deeper are refused
};

// Parses one JSON document. Too long, too deep or malformed input is an error that says which
// (it quotes none of the input); nothing is parsed beyond the limits, so no input can exhaust
// the stack or the memory.
Result<json> parse_untrusted_json(std::string_view text, const JsonLimits& limits = {});

// Reads one line (without its '\n') into `line`, taking at most `max_bytes` bytes of it: a
// longer line is not read further, so an endless one (/dev/zero) costs no more memory than that.
enum class LineRead { Line, End, TooLong };
LineRead read_bounded_line(std::istream& in, std::string& line, std::size_t max_bytes);

// Whether `text` is valid UTF-8 without a control character (tab, CR, LF, ESC, NUL, DEL, C1).
bool is_plain_text(std::string_view text);

// `text` made safe to print in a terminal or a log line: control characters (ESC, CR, NUL,
// DEL, C1...) become \u escapes, invalid UTF-8 becomes U+FFFD, and text longer than
// `max_chars` code points is cut with an ellipsis and the full length.
std::string printable(std::string_view text, std::size_t max_chars = 60);

}  // namespace sabbat
