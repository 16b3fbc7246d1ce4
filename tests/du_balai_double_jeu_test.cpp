// Du Balai !: Double-jeu. « Ce tour-ci, vous pouvez écrire 2 formules : une rouge ET une
// noire. » The second formula is written face down in phase 2, after the first, by a witch
// holding the card; the card is played when her formula takes effect, to make it count.
#include <gtest/gtest.h>

#include "games/du-balai/scenario.hpp"
#include "support/du_balai_race.hpp"

namespace sabbat::du_balai {
namespace {

using namespace testing;

// Two witches; valid orange zaam boulga, valid black `black`. Seat 0 holds Double-jeu; seat 1
// closes the book and writes zaam.
Race two_formulas(const std::string& first, const std::string& second, SymbolMask black = G) {
  Race r(2, {}, 3);
  EXPECT_TRUE(show_book(*r.s, Z | B, black));
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  r.ok(0, first);
  EXPECT_TRUE(r->actors().contains(0)) << "she may still write her second formula";
  r.ok(0, second);
  r.ok(1, "formula zaam");
  return r;
}

TEST(DuBalaiDoubleJeu, BothPerfectGiveBothBonusesAndEveryCard) {
  Race r = two_formulas("formula zaam boulga", "second-formula glou");
  r->hooks().stack_deck({Card::Acrobatie2});
  r.until(0, Step::FormulaSpells);
  r.ok(0, "play double-jeu");
  EXPECT_EQ(r->outcome(0).formulas, 2);
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Perfect);
  EXPECT_EQ(r->outcome(0).verdict[1], Verdict::Perfect);
  EXPECT_EQ(r->outcome(0).formula[0].colour, Colour::Orange);
  EXPECT_EQ(r->outcome(0).formula[1].colour, Colour::Black);
  EXPECT_EQ(r.sq(0), 2 + 1 + 2);     // all the cards, and the orange bonus
  ASSERT_EQ(r->step(), Step::Keep);  // and the black bonus: 1 card drawn
  EXPECT_EQ(r->drawn_count(), 1);
  r.ok(0, "keep acrobatie-2");
  EXPECT_EQ(r->witch(0).hand[size_t(Card::Acrobatie2)], 1);
}

TEST(DuBalaiDoubleJeu, NotPlayedOnlyTheFirstFormulaCounts) {
  Race r = two_formulas("formula zaam boulga", "second-formula glou");
  r.until(0, Step::FormulaSpells);
  r.ok(0, "pass");
  EXPECT_EQ(r->outcome(0).formulas, 1);
  EXPECT_EQ(r.sq(0), 2 + 2);
  EXPECT_EQ(r->witch(0).hand[size_t(Card::DoubleJeu)], 1);  // still in her hand
}

TEST(DuBalaiDoubleJeu, CancelledByBrouillardOnlyTheFirstFormulaCounts) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().give(0, Card::DoubleJeu);
  r->hooks().give(1, Card::Brouillard);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam boulga");
  r.ok(0, "second-formula glou");
  r.ok(1, "formula zaam");
  r.until(0, Step::FormulaSpells);
  r.ok(0, "play double-jeu");
  ASSERT_TRUE(r->pending().open);
  r.ok(1, "brouillard");
  EXPECT_EQ(r->discard()[size_t(Card::DoubleJeu)], 1);  // spent all the same
  EXPECT_EQ(r->outcome(0).formulas, 1);
  EXPECT_EQ(r.sq(0), 2 + 2);
}

TEST(DuBalaiDoubleJeu, TwoFormulasValidInOneColourOnlyTheFirstCounts) {
  // "une rouge ET une noire": both orange, the second does not count.
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B | F, G));
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam");
  r.ok(0, "second-formula boulga foulzz");
  r.ok(1, "formula zaam");
  r.until(0, Step::FormulaSpells);
  r.ok(0, "play double-jeu");
  EXPECT_TRUE(r->outcome(0).second_ignored);
  EXPECT_EQ(r->outcome(0).formulas, 1);
  EXPECT_EQ(r.sq(0), 1);
}

TEST(DuBalaiDoubleJeu, EachFormulaIsJudgedOnItsOwnAForbiddenOneAddsNothing) {
  Race r = two_formulas("formula zaam boulga", "second-formula glou nebulo");
  r.until(0, Step::FormulaSpells);
  r.ok(0, "play double-jeu");
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Perfect);
  EXPECT_EQ(r->outcome(0).verdict[1], Verdict::Forbidden);
  EXPECT_EQ(r.sq(0), 2 + 2);  // the perfect orange formula alone
}

