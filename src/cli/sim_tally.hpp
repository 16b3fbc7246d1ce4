#pragma once
// What a simulation adds up, as integer sums only: merging the tallies of several threads in
// any order gives the same numbers, so the summary is byte-identical whatever --jobs is.
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace sabbat::cli {

class SimTally {
 public:
  explicit SimTally(int players = 0);

  // One finished game: its length in actions, its scores and ranks (one per seat).
  void add(int64_t length, const std::vector<int>& scores, const std::vector<int>& ranks);
  void merge(const SimTally& other);

  int players() const { return players_; }
  int64_t games() const { return games_; }
  double mean_length() const;
  double sd_length() const;  // population standard deviation
  int64_t min_length() const { return games_ ? min_length_ : 0; }
  int64_t max_length() const { return max_length_; }
  int64_t wins(Seat s) const;            // rank-1 finishes, shared ones included
  double fractional_wins(Seat s) const;  // a k-way shared win counts 1/k
  double mean_score(Seat s) const;

 private:
  int players_;
  int64_t games_ = 0;
  int64_t length_sum_ = 0;
  int64_t length_square_sum_ = 0;
  int64_t min_length_ = INT64_MAX;
  int64_t max_length_ = 0;
  std::vector<int64_t> score_sum_;
  // [seat * (players + 1) + k]: wins of that seat shared by k rank-1 seats.
  std::vector<int64_t> shared_wins_;
};

struct SimHeader {
  std::string game_id;
  std::string display_name;
  uint64_t seed = 0;
  std::string bot;
  std::map<std::string, std::string> params;
};

std::string sim_text(const SimHeader& header, const SimTally& tally);
nlohmann::ordered_json sim_json(const SimHeader& header, const SimTally& tally);

}  // namespace sabbat::cli
