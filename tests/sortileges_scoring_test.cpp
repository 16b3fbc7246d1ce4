// Sortilèges: card points, alliances and the best split.
#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

#include "games/sortileges/scoring.hpp"

namespace sabbat::sortileges {
namespace {

int score(std::initializer_list<const char*> texts) {
  std::vector<Card> won;
  for (const char* t : texts) won.push_back(parse_card(t).value_or(kNoCard));
  return best_split(won).total;
}

TEST(SortilegesScoring, KingThreeQueenTwoJackOneAceOne) {
  EXPECT_EQ(score({}), 0);
  EXPECT_EQ(score({"KS"}), 3);
  EXPECT_EQ(score({"QH"}), 2);
  EXPECT_EQ(score({"JC"}), 1);
  EXPECT_EQ(score({"AD"}), 1);
  EXPECT_EQ(score({"KS", "QH", "JC"}), 6);  // not of one suit: no alliance
}

TEST(SortilegesScoring, JackQueenKingOfOneSuitAreWorthTen) {
  EXPECT_EQ(score({"JS", "QS", "KS"}), 10);
  EXPECT_EQ(score({"JD", "QD", "KD", "QH"}), 12);
}

TEST(SortilegesScoring, TwoAcesAreWorthFive) {
  EXPECT_EQ(score({"AS", "AH"}), 5);
  EXPECT_EQ(score({"AS", "AH", "AD"}), 6);  // one pair, the third ace alone
}

TEST(SortilegesScoring, FourAcesAreWorthTwelveNotTwoPairsOfAces) {
  EXPECT_EQ(score({"AS", "AH", "AC", "AD"}), 12);
  auto split = best_split(std::vector<Card>{make_card(kAce, 0), make_card(kAce, 1),
                                            make_card(kAce, 2), make_card(kAce, 3)});
  ASSERT_EQ(split.alliance_count, 1);
  EXPECT_EQ(alliance_name(split.alliances[0]), "four aces");
}

TEST(SortilegesScoring, FourOfARankAreWorthTwelve) {
  EXPECT_EQ(score({"JS", "JH", "JC", "JD"}), 12);
  EXPECT_EQ(score({"QS", "QH", "QC", "QD"}), 12);
  EXPECT_EQ(score({"KS", "KH", "KC", "KD"}), 12);
}

TEST(SortilegesScoring, EachCardCountsInOneAllianceAndTheBestSplitIsScored) {
  // Court of spades (10) + three kings (9) = 19 beats four kings (12) + JS + QS (3) = 15.
  EXPECT_EQ(score({"JS", "QS", "KS", "KH", "KC", "KD"}), 19);
  // Four jacks (12) + QS + KS (5) = 17 beats court of spades (10) + three jacks (3) = 13.
  EXPECT_EQ(score({"JS", "QS", "KS", "JH", "JC", "JD"}), 17);
  // Four aces and a court.
  EXPECT_EQ(score({"AS", "AH", "AC", "AD", "JS", "QS", "KS"}), 22);
  // Two courts sharing nothing, plus two aces.
  EXPECT_EQ(score({"JS", "QS", "KS", "JH", "QH", "KH", "AS", "AD"}), 25);
}

TEST(SortilegesScoring, TheWholeGratinIsWorthFiftyTwo) {
  std::vector<Card> all;
  for (int c = kPileSize; c < kDeckSize; ++c) all.push_back(Card(c));
  // Four courts (40) and four aces (12): better than four-of-a-kinds of figures (36 + 12).
  EXPECT_EQ(best_split(all).total, 52);
}

// Game scores take a shortcut when no alliance is whole; it must agree with the best split on
// every set of Gratin cards a player can win.
TEST(SortilegesScoring, TheScoreOfEveryHandIsItsBestSplit) {
  for (uint32_t held = 0; held < (1u << kGratinSize); ++held) {
    std::vector<Card> won;
    for (int i = 0; i < kGratinSize; ++i)
      if (held >> i & 1u) won.push_back(Card(kPileSize + i));
    ASSERT_EQ(best_total(won), best_split(won).total) << "cards " << held;
  }
}

// "Un Roi vaut 3 points, une Dame 2, un Valet ou un As 1 point", alliances apart: every split
// adds up to its alliances and the points of its loose cards, counted card by card.
TEST(SortilegesScoring, EverySplitIsItsAlliancesPlusItsLooseCardsPoints) {
  for (uint32_t held = 0; held < (1u << kGratinSize); ++held) {
    std::vector<Card> won;
    for (int i = 0; i < kGratinSize; ++i)
      if (held >> i & 1u) won.push_back(Card(kPileSize + i));
    const ScoreSplit split = best_split(won);
    int total = 0;
    uint64_t cards = split.loose;
    for (int i = 0; i < split.alliance_count; ++i) {
      total += split.alliances[size_t(i)].points;
      ASSERT_EQ(cards & split.alliances[size_t(i)].cards, 0u) << "a card in two places";
      cards |= split.alliances[size_t(i)].cards;
    }
    for (Card c : won) {
      ASSERT_TRUE(cards >> c & 1u) << "a card lost from the split";
      if (split.loose >> c & 1u) total += card_points(c);
    }
    ASSERT_EQ(split.total, total) << "cards " << held;
  }
}

}  // namespace
}  // namespace sabbat::sortileges
