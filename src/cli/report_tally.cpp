#include "cli/report_tally.hpp"

namespace sabbat::cli {

ReportTally::ReportTally(int players, int components)
    : sim_(players),
      score_sum_(size_t(players)),
      score_square_sum_(size_t(players)),
      components_(components) {}

void ReportTally::add(int64_t length, const std::vector<int>& scores, const std::vector<int>& ranks,
                      const std::vector<std::vector<int>>& held,
                      const std::vector<std::vector<int>>& played) {
  sim_.add(length, scores, ranks);
  lengths_[length] += 1;
  for (Seat s = 0; s < Seat(scores.size()); ++s) {
    const int64_t score = scores[size_t(s)];
    scores_[score] += 1;
    score_sum_[size_t(s)] += score;
    score_square_sum_[size_t(s)] += score * score;
    components_.add_seat_game(held[size_t(s)], played[size_t(s)], report::win_units(ranks, s));
  }
}

void ReportTally::merge(const ReportTally& other) {
  sim_.merge(other.sim_);
  for (const auto& [score, n] : other.scores_) scores_[score] += n;
  for (const auto& [length, n] : other.lengths_) lengths_[length] += n;
  if (score_sum_.empty()) {
    score_sum_.resize(other.score_sum_.size());
    score_square_sum_.resize(other.score_square_sum_.size());
  }
  for (size_t s = 0; s < score_sum_.size() && s < other.score_sum_.size(); ++s) {
    score_sum_[s] += other.score_sum_[s];
    score_square_sum_[s] += other.score_square_sum_[s];
  }
  components_.merge(other.components_);
}

}  // namespace sabbat::cli
