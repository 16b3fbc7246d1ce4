#pragma once
// End of game: the Gratin cards a player won are worth K 3, Q 2, J 1, A 1, unless they form
// alliances (each card in at most one): J+Q+K of one suit 10, two aces 5, four of a rank 12.
// A player scores the best split.
#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "games/sortileges/cards.hpp"

namespace sabbat::sortileges {

enum class AllianceKind : uint8_t {
  Court,        // J + Q + K of one suit: 10
  TwoAces,      // any two aces: 5
  FourOfAKind,  // four kings, queens, jacks or aces: 12
};

struct Alliance {
  AllianceKind kind = AllianceKind::Court;
  uint64_t cards = 0;  // bit c set for card c
  int points = 0;
};

// The best split of a player's won cards.
struct ScoreSplit {
  int total = 0;
  std::array<Alliance, 8> alliances{};
  int alliance_count = 0;
  uint64_t loose = 0;  // cards outside every alliance, each worth its own points
};

// K 3, Q 2, J 1, A 1; 0 for the pile's cards.
int card_points(Card c);
ScoreSplit best_split(std::span<const Card> won);
// best_split(won).total, without building the split when no alliance is whole.
int best_total(std::span<const Card> won);
// "J+Q+K of spades", "two aces", "four kings".
std::string alliance_name(const Alliance& alliance);

}  // namespace sabbat::sortileges
