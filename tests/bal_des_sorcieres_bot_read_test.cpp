// The Bal bot reads a position either from the seat's view (JSON, as any client would) or
// straight from the state for speed; both readings must be the same at every moment, or the
// fast one would see something the seat cannot.
#include <gtest/gtest.h>

#include "games/bal-des-sorcieres/bot_read.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/bal_cards.hpp"

namespace sabbat::bal {
namespace {

TEST(BalBotRead, TheStateIsReadAsTheSeatsViewShowsIt) {
  int checked = 0;
  for (const char* level : {"easy", "medium", "hard"})
    for (int players = 3; players <= 6; ++players) {
      auto s = new_bal_game(players, {{"level", level}}, uint64_t(7 * players));
      ASSERT_NE(s, nullptr);
      Rng rng{uint64_t(players)};
      for (int step = 0; step < 2000 && !s->terminal(); ++step) {
        const auto& bal = dynamic_cast<const BalState&>(*s);
        for (Seat seat = 0; seat < players; ++seat) {
          ASSERT_EQ(read_state(bal, seat), read_view(s->view(seat), seat))
              << level << ", " << players << " players, step " << step << ", seat " << seat;
          ++checked;
        }
        const SeatSet actors = s->actors();
        Seat who = 0;
        while (!actors.contains(who)) ++who;
        ASSERT_TRUE(s->apply(who, *s->random_legal(who, rng), s->now()));
      }
    }
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace sabbat::bal
