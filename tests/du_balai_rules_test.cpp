// Du Balai !: the turn, the formulas and their judgement, the curse, the end — on hand-built
// dice and positions.
#include <gtest/gtest.h>

#include "games/du-balai/scenario.hpp"
#include "support/du_balai_race.hpp"

namespace sabbat::du_balai {
namespace {

using namespace testing;

TEST(DuBalaiJudgement, TheThreeStepsOfTheRuleBook) {
  // Group by symbol whatever the colour, drop symbols shown in both colours, one die per group.
  auto s = new_race(2);
  ASSERT_TRUE(show_book(*s, Z | B, G));
  const Book b = s->book();
  EXPECT_EQ(b.valid(Colour::Orange), Z | B);
  EXPECT_EQ(b.valid(Colour::Black), G);
  EXPECT_EQ(b.shown_orange & b.shown_black, b.forbidden_both());
  EXPECT_EQ(judge(Z, b).verdict, Verdict::Valid);
  EXPECT_EQ(judge(Z, b).colour, Colour::Orange);
  EXPECT_EQ(judge(Z | B, b).verdict, Verdict::Perfect);
  EXPECT_EQ(judge(G, b).verdict, Verdict::Perfect);
  EXPECT_EQ(judge(G, b).colour, Colour::Black);
  EXPECT_EQ(judge(Z | G, b).verdict, Verdict::Forbidden);
  EXPECT_EQ(judge(0, b).verdict, Verdict::None);
}

TEST(DuBalaiFormula, AValidFormulaMovesAsManySquaresAsCards) {
  Race r(3);
  ASSERT_TRUE(show_book(*r.s, Z | B | F, G));
  r.ok(0, "close-book");
  r.ok(0, "formula zaam boulga");
  r.ok(1, "formula glou");
  r.ok(2, "formula none");
  EXPECT_EQ(r.sq(0), 2);  // valid, not perfect: 2 cards
  EXPECT_EQ(r.sq(1), 1);  // perfect black: 1 card, then she keeps a drawn card
  EXPECT_EQ(r->step(), Step::Keep);
  EXPECT_EQ(r.sq(2), 0);  // nothing written: no move
}

TEST(DuBalaiFormula, APerfectOrangeFormulaAddsTwoSquares) {
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z | B | F, G | I));
  r.ok(0, "close-book");
  r.ok(0, "formula zaam boulga foulzz");
  r.ok(1, "formula none");
  EXPECT_EQ(r.sq(0), 5);
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Perfect);
}

TEST(DuBalaiFormula, APerfectBlackFormulaDrawsAsManyCardsAsSymbolsAndKeepsOne) {
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z, G | I));
  r->hooks().stack_deck({Card::VentArriere, Card::Acrobatie3});
  r.ok(1, "close-book");
  r.ok(0, "formula glou biii");
  r.ok(1, "formula zaam");
  // The closer (seat 1) resolved first: perfect orange, +1 +2.
  EXPECT_EQ(r.sq(1), 3);
  EXPECT_EQ(r.sq(0), 2);
  ASSERT_EQ(r->phase(), Phase::Resolving);
  ASSERT_EQ(r->step(), Step::Keep);
  EXPECT_EQ(r->drawn_count(), 2);
  ActionList legal;
  r->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 2u);
  // Drawn cards are private: the other seat sees only their number.
  EXPECT_FALSE(r->view(1).contains("drawn"));
  EXPECT_EQ(r->view(0)["drawn"].size(), 2u);
  r.refused(0, "keep blocage");
  r.ok(0, "keep acrobatie-3");
  EXPECT_EQ(r->witch(0).hand[size_t(Card::Acrobatie3)], 1);
  EXPECT_EQ(r->witch(0).hand_count(), 1);
  EXPECT_EQ(r->deck_size(), kDeckSize - 1);  // the other card went back into the deck
  EXPECT_TRUE(r->audit().ok()) << r->audit().error();
  // She now holds a card: the moment after her move is offered.
  EXPECT_EQ(r->step(), Step::AfterMove);
  r.ok(0, "pass");
  EXPECT_EQ(r->phase(), Phase::BookOpen);
}

