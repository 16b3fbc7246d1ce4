// Seats and the ready step (server/table/seating.hpp): a newcomer takes the first free
// person's seat, a real-time game with people waits for everyone to be ready, and a token
// finds its seat only by its digest.
#include <gtest/gtest.h>

#include "server/protocol/secrets.hpp"
#include "server/table/seating.hpp"

namespace sabbat::server {
namespace {

TableSettings seats(int people, int bots) {
  TableSettings s;
  s.seats.resize(size_t(people + bots));
  for (int i = people; i < people + bots; ++i) {
    s.seats[size_t(i)].bot = true;
    s.seats[size_t(i)].bot_name = "random";
  }
  return s;
}

TEST(Seating, ANewcomerTakesTheFirstSeatNeitherABotsNorTaken) {
  TableSettings s = seats(3, 0);
  s.seats[0].token = "digest-0";
  EXPECT_EQ(free_human_seat(s), 1);
  s.seats[1].token = "digest-1";
  s.seats[2].token = "digest-2";
  EXPECT_EQ(free_human_seat(s), -1);
  EXPECT_TRUE(all_humans_seated(s));
}

TEST(Seating, BotsSeatsAreNeverFree) {
  TableSettings s = seats(0, 2);
  EXPECT_TRUE(all_humans_seated(s));
}

TEST(Seating, OnlyARealTimeGameWithPeopleHasAReadyStep) {
  EXPECT_TRUE(takes_ready_step(seats(2, 1), true));
  EXPECT_FALSE(takes_ready_step(seats(2, 1), false));
  EXPECT_FALSE(takes_ready_step(seats(0, 3), true));
}

TEST(Seating, EveryonesReadyOnlyOnceEachPersonIsMarked) {
  TableSettings s = seats(2, 1);
  EXPECT_FALSE(all_ready(s));
  s.seats[0].ready = "self";
  EXPECT_FALSE(all_ready(s));
  s.seats[1].ready = "owner";
  EXPECT_TRUE(all_ready(s));
}

TEST(Seating, ATokenFindsTheSeatWhoseDigestItMatches) {
  TableSettings s = seats(3, 1);
  const std::string token = new_token();
  s.seats[0].token = token_digest(new_token());
  s.seats[2].token = token_digest(token);
  EXPECT_EQ(seat_holding(s, token_digest(token)), 2);
  EXPECT_EQ(seat_holding(s, token_digest(new_token())), std::nullopt);
  // The plain token is not its digest.
  EXPECT_EQ(seat_holding(s, token), std::nullopt);
}

}  // namespace
}  // namespace sabbat::server
