// Empty seats and stand-ins (server/table/empty_seats.hpp): a person's seat left empty gets a
// stand-in once the table's limit has passed, counted from the first moment it was empty.
#include <gtest/gtest.h>

#include "bots/bot.hpp"
#include "server/table/empty_seats.hpp"

namespace sabbat::server {
namespace {

constexpr GameTime kLimit = 60000;

TEST(EmptySeats, NoEmptySeatMeansNoStandInIsDue) {
  EmptySeats seats(3);
  EXPECT_EQ(seats.next_due(kLimit), std::nullopt);
  EXPECT_TRUE(seats.due(1000000, kLimit).empty());
}

TEST(EmptySeats, TheLimitCountsFromTheFirstMomentASeatWasEmpty) {
  EmptySeats seats(3);
  seats.mark(1, 1000);
  seats.mark(1, 5000);  // still empty: the first moment stands
  EXPECT_EQ(seats.next_due(kLimit), 61000);
  EXPECT_TRUE(seats.due(60999, kLimit).empty());
  EXPECT_EQ(seats.due(61000, kLimit), std::vector<Seat>{1});
}

TEST(EmptySeats, TheEarliestEmptySeatIsDueFirst) {
  EmptySeats seats(3);
  seats.mark(2, 3000);
  seats.mark(0, 2000);
  EXPECT_EQ(seats.next_due(kLimit), 62000);
  EXPECT_EQ(seats.due(63000, kLimit), (std::vector<Seat>{0, 2}));
}

TEST(EmptySeats, ASeatWithItsStandInIsNoLongerDue) {
  EmptySeats seats(2);
  seats.mark(0, 0);
  seats.give_stand_in(0, std::make_unique<RandomBot>());
  EXPECT_NE(seats.stand_in(0), nullptr);
  EXPECT_EQ(seats.stand_ins_playing(), 1);
  EXPECT_EQ(seats.next_due(kLimit), std::nullopt);
  EXPECT_TRUE(seats.due(kLimit, kLimit).empty());
}

TEST(EmptySeats, APersonWhoComesBackEndsTheStandInAndTheWait) {
  EmptySeats seats(2);
  seats.mark(1, 0);
  seats.give_stand_in(1, std::make_unique<RandomBot>());
  seats.filled(1);
  EXPECT_FALSE(seats.is_empty(1));
  EXPECT_TRUE(seats.end_stand_in(1));
  EXPECT_FALSE(seats.end_stand_in(1));
  EXPECT_EQ(seats.stand_ins_playing(), 0);
  // Empty again later: the limit counts from then.
  seats.mark(1, 90000);
  EXPECT_EQ(seats.next_due(kLimit), 150000);
}

}  // namespace
}  // namespace sabbat::server