TEST(DuBalaiFormula, ASymbolAbsentFromTheValidDiceIsForbidden) {
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r.ok(1, "close-book");
  r.ok(0, "formula zaam nebulo");  // nébulô is not valid
  r.ok(1, "formula zaam");
  EXPECT_EQ(r.sq(0), 0);
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Forbidden);
}

TEST(DuBalaiFormula, ASymbolShownInBothColoursIsForbidden) {
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z, G));
  const Book b = r->book();
  ASSERT_NE(b.forbidden_both(), 0);
  const int both = __builtin_ctz(b.forbidden_both());
  ASSERT_TRUE(b.shown_orange & (1u << both));
  ASSERT_TRUE(b.shown_black & (1u << both));
  r.ok(1, "close-book");
  r.ok(0, "formula " + std::string(kSymbolTable[size_t(both)].syllable));
  r.ok(1, "formula " + std::string(kSymbolTable[size_t(both)].syllable));
  EXPECT_EQ(r.sq(0), 0);
  EXPECT_EQ(r.sq(1), -2);  // the closer's forbidden formula: back 2
}

TEST(DuBalaiFormula, AFormulaValidInBlackWrittenWithoutAColourMoves) {
  // "Pour être valide, une formule doit contenir que des symboles apparaissant dans une même
  // couleur": the cards carry symbols only; the dice give the formula its colour.
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z, G | I));
  r->hooks().give(0, Card::Acrobatie1);  // she stops at her formula moment
  r.ok(1, "close-book");
  r.ok(0, "formula glou");  // valid, in black only
  r.ok(1, "formula zaam");
  r.until(0, Step::FormulaSpells);
  EXPECT_EQ(r->witch(0).formula[0].colour, Colour::Black);  // set at the reveal
  r.ok(0, "pass");
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Valid);
  EXPECT_EQ(r->outcome(0).formula[0].colour, Colour::Black);
  EXPECT_EQ(r.sq(0), 1);
}

TEST(DuBalaiFormula, AFormulaHoldingEveryValidBlackSymbolIsPerfect) {
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z, G | I));
  r.ok(1, "close-book");
  r.ok(0, "formula biii glou");
  r.ok(1, "formula zaam");
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Perfect);
  EXPECT_EQ(r->outcome(0).formula[0].colour, Colour::Black);
  EXPECT_EQ(r.sq(0), 2);  // 2 cards; the black bonus is a draw
  EXPECT_EQ(r->step(), Step::Keep);
}

TEST(DuBalaiFormula, AFormulaMixingValidOrangeAndValidBlackSymbolsIsForbidden) {
  // "Augustine n'avance pas, car sa formule contient des symboles oranges et noirs !"
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r.ok(1, "close-book");
  r.ok(0, "formula zaam glou");
  r.ok(1, "formula zaam");
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Forbidden);
  EXPECT_EQ(r.sq(0), 0);
}

TEST(DuBalaiFormula, AColourWordIsRefusedFormulasHaveNoColour) {
  Race r(2);
  r.ok(1, "close-book");
  EXPECT_NE(r.refused(0, "formula orange: zaam").find("formulas have no colour"),
            std::string::npos);
  EXPECT_NE(r.refused(0, "formula zaam noire").find("formulas have no colour"), std::string::npos);
  EXPECT_NE(r.refused(0, "formula").find("at least one card"), std::string::npos);
  r.ok(0, "formula zaam");
}

TEST(DuBalaiCurse, TheCurseSquareCancelsTheBonusOfAPerfectFormula) {
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(0, 5);
  r->hooks().set_square(1, 5);
  r->hooks().set_curse(5);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam boulga");
  r.ok(1, "formula glou");
  EXPECT_EQ(r.sq(0), 7);  // 2 cards, no +2
  EXPECT_TRUE(r->outcome(0).bonus_cancelled);
  EXPECT_EQ(r.sq(1), 6);  // 1 card, no draw
  EXPECT_EQ(r->phase(), Phase::BookOpen);
  EXPECT_EQ(r->witch(1).hand_count(), 0);
}

