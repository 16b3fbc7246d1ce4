#pragma once
// The three levels every game's own bot is offered at. A level is also a bot name: "expert"
// names the game's own bot at that level, so that a server or an arena that takes bot names
// takes levels too. Header only: the games include it without linking the bots.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sabbat {

enum class Level : unsigned char { Novice, Normal, Expert };

inline constexpr std::array<std::string_view, 3> kLevelNames{"novice", "normal", "expert"};

inline std::optional<Level> parse_level(std::string_view name) {
  for (size_t i = 0; i < kLevelNames.size(); ++i)
    if (name == kLevelNames[i]) return Level(i);
  return std::nullopt;
}

inline std::string_view level_name(Level level) {
  return kLevelNames[size_t(level)];
}

// The names a game's own heuristic bot answers to, the default first ("heuristic" is
// `normal`), and the level each means.
inline std::vector<std::string> heuristic_bot_names() {
  return {"normal", "novice", "expert", "heuristic"};
}
inline std::optional<Level> heuristic_level(std::string_view name) {
  return name == "heuristic" ? std::optional(Level::Normal) : parse_level(name);
}

// "novice, normal, expert", for messages.
inline std::string level_list() {
  std::string out;
  for (auto name : kLevelNames) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

}  // namespace sabbat
