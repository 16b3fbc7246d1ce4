// Du Balai !: every Magie noire spell at its moment, Brouillard magique against each of them,
// and spells refused outside their moment.
#include <gtest/gtest.h>

#include "games/du-balai/scenario.hpp"
#include "support/du_balai_race.hpp"

namespace sabbat::du_balai {
namespace {

using namespace testing;

TEST(DuBalaiSpells, OubliRepareAddsACardFromTheHandToTheFormula) {
  Race r = spell_stage(Card::OubliRepare, false);
  r.until(0, Step::FormulaSpells);
  EXPECT_NE(r.refused(0, "play oubli-repare zaam").find("not in your hand"), std::string::npos);
  EXPECT_NE(r.refused(0, "play oubli-repare boulga to second").find("no second formula"),
            std::string::npos);
  EXPECT_NE(r.refused(0, "play oubli-repare boulga to orange").find("no colour"),
            std::string::npos);
  r.ok(0, "play oubli-repare boulga");  // to her formula
  EXPECT_EQ(r.sq(0), 5 + 2 + 2);        // now perfect
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Perfect);
}

TEST(DuBalaiSpells, RectificationSwapsACardOfTheFormulaWithOneFromTheHand) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().give(0, Card::Rectification);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam foulzz");  // foulzz is forbidden
  r.ok(1, "formula zaam");
  ASSERT_EQ(r->resolving(), 0);
  EXPECT_NE(r.refused(0, "play rectification boulga for foulzz").find("not in your formula"),
            std::string::npos);
  EXPECT_NE(r.refused(0, "play rectification zaam for foulzz").find("not in your hand"),
            std::string::npos);
  EXPECT_NE(r.refused(0, "play rectification foulzz for boulga in orange").find("no colour"),
            std::string::npos);
  r.ok(0, "play rectification foulzz for boulga");
  EXPECT_EQ(r->outcome(0).verdict[0], Verdict::Perfect);
  EXPECT_EQ(r.sq(0), 4);
}

TEST(DuBalaiSpells, VentArriereAdvancesByTheRankWitchesOnOneSquareSharingIt) {
  Race r(3, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(0, 5);
  r->hooks().set_square(1, 5);
  r->hooks().set_square(2, 8);
  r->hooks().give(0, Card::VentArriere);
  r.ok(2, "close-book");
  r.ok(0, "formula none");
  r.ok(1, "formula none");
  r.ok(2, "formula zaam");  // 8 -> 9
  r.until(0, Step::AfterMove);
  r.refused(1, "pass");          // not her moment
  r.ok(0, "play vent-arriere");  // rank 2 (seat 1 shares her square): +2
  EXPECT_EQ(r.sq(0), 7);
}

TEST(DuBalaiSpells, MauvaisSortStrikesTheLeaderChosenAmongTiedLeaders) {
  Race r = spell_stage(Card::MauvaisSort, false);
  r->hooks().set_square(2, 9);  // seats 1 and 2 share the lead
  r.until(0, Step::AfterMove);
  ActionList legal;
  r->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 3u);  // pass, on 1, on 2
  r.refused(0, "play mauvais-sort on 0");
  r.ok(0, "play mauvais-sort on 2");
  EXPECT_EQ(r.sq(2), 6);
  EXPECT_EQ(r.sq(1), 9);
}

TEST(DuBalaiSpells, MauvaisSortRefusesAWitchWhoIsNotLeading) {
  Race r = spell_stage(Card::MauvaisSort, false);
  r.until(0, Step::AfterMove);
  EXPECT_NE(r.refused(0, "play mauvais-sort on 2").find("not leading"), std::string::npos);
  r.ok(0, "play mauvais-sort on 1");
  EXPECT_EQ(r.sq(1), 6);
}

