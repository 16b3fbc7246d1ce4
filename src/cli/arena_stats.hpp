#pragma once
// The statistics of `sabbat arena`: each bot's share of the wins with a 95 % interval, the
// head-to-head table, and a rating fitted to the head-to-head results (Bradley–Terry, on the
// Elo scale). Pure functions of the games' results, so that they can be checked on
// constructed tables.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "report/stats.hpp"

namespace sabbat::cli {

// One finished game: the bot (its index in the arena's list) at each seat, and each seat's
// rank (1 for the winners; equal results share a rank).
struct ArenaGame {
  std::vector<int> bot_at_seat;
  std::vector<int> ranks;
};

// A bot's share of the wins gets the reports' Wilson interval.
using report::Interval;
using report::wilson_95;

class ArenaTally {
 public:
  explicit ArenaTally(int bots);
  // A seat that wins alone counts one win, a win shared by k seats 1/k to each; every pair of
  // seats held by two different bots is one meeting, worth 1 to the better ranked, 1/2 each
  // when they tie.
  void add(const ArenaGame& game);

  int bots() const { return bots_; }
  int64_t seats(int bot) const { return seats_[size_t(bot)]; }
  double wins(int bot) const { return wins_[size_t(bot)]; }
  // Points of `a` against `b` over their meetings.
  double points(int a, int b) const { return points_[index(a, b)]; }
  int64_t meetings(int a, int b) const { return meetings_[index(a, b)]; }

 private:
  size_t index(int a, int b) const { return size_t(a) * size_t(bots_) + size_t(b); }
  int bots_;
  std::vector<int64_t> seats_;
  std::vector<double> wins_;
  std::vector<double> points_;
  std::vector<int64_t> meetings_;
};

// Ratings on the Elo scale (400 points: ten to one odds), averaging 0, fitted by the
// minorisation–maximisation iteration of Hunter (2004) to the head-to-head points. Every pair
// of bots also gets one virtual drawn meeting, so that a bot that never lost has a finite
// rating and bots that never met are drawn together.
std::vector<double> bradley_terry_elo(const ArenaTally& tally);

}  // namespace sabbat::cli
