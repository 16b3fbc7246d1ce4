// The scheduler of bots in virtual time (bots/scheduler.hpp): which of several proposals is
// played first.
#include <gtest/gtest.h>

#include <array>

#include "bots/scheduler.hpp"
#include "core/registry.hpp"
#include "games/baba-yaga/actions.hpp"

namespace sabbat {
namespace {

// Says `ready` at the same moment, whatever its seat.
class ReadyAt final : public Bot {
 public:
  std::optional<Proposal> propose(const State&, Seat, Rng&) override {
    return Proposal{baba_yaga::act::ready(), 1000};
  }
};

// "The earliest proposal is applied; the server orders real actions the same way (by
// arrival)": proposals at the same moment arrive in no order of seat numbers. Three bots say
// ready at the same millisecond of Baba Yaga's study; over 3,000 draws each seat is played
// first about a third of the time (between 900 and 1,100: 3.9 standard deviations). The
// scheduler used to play the lowest seat at every tie, so that seat 0's bot acted first at
// every simultaneous moment (in Baba Yaga, a searcher's tile and a mover's move due at once).
TEST(SchedulerTies, ProposalsAtTheSameMomentAreTakenInNoOrderOfSeats) {
  const Game& game = *registry().find("baba-yaga");
  auto state = game.new_state(game.setup(3, {}, 1).value()).value();
  ReadyAt bot;
  const std::vector<Bot*> bots{&bot, &bot, &bot};
  std::array<int, 3> first{};
  for (uint64_t i = 0; i < 3000; ++i) {
    Rng rng(Rng::mix(77, i));
    auto step = next_step(*state, bots, rng);
    ASSERT_TRUE(step.has_value());
    ASSERT_NE(step->seat, kClock);
    EXPECT_EQ(step->at, 1000);
    ++first[size_t(step->seat)];
  }
  for (Seat s = 0; s < 3; ++s) {
    EXPECT_GE(first[size_t(s)], 900) << "seat " << s;
    EXPECT_LE(first[size_t(s)], 1100) << "seat " << s;
  }
}

// A deadline still wins a tie: an action at the very deadline is too late.
TEST(SchedulerTies, ADeadlineWinsATieWithABot) {
  const Game& game = *registry().find("baba-yaga");
  auto state = game.new_state(game.setup(3, {{"study_time_ms", "1000"}}, 1).value()).value();
  ReadyAt bot;
  const std::vector<Bot*> bots{&bot, &bot, &bot};
  Rng rng(5);
  auto step = next_step(*state, bots, rng);
  ASSERT_TRUE(step.has_value());
  EXPECT_EQ(step->seat, kClock);
  EXPECT_EQ(step->at, 1000);
}

}  // namespace
}  // namespace sabbat
