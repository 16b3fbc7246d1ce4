// Du Balai !: a seat that may not act now is told why in the game's own words, through the
// same door as any action (apply_text), and the state stays as it was.
#include <gtest/gtest.h>

#include "games/du-balai/scenario.hpp"
#include "support/du_balai_race.hpp"

namespace sabbat::du_balai {
namespace {

using namespace testing;

TEST(DuBalaiIdle, AWitchOnMinusTwoMayNotCloseTheBook) {
  Race r(2);
  r->hooks().set_square(0, -2);
  EXPECT_EQ(r.refused(0, "close-book"), "a witch on square -2 may not close the book");
  EXPECT_EQ(r.refused(0, "formula zaam"),
            "the book is open and a witch on square -2 may not close it: memorise the dice");
}

TEST(DuBalaiIdle, AWitchWhoHasWrittenMayNotWriteAgain) {
  Race r(3);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam");
  EXPECT_EQ(r.refused(0, "formula boulga"), "you have already written your formula");
  EXPECT_EQ(r.refused(0, "formula none"), "you have already written your formula");
  EXPECT_EQ(r.refused(0, "pass"), "you have written; the others are still writing");
}

TEST(DuBalaiIdle, AWitchWhoHasWrittenBothFormulasMayNotWriteAgain) {
  Race r(3);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam second glou");
  EXPECT_EQ(r.refused(0, "formula boulga second glou"), "you have already written your formula");
}

TEST(DuBalaiIdle, DecretAfterWritingIsRefusedWithItsMoment) {
  Race r(3);
  r->hooks().give(0, Card::Decret);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam");
  EXPECT_EQ(r.refused(0, "play decret"),
            "Décret is played before writing your formula, and you have written yours");
}

TEST(DuBalaiIdle, ASpellOutsideItsMomentSaysWhenItIsPlayed) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(0, -2);  // not acting while the book is open
  r->hooks().give(0, Card::VentArriere);
  r->hooks().give(0, Card::OubliRepare);
  r->hooks().give(1, Card::MauvaisSort);
  EXPECT_EQ(r.refused(0, "play vent-arriere"), "Vent arrière is played after your own move");
  EXPECT_EQ(r.refused(0, "brouillard"),
            "Brouillard magique is played only when an opponent plays a spell");
  r.ok(1, "close-book");
  r.ok(0, "formula zaam");
  EXPECT_EQ(r.refused(0, "play oubli-repare boulga"),
            "Oubli réparé is played when your formula takes effect");
  r.ok(1, "formula zaam");
  // Phase 4: the closer (seat 1) resolves first.
  ASSERT_EQ(r->resolving(), 1);
  ASSERT_EQ(r->step(), Step::FormulaSpells);
  EXPECT_EQ(r.refused(0, "play oubli-repare boulga"),
            "Oubli réparé is played when your own formula takes effect; now seat 1 is resolving");
  EXPECT_EQ(r.refused(0, "play vent-arriere"), "Vent arrière is played after your own move");
  EXPECT_EQ(r.refused(0, "pass"), "seat 1's formula takes effect; wait for your turn");
  EXPECT_EQ(r.refused(0, "formula glou"),
            "the formulas are revealed: writing is over for this turn");
  EXPECT_EQ(r.refused(0, "keep blocage"), "only a witch who drew Magie noire cards keeps one");
  r.ok(1, "pass");
  ASSERT_EQ(r->step(), Step::AfterMove);
  EXPECT_EQ(r.refused(0, "play vent-arriere"),
            "Vent arrière is played after your own move; now seat 1 is resolving");
}

TEST(DuBalaiIdle, TheReactionWindowTellsTheCasterAndWhoeverPassed) {
  Race r(3, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(1, 9);
  r->hooks().give(0, Card::MauvaisSort);
  r->hooks().give(1, Card::Brouillard);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");
  r.ok(1, "formula none");
  r.ok(2, "formula none");
  r.until(0, Step::AfterMove);
  r.ok(0, "play mauvais-sort on 1");
  ASSERT_TRUE(r->pending().open);
  EXPECT_EQ(r.refused(0, "pass"), "you have just played Mauvais sort: the others may answer it");
  r.ok(2, "pass");
  EXPECT_EQ(r.refused(2, "brouillard"),
            "you have let Mauvais sort pass; the others may still answer it");
  r.ok(1, "brouillard");
  EXPECT_FALSE(r->pending().open) << "no Brouillard left to answer with";
}

TEST(DuBalaiIdle, DuringADecretLookTheOthersWait) {
  Race r(3, {}, 3);
  r->hooks().give(2, Card::Decret);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");
  r.ok(1, "formula none");
  r.ok(2, "play decret");
  ASSERT_EQ(r->phase(), Phase::DecretLook);
  EXPECT_EQ(r.refused(0, "close-book"),
            "seat 2 is looking at the book (Décret); wait until she closes it");
}

TEST(DuBalaiIdle, NovicesChooseTheOthersWait) {
  Race r(3, {{"pilot_1", "novice"}, {"pilot_2", "novice"}});
  EXPECT_EQ(r.refused(0, "start 6"),
            "only novice pilots choose their square; you start on square 0, and the book opens "
            "once the novices have chosen");
  r.ok(1, "start 7");
  EXPECT_EQ(r.refused(1, "start 5"),
            "you start on square 7; the other novice pilots are choosing their square");
}

TEST(DuBalaiIdle, OnlyTheClockSaysTimeUp) {
  Race r(2);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");
  EXPECT_EQ(r.refused(0, "time-up"), "only the clock says 'time-up'");  // not acting
  EXPECT_EQ(r.refused(1, "time-up"), "only the clock says 'time-up'");  // acting
}

TEST(DuBalaiIdle, AfterTheRaceNothingIsAllowed) {
  Race r(2, {{"max_turns", "1"}});
  r.ok(0, "close-book");
  r.clock();
  ASSERT_TRUE(r->terminal());
  EXPECT_NE(r.refused(0, "close-book").find("over"), std::string::npos);
  EXPECT_EQ(r->idle_reason(0, act::close_book()), "the race is over");
}

}  // namespace
}  // namespace sabbat::du_balai
