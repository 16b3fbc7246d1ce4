// The Sortilèges heuristic bot (games/sortileges/bot.hpp): what a sensible player does.
#include <gtest/gtest.h>

#include "bots/bot.hpp"
#include "core/registry.hpp"
#include "games/sortileges/state.hpp"

namespace sabbat::sortileges {
namespace {

Card card(std::string_view text) {
  return *parse_card(text);
}

// Seat 0's proposal in a four-player game where seats 1, 2 and 3 placed `theirs` under the
// left couple card, one each, and seat 0 holds `a` and `b`.
Action proposal(const std::string& bot, std::span<const Card> theirs, Card a, Card b) {
  Options o;
  o.players = 4;
  o.first_seat = 1;
  SortilegesState s(o, 7);
  const Card others[] = {card("2D"), card("3D"), card("4D")};
  for (size_t i = 0; i < theirs.size(); ++i) {
    EXPECT_TRUE(s.set_hand(theirs[i], others[i]).ok());
    EXPECT_TRUE(s.apply(Seat(i + 1), Action{encode_place(theirs[i], kLeft)}, 0).ok());
  }
  EXPECT_EQ(s.current(), 0);
  EXPECT_TRUE(s.set_hand(a, b).ok());
  auto made = make_bot(bot, *registry().find("sortileges"));
  EXPECT_TRUE(made.ok());
  Rng rng(3);
  auto p = (*made)->propose(s, s.current(), rng);
  EXPECT_TRUE(p.has_value());
  return p ? p->action : Action{};
}

// Holding a six beside two sixes of its own under the left card, it completes Demonicus.
TEST(SortilegesBot, CompletesTheSpellItBegan) {
  Options o;
  o.players = 2;
  SortilegesState s(o, 11);
  ASSERT_TRUE(s.set_hand(card("6S"), card("2H")).ok());
  ASSERT_TRUE(s.apply(0, Action{encode_place(card("6S"), kLeft)}, 0).ok());
  ASSERT_TRUE(s.set_hand(card("9D"), card("4C")).ok());
  ASSERT_TRUE(s.apply(1, Action{encode_place(card("9D"), kRight)}, 0).ok());
  ASSERT_TRUE(s.set_hand(card("6H"), card("3C")).ok());
  ASSERT_TRUE(s.apply(0, Action{encode_place(card("6H"), kLeft)}, 0).ok());
  ASSERT_TRUE(s.set_hand(card("8D"), card("5C")).ok());
  ASSERT_TRUE(s.apply(1, Action{encode_place(card("8D"), kRight)}, 0).ok());
  ASSERT_TRUE(s.set_hand(card("7C"), card("6C")).ok());
  for (const char* level : {"normal", "expert"}) {
    auto bot = make_bot(level, *registry().find("sortileges"));
    ASSERT_TRUE(bot.ok());
    Rng rng(5);
    auto p = (*bot)->propose(s, 0, rng);
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(p->action.code, encode_place(card("6C"), kLeft))
        << level << " played " << s.action_text(p->action);
  }
}

// Facing three tens under the left card, its nine cannot win there: the normal player places
// it under the right card, which nobody contests yet.
TEST(SortilegesBot, ReadsTheSpellsPlacedFaceUp) {
  const Card tens[] = {card("10S"), card("10H"), card("10C")};
  const Action a = proposal("normal", tens, card("9S"), card("4H"));
  EXPECT_EQ(a.code % 2, uint32_t(kRight)) << "placed under the left card against a Triplus";
}

// Against random players, the normal level wins most games: its choices are worth something.
TEST(SortilegesBot, NormalWinsMostGamesAgainstRandomPlayers) {
  const Game& game = *registry().find("sortileges");
  int wins = 0;
  const int games = 60;
  for (int g = 0; g < games; ++g) {
    auto setup = game.setup(3, {}, uint64_t(g + 1));
    ASSERT_TRUE(setup.ok());
    auto state = game.new_state(*setup);
    ASSERT_TRUE(state.ok());
    auto normal = make_bot("normal", game);
    auto r1 = make_bot("random", game), r2 = make_bot("random", game);
    const std::vector<Bot*> bots{normal->get(), r1->get(), r2->get()};
    State& s = **state;
    Rng rng(uint64_t(g) + 99);
    std::unique_ptr<State> redrawn;
    while (!s.terminal()) {
      const Seat seat = static_cast<const SortilegesState&>(s).current();
      const State& seen = seen_by(*bots[size_t(seat)], s, seat, rng, redrawn);
      auto p = bots[size_t(seat)]->propose(seen, seat, rng);
      ASSERT_TRUE(p.has_value());
      ASSERT_TRUE(s.apply(seat, p->action, p->at).ok());
    }
    const auto scores = s.scores();
    wins += scores[0] > std::max(scores[1], scores[2]);
  }
  EXPECT_GT(wins, games / 2) << wins << " of " << games;
}

}  // namespace
}  // namespace sabbat::sortileges
