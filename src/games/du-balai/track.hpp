#pragma once
// The race track: squares −2, −1, start (0), 1 … 22, then the finish line.
#include <array>
#include <cstdint>

#include "games/du-balai/data.hpp"

namespace sabbat::du_balai {

inline constexpr int kBackmost = -2;    // "les cases -1 et -2 derrière la ligne de départ"
inline constexpr int kLastSquare = 22;  // the last square before the line
inline constexpr int kFinish = 23;      // past the line: off the track
inline constexpr int kNoCurse = -100;   // the curse token beside the board

struct Track {
  int players = 0;
  std::array<int8_t, kMaxPlayers> square{};         // kFinish once across the line
  std::array<uint8_t, kMaxPlayers> finish_order{};  // 1, 2, … in crossing order; 0 racing
  uint8_t finishers = 0;
  int8_t blocker = -1;  // Blocage: the seat nobody may pass this turn, or -1

  bool finished(int seat) const { return finish_order[size_t(seat)] != 0; }
  // Rank in the race: 1 + the witches strictly ahead; witches on one square share a rank.
  int rank(int seat) const;
  // The front-most square among the witches still racing (kNoCurse when none is).
  int leading_square() const;
  // Moves forward n squares; stops on the blocker's square rather than pass it; crossing
  // the line finishes (in crossing order).
  void advance(int seat, int n);
  // Moves back n squares, never behind −2.
  void retreat(int seat, int n);
  // Moves `seat` to square `to` going forward, still held by Blocage.
  void advance_to(int seat, int to) { advance(seat, to - square[size_t(seat)]); }
  bool operator==(const Track&) const = default;
};

}  // namespace sabbat::du_balai
