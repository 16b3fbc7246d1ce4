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

// "a=1 b=two" for a header line.
std::string params_text(const std::map<std::string, std::string>& params);

}  // namespace sabbat::cli
