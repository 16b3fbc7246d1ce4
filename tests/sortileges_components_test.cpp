// Sortilèges in a balance report: the cards a witch places, the spells her cards make once
// her round's three cards are down, and the hand she holds at the start.
#include <gtest/gtest.h>

#include <vector>

#include "games/sortileges/components.hpp"
#include "games/sortileges/sortileges.hpp"
#include "games/sortileges/state.hpp"
#include "support/component_playouts.hpp"
#include "support/sortileges_cards.hpp"

namespace sabbat::sortileges {
namespace {

using testing::C;

Action place(const char* card, int side) {
  return Action{encode_place(C(card), side)};
}

std::vector<int> played(const SortilegesState& s, Seat seat, Action a) {
  std::vector<int> out;
  s.components_played(seat, a, out);
  return out;
}

// Seat `seat` (the current one) holds `a` and `b` and places `a` under `side`.
void play(SortilegesState& s, const char* a, const char* b, int side) {
  ASSERT_TRUE(s.set_hand(C(a), C(b)).ok());
  ASSERT_TRUE(s.apply(s.current(), place(a, side), 0).ok());
}

// Two witches, seat 0 first, under K♥ (left) and Q♠ (right).
SortilegesState two_witches() {
  SortilegesState s(Options{2, Unclaimed::Removed, FirstPlayer::Rotates, 0}, 5);
  EXPECT_TRUE(s.set_couple(C("KH"), C("QS")).ok());
  return s;
}

TEST(SortilegesComponents, EveryComponentIdIsUniqueAndNonEmpty) {
  sabbat::testing::check_component_ids("sortileges");
  const auto all = components();
  ASSERT_EQ(all.size(), size_t(kComponents));
  EXPECT_EQ(all[C("7H")].id, "7H");
  EXPECT_EQ(all[C("7H")].name, "7\u2665");
  EXPECT_EQ(all[C("7H")].group, "card");
  EXPECT_EQ(all[size_t(component_of(Spell::SemiCorromptus))].id, "semi-corromptus");
  EXPECT_EQ(all[size_t(component_of(Spell::SemiCorromptus))].name, "Semi-Corromptus");
  EXPECT_EQ(all[size_t(component_of(Spell::Demonicus))].group, "spell");
}

TEST(SortilegesComponents, PlacingACardPlaysThatCardOnly) {
  SortilegesState s = two_witches();
  ASSERT_TRUE(s.set_hand(C("7H"), C("2C")).ok());
  EXPECT_EQ(played(s, 0, place("7H", kRight)), std::vector<int>{C("7H")});
  EXPECT_EQ(played(s, 0, place("2C", kLeft)), std::vector<int>{C("2C")});
}

TEST(SortilegesComponents, AWitchWhoseTurnItIsNotPlaysNothing) {
  SortilegesState s = two_witches();
  ASSERT_TRUE(s.set_hand(C("7H"), C("2C")).ok());
  EXPECT_TRUE(played(s, 1, place("7H", kLeft)).empty());
  // A card she does not hold: no legal action, nothing played.
  EXPECT_TRUE(played(s, 0, place("8D", kLeft)).empty());
}

TEST(SortilegesComponents, TheThirdCardOfHerRoundPlaysTheSpellsUnderEachCoupleCard) {
  SortilegesState s = two_witches();
  play(s, "7H", "2D", kLeft);  // seat 0
  play(s, "3S", "4D", kLeft);  // seat 1
  // Her second card plays no spell yet: a third could still change it.
  ASSERT_TRUE(s.set_hand(C("9H"), C("5D")).ok());
  EXPECT_EQ(played(s, 0, place("9H", kLeft)), std::vector<int>{C("9H")});
  ASSERT_TRUE(s.apply(0, place("9H", kLeft), 0).ok());
  play(s, "4S", "5S", kLeft);  // seat 1
  ASSERT_TRUE(s.set_hand(C("2C"), C("6D")).ok());
  // 7♥ 9♥ under K♥: Semi-Corromptus; 2♣ alone under Q♠: Plumpus.
  EXPECT_EQ(played(s, 0, place("2C", kRight)),
            (std::vector<int>{C("2C"), component_of(Spell::SemiCorromptus),
                              component_of(Spell::Plumpus)}));
}

TEST(SortilegesComponents, SpellsAreJudgedWithTheHiddenCoupleCardsSuit) {
  SortilegesState s = two_witches();
  play(s, "2H", "2D", kLeft);
  play(s, "3S", "4D", kRight);
  play(s, "5H", "5D", kLeft);
  play(s, "4S", "5S", kRight);
  ASSERT_TRUE(s.set_hand(C("9H"), C("6D")).ok());
  // Three hearts under K♥ are a Corromptus; nothing under Q♠ makes no spell.
  EXPECT_EQ(played(s, 0, place("9H", kLeft)),
            (std::vector<int>{C("9H"), component_of(Spell::Corromptus)}));
  // The same three cards under Q♠ would have been a Plumpus.
  SortilegesState t = two_witches();
  play(t, "2H", "2D", kRight);
  play(t, "3S", "4D", kLeft);
  play(t, "5H", "5D", kRight);
  play(t, "4S", "5S", kLeft);
  ASSERT_TRUE(t.set_hand(C("9H"), C("6D")).ok());
  EXPECT_EQ(played(t, 0, place("9H", kRight)),
            (std::vector<int>{C("9H"), component_of(Spell::Plumpus)}));
}

TEST(SortilegesComponents, TheFirstWitchHoldsHerTwoCardsAtTheStartAndTheOthersNothing) {
  SortilegesState s(Options{3, Unclaimed::Removed, FirstPlayer::Rotates, 1}, 9);
  ASSERT_TRUE(s.set_hand(C("8C"), C("3D")).ok());
  std::vector<int> held;
  s.components_held(1, held);
  EXPECT_EQ(held, (std::vector<int>{C("8C"), C("3D")}));
  held.clear();
  s.components_held(0, held);
  s.components_held(2, held);
  EXPECT_TRUE(held.empty());
}

TEST(SortilegesComponents, RandomGamesPlayEveryCardAndAskingChangesNothing) {
  const auto plays = sabbat::testing::check_component_playouts("sortileges", 300);
  EXPECT_EQ(plays.games, 300);
  for (Card c = 0; c < kPileSize; ++c) EXPECT_GT(plays.played[c], 0) << card_text(c);
  EXPECT_GT(plays.played[size_t(component_of(Spell::Plumpus))], 0);
  EXPECT_GT(plays.played[size_t(component_of(Spell::Deuus))], 0);
  long held = 0;
  for (long h : plays.held) held += h;
  EXPECT_EQ(held, 2 * 300);  // the first witch's two cards in each game
}

}  // namespace
}  // namespace sabbat::sortileges