TEST(DuBalaiDoubleJeu, TheSecondFormulaTakesTheCardsLeftOrNone) {
  Race r(2, {}, 3);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam boulga");
  // `second-formula none` and the 127 non-empty sets of the 7 cards left, counted and indexed
  // without the list.
  ActionList legal;
  r->legal_actions(0, legal);
  ASSERT_EQ(legal.size(), 128u);
  ASSERT_EQ(r->legal_count(0), 128u);
  for (uint32_t k = 0; k < legal.size(); ++k) ASSERT_EQ(r->legal_at(0, k), legal[k]) << k;
  EXPECT_EQ(r->action_text(legal[0]), "second-formula none");
  EXPECT_EQ(r->action_text(legal[1]), "second-formula foulzz");
  EXPECT_NE(r.refused(0, "second-formula glou zaam").find("zaam is in your first formula"),
            std::string::npos);
  EXPECT_NE(r.refused(0, "formula glou").find("second-formula"), std::string::npos);
  r.ok(0, "second-formula none");
  EXPECT_FALSE(r->actors().contains(0));
  EXPECT_EQ(r->witch(0).second, Second::Declined);
  EXPECT_EQ(r->witch(0).formulas, 1);
}

TEST(DuBalaiDoubleJeu, DeclinedThereIsNothingForTheCardToMakeCount) {
  Race r = two_formulas("formula zaam boulga", "second-formula none");
  r.until(0, Step::FormulaSpells);
  ActionList legal;
  r->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 1u);  // pass
  EXPECT_NE(r.refused(0, "play double-jeu").find("no second formula"), std::string::npos);
}

TEST(DuBalaiDoubleJeu, AWitchWithoutDoubleJeuCannotWriteASecondFormula) {
  Race r(2, {}, 3);
  r.ok(1, "close-book");
  EXPECT_NE(r.refused(0, "second-formula glou").find("you hold no Double-jeu"), std::string::npos);
  r.ok(0, "formula zaam");
  EXPECT_FALSE(r->actors().contains(0)) << "one formula, and she is done";
  EXPECT_EQ(r.refused(0, "second-formula glou"),
            "you held no Double-jeu when you wrote your formula: you write one formula");
}

TEST(DuBalaiDoubleJeu, AfterFormulaNoneThereIsNoSecondFormula) {
  Race r(2, {}, 3);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  r.ok(0, "formula none");
  EXPECT_FALSE(r->actors().contains(0));
  EXPECT_NE(r.refused(0, "second-formula glou").find("needs a first one"), std::string::npos);
}

