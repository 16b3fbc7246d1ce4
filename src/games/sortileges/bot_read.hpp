#pragma once
// How the Sortilèges heuristic bot reads a table and weighs a placement (bot.hpp). Everything
// here reads only what every seat sees (placed cards, won cards, removed cards, the known
// bottom of the Gratin) and what the deciding seat holds: the couple cards count only once
// everyone knows them.
#include <array>

#include "games/sortileges/state.hpp"

namespace sabbat::sortileges {

// What a level pays attention to.
struct Style {
  bool reads_others = true;  // weighs the spells the others placed face up
  bool looks_ahead = true;   // counts the spells its next cards may still make
  double alliance = 0.5;     // weight of alliances it is on the way to
  double deny = 0.5;         // weight of a couple card kept from the others
};

// What winning each couple card is worth, for every seat, and the chances of its suit. The
// same for every seat's decision within a round: it reads public cards only.
struct Stakes {
  std::array<std::array<double, 2>, kMaxPlayers> worth{};  // [seat][side]
  std::array<std::array<double, 4>, 2> suit{};             // [side][suit]
};
Stakes read_stakes(const SortilegesState& s, const Style& style);

// How good placing `card` under `side` is for the current player: the chance of winning each
// couple card after it, times what that card is worth.
double placement_worth(const SortilegesState& s, const Stakes& stakes, const Style& style,
                       Card card, int side);

// The current player's best placement by placement_worth (ties: the first legal one).
Action best_placement(const SortilegesState& s, const Stakes& stakes, const Style& style);

}  // namespace sabbat::sortileges
