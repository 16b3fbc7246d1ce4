// Du Balai !: Double-jeu. « Ce tour-ci, vous pouvez écrire 2 formules : une rouge ET une
// noire. » A witch holding the card writes both formulas in one action in phase 2, face down,
// so that nobody learns she holds it; the card is played when her formula takes effect, to
// make the second count. The two are then judged as one play (rules/README.md).
#include <gtest/gtest.h>

#include "games/du-balai/scenario.hpp"
#include "support/du_balai_race.hpp"

namespace sabbat::du_balai {
namespace {

using namespace testing;

// Two witches; valid orange zaam boulga, valid black `black`. Seat 0 holds Double-jeu and
// writes `both`; seat 1 closes the book and writes zaam.
Race two_formulas(const std::string& both, SymbolMask black = G) {
  Race r(2, {}, 3);
  EXPECT_TRUE(show_book(*r.s, Z | B, black));
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  r.ok(0, both);
  EXPECT_FALSE(r->actors().contains(0)) << "both formulas in one action: she is done";
  r.ok(1, "formula zaam");
  return r;
}

TEST(DuBalaiDoubleJeu, BothPerfectGiveBothBonusesAndEveryCard) {
  Race r = two_formulas("formula zaam boulga second glou");
  r->hooks().stack_deck({Card::Acrobatie2});
  r.until(0, Step::FormulaSpells);
  r.ok(0, "play double-jeu");
  EXPECT_EQ(r->outcome(0).formulas, 2);
  EXPECT_FALSE(r->outcome(0).fell);
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
  Race r = two_formulas("formula zaam boulga second glou");
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
  r.ok(0, "formula zaam boulga second glou");
  r.ok(1, "formula zaam");
  r.until(0, Step::FormulaSpells);
  r.ok(0, "play double-jeu");
  ASSERT_TRUE(r->pending().open);
  r.ok(1, "brouillard");
  EXPECT_EQ(r->discard()[size_t(Card::DoubleJeu)], 1);  // spent all the same
  EXPECT_EQ(r->outcome(0).formulas, 1);
  EXPECT_EQ(r.sq(0), 2 + 2);
}

TEST(DuBalaiDoubleJeu, TwoFormulasOfOneColourAreAFallSheDoesNotMove) {
  // "une rouge ET une noire": both valid in orange is a fall, judged as one play.
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B | F, G));
  r->hooks().give(0, Card::DoubleJeu);
  r->hooks().set_square(0, 4);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam second boulga foulzz");
  r.ok(1, "formula zaam");
  r.until(0, Step::FormulaSpells);
  r.ok(0, "play double-jeu");
  EXPECT_TRUE(r->outcome(0).same_colour);
  EXPECT_TRUE(r->outcome(0).fell);
  EXPECT_EQ(r->outcome(0).formulas, 2);
  EXPECT_EQ(r.sq(0), 4);
}

TEST(DuBalaiDoubleJeu, AForbiddenSecondFormulaIsAFallNotAFreeTry) {
  // The card is a gamble: a forbidden formula in the play stops the whole move.
  Race r = two_formulas("formula zaam boulga second glou nebulo");
  r.until(0, Step::FormulaSpells);
  r.ok(0, "play double-jeu");
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Perfect);
  EXPECT_EQ(r->outcome(0).verdict[1], Verdict::Forbidden);
  EXPECT_TRUE(r->outcome(0).fell);
  EXPECT_FALSE(r->outcome(0).same_colour);
  EXPECT_EQ(r.sq(0), 0);
}

TEST(DuBalaiDoubleJeu, AForbiddenFirstFormulaIsNotRescuedByAValidSecond) {
  // Played after the reveal, the card must not turn a forbidden formula into a move.
  Race r = two_formulas("formula nebulo second glou");
  r.until(0, Step::FormulaSpells);
  r.ok(0, "play double-jeu");
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Forbidden);
  EXPECT_EQ(r->outcome(0).verdict[1], Verdict::Perfect);
  EXPECT_TRUE(r->outcome(0).fell);
  EXPECT_EQ(r.sq(0), 0);
  EXPECT_NE(r->step(), Step::Keep) << "a fall earns no black bonus";
}