TEST(DuBalaiDoubleJeu, TheSecondFormulaStaysHiddenUntilTheReveal) {
  Race r(3, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam boulga");
  Events ev;
  r.t += 10;
  ASSERT_TRUE(r->apply_text(0, "second-formula glou", r.t, &ev).ok());
  for (const auto& e : ev) {
    if (e.kind == "your-formula") {
      EXPECT_EQ(e.audience.seats, SeatSet::only(0));
      EXPECT_FALSE(e.audience.spectators);
      EXPECT_EQ(e.data["formula"], "second-formula glou");
    } else {
      EXPECT_EQ(e.kind, "writing-done");
      EXPECT_FALSE(e.data.contains("formula")) << "the others learn only that she is done";
    }
  }
  EXPECT_EQ(r->view(0)["witches"][0]["formulas"].size(), 2u);
  EXPECT_EQ(r->view(0)["witches"][0]["formulas"][1]["text"], "formula glou");
  for (Seat v : {Seat(1), Seat(2), kSpectator})
    EXPECT_FALSE(r->view(v)["witches"][0].contains("formulas")) << v;
  // Redrawing what seat 1 cannot see changes nothing she sees, and keeps what she may infer:
  // a witch offered a second formula holds Double-jeu.
  Rng rng(5);
  for (int k = 0; k < 50; ++k) {
    auto other = r->sample_hidden(1, rng);
    ASSERT_EQ(other->view(1), r->view(1));
    const auto& o = static_cast<const DuBalaiState&>(*other);
    EXPECT_GE(o.witch(0).hand[size_t(Card::DoubleJeu)], 1);
    EXPECT_TRUE(o.audit().ok()) << o.audit().error();
  }
  ev.clear();
  r.t += 10;
  ASSERT_TRUE(r->apply_text(1, "formula zaam", r.t, &ev).ok());
  ev.clear();
  r.t += 10;
  ASSERT_TRUE(r->apply_text(2, "formula none", r.t, &ev).ok());
  bool revealed = false;
  for (const auto& e : ev)
    if (e.kind == "reveal") {
      revealed = true;
      EXPECT_TRUE(e.audience.spectators);
      ASSERT_EQ(e.data["formulas"][0].size(), 2u);
      EXPECT_EQ(e.data["formulas"][0][1]["text"], "formula glou");
    }
  EXPECT_TRUE(revealed);
  EXPECT_EQ(r->view(2)["witches"][0]["formulas"].size(), 2u);
}

TEST(DuBalaiDoubleJeu, WhileSheChoosesTheOthersKeepHerDoubleJeuInEveryRedraw) {
  Race r(3, {}, 3);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam");
  ASSERT_EQ(r->actors(), SeatSet(0b111));
  Rng rng(9);
  for (int k = 0; k < 50; ++k) {
    auto other = r->sample_hidden(2, rng);
    ASSERT_EQ(other->view(2), r->view(2));
    ASSERT_EQ(other->actors(), r->actors());
  }
}

TEST(DuBalaiDoubleJeu, DecretCountsAFirstFormulaAsComposed) {
  Race r(2, {}, 3);
  r->hooks().give(0, Card::DoubleJeu);
  r->hooks().give(1, Card::Decret);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");
  ASSERT_TRUE(r->actors().contains(0));
  r.ok(1, "play decret");
  r.ok(0, "pass");  // the reaction window: she holds a card, so she may answer
  EXPECT_EQ(r->phase(), Phase::DecretLook);
  r.ok(1, "close-book");
  r.ok(1, "formula glou");
  r.ok(0, "second-formula none");
  EXPECT_EQ(r->phase(), Phase::Resolving);
}

TEST(DuBalaiDoubleJeu, AtTheWritingDeadlineAWitchStillChoosingWritesNoSecondFormula) {
  Race r(2, {}, 3);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  r.ok(1, "formula zaam");
  r.ok(0, "formula boulga");
  r.clock();
  EXPECT_EQ(r->phase(), Phase::Resolving);
  EXPECT_EQ(r->witch(0).second, Second::Declined);
  EXPECT_EQ(r->witch(0).formulas, 1);
}

TEST(DuBalaiDoubleJeu, OubliRepareReachesTheSecondFormulaOnceItCounts) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G | I));
  r->hooks().give(0, Card::DoubleJeu);
  r->hooks().give(0, Card::OubliRepare);
  r->hooks().give(0, Card::Rectification);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam boulga");
  r.ok(0, "second-formula foulzz");
  r.ok(1, "formula zaam");
  r.until(0, Step::FormulaSpells);
  EXPECT_NE(r.refused(0, "play oubli-repare biii to second").find("play Double-jeu first"),
            std::string::npos);
  EXPECT_NE(r.refused(0, "play rectification foulzz for glou").find("does not count"),
            std::string::npos);
  r.ok(0, "play double-jeu");
  r.ok(0, "play rectification foulzz for glou");
  r.ok(0, "play oubli-repare biii to second");
  EXPECT_EQ(r->witch(0).formula[1].mask, G | I);
  EXPECT_EQ(r->witch(0).formula[1].colour, Colour::Black);
  EXPECT_EQ(r->outcome(0).verdict[1], Verdict::Perfect);
  EXPECT_EQ(r.sq(0), 2 + 2 + 2);  // both perfect; the black bonus is a draw
}

// The closer with two formulas: "si la formule écrite par le joueur ayant choisi de fermer le
// couvercle n'est pas valide, il recule de 2 cases".
Race closer_with(const std::string& first, const std::string& second, int square) {
  Race r(2, {}, 3);
  EXPECT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(0, square);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(0, "close-book");
  r.ok(0, first);
  r.ok(0, second);
  r.ok(1, "formula none");
  EXPECT_EQ(r->resolving(), 0);
  r.ok(0, "play double-jeu");
  return r;
}

TEST(DuBalaiDoubleJeu, TheCloserLosesTwoSquaresOnWhatHerValidFormulaEarnsWhenTheOtherIsInvalid) {
  Race r = closer_with("formula zaam boulga", "second-formula glou nebulo", 5);
  EXPECT_TRUE(r->outcome(0).penalty);
  EXPECT_EQ(r.sq(0), 5 + 2 + 2 - 2);
}

TEST(DuBalaiDoubleJeu, TheCloserWithAForbiddenFirstFormulaFallsBackWhatTheSecondDoesNotCover) {
  Race r = closer_with("formula nebulo", "second-formula glou", 5);
  EXPECT_TRUE(r->outcome(0).penalty);
  EXPECT_EQ(r.sq(0), 5 + 1 - 2);
  EXPECT_EQ(r->step(), Step::Keep) << "her perfect black formula still draws";
}

TEST(DuBalaiDoubleJeu, TheCloserWithTwoValidFormulasHasNoPenalty) {
  Race r = closer_with("formula zaam", "second-formula glou", 5);
  EXPECT_FALSE(r->outcome(0).penalty);
  EXPECT_EQ(r.sq(0), 5 + 1 + 1);
}

TEST(DuBalaiDoubleJeu, TheCloserIsNotPenalisedForASecondFormulaThatDoesNotCount) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");
  r.ok(0, "second-formula nebulo");
  r.ok(1, "formula none");
  r.ok(0, "pass");
  EXPECT_FALSE(r->outcome(0).penalty);
  EXPECT_EQ(r.sq(0), 1);
}

}  // namespace
}  // namespace sabbat::du_balai