TEST(DuBalaiSpells, AttractionPullsEveryOtherWitchOneDistanceTowardsYouNeverPast) {
  Race r(4, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(0, 5);
  r->hooks().set_square(1, 9);
  r->hooks().set_square(2, 4);
  r->hooks().set_square(3, -2);
  r->hooks().give(0, Card::Attraction);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");  // 5 -> 6
  for (int s = 1; s < 4; ++s) r.ok(s, "formula none");
  ASSERT_EQ(r->resolving(), 0);
  r.ok(0, "pass");
  r.refused(0, "play attraction 3");
  r.ok(0, "play attraction 2");
  EXPECT_EQ(r.sq(0), 6);
  EXPECT_EQ(r.sq(1), 7);
  EXPECT_EQ(r.sq(2), 6);  // 4 + 2 = 6: on her square, not past it
  EXPECT_EQ(r.sq(3), 0);
}

TEST(DuBalaiSpells, AttractionOfOnePullsEveryOtherWitchOneSquare) {
  Race r(3, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(0, 5);
  r->hooks().set_square(1, 9);
  r->hooks().set_square(2, 2);
  r->hooks().give(0, Card::Attraction);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");  // 5 -> 6
  for (int s = 1; s < 3; ++s) r.ok(s, "formula none");
  ASSERT_EQ(r->resolving(), 0);
  r.ok(0, "pass");
  r.ok(0, "play attraction 1");
  EXPECT_EQ(r.sq(0), 6);
  EXPECT_EQ(r.sq(1), 8);
  EXPECT_EQ(r.sq(2), 3);
}

TEST(DuBalaiSpells, BlocageStopsTheWitchesResolvingLaterOnYourSquare) {
  Race r(3, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(0, 5);
  r->hooks().set_square(1, 4);
  r->hooks().set_square(2, 7);
  r->hooks().give(0, Card::Blocage);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");         // 5 -> 6
  r.ok(1, "formula zaam boulga");  // 4 + 2 + 2 = 8, stopped on 6
  r.ok(2, "formula zaam");         // already ahead: 7 -> 8
  ASSERT_EQ(r->resolving(), 0);
  r.ok(0, "pass");
  r.ok(0, "play blocage");
  EXPECT_EQ(r.sq(0), 6);
  EXPECT_EQ(r.sq(2), 8);
  EXPECT_EQ(r.sq(1), 6);
}

TEST(DuBalaiSpells, DecretOpensTheBookToItsPlayerForTenSecondsAfterTheOthersHaveWritten) {
  Race r(3, {}, 3);
  r->hooks().give(2, Card::Decret);
  r.ok(0, "close-book");
  EXPECT_NE(r.refused(2, "play decret").find("every other witch"), std::string::npos);
  r.ok(0, "formula zaam");
  r.ok(1, "formula none");
  r.ok(2, "play decret");
  ASSERT_EQ(r->phase(), Phase::DecretLook);
  ASSERT_TRUE(r->deadline().has_value());
  EXPECT_EQ(r->deadline()->at, r.t + 10000);
  EXPECT_FALSE(r->view(2)["dice"].is_null());
  EXPECT_TRUE(r->view(0)["dice"].is_null());
  EXPECT_TRUE(r->view(1)["dice"].is_null());
  EXPECT_TRUE(r->view(kSpectator)["dice"].is_null());
  r.refused(2, "formula zaam");  // she looks first, then writes
  r.ok(2, "close-book");
  EXPECT_EQ(r->phase(), Phase::Writing);
  EXPECT_TRUE(r->view(2)["dice"].is_null());
  EXPECT_EQ(r->deadline()->at, r.t + 30000);
  r.ok(2, "formula glou");
  EXPECT_EQ(r->turn(), 2);  // everyone has written: revealed, resolved, next turn
  EXPECT_TRUE(r->outcome(2).resolved);
}

TEST(DuBalaiSpells, AnExpertsDecretLastsFiveSeconds) {
  Race r(2, {{"pilot_1", "expert"}}, 3);
  r->hooks().give(1, Card::Decret);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");
  r.ok(1, "play decret");
  ASSERT_EQ(r->phase(), Phase::DecretLook);
  EXPECT_EQ(r->deadline()->at, r.t + 5000);
  r.t = r->deadline()->at;
  ASSERT_TRUE(r->apply(kClock, act::close_book(), r.t).ok());
  EXPECT_EQ(r->phase(), Phase::Writing);
}

// Brouillard magique against each spell: the effect is cancelled, the card is spent.
struct FogCase {
  Card card;
  std::string play;
  Step step;
  // What differs between the spell taking effect and its cancellation.
  std::function<int(Race&)> measure;
};

class BrouillardAgainst : public ::testing::TestWithParam<int> {};

std::vector<FogCase> fog_cases() {
  return {
      {Card::OubliRepare, "play oubli-repare boulga", Step::FormulaSpells,
       [](Race& r) { return r.sq(0); }},
      {Card::Rectification, "play rectification zaam for foulzz", Step::FormulaSpells,
       [](Race& r) { return r.sq(0); }},
      {Card::DoubleJeu, "play double-jeu", Step::FormulaSpells, [](Race& r) { return r.sq(0); }},
      {Card::VentArriere, "play vent-arriere", Step::AfterMove, [](Race& r) { return r.sq(0); }},
      {Card::MauvaisSort, "play mauvais-sort on 1", Step::AfterMove,
       [](Race& r) { return r.sq(1); }},
      {Card::Attraction, "play attraction 2", Step::AfterMove,
       [](Race& r) { return r.sq(1) * 100 + r.sq(2); }},
      {Card::Blocage, "play blocage", Step::AfterMove,
       [](Race& r) { return int(r->track().blocker); }},
  };
}

int play_case(const FogCase& c, bool fog) {
  Race r = spell_stage(c.card, true);
  // A card kept in hand holds her in her after-move moment, where Blocage is still seen.
  r->hooks().give(0, Card::Acrobatie1);
  r.until(0, c.step);
  const int before = c.measure(r);
  r.ok(0, c.play);
  EXPECT_TRUE(r->pending().open);
  EXPECT_EQ(r->actors(), SeatSet(0b110));  // every opponent may react, holder or not
  ActionList legal;
  r->legal_actions(2, legal);
  EXPECT_EQ(legal.size(), 1u);  // seat 2 holds no Brouillard: pass only
  r->legal_actions(1, legal);
  EXPECT_EQ(legal.size(), 2u);
  if (fog) {
    r.ok(1, "brouillard");
  } else {
    r.ok(2, "pass");
    r.ok(1, "pass");
  }
  for (int guard = 0; guard < 3 && r->pending().open; ++guard)
    for (Seat s = 0; s < 3; ++s)
      if (r->actors().contains(s)) r.ok(s, "pass");
  EXPECT_FALSE(r->pending().open);
  EXPECT_EQ(r->discard()[size_t(c.card)], 1);
  if (r->phase() == Phase::Resolving && r->resolving() == 0 && r->step() == Step::FormulaSpells)
    r.ok(0, "pass");
  const int after = c.measure(r);
  if (fog) {
    EXPECT_EQ(r->witch(1).hand[size_t(Card::Brouillard)], 0);
  }
  return fog ? (after == before ? 0 : 1) : (after != before ? 0 : 1);
}

TEST_P(BrouillardAgainst, CancelsTheSpellWhichOtherwiseTakesEffect) {
  const FogCase c = fog_cases()[size_t(GetParam())];
  SCOPED_TRACE(std::string(info(c.card).id));
  // For the formula spells the effect shows in the move, which follows the pass.
  if (c.step == Step::FormulaSpells) {
    Race plain = spell_stage(c.card, false);
    plain.until(0, c.step);
    plain.ok(0, "pass");
    const int no_spell = c.measure(plain);
    Race cast = spell_stage(c.card, true);
    cast.until(0, c.step);
    cast.ok(0, c.play);
    cast.ok(2, "pass");
    cast.ok(1, "pass");
    EXPECT_NE(c.measure(cast), no_spell) << "the spell has an effect";
    Race fogged = spell_stage(c.card, true);
    fogged.until(0, c.step);
    fogged.ok(0, c.play);
    fogged.ok(1, "brouillard");
    EXPECT_EQ(c.measure(fogged), no_spell) << "Brouillard cancels it";
    EXPECT_EQ(fogged->witch(0).hand_count(), 0);  // the spell is spent all the same
    return;
  }
  EXPECT_EQ(play_case(c, false), 0) << "the spell has an effect";
  EXPECT_EQ(play_case(c, true), 0) << "Brouillard cancels it";
}

INSTANTIATE_TEST_SUITE_P(EverySpell, BrouillardAgainst, ::testing::Range(0, 7));

TEST(DuBalaiSpells, BrouillardCancelsDecretAndTheWitchWritesWithTheBookClosed) {
  Race r(2, {}, 3);
  r->hooks().give(1, Card::Decret);
  r->hooks().give(0, Card::Brouillard);
  r.ok(0, "close-book");
  r.ok(0, "formula zaam");
  r.ok(1, "play decret");
  ASSERT_TRUE(r->pending().open);
  EXPECT_EQ(r->actors(), SeatSet::only(0));
  r.ok(0, "brouillard");
  EXPECT_EQ(r->phase(), Phase::Writing);
  EXPECT_TRUE(r->view(1)["dice"].is_null());
  r.ok(1, "formula none");
  EXPECT_EQ(r->turn(), 2);
}

TEST(DuBalaiSpells, ABrouillardAnsweredByABrouillardLetsTheSpellTakeEffect) {
  Race r = spell_stage(Card::MauvaisSort, true);
  r->hooks().give(0, Card::Brouillard);
  r.until(0, Step::AfterMove);
  r.ok(0, "play mauvais-sort on 1");
  r.ok(1, "brouillard");
  ASSERT_TRUE(r->pending().open);
  EXPECT_EQ(r->actors(), SeatSet(0b101));  // the others of the last player
  r.ok(0, "brouillard");
  EXPECT_FALSE(r->pending().open);  // no Brouillard left anywhere
  EXPECT_EQ(r.sq(1), 6);
}

TEST(DuBalaiSpells, TheReactionWindowClosesAtItsDeadlineAndTheSpellTakesEffect) {
  Race r = spell_stage(Card::MauvaisSort, true);
  r.until(0, Step::AfterMove);
  r.ok(0, "play mauvais-sort on 1");
  const auto d = r->deadline();
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->at, r.t + 5000);
  EXPECT_FALSE(r->apply(1, act::brouillard(), d->at).ok()) << "too late";
  ASSERT_TRUE(r->apply(kClock, act::time_up(), d->at).ok());
  EXPECT_EQ(r.sq(1), 6);
}

TEST(DuBalaiSpells, ASpellOutsideItsMomentIsRefused) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  for (Card c : {Card::VentArriere, Card::OubliRepare, Card::Blocage, Card::Decret,
                 Card::Brouillard, Card::Acrobatie1})
    r->hooks().give(0, c);
  r.refused(0, "play blocage");  // book open
  r.refused(0, "brouillard");    // nobody played a spell
  r.ok(1, "close-book");
  r.refused(0, "play vent-arriere");  // writing
  r.refused(0, "play decret");        // the other has not written
  r.ok(0, "formula zaam");
  r.ok(1, "formula zaam");
  ASSERT_EQ(r->resolving(), 0);
  ASSERT_EQ(r->step(), Step::FormulaSpells);
  r.refused(0, "play vent-arriere");
  r.refused(0, "play blocage");
  r.refused(0, "play acrobatie-1");
  r.refused(0, "play attraction 1");  // not held
  r.ok(0, "pass");
  ASSERT_EQ(r->step(), Step::AfterMove);
  r.refused(0, "play oubli-repare boulga");
  r.refused(0, "play decret");
  r.ok(0, "play vent-arriere");
}

}  // namespace
}  // namespace sabbat::du_balai
