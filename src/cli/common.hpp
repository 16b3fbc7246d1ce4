#pragma once
// What every command shares: its streams, exit codes, one-line errors, and choosing a game
// with validated settings.
#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/untrusted.hpp"

namespace sabbat::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // the command ran and failed (file, record, game)
inline constexpr int kExitUsage = 2;    // the command line was wrong

// The streams a command reads and writes; tests pass string streams.
struct Io {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

// Prints "sabbat: MESSAGE" as one line on `err` (newlines folded) and returns `code`.
int report_error(std::ostream& err, std::string_view message, int code);

// A registered game with a validated setup.
struct GameChoice {
  const Game* game = nullptr;
  Setup setup;
};

// Looks `id` up in the registry and validates the player count (nothing: the game's default)
// and "name=value" parameters.
Result<GameChoice> choose_game(const std::string& id, std::optional<int> players,
                               const std::vector<std::string>& params, uint64_t seed);

// A seed as typed: a decimal integer from 0 to 2^64-1, nothing else (no sign, no wrap-around).
Result<uint64_t> parse_seed(const std::string& text);

// A whole number as typed for `option`: decimal digits, with '-' for a negative one, nothing
// else ("010" is ten; "0x10", "1e3", "+1" and " 1" are refused), from `lo` to `hi`. The error
// says what the option takes and quotes the text, cut short.
Result<int64_t> parse_whole(const std::string& text, std::string_view option, int64_t lo,
                            int64_t hi);
// "OPTION takes a whole number from LO to HI, not 'TEXT'".
std::string range_error(std::string_view option, int64_t lo, int64_t hi, std::string_view text);

// What a person typed, as quoted back to them in a message: control characters made harmless
// and cut to a sane length (a pasted megabyte is not echoed whole).
inline std::string echoed(std::string_view typed) {
  return printable(typed, 120);
}
// A reason from the engine, which may quote what was typed, cut the same way.
inline std::string reason(std::string_view why) {
  return printable(why, 240);
}

// Without --web, the web client built next to the sources: web/dist under the current
// directory (the README's commands run from the checkout), else beside the binary's build
// directory. Empty when neither holds an index.html.
std::string default_web_dir();

// "a=1 b=two" for a header line.
std::string params_text(const std::map<std::string, std::string>& params);

}  // namespace sabbat::cli