TEST(DuBalaiCurse, TheCurseTokenMovesToTheLeadersSquareAtTheEndOfTheTurn) {
  Race r(3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(2, 4);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");
  r.ok(1, "formula zaam boulga");  // perfect: 0 + 2 + 2 = 4, with seat 2
  r.ok(2, "formula none");
  EXPECT_EQ(r.sq(1), 4);
  EXPECT_EQ(r->curse_square(), 4);
  EXPECT_EQ(r->view(kSpectator)["curse_square"], 4);
}

TEST(DuBalaiPenalty, TheClosersInvalidFormulaSendsHerBackTwoSquares) {
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z, G));
  r->hooks().set_square(0, 6);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam glou");  // each valid, in a different colour: forbidden
  r.ok(1, "formula zaam glou");  // not the closer: no penalty
  EXPECT_EQ(r.sq(0), 4);
  EXPECT_TRUE(r->outcome(0).penalty);
  EXPECT_EQ(r.sq(1), 0);
}

TEST(DuBalaiPenalty, ThePenaltyStopsAtMinusTwo) {
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z, G));
  r->hooks().set_square(0, -1);
  r.ok(0, "close-book");
  r.ok(0, "formula nebulo");  // not on the dice
  r.ok(1, "formula none");
  EXPECT_EQ(r.sq(0), -2);
}

TEST(DuBalaiPenalty, TheClosersFormulaHoldsAtLeastOneCard) {
  Race r(2);
  r.ok(0, "close-book");
  EXPECT_NE(r.refused(0, "formula none").find("at least one card"), std::string::npos);
  ActionList legal;
  r->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 511u);  // every non-empty set of her 9 cards, no colour
  EXPECT_EQ(r->legal_count(0), 511u);
  r->legal_actions(1, legal);
  EXPECT_EQ(legal.size(), 512u);  // and `formula none`
}

TEST(DuBalaiPenalty, AWitchOnMinusTwoMayNotCloseTheBook) {
  Race r(2);
  r->hooks().set_square(0, -2);
  EXPECT_FALSE(r->actors().contains(0));
  EXPECT_EQ(r.refused(0, "close-book"), "a witch on square -2 may not close the book");
  r.ok(1, "close-book");
  EXPECT_EQ(r->closer(), 1);
}

TEST(DuBalaiPilots, NovicesChooseSquareFiveSixOrSevenBeforeTheFirstRoll) {
  Race r(3, {{"pilot_1", "novice"}, {"pilot_2", "novice"}});
  EXPECT_EQ(r->phase(), Phase::Setup);
  EXPECT_EQ(r->actors(), SeatSet(0b110));
  EXPECT_TRUE(r->view(0)["dice"].is_null());
  EXPECT_NE(r.refused(0, "start 6").find("only novice pilots"), std::string::npos);
  r.refused(1, "start 8");
  r.refused(1, "close-book");
  r.ok(1, "start 7");
  EXPECT_EQ(r->phase(), Phase::Setup);
  r.ok(2, "start 5");
  EXPECT_EQ(r->phase(), Phase::BookOpen);
  EXPECT_EQ(r.sq(0), 0);
  EXPECT_EQ(r.sq(1), 7);
  EXPECT_EQ(r.sq(2), 5);
}

