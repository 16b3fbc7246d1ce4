// A table's game time (server/table/table_clock.hpp): it runs from the start, never goes
// before the last action, stands still while the table is paused, and maps back onto the
// steady clock for the table's timer.
#include <gtest/gtest.h>

#include "server/table/table_clock.hpp"

namespace sabbat::server {
namespace {

using namespace std::chrono_literals;
const TableClock::Steady::time_point t0{};

TEST(TableClock, GameTimeRunsFromWhereItStarted) {
  TableClock c;
  c.start(5000, t0);
  EXPECT_EQ(c.at(0, t0), 5000);
  EXPECT_EQ(c.at(0, t0 + 250ms), 5250);
}

TEST(TableClock, GameTimeIsNeverBeforeTheLastAction) {
  TableClock c;
  c.start(0, t0);
  EXPECT_EQ(c.at(900, t0 + 100ms), 900);
}

TEST(TableClock, APausedTableKeepsItsTimeUntilItResumes) {
  TableClock c;
  c.start(0, t0);
  c.pause(c.at(0, t0 + 1s));
  EXPECT_TRUE(c.paused());
  EXPECT_EQ(c.at(0, t0 + 1h), 1000);
  c.resume(t0 + 1h);
  EXPECT_FALSE(c.paused());
  EXPECT_EQ(c.at(0, t0 + 1h + 500ms), 1500);
}

TEST(TableClock, TheTimerWakesWhenGameTimeComes) {
  TableClock c;
  c.start(2000, t0 + 10s);
  EXPECT_EQ(c.when(2500), t0 + 10s + 500ms);
  EXPECT_EQ(c.at(0, c.when(7000)), 7000);
}

}  // namespace
}  // namespace sabbat::server