TEST(DuBalaiDoubleJeu, HoldingTheCardEveryWritingIsOneActionCountedAndIndexed) {
  Race r(2, {}, 3);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  // `formula none`, then each formula with cards followed by each set of the cards left:
  // 3^9 - 2^9 writings with cards.
  ActionList legal;
  r->legal_actions(0, legal);
  ASSERT_EQ(legal.size(), 1u + 19683u - 512u);
  ASSERT_EQ(r->legal_count(0), legal.size());
  for (uint32_t k = 0; k < legal.size(); ++k) ASSERT_EQ(r->legal_at(0, k), legal[k]) << k;
  EXPECT_EQ(r->action_text(legal[0]), "formula none");
  EXPECT_EQ(r->action_text(legal[1]), "formula zaam");
  EXPECT_EQ(r->action_text(legal[2]), "formula zaam second boulga");
  for (Action a : legal) ASSERT_EQ(r->parse_action(0, r->action_text(a)).value(), a);
  EXPECT_NE(r.refused(0, "formula zaam second glou zaam").find("in both formulas"),
            std::string::npos);
  EXPECT_NE(r.refused(0, "second-formula glou").find("formula zaam boulga second foulzz"),
            std::string::npos);
  r.ok(0, "formula zaam boulga second none");
  EXPECT_FALSE(r->actors().contains(0));
  EXPECT_EQ(r->witch(0).second, Second::Unavailable);
  EXPECT_EQ(r->witch(0).formulas, 1);
}

// Rules page, "formula": a formula is a set of symbol cards, written in any order; its own
// text lists them in the cards' order (the protocol's `legal_forms` say the same).
TEST(DuBalaiDoubleJeu, AFormulaIsASetOfCardsWrittenInAnyOrder) {
  Race r(2, {}, 3);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  const Action ordered = r->parse_action(0, "formula zaam biii second glou foulzz").value();
  EXPECT_EQ(r->parse_action(0, "formula biii zaam second foulzz glou").value(), ordered);
  EXPECT_EQ(r->action_text(ordered), "formula zaam biii second foulzz glou");
}

TEST(DuBalaiDoubleJeu, WithoutASecondFormulaThereIsNothingForTheCardToMakeCount) {
  Race r = two_formulas("formula zaam boulga");
  r.until(0, Step::FormulaSpells);
  ActionList legal;
  r->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 1u);  // pass
  EXPECT_NE(r.refused(0, "play double-jeu").find("no second formula"), std::string::npos);
}

TEST(DuBalaiDoubleJeu, AWitchWithoutDoubleJeuCannotWriteASecondFormula) {
  Race r(2, {}, 3);
  r.ok(1, "close-book");
  EXPECT_NE(r.refused(0, "formula zaam second glou").find("you hold no Double-jeu"),
            std::string::npos);
  ActionList legal;
  r->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 512u);  // `formula none` and the 511 formulas with cards
  r.ok(0, "formula zaam");
  EXPECT_FALSE(r->actors().contains(0)) << "one formula, and she is done";
}

TEST(DuBalaiDoubleJeu, ASecondFormulaNeedsAFirstOne) {
  Race r(2, {}, 3);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  EXPECT_NE(r.refused(0, "formula second glou").find("at least one card"), std::string::npos);
  // The code of a second formula without a first is no action of the game.
  Move m;
  m.kind = Kind::Write;
  m.second = G;
  EXPECT_FALSE(valid_code(encode(m)));
}

