#pragma once
// What a balance report adds up about a game's components (Game::components()): for each one,
// in how many seat-games it was held at the start and played, how often it was played, and
// the wins of those seats. Integer sums only, so that the tallies of several threads merge in
// any order into the same numbers: a win shared by k seats counts 60 / k "sixtieths" to each
// (every k up to 6 divides 60).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sabbat::report {

inline constexpr int64_t kWinUnits = 60;

// A seat's share of the game's wins, in sixtieths: 60 for a win alone, 60 / k for a win shared
// by k seats, 0 otherwise. `ranks` are one per seat, 1 for the winners.
int64_t win_units(const std::vector<int>& ranks, int seat);

struct ComponentCounts {
  int64_t held_in = 0;           // seat-games that held it at the start
  int64_t held_win_units = 0;    // their wins
  int64_t played_in = 0;         // seat-games that played it at least once
  int64_t played_win_units = 0;  // their wins
  int64_t plays = 0;             // times played in all
};

class ComponentTally {
 public:
  explicit ComponentTally(int components = 0);

  // One seat's game: the components it held at the start and those it played (an index once
  // per play; repeats count as plays of one seat-game), and its share of the wins.
  void add_seat_game(const std::vector<int>& held, const std::vector<int>& played,
                     int64_t win_units);
  void merge(const ComponentTally& other);

  int components() const { return int(counts_.size()); }
  int64_t seat_games() const { return seat_games_; }
  int64_t win_units() const { return win_units_; }
  const ComponentCounts& counts(int component) const { return counts_[std::size_t(component)]; }

 private:
  std::vector<ComponentCounts> counts_;
  int64_t seat_games_ = 0;
  int64_t win_units_ = 0;
  std::vector<uint8_t> seen_;  // scratch: which components one seat-game touched
};

}  // namespace sabbat::report
