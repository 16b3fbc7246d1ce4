// The Bal bot reads a position either from the seat's view (JSON, as any client would) or
// straight from the state for speed; both readings must be the same at every moment, or the
// fast one would see something the seat cannot.
#include <gtest/gtest.h>

#include "games/bal-des-sorcieres/bot_read.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/bal_cards.hpp"
#include "support/random_games.hpp"

namespace sabbat::bal {
namespace {

// What differs between two readings, field by field, for a failure that says where.
std::string differences(const Reading& a, const Reading& b) {
  std::string out;
  auto field = [&](const char* name, auto x, auto y) {
    if (x != y) out += std::string(name) + " ";
  };
  field("players", a.players, b.players);
  field("level", a.level, b.level);
  field("hand", a.hand, b.hand);
  field("unseen", a.unseen, b.unseen);
  field("unseen_total", a.unseen_total, b.unseen_total);
  field("defender", a.defender, b.defender);
  field("attacker", a.attacker, b.attacker);
  field("attack_potions", a.attack_potions, b.attack_potions);
  field("attack_spell", a.attack_spell, b.attack_spell);
  field("farce", a.farce, b.farce);
  for (size_t i = 0; i < a.witches.size() && i < b.witches.size(); ++i)
    if (!(a.witches[i] == b.witches[i])) out += "witch " + std::to_string(i) + " ";
  return out;
}

TEST(BalBotRead, TheStateIsReadAsTheSeatsViewShowsIt) {
  int checked = 0;
  for (const char* level : {"easy", "medium", "hard"})
    for (int players = 3; players <= 6; ++players) {
      auto s = new_bal_game(players, {{"level", level}}, uint64_t(7 * players));
      ASSERT_NE(s, nullptr);
      Rng rng{uint64_t(players)};
      // Whole games in a plain run; their openings under the sanitizers.
      for (int step = 0; step < testing::scaled(2000) && !s->terminal(); ++step) {
        const auto& bal = dynamic_cast<const BalState&>(*s);
        for (Seat seat = 0; seat < players; ++seat) {
          const Reading fast = read_state(bal, seat), slow = read_view(s->view(seat), seat);
          ASSERT_TRUE(fast == slow) << differences(fast, slow) << "differ: " << level << ", "
                                    << players << " players, step " << step << ", seat " << seat;
          ++checked;
        }
        if (clock_if_nobody(*s)) continue;
        const SeatSet actors = s->actors();
        Seat who = 0;
        while (!actors.contains(who)) ++who;
        ASSERT_TRUE(s->apply(who, *s->random_legal(who, rng), s->now()));
      }
    }
  EXPECT_GT(checked, testing::scaled(1000));
}

}  // namespace
}  // namespace sabbat::bal
