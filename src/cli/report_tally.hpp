#pragma once
// What `sabbat report` adds up over one run's games: what `sim` adds up (SimTally), the
// distribution of final scores and of game lengths, each seat's score sums for its interval,
// and the components each seat held and played. Integer sums only, as SimTally: the threads'
// tallies merge in any order into the same numbers.
#include <cstdint>
#include <map>
#include <vector>

#include "cli/sim_tally.hpp"
#include "report/component_tally.hpp"

namespace sabbat::cli {

class ReportTally {
 public:
  explicit ReportTally(int players = 0, int components = 0);

  // One finished game: its length, scores and ranks, and for each seat the components it held
  // at the start and played.
  void add(int64_t length, const std::vector<int>& scores, const std::vector<int>& ranks,
           const std::vector<std::vector<int>>& held, const std::vector<std::vector<int>>& played);
  void merge(const ReportTally& other);

  const SimTally& sim() const { return sim_; }
  // How many seat-games ended with each final score.
  const std::map<int64_t, int64_t>& scores() const { return scores_; }
  // How many games lasted each number of actions.
  const std::map<int64_t, int64_t>& lengths() const { return lengths_; }
  int64_t score_sum(Seat s) const { return score_sum_[size_t(s)]; }
  int64_t score_square_sum(Seat s) const { return score_square_sum_[size_t(s)]; }
  const report::ComponentTally& components() const { return components_; }

 private:
  SimTally sim_;
  std::map<int64_t, int64_t> scores_;
  std::map<int64_t, int64_t> lengths_;
  std::vector<int64_t> score_sum_;
  std::vector<int64_t> score_square_sum_;
  report::ComponentTally components_;
};

}  // namespace sabbat::cli