TEST(DuBalaiPilots, NovicesHaveThirtySecondsThenTheClockStartsThemOnSquareFive) {
  Race r(3, {{"pilot_0", "novice"}, {"pilot_2", "novice"}});
  const auto d = r->deadline();
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->at, 30000);
  EXPECT_EQ(r->action_text(d->action), "time-up");
  EXPECT_EQ(r->view(1)["deadline"]["at"], 30000);
  r.ok(2, "start 7");
  EXPECT_FALSE(r->apply_text(0, "start 6", 30000).ok()) << "too late";
  Events ev;
  ASSERT_TRUE(r->apply(kClock, d->action, 30000, &ev).ok());
  EXPECT_EQ(r.sq(0), 5);  // the silent novice gets the smallest head start
  EXPECT_EQ(r.sq(2), 7);
  EXPECT_EQ(r->phase(), Phase::BookOpen);
  EXPECT_FALSE(r->deadline().has_value()) << "the book waits for a closer";
  ASSERT_FALSE(ev.empty());
  EXPECT_EQ(ev.front().kind, "start");
  EXPECT_EQ(ev.front().data["square"], 5);
}

TEST(DuBalaiPilots, TheSetupTimeAndTheLateNovicesSquareAreParameters) {
  Race r(2, {{"pilot_1", "novice"}, {"setup_time_ms", "5000"}, {"late_novice_square", "6"}});
  ASSERT_TRUE(r->deadline().has_value());
  EXPECT_EQ(r->deadline()->at, 5000);
  r.clock();
  EXPECT_EQ(r.sq(1), 6);
  EXPECT_EQ(r->phase(), Phase::BookOpen);
  EXPECT_TRUE(new_race(2, {{"late_novice_square", "8"}}) == nullptr);
}

TEST(DuBalaiPilots, AnExpertNeverGetsTheBonusOfAPerfectFormula) {
  Race r(2, {{"pilot_0", "expert"}});
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r.ok(1, "close-book");
  r.ok(0, "formula zaam boulga");
  r.ok(1, "formula zaam");
  EXPECT_EQ(r.sq(0), 2);
  EXPECT_TRUE(r->outcome(0).bonus_cancelled);
}

// "Un pilote expert ne peut jamais bénéficier du bonus": nor the black one, the draw.
TEST(DuBalaiPilots, AnExpertsPerfectBlackFormulaDrawsNoMagieNoire) {
  Race r(2, {{"pilot_0", "expert"}});
  ASSERT_TRUE(show_book(*r.s, Z, G | I));
  r.ok(1, "close-book");
  r.ok(0, "formula glou biii");
  r.ok(1, "formula zaam");
  EXPECT_EQ(r.sq(0), 2);
  EXPECT_TRUE(r->outcome(0).bonus_cancelled);
  EXPECT_EQ(r->drawn_count(), 0);
  EXPECT_EQ(r->witch(0).hand_count(), 0);
  EXPECT_EQ(r->deck_size(), kDeckSize);
}

TEST(DuBalaiOrder, TheCloserResolvesFirstThenFromTheLeaderBackwardsTiesClockwise) {
  Race r(5);
  ASSERT_TRUE(show_book(*r.s, Z, G));
  r->hooks().set_square(0, 3);
  r->hooks().set_square(1, 8);
  r->hooks().set_square(2, 3);
  r->hooks().set_square(3, 1);
  r->hooks().set_square(4, 3);
  r.ok(3, "close-book");
  for (int s = 0; s < 5; ++s) r.ok(s, s == 3 ? "formula zaam" : "formula none");
  // closer 3; leader 1 (8); then square 3 clockwise from the closer: 4, 0, 2.
  const json v = r->view(kSpectator);
  EXPECT_EQ(v["order"], json({3, 1, 4, 0, 2}));
}

