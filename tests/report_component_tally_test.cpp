// The balance report's component tally: what a seat held and played, and its wins, added up
// in integers so that threads merge into the same numbers.
#include <gtest/gtest.h>

#include "report/component_tally.hpp"

namespace sabbat::report {
namespace {

TEST(ReportComponentTally, AWinSharedByKSeatsCountsSixtyOverKToEach) {
  EXPECT_EQ(win_units({1, 2, 3}, 0), 60);
  EXPECT_EQ(win_units({1, 2, 3}, 1), 0);
  EXPECT_EQ(win_units({1, 1, 3}, 1), 30);
  EXPECT_EQ(win_units({1, 1, 1, 4, 5}, 2), 20);
  EXPECT_EQ(win_units({1, 1, 1, 1, 1, 1}, 5), 10);
}

TEST(ReportComponentTally, ASeatGameCountsOncePerComponentAndEveryPlay) {
  ComponentTally t(3);
  t.add_seat_game({0, 0, 2}, {1, 1, 1, 2}, 60);
  t.add_seat_game({2}, {}, 0);
  t.add_seat_game({}, {2}, 30);
  EXPECT_EQ(t.seat_games(), 3);
  EXPECT_EQ(t.win_units(), 90);
  EXPECT_EQ(t.counts(0).held_in, 1);
  EXPECT_EQ(t.counts(0).held_win_units, 60);
  EXPECT_EQ(t.counts(1).played_in, 1);
  EXPECT_EQ(t.counts(1).plays, 3);
  EXPECT_EQ(t.counts(1).played_win_units, 60);
  EXPECT_EQ(t.counts(2).held_in, 2);
  EXPECT_EQ(t.counts(2).held_win_units, 60);
  EXPECT_EQ(t.counts(2).played_in, 2);
  EXPECT_EQ(t.counts(2).played_win_units, 90);
}

TEST(ReportComponentTally, MergingInAnyOrderGivesTheSameNumbers) {
  ComponentTally a(2), b(2), ab, ba;
  a.add_seat_game({0}, {1}, 60);
  b.add_seat_game({1}, {0, 0}, 20);
  ab.merge(a);
  ab.merge(b);
  ba.merge(b);
  ba.merge(a);
  for (int c = 0; c < 2; ++c) {
    EXPECT_EQ(ab.counts(c).held_in, ba.counts(c).held_in);
    EXPECT_EQ(ab.counts(c).played_win_units, ba.counts(c).played_win_units);
    EXPECT_EQ(ab.counts(c).plays, ba.counts(c).plays);
  }
  EXPECT_EQ(ab.win_units(), 80);
}

TEST(ReportComponentTally, AnIndexOutOfTheGamesComponentsIsRefusedWithItsRange) {
  ComponentTally t(2);
  try {
    t.add_seat_game({}, {2}, 0);
    FAIL() << "no error";
  } catch (const std::out_of_range& e) {
    EXPECT_STREQ(e.what(), "component index 2 of 2");
  }
  ComponentTally other(3);
  EXPECT_THROW(t.merge(other), std::invalid_argument);
}

}  // namespace
}  // namespace sabbat::report
