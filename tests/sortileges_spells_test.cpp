// Sortilèges: every spell, their order, and the tie-breaks (pure functions).
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "core/rng.hpp"
#include "games/sortileges/spells.hpp"
#include "support/sortileges_cards.hpp"

namespace sabbat::sortileges {
namespace {

using testing::C;

std::vector<Card> cards(std::initializer_list<const char*> texts) {
  std::vector<Card> out;
  for (const char* t : texts) out.push_back(C(t));
  return out;
}

Spell spell(std::initializer_list<const char*> texts, int couple_suit) {
  return best_spell(cards(texts), couple_suit);
}

uint32_t strength(std::initializer_list<const char*> texts, int couple_suit) {
  return spell_strength(cards(texts), couple_suit);
}

TEST(SortilegesCards, CardsHaveCanonicalTextAndParseCaseInsensitively) {
  EXPECT_EQ(card_text(make_card(7, kHearts)), "7H");
  EXPECT_EQ(card_text(make_card(10, kSpades)), "10S");
  EXPECT_EQ(card_text(make_card(kQueen, kDiamonds)), "QD");
  EXPECT_EQ(parse_card("th"), make_card(10, kHearts));
  EXPECT_EQ(parse_card("10h"), make_card(10, kHearts));
  EXPECT_EQ(parse_card("ac"), make_card(kAce, kClubs));
  EXPECT_EQ(parse_card("7\u2665"), make_card(7, kHearts));
  EXPECT_FALSE(parse_card("1H").has_value());
  EXPECT_FALSE(parse_card("7X").has_value());
  EXPECT_FALSE(parse_card("H").has_value());
  for (int c = 0; c < kDeckSize; ++c) EXPECT_EQ(parse_card(card_text(Card(c))), Card(c));
  EXPECT_EQ(card_pretty(C("7H"), true), "\x1b[31m7\u2665\x1b[0m");
  EXPECT_EQ(card_pretty(C("7S"), true), "7\u2660");
}

TEST(SortilegesSpells, DemonicusIsThreeSixes) {
  EXPECT_EQ(spell({"6S", "6H", "6C"}, kDiamonds), Spell::Demonicus);
  EXPECT_EQ(spell({"6D", "6H", "6C"}, kHearts), Spell::Demonicus);
  EXPECT_NE(spell({"6S", "6H"}, kClubs), Spell::Demonicus);
}

TEST(SortilegesSpells, CorromptusNeedsThreeCardsOfTheCoupleSuit) {
  EXPECT_EQ(spell({"2H", "7H", "9H"}, kHearts), Spell::Corromptus);
  // The same cards under a couple card of another suit are no Corromptus.
  EXPECT_EQ(spell({"2H", "7H", "9H"}, kSpades), Spell::Plumpus);
  EXPECT_EQ(spell({"7H", "9H"}, kHearts), Spell::SemiCorromptus);
}

TEST(SortilegesSpells, FingusIsThreeConsecutiveRanksOfOneSuit) {
  EXPECT_EQ(spell({"4C", "6C", "5C"}, kHearts), Spell::Fingus);
  EXPECT_EQ(spell({"8S", "10S", "9S"}, kDiamonds), Spell::Fingus);
  EXPECT_EQ(spell({"4C", "5H", "6C"}, kSpades), Spell::Sequencia);
  // Of the couple card's suit it is a Corromptus, the stronger spell.
  EXPECT_EQ(spell({"4C", "5C", "6C"}, kClubs), Spell::Corromptus);
}

TEST(SortilegesSpells, SemiCorromptusIsTwoCardsOfTheCoupleSuitWithinThree) {
  EXPECT_EQ(spell({"3H", "9H"}, kHearts), Spell::SemiCorromptus);
  EXPECT_EQ(spell({"3H", "9H", "5S"}, kHearts), Spell::SemiCorromptus);
  EXPECT_EQ(spell({"3H", "9H", "5S"}, kSpades), Spell::Plumpus);
  // Two of the couple suit beat a pair, even within three cards.
  EXPECT_EQ(spell({"3H", "9H", "9S"}, kHearts), Spell::SemiCorromptus);
}

TEST(SortilegesSpells, TriplusIsThreeCardsOfOneRank) {
  EXPECT_EQ(spell({"8S", "8H", "8D"}, kClubs), Spell::Triplus);
  EXPECT_EQ(spell({"8S", "8H", "8D"}, kHearts), Spell::Triplus);
}

TEST(SortilegesSpells, SequenciaIsThreeConsecutiveRanks) {
  EXPECT_EQ(spell({"6D", "4S", "5H"}, kClubs), Spell::Sequencia);
  EXPECT_EQ(spell({"8D", "10S", "9H"}, kClubs), Spell::Sequencia);
  // No wrap-around and no gaps.
  EXPECT_EQ(spell({"10D", "2S", "3H"}, kClubs), Spell::Plumpus);
  EXPECT_EQ(spell({"4D", "5S", "7H"}, kClubs), Spell::Plumpus);
}

TEST(SortilegesSpells, DeuusIsTwoCardsOfOneRank) {
  EXPECT_EQ(spell({"9S", "9H"}, kClubs), Spell::Deuus);
  EXPECT_EQ(spell({"9S", "2C", "9H"}, kDiamonds), Spell::Deuus);
}

TEST(SortilegesSpells, PlumpusIsAnythingElseIncludingALoneCard) {
  EXPECT_EQ(spell({"9S"}, kSpades), Spell::Plumpus);
  EXPECT_EQ(spell({"9S", "3H"}, kSpades), Spell::Plumpus);
  EXPECT_EQ(spell({"9S", "3H", "5D"}, kClubs), Spell::Plumpus);
}

TEST(SortilegesSpells, SpellsOfThreeCardsNeedThreeCards) {
  // Two cards of a run, of one suit, of the couple suit: never Fingus, Sequencia, Corromptus.
  EXPECT_EQ(spell({"4C", "5C"}, kHearts), Spell::Plumpus);
  EXPECT_EQ(spell({"4C", "5C"}, kClubs), Spell::SemiCorromptus);
  EXPECT_EQ(spell({"6C", "6S"}, kHearts), Spell::Deuus);
}

TEST(SortilegesSpells, SpellsRankFromDemonicusDownToPlumpus) {
  EXPECT_EQ(spell_name(Spell::SemiCorromptus), "Semi-Corromptus");
  // One example of each category, the weakest cards for the strongest spells: the category
  // decides before any card does. The couple card is a heart.
  const std::vector<std::vector<Card>> strongest_first = {
      cards({"6S", "6H", "6C"}),   // Demonicus
      cards({"2H", "3H", "5H"}),   // Corromptus
      cards({"2S", "3S", "4S"}),   // Fingus
      cards({"2H", "4H", "10S"}),  // Semi-Corromptus
      cards({"2S", "2C", "2D"}),   // Triplus
      cards({"2C", "3D", "4S"}),   // Sequencia
      cards({"3C", "3D", "10D"}),  // Deuus
      cards({"10S", "9C", "7D"}),  // Plumpus
  };
  for (size_t i = 0; i < strongest_first.size(); ++i)
    EXPECT_EQ(best_spell(strongest_first[i], kHearts), Spell(kSpellCount - 1 - int(i))) << i;
  for (size_t i = 0; i + 1 < strongest_first.size(); ++i)
    EXPECT_GT(spell_strength(strongest_first[i], kHearts),
              spell_strength(strongest_first[i + 1], kHearts))
        << spell_name(best_spell(strongest_first[i], kHearts));
}

TEST(SortilegesTieBreaks, HighestCardWinsFirst) {
  EXPECT_GT(strength({"10D", "3H", "2C"}, kSpades), strength({"9S", "7H", "4C"}, kSpades));
}

TEST(SortilegesTieBreaks, ThenTheNextCard) {
  // 10S is the better ten, but 6 beats 5.
  EXPECT_GT(strength({"10H", "6D", "3D"}, kClubs), strength({"10S", "5H", "2C"}, kClubs));
}

TEST(SortilegesTieBreaks, ThenTheThirdCard) {
  EXPECT_GT(strength({"10H", "6D", "3D"}, kClubs), strength({"10S", "6H", "2C"}, kClubs));
}

TEST(SortilegesTieBreaks, AMissingCardRanksBelowAnyCard) {
  // 10S 6S is the better-suited pair of ranks, but a third card, even a 2, beats no card.
  EXPECT_GT(strength({"10D", "6C", "2H"}, kHearts), strength({"10S", "6S"}, kHearts));
  EXPECT_GT(strength({"10D", "2C"}, kHearts), strength({"10S"}, kHearts));
  EXPECT_GT(strength({"2D"}, kHearts), 0u);
}

TEST(SortilegesTieBreaks, ThenTheSuitOfTheHighestCardSpadesHeartsClubsDiamonds) {
  EXPECT_GT(strength({"9S", "5D"}, kClubs), strength({"9H", "5S"}, kClubs));
  EXPECT_GT(strength({"9H", "5D"}, kSpades), strength({"9C", "5S"}, kSpades));
  EXPECT_GT(strength({"9C", "5D"}, kSpades), strength({"9D", "5S"}, kSpades));
}

TEST(SortilegesTieBreaks, InEveryCategoryTheHighestCardDecidesNotTheFigure) {
  // Two Deuus: the 10 wins, though the other pair is higher (the rule's literal order).
  EXPECT_GT(strength({"3S", "3H", "10C"}, kDiamonds), strength({"4S", "4H", "2C"}, kDiamonds));
  // Two Corromptus, two Fingus, two Triplus.
  EXPECT_GT(strength({"10H", "4H", "2H"}, kHearts), strength({"9H", "8H", "5H"}, kHearts));
  EXPECT_GT(strength({"8H", "9H", "10H"}, kClubs), strength({"7S", "8S", "9S"}, kClubs));
  EXPECT_GT(strength({"9S", "9H", "9C"}, kDiamonds), strength({"8S", "8H", "8C"}, kDiamonds));
  // Two Semi-Corromptus: the next card, before the suit of the highest.
  EXPECT_GT(strength({"9H", "5H", "2S"}, kHearts), strength({"9S", "4H", "3H"}, kHearts));
}

// The rule book's list read top down, written as plainly as it is printed: the first spell
// the cards make is their spell. The engine computes it without branches; they must agree on
// every hand of one to three pile cards, in any order, under every couple suit.
Spell spell_as_printed(std::vector<Card> c, int couple_suit) {
  std::sort(c.begin(), c.end(), [](Card a, Card b) {
    return rank_of(a) != rank_of(b) ? rank_of(a) > rank_of(b)
                                    : suit_strength(suit_of(a)) > suit_strength(suit_of(b));
  });
  int of_suit = 0;
  for (Card x : c) of_suit += suit_of(x) == couple_suit;
  if (c.size() == 3) {
    const int r0 = rank_of(c[0]), r1 = rank_of(c[1]), r2 = rank_of(c[2]);
    const bool one_suit = suit_of(c[0]) == suit_of(c[1]) && suit_of(c[1]) == suit_of(c[2]);
    const bool run = r0 == r1 + 1 && r1 == r2 + 1;
    if (r0 == 6 && r1 == 6 && r2 == 6) return Spell::Demonicus;
    if (of_suit == 3) return Spell::Corromptus;
    if (run && one_suit) return Spell::Fingus;
    if (of_suit == 2) return Spell::SemiCorromptus;
    if (r0 == r2) return Spell::Triplus;
    if (run) return Spell::Sequencia;
    if (r0 == r1 || r1 == r2) return Spell::Deuus;
  } else if (c.size() == 2) {
    if (of_suit == 2) return Spell::SemiCorromptus;
    if (rank_of(c[0]) == rank_of(c[1])) return Spell::Deuus;
  }
  return Spell::Plumpus;
}

TEST(SortilegesSpells, EveryHandGetsTheFirstSpellOfTheRuleBooksList) {
  for (int suit = 0; suit < 4; ++suit)
    for (int a = 0; a < kPileSize; ++a)
      for (int b = -1; b < kPileSize; ++b)
        for (int c = -1; c < kPileSize; ++c) {
          if ((b < 0 && c >= 0) || a == b || a == c || (b >= 0 && b == c)) continue;
          std::vector<Card> hand{Card(a)};
          if (b >= 0) hand.push_back(Card(b));
          if (c >= 0) hand.push_back(Card(c));
          ASSERT_EQ(best_spell(hand, suit), spell_as_printed(hand, suit))
              << card_text(Card(a)) << " " << (b >= 0 ? card_text(Card(b)) : "") << " "
              << (c >= 0 ? card_text(Card(c)) : "") << " under suit " << suit;
          ASSERT_EQ(spell_of_strength(spell_strength(hand, suit)), best_spell(hand, suit));
        }
}

// Spells are gathered card by card as they are placed: the order of placement changes nothing.
TEST(SortilegesSpells, TheOrderOfPlacementDoesNotChangeASpellsStrength) {
  for (int suit = 0; suit < 4; ++suit)
    for (int a = 0; a < kPileSize; ++a)
      for (int b = a + 1; b < kPileSize; ++b)
        for (int c = b + 1; c <= kPileSize; ++c) {
          // c == kPileSize stands for no third card.
          std::vector<Card> hand{Card(a), Card(b)};
          if (c < kPileSize) hand.push_back(Card(c));
          const uint32_t strength = spell_strength(hand, suit);
          do {
            SpellSoFar spell;
            for (Card card : hand) spell.add(card);
            ASSERT_EQ(spell.strength(suit), strength) << card_text(hand[0]);
          } while (std::next_permutation(hand.begin(), hand.end()));
        }
}

TEST(SortilegesTieBreaks, SpellsOfDifferentCardsNeverTie) {
  Rng rng(5);
  std::array<Card, kPileSize> deck{};
  for (int i = 0; i < kPileSize; ++i) deck[size_t(i)] = Card(i);
  for (int trial = 0; trial < 20000; ++trial) {
    rng.shuffle(deck.begin(), deck.end());
    const size_t na = 1 + rng.below(3), nb = 1 + rng.below(3);
    const int suit = int(rng.below(4));
    std::span<const Card> a(deck.data(), na), b(deck.data() + 3, nb);
    ASSERT_NE(spell_strength(a, suit), spell_strength(b, suit));
  }
}

}  // namespace
}  // namespace sabbat::sortileges