// A race ended in one turn: seats 0, 1 and 2 cross; seat 3 on 10 holds two acrobatics and a
// Décret (never played in phase 4).
Race final_turn(std::map<std::string, std::string> params) {
  Race r(4, params);
  EXPECT_TRUE(show_book(*r.s, Z | B | F, G));
  r->hooks().set_square(0, 21);
  r->hooks().set_square(1, 22);
  r->hooks().set_square(2, 22);
  r->hooks().set_square(3, 10);
  r->hooks().give(3, Card::Acrobatie3);
  r->hooks().give(3, Card::Acrobatie2);
  r->hooks().give(0, Card::Acrobatie1);
  r->hooks().give(3, Card::Decret);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam boulga");  // 21 + 2: across, first (closer resolves first)
  r.ok(1, "formula zaam");         // 22 + 1: across, second
  r.ok(2, "formula boulga");       // third
  r.ok(3, "formula none");
  // Seats 0 and 3 hold cards: each has her moments (acrobatics are never played).
  while (r->phase() == Phase::Resolving) {
    ActionList legal;
    const Seat who = r->resolving();
    r->legal_actions(who, legal);
    EXPECT_EQ(legal.size(), 1u) << "only 'pass': acrobatics are not played";
    r.ok(who, "pass");
  }
  return r;
}

TEST(DuBalaiEnd, FinishersScoreByCrossingOrderOthersTheirSquarePlusAcrobatics) {
  Race r = final_turn({});
  ASSERT_TRUE(r->terminal());
  EXPECT_EQ(r->track().finish_order[0], 1);
  EXPECT_EQ(r->track().finish_order[1], 2);
  EXPECT_EQ(r->track().finish_order[2], 3);
  EXPECT_EQ(r->scores(), (std::vector<int>{25 + 1, 24, 23, 10 + 3 + 2}));
  EXPECT_EQ(r->ranks(), (std::vector<int>{1, 2, 3, 4}));
  // « révélées à la fin du jeu »: the acrobatics are shown to all, the rest of a hand is not.
  EXPECT_FALSE(r->view(1)["witches"][3].contains("hand"));
  EXPECT_EQ(r->view(1)["witches"][3]["acrobatics"], json({"acrobatie-2", "acrobatie-3"}));
  EXPECT_FALSE(r->view(kSpectator)["witches"][3].contains("hand"));
  EXPECT_EQ(r->view(3)["witches"][3]["hand"].size(), 3u);
}

TEST(DuBalaiEnd, AParameterShowsEveryHandAtTheEnd) {
  Race r = final_turn({{"show_hands_at_end", "true"}});
  ASSERT_TRUE(r->terminal());
  EXPECT_EQ(r->view(1)["witches"][3]["hand"].size(), 3u);
}

TEST(DuBalaiEnd, EqualScoresAreBrokenByTheDistanceFlown) {
  Race r(3);
  ASSERT_TRUE(show_book(*r.s, Z, G));
  r->hooks().set_square(0, 22);
  r->hooks().set_square(1, 20);
  r->hooks().set_square(2, 21);
  r->hooks().give(1, Card::Acrobatie1);  // 20 + 1 = 21, like seat 2 on 21
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");
  r.ok(1, "formula none");
  r.ok(2, "formula none");
  while (r->phase() == Phase::Resolving) r.ok(r->resolving(), "pass");
  ASSERT_TRUE(r->terminal());
  EXPECT_EQ(r->scores(), (std::vector<int>{25, 21, 21}));
  EXPECT_EQ(r->ranks(), (std::vector<int>{1, 3, 2}));
}

TEST(DuBalaiEnd, TheRaceEndsOnlyAtTheEndOfTheTurnInWhichSomeoneCrossed) {
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(0, 22);
  r->hooks().set_square(1, 19);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");
  r.ok(1, "formula zaam boulga");
  ASSERT_TRUE(r->terminal());
  EXPECT_EQ(r.sq(1), 23);  // she still flew after seat 0 crossed: 19 + 2 + 2
  EXPECT_EQ(r->scores(), (std::vector<int>{25, 24}));
}

TEST(DuBalaiEnd, TheTurnLimitEndsARaceNobodyFinished) {
  Race r(2, {{"max_turns", "1"}});
  r.ok(0, "close-book");
  r.clock();  // time-up: nobody wrote
  ASSERT_TRUE(r->terminal());
  EXPECT_EQ(r->scores(), (std::vector<int>{-2, 0}));
  EXPECT_TRUE(r->audit().ok());
}

}  // namespace
}  // namespace sabbat::du_balai