TEST(DuBalaiDoubleJeu, TheTableCannotTellWhoHoldsTheCard) {
  // Holding the card or not, writing is one action with the same public event, and the
  // writer leaves the actors at once (issue: the second step showed the card).
  Race r(3, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  Events ev;
  r.t += 10;
  ASSERT_TRUE(r->apply_text(0, "formula zaam boulga second glou", r.t, &ev).ok());
  EXPECT_EQ(r->actors(), SeatSet(0b110));
  for (const auto& e : ev) {
    if (e.kind == "your-formula") {
      EXPECT_EQ(e.audience.seats, SeatSet::only(0));
      EXPECT_FALSE(e.audience.spectators);
      EXPECT_EQ(e.data["formula"], "formula zaam boulga second glou");
    } else {
      EXPECT_EQ(e.kind, "written");
      EXPECT_EQ(e.data, json({{"seat", 0}})) << "the others learn only that she has written";
    }
  }
  EXPECT_EQ(r->view(0)["witches"][0]["formulas"].size(), 2u);
  EXPECT_EQ(r->view(0)["witches"][0]["formulas"][1]["text"], "formula glou");
  for (Seat v : {Seat(1), Seat(2), kSpectator})
    EXPECT_FALSE(r->view(v)["witches"][0].contains("formulas")) << v;
  Rng rng(5);
  for (int k = 0; k < 50; ++k) {
    auto other = r->sample_hidden(1, rng);
    ASSERT_EQ(other->view(1), r->view(1));
    const auto& o = static_cast<const DuBalaiState&>(*other);
    EXPECT_TRUE(o.audit().ok()) << o.audit().error();
  }
  r.ok(1, "formula zaam");
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
  // Once revealed, a second formula shows she holds the card: every redraw keeps one.
  for (int k = 0; k < 50; ++k) {
    auto other = r->sample_hidden(2, rng);
    const auto& o = static_cast<const DuBalaiState&>(*other);
    EXPECT_GE(o.witch(0).hand[size_t(Card::DoubleJeu)], 1);
  }
}

TEST(DuBalaiDoubleJeu, DecretWaitsForEveryFormulaHolderOrNot) {
  Race r(2, {}, 3);
  r->hooks().give(0, Card::DoubleJeu);
  r->hooks().give(1, Card::Decret);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam second glou");
  ASSERT_FALSE(r->actors().contains(0));
  r.ok(1, "play decret");
  r.ok(0, "pass");  // the reaction window: she holds a card, so she may answer
  EXPECT_EQ(r->phase(), Phase::DecretLook);
  r.ok(1, "close-book");
  r.ok(1, "formula glou");
  EXPECT_EQ(r->phase(), Phase::Resolving);
}

TEST(DuBalaiDoubleJeu, OubliRepareReachesTheSecondFormulaOnceItCounts) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G | I));
  r->hooks().give(0, Card::DoubleJeu);
  r->hooks().give(0, Card::OubliRepare);
  r->hooks().give(0, Card::Rectification);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam boulga second foulzz");
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
// couvercle n'est pas valide, il recule de 2 cases"; a fall is such a case.
Race closer_with(const std::string& both, int square) {
  Race r(2, {}, 3);
  EXPECT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(0, square);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(0, "close-book");
  r.ok(0, both);
  r.ok(1, "formula none");
  EXPECT_EQ(r->resolving(), 0);
  r.ok(0, "play double-jeu");
  return r;
}

TEST(DuBalaiDoubleJeu, ACloserWhoFallsGoesBackTwo) {
  Race r = closer_with("formula zaam boulga second glou nebulo", 5);
  EXPECT_TRUE(r->outcome(0).fell);
  EXPECT_TRUE(r->outcome(0).penalty);
  EXPECT_EQ(r.sq(0), 5 - 2);
}

TEST(DuBalaiDoubleJeu, ACloserWithAForbiddenFirstFormulaFallsAndDrawsNothing) {
  Race r = closer_with("formula nebulo second glou", 5);
  EXPECT_TRUE(r->outcome(0).penalty);
  EXPECT_EQ(r.sq(0), 5 - 2);
  EXPECT_NE(r->step(), Step::Keep);
}

TEST(DuBalaiDoubleJeu, TheCloserWithOneOrangeAndOneBlackValidFormulaHasNoPenalty) {
  Race r = closer_with("formula zaam second glou", 5);
  EXPECT_FALSE(r->outcome(0).penalty);
  EXPECT_EQ(r.sq(0), 5 + 1 + 1);
}

TEST(DuBalaiDoubleJeu, TheCloserIsNotPenalisedForASecondFormulaThatDoesNotCount) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam second nebulo");
  r.ok(1, "formula none");
  r.ok(0, "pass");
  EXPECT_FALSE(r->outcome(0).penalty);
  EXPECT_EQ(r.sq(0), 1);
}

}  // namespace
}  // namespace sabbat::du_balai
