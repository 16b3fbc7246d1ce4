// The Bal des Sorcières bot: legal at every level through whole games, its choices in set-up
// hands (rare colours to attack, parries kept, Baguette magique when no parry is possible), and
// blind to what its seat cannot see.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/bal-des-sorcieres/bot.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/bal_cards.hpp"
#include "support/random_games.hpp"

namespace sabbat::bal {
namespace {

std::unique_ptr<State> new_game(int players, const std::string& level, uint64_t seed) {
  return new_bal_game(players, {{"level", level}}, seed);
}

// Seats 0, 1, 2 at `level`; seat 0 holds Carabosse.
BalState table(std::initializer_list<Card> h0, std::initializer_list<Card> h1,
               std::initializer_list<Card> h2, const std::string& level = "medium") {
  auto s = new_game(3, level, 1);
  BalState b = dynamic_cast<BalState&>(*s);
  EXPECT_TRUE(b.set_hand(0, h0).ok());
  EXPECT_TRUE(b.set_hand(1, h1).ok());
  EXPECT_TRUE(b.set_hand(2, h2).ok());
  EXPECT_TRUE(b.audit().ok()) << b.audit().error();
  pass_windows(b);
  return b;
}

std::string choice(const State& s, Seat seat, sabbat::Level level = sabbat::Level::Normal) {
  auto bot = make_heuristic_bot(level);
  Rng rng(5);
  auto p = bot->propose(s, seat, rng);
  EXPECT_TRUE(p.has_value());
  return p ? s.action_text(p->action) : "";
}

// Whole games with every seat played by `level`, each proposal checked against the legal list.
void play_whole_games(sabbat::Level level, std::initializer_list<const char*> boxes,
                      std::initializer_list<int> sizes) {
  for (const std::string box : boxes)
    for (int players : sizes) {
      auto s = new_game(players, box, 40 + players);
      std::vector<std::unique_ptr<Bot>> bots;
      for (int i = 0; i < players; ++i) bots.push_back(make_heuristic_bot(level));
      Rng rng(players);
      ActionList legal;
      int actions = 0;
      while (!s->terminal() && actions < 20000) {
        if (clock_if_nobody(*s)) continue;
        const SeatSet actors = s->actors();
        Seat seat = 0;
        while (!actors.contains(seat)) ++seat;
        std::unique_ptr<State> redrawn;
        const State& seen = seen_by(*bots[size_t(seat)], *s, seat, rng, redrawn);
        auto p = bots[size_t(seat)]->propose(seen, seat, rng);
        ASSERT_TRUE(p.has_value());
        s->legal_actions(seat, legal);
        ASSERT_NE(std::find(legal.begin(), legal.end(), p->action), legal.end())
            << s->action_text(p->action);
        ASSERT_TRUE(s->apply(seat, p->action, s->now()).ok());
        ++actions;
      }
      EXPECT_TRUE(s->terminal()) << level_name(level) << " " << box << " " << players;
    }
}

TEST(BalBot, NoviceAndNormalPlayOnlyLegalActionsToTheEndOfWholeGames) {
  for (auto level : {sabbat::Level::Novice, sabbat::Level::Normal})
    play_whole_games(level, {"easy", "medium", "hard"}, {kMinPlayers, kMaxPlayers});
}

// The expert searches at every choice: one game per box (the hard one alone under the
// sanitizers).
TEST(BalBot, ExpertPlaysOnlyLegalActionsToTheEndOfWholeGames) {
  if (sabbat::testing::scaled(3) >= 3)
    play_whole_games(sabbat::Level::Expert, {"easy", "medium"}, {4});
  play_whole_games(sabbat::Level::Expert, {"hard"}, {4});
}

TEST(BalBot, AttacksWithTheRarestColourItHolds) {
  // One grey against reds: with two greys left unseen among a hundred cards, a grey attack
  // is rarely parried, two reds often.
  BalState s = table({potion(Colour::Gris), potion(Colour::Rouge, 0), potion(Colour::Rouge, 1),
                      potion(Colour::Jaune), potion(Colour::Vert)},
                     {potion(Colour::Rouge, 2), potion(Colour::Rouge, 3), potion(Colour::Jaune, 1),
                      potion(Colour::Vert, 1), potion(Colour::Bleu)},
                     {potion(Colour::Rouge, 4), potion(Colour::Rouge, 5), potion(Colour::Jaune, 2),
                      potion(Colour::Vert, 2), potion(Colour::Bleu, 1)});
  const std::string text = choice(s, 0);
  EXPECT_NE(text.find(" 1 gris"), std::string::npos) << text;
}

TEST(BalBot, ParriesWhenItHoldsTheColour) {
  BalState s = table({potion(Colour::Jaune), potion(Colour::Rouge, 0), potion(Colour::Rouge, 1),
                      potion(Colour::Vert), potion(Colour::Bleu)},
                     {potion(Colour::Jaune, 1), potion(Colour::Rouge, 2), potion(Colour::Vert, 1),
                      potion(Colour::Bleu, 1), spell(Spell::BaguetteMagique)},
                     {potion(Colour::Rouge, 4), potion(Colour::Rouge, 5), potion(Colour::Jaune, 2),
                      potion(Colour::Vert, 2), potion(Colour::Bleu, 2)});
  auto a = s.parse_action(0, "attack 1 with 1 jaune");
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(s.apply(0, *a, s.now()).ok());
  pass_windows(s);
  // A parry saves the Crapzouille and wins a card; the Baguette is kept for worse.
  EXPECT_EQ(choice(s, 1), "parry");
}

TEST(BalBot, CancelsWithBaguetteMagiqueWhenItCannotParry) {
  BalState s = table({potion(Colour::Gris), potion(Colour::Rouge, 0), potion(Colour::Rouge, 1),
                      potion(Colour::Vert), potion(Colour::Bleu)},
                     {potion(Colour::Jaune, 1), potion(Colour::Rouge, 2), potion(Colour::Vert, 1),
                      potion(Colour::Bleu, 1), spell(Spell::BaguetteMagique)},
                     {potion(Colour::Rouge, 4), potion(Colour::Rouge, 5), potion(Colour::Jaune, 2),
                      potion(Colour::Vert, 2), potion(Colour::Bleu, 2)});
  auto a = s.parse_action(0, "attack 1 with 1 gris");
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(s.apply(0, *a, s.now()).ok());
  pass_windows(s);
  EXPECT_EQ(choice(s, 1), "baguette");
}

TEST(BalBot, ItsChoicesDoNotDependOnWhatItsSeatCannotSee) {
  // The same view with the other hands and the pile redrawn: the same choice, every time.
  int compared = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    auto s = new_game(4, "hard", seed);
    Rng play(seed);
    ActionList legal;
    for (int step = 0; step < 30 && !s->terminal(); ++step) {
      if (clock_if_nobody(*s)) continue;
      const SeatSet actors = s->actors();
      Seat seat = 0;
      while (!actors.contains(seat)) ++seat;
      Rng redraw(seed * 100 + uint64_t(step));
      auto twin = s->sample_hidden(seat, redraw);
      ASSERT_EQ(s->view(seat), twin->view(seat));
      EXPECT_EQ(choice(*s, seat), choice(*twin, seat));
      ++compared;
      s->legal_actions(seat, legal);
      ASSERT_TRUE(s->apply(seat, legal[play.below(uint32_t(legal.size()))], s->now()).ok());
    }
  }
  EXPECT_GT(compared, 500);
}

}  // namespace
}  // namespace sabbat::bal
