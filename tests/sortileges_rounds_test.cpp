// Sortilèges: rounds with a rigged deck, turn order, the reveal, unclaimed cards, the end.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "games/sortileges/sortileges.hpp"
#include "games/sortileges/state.hpp"
#include "support/sortileges_cards.hpp"

namespace sabbat::sortileges {
namespace {

using testing::C;

std::unique_ptr<SortilegesState> make(int players, uint64_t seed = 1,
                                      Unclaimed unclaimed = Unclaimed::Removed,
                                      FirstPlayer first = FirstPlayer::Rotates,
                                      int first_seat = 0) {
  return std::make_unique<SortilegesState>(Options{players, unclaimed, first, first_seat}, seed);
}

// The current player draws `place` and `discard`, and places `place` under `side`.
void turn(SortilegesState& s, const char* place, const char* discard, const char* side,
          Events* events = nullptr) {
  Status rigged = s.set_hand(C(place), C(discard));
  ASSERT_TRUE(rigged.ok()) << rigged.error();
  Status st =
      s.apply_text(s.current(), std::string("place ") + place + " under " + side, s.now(), events);
  ASSERT_TRUE(st.ok()) << st.error();
  ASSERT_TRUE(cards_conserved(s));
}

// Plays the first legal action (or a random one) until the round changes or the game ends.
void finish_round(SortilegesState& s, Rng* rng = nullptr) {
  const int round = s.round();
  ActionList legal;
  while (!s.terminal() && s.round() == round) {
    s.legal_actions(s.current(), legal);
    ASSERT_FALSE(legal.empty());
    Action a = rng ? legal[rng->below(uint32_t(legal.size()))] : legal[0];
    ASSERT_TRUE(s.apply(s.current(), a, s.now()).ok());
  }
}

std::vector<Card> won(const SortilegesState& s, Seat p) {
  auto span = s.area(p).won.span();
  return {span.begin(), span.end()};
}

TEST(SortilegesRound, ARoundLaysTwoHiddenCoupleCardsAndTheFirstPlayerDrawsTwo) {
  auto s = make(4);
  EXPECT_EQ(s->round(), 1);
  EXPECT_EQ(s->gratin().size(), 14u);
  EXPECT_TRUE(is_gratin_card(s->couple(kLeft)));
  EXPECT_TRUE(is_gratin_card(s->couple(kRight)));
  EXPECT_EQ(s->current(), 0);
  EXPECT_EQ(s->actors(), SeatSet::only(0));
  EXPECT_EQ(s->area(0).hand.size, 2);
  EXPECT_EQ(s->pile().size(), 34u);
  EXPECT_TRUE(cards_conserved(*s));
  ActionList legal;
  s->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 4u);  // two cards, two couple cards
  s->legal_actions(1, legal);
  EXPECT_TRUE(legal.empty());
}

TEST(SortilegesRound, EachPlayerPlacesThreeCardsClockwiseFromTheFirstPlayer) {
  auto s = make(3, 4, Unclaimed::Removed, FirstPlayer::Rotates, 1);
  std::vector<Seat> order;
  ActionList legal;
  while (s->round() == 1) {
    order.push_back(s->current());
    s->legal_actions(s->current(), legal);
    ASSERT_TRUE(s->apply(s->current(), legal[0], s->now()).ok());
    if (s->round() == 1) {
      for (Seat p = 0; p < 3; ++p)
        EXPECT_LE(s->area(p).placed[0].size + s->area(p).placed[1].size, 3);
    }
  }
  EXPECT_EQ(order, (std::vector<Seat>{1, 2, 0, 1, 2, 0, 1, 2, 0}));
}

TEST(SortilegesRound, AfterThreePlacementsAPlayerHasNoneLeft) {
  auto s = make(2);
  turn(*s, "2S", "3S", "left");
  EXPECT_EQ(s->area(0).placements_left(), 2);
  turn(*s, "4S", "5S", "left");
  turn(*s, "2H", "3H", "right");
  turn(*s, "4H", "5H", "right");
  turn(*s, "2C", "3C", "left");
  EXPECT_EQ(s->area(0).placements_left(), 0);
  EXPECT_EQ(s->area(0).discards.size, 3);
  EXPECT_EQ(s->round(), 1);
  turn(*s, "4C", "5C", "left");
  EXPECT_EQ(s->round(), 2);  // 2 players x 3 placements: the round is over
}

TEST(SortilegesRound, TheFirstPlayerRotatesClockwiseEachRound) {
  auto s = make(3, 8, Unclaimed::Removed, FirstPlayer::Rotates, 2);
  std::vector<Seat> firsts;
  while (!s->terminal()) {
    firsts.push_back(s->current());
    EXPECT_EQ(s->round_first_player(), s->current());
    finish_round(*s);
  }
  EXPECT_EQ(firsts, (std::vector<Seat>{2, 0, 1, 2, 0, 1, 2, 0}));
}

TEST(SortilegesRound, TheFirstPlayerCanStayFixed) {
  auto s = make(3, 8, Unclaimed::Removed, FirstPlayer::Fixed, 2);
  while (!s->terminal()) {
    EXPECT_EQ(s->current(), 2);
    finish_round(*s);
  }
}

TEST(SortilegesRound, SixPlayersDrawTheWholePile) {
  auto s = make(6);
  ActionList legal;
  for (int t = 0; t < 17; ++t) {
    s->legal_actions(s->current(), legal);
    ASSERT_TRUE(s->apply(s->current(), legal[0], s->now()).ok());
  }
  EXPECT_EQ(s->pile().size(), 0u);  // the 18th turn drew the last two cards
  EXPECT_EQ(s->round(), 1);
  EXPECT_TRUE(cards_conserved(*s));
}

TEST(SortilegesRound, EveryDrawnCardGoesBackToThePileBetweenRounds) {
  auto s = make(4, 3);
  finish_round(*s);
  ASSERT_EQ(s->round(), 2);
  // All 36 are back: 34 in the pile, 2 in the new first player's hand.
  EXPECT_EQ(s->pile().size(), 34u);
  std::set<Card> cards(s->pile().begin(), s->pile().end());
  for (Card c : s->area(s->current()).hand.span()) cards.insert(c);
  EXPECT_EQ(cards.size(), 36u);
  for (Seat p = 0; p < 4; ++p) {
    EXPECT_EQ(s->area(p).discards.size, 0);
    EXPECT_EQ(s->area(p).placements_left(), 3);
  }
  EXPECT_TRUE(cards_conserved(*s));
}

TEST(SortilegesRound, TheBestSpellUnderEachCoupleCardWinsIt) {
  auto s = make(2);
  ASSERT_TRUE(s->set_couple(C("KS"), C("QH")).ok());
  turn(*s, "7D", "2S", "left");   // seat 0
  turn(*s, "2C", "3S", "left");   // seat 1
  turn(*s, "8D", "4S", "left");   // seat 0
  turn(*s, "5H", "5S", "right");  // seat 1
  turn(*s, "9D", "7S", "left");   // seat 0: Fingus 7D 8D 9D under KS
  turn(*s, "9H", "8S", "right");  // seat 1: Semi-Corromptus 5H 9H under QH
  EXPECT_EQ(won(*s, 0), std::vector<Card>{C("KS")});
  EXPECT_EQ(won(*s, 1), std::vector<Card>{C("QH")});
  const Reveal& r = s->last_reveal();
  EXPECT_EQ(r.round, 1);
  EXPECT_EQ(r.winner[kLeft], 0);
  EXPECT_EQ(r.winner[kRight], 1);
  EXPECT_EQ(r.demonicus, -1);
  json view = s->view(kSpectator);
  EXPECT_EQ(view["last_round"]["left"]["by"], "Fingus");
  EXPECT_EQ(view["last_round"]["right"]["by"], "Semi-Corromptus");
  EXPECT_EQ(view["last_round"]["left"]["spells"][1]["spell"], "Plumpus");
  EXPECT_EQ(view["seats"][0]["points"], 3);
}

TEST(SortilegesRound, ALoneTenOfSpadesLosesToTenOfDiamondsWithMoreCards) {
  auto s = make(2);
  ASSERT_TRUE(s->set_couple(C("KC"), C("QC")).ok());
  turn(*s, "10S", "2D", "left");  // seat 0: only 10S under left
  turn(*s, "10D", "2S", "left");  // seat 1: 10D 3H 2H under left
  turn(*s, "4C", "5D", "right");
  turn(*s, "3H", "4D", "left");
  turn(*s, "6C", "7D", "right");
  turn(*s, "2H", "8D", "left");
  EXPECT_EQ(s->last_reveal().winner[kLeft], 1);  // a missing card ranks below any card
  EXPECT_EQ(s->last_reveal().winner[kRight], 0);
}

TEST(SortilegesRound, DemonicusTakesBothCoupleCardsWhateverElseWasPlayed) {
  auto s = make(2);
  ASSERT_TRUE(s->set_couple(C("KS"), C("QH")).ok());
  turn(*s, "6S", "2S", "left");
  turn(*s, "2H", "3S", "right");
  turn(*s, "6H", "4S", "left");
  turn(*s, "3H", "5S", "right");
  turn(*s, "6C", "7S", "left");   // seat 0: Demonicus under KS
  turn(*s, "4H", "8S", "right");  // seat 1: Corromptus (and a Fingus) under QH
  EXPECT_EQ(won(*s, 0), (std::vector<Card>{C("KS"), C("QH")}));
  EXPECT_TRUE(won(*s, 1).empty());
  EXPECT_EQ(s->last_reveal().demonicus, 0);
  EXPECT_EQ(s->view(1)["last_round"]["right"]["by"], "Demonicus");
}

TEST(SortilegesRound, DemonicusTakesEvenACoupleCardNobodyPlacedUnder) {
  auto s = make(2);
  ASSERT_TRUE(s->set_couple(C("KS"), C("QH")).ok());
  turn(*s, "6S", "2S", "left");
  turn(*s, "2C", "3S", "left");
  turn(*s, "6H", "4S", "left");
  turn(*s, "3C", "5S", "left");
  turn(*s, "6D", "7S", "left");
  turn(*s, "4C", "8S", "left");
  EXPECT_EQ(won(*s, 0), (std::vector<Card>{C("KS"), C("QH")}));
  EXPECT_TRUE(s->removed().empty());
}

void everything_under_left(SortilegesState& s) {
  ASSERT_TRUE(s.set_couple(C("KS"), C("QH")).ok());
  turn(s, "2S", "3S", "left");
  turn(s, "4S", "5S", "left");
  turn(s, "2H", "3H", "left");
  turn(s, "4H", "5H", "left");
  turn(s, "2C", "3C", "left");
  turn(s, "10C", "5C", "left");  // Triplus 2S 2H 2C (seat 0) beats Deuus 4S 4H 10C
}

TEST(SortilegesUnclaimed, ACoupleCardNobodyPlacedUnderIsRemovedByDefault) {
  auto s = make(2);
  everything_under_left(*s);
  EXPECT_EQ(won(*s, 0), std::vector<Card>{C("KS")});
  EXPECT_EQ(std::vector<Card>(s->removed().begin(), s->removed().end()),
            std::vector<Card>{C("QH")});
  EXPECT_EQ(s->gratin().size(), 12u);  // 14 after round 1, minus the new couple
  EXPECT_EQ(s->gratin_known(), 0);
  EXPECT_EQ(s->view(0)["last_round"]["right"]["fate"], "removed");
  EXPECT_EQ(s->view(0)["removed"], json::array({"QH"}));
}

TEST(SortilegesUnclaimed, UnderGratinReturnsTheCardFaceDownUnderTheGratin) {
  auto s = make(2, 1, Unclaimed::UnderGratin);
  everything_under_left(*s);
  EXPECT_TRUE(s->removed().empty());
  ASSERT_EQ(s->gratin().size(), 13u);  // 14 + 1 returned - 2 for the new couple
  EXPECT_EQ(s->gratin()[0], C("QH"));  // at the bottom
  EXPECT_EQ(s->gratin_known(), 1);
  EXPECT_EQ(s->view(1)["gratin"]["known_bottom"], json::array({"QH"}));
  EXPECT_EQ(s->view(1)["last_round"]["right"]["fate"], "under-gratin");
  // Resampling keeps the card everyone saw go under the Gratin in its place.
  Rng rng(3);
  for (int i = 0; i < 20; ++i) {
    auto other = s->sample_hidden(0, rng);
    EXPECT_EQ(dynamic_cast<SortilegesState&>(*other).gratin()[0], C("QH"));
  }
}

TEST(SortilegesUnclaimed, UnderGratinCardsComeOutAgainAndALastLoneCardIsPlayedAlone) {
  // Everyone always places under left: each round returns the right card under the Gratin.
  auto s = make(3, 9, Unclaimed::UnderGratin);
  ActionList legal;
  bool lone_round = false, known_couple = false;
  while (!s->terminal()) {
    if (s->couple_known(kLeft) || s->couple_known(kRight)) {
      known_couple = true;
      json v = s->view(kSpectator);
      const char* side = s->couple_known(kLeft) ? "left" : "right";
      EXPECT_EQ(v["couple"][side]["known"], card_text(s->couple(s->couple_known(kLeft) ? 0 : 1)));
    }
    if (s->couple(kRight) == kNoCard) {
      lone_round = true;
      s->legal_actions(s->current(), legal);
      EXPECT_EQ(legal.size(), 2u);
      const Card c = s->area(s->current()).hand.cards[0];
      auto before = s->full_state();
      Status st = s->apply_text(s->current(), "place " + card_text(c) + " under right", s->now());
      EXPECT_FALSE(st.ok());
      EXPECT_NE(st.error().find("no right couple card"), std::string::npos) << st.error();
      EXPECT_EQ(s->full_state(), before);
    }
    s->legal_actions(s->current(), legal);
    Action left = legal[0];
    for (Action a : legal)
      if (a.code % 2 == kLeft) left = a;
    ASSERT_TRUE(s->apply(s->current(), left, s->now()).ok());
    ASSERT_TRUE(s->audit().ok()) << s->audit().error();
  }
  EXPECT_TRUE(lone_round);
  EXPECT_TRUE(known_couple);
  EXPECT_EQ(s->round(), 16);  // one Gratin card is won per round
  size_t total = 0;
  for (Seat p = 0; p < 3; ++p) total += s->area(p).won.size;
  EXPECT_EQ(total, 16u);
}

TEST(SortilegesEnd, TheGameEndsWhenTheGratinIsEmptyAfterEightRounds) {
  for (int players = 2; players <= 6; ++players) {
    auto s = make(players, uint64_t(players));
    Rng rng{uint64_t(players)};
    int placements = 0;
    ActionList legal;
    while (!s->terminal()) {
      s->legal_actions(s->current(), legal);
      ASSERT_TRUE(s->apply(s->current(), legal[rng.below(uint32_t(legal.size()))], 0).ok());
      ++placements;
      ASSERT_TRUE(s->audit().ok()) << s->audit().error();
    }
    EXPECT_EQ(s->round(), 8);
    EXPECT_EQ(placements, 8 * 3 * players);
    EXPECT_TRUE(s->actors().empty());
    EXPECT_TRUE(s->gratin().empty());
    size_t cards = s->removed().size();
    for (Seat p = 0; p < players; ++p) cards += s->area(p).won.size;
    EXPECT_EQ(cards, 16u);
    s->legal_actions(s->round_first_player(), legal);
    EXPECT_TRUE(legal.empty());
    EXPECT_EQ(s->view(0)["scores"].size(), size_t(players));
  }
}

TEST(SortilegesEnd, EqualBestScoresShareTheWin) {
  int shared = 0;
  for (uint64_t seed = 1; seed < 400 && shared == 0; ++seed) {
    auto s = make(3, seed);
    Rng rng(seed);
    while (!s->terminal()) finish_round(*s, &rng);
    auto scores = s->scores();
    auto ranks = s->ranks();
    const int best = *std::max_element(scores.begin(), scores.end());
    if (std::count(scores.begin(), scores.end(), best) < 2) continue;
    ++shared;
    for (size_t p = 0; p < 3; ++p) EXPECT_EQ(ranks[p] == 1, scores[p] == best);
  }
  EXPECT_EQ(shared, 1) << "no game with a shared win found";
}

}  // namespace
}  // namespace sabbat::sortileges
