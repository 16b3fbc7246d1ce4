#include "report/component_tally.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace sabbat::report {

int64_t win_units(const std::vector<int>& ranks, int seat) {
  if (ranks[size_t(seat)] != 1) return 0;
  const auto winners = std::count(ranks.begin(), ranks.end(), 1);
  return kWinUnits / winners;
}

ComponentTally::ComponentTally(int components) : counts_(size_t(components)) {}

void ComponentTally::add_seat_game(const std::vector<int>& held, const std::vector<int>& played,
                                   int64_t win_units) {
  ++seat_games_;
  win_units_ += win_units;
  const size_t n = counts_.size();
  auto check = [n](int c) {
    if (c < 0 || size_t(c) >= n)
      throw std::out_of_range("component index " + std::to_string(c) + " of " + std::to_string(n));
  };
  seen_.assign(n, 0);
  for (int c : held) {
    check(c);
    if (seen_[size_t(c)]) continue;
    seen_[size_t(c)] = 1;
    counts_[size_t(c)].held_in += 1;
    counts_[size_t(c)].held_win_units += win_units;
  }
  seen_.assign(n, 0);
  for (int c : played) {
    check(c);
    counts_[size_t(c)].plays += 1;
    if (seen_[size_t(c)]) continue;
    seen_[size_t(c)] = 1;
    counts_[size_t(c)].played_in += 1;
    counts_[size_t(c)].played_win_units += win_units;
  }
}

void ComponentTally::merge(const ComponentTally& other) {
  if (counts_.empty()) counts_.resize(other.counts_.size());
  if (other.counts_.size() != counts_.size())
    throw std::invalid_argument("merging the tallies of two games with different components");
  seat_games_ += other.seat_games_;
  win_units_ += other.win_units_;
  for (size_t i = 0; i < counts_.size(); ++i) {
    ComponentCounts& a = counts_[i];
    const ComponentCounts& b = other.counts_[i];
    a.held_in += b.held_in;
    a.held_win_units += b.held_win_units;
    a.played_in += b.played_in;
    a.played_win_units += b.played_win_units;
    a.plays += b.plays;
  }
}

}  // namespace sabbat::report
