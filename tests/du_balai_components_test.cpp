// Du Balai ! in a balance report: the Magie noire cards a witch plays (acrobatics when she
// keeps one), the lid she closes, the second formula she writes, and the hand she holds.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/du-balai/components.hpp"
#include "support/component_playouts.hpp"
#include "support/du_balai_race.hpp"

namespace sabbat::du_balai {
namespace {

using namespace testing;

std::vector<int> played(Race& r, Seat seat, const std::string& text) {
  auto a = r->parse_action(seat, text);
  EXPECT_TRUE(a.ok()) << text << ": " << a.error();
  std::vector<int> out;
  if (a) r->components_played(seat, *a, out);
  return out;
}

std::vector<int> one(Card c) {
  return {int(c)};
}

TEST(DuBalaiComponents, EveryComponentIdIsUniqueAndNonEmpty) {
  sabbat::testing::check_component_ids("du-balai");
  const auto all = components();
  ASSERT_EQ(all.size(), size_t(kComponents));
  EXPECT_EQ(all[size_t(Card::VentArriere)].id, "vent-arriere");
  EXPECT_EQ(all[size_t(Card::VentArriere)].name, "Vent arri\u00e8re");
  EXPECT_EQ(all[size_t(Card::Acrobatie2)].group, "card");
  EXPECT_EQ(all[kCloseBookComponent].id, "close-book");
  EXPECT_EQ(all[kSecondFormulaComponent].group, "move");
}

TEST(DuBalaiComponents, ClosingTheLidPlaysCloseBookAndAFormulaAloneNothing) {
  Race r(3, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  EXPECT_EQ(played(r, 2, "close-book"), std::vector<int>{kCloseBookComponent});
  r.ok(2, "close-book");
  EXPECT_TRUE(played(r, 0, "formula zaam").empty());
  EXPECT_TRUE(played(r, 1, "formula none").empty());
}

TEST(DuBalaiComponents, WritingASecondFormulaPlaysItAndDoubleJeuPlaysTheCard) {
  Race r = spell_stage(Card::DoubleJeu, false);  // seat 0 wrote zaam, second glou
  r.until(0, Step::FormulaSpells);
  EXPECT_EQ(played(r, 0, "play double-jeu"), one(Card::DoubleJeu));
  EXPECT_TRUE(played(r, 0, "pass").empty());

  Race w(3, {}, 3);
  ASSERT_TRUE(show_book(*w.s, Z | B, G));
  w->hooks().give(0, Card::DoubleJeu);
  w.ok(2, "close-book");
  EXPECT_EQ(played(w, 0, "formula zaam second glou"), std::vector<int>{kSecondFormulaComponent});
  EXPECT_TRUE(played(w, 0, "formula zaam").empty());
}

TEST(DuBalaiComponents, ASpellAfterTheMovePlaysItsCardAndBrouillardAnswersWithItsOwn) {
  Race r = spell_stage(Card::MauvaisSort, true);
  r.until(0, Step::AfterMove);
  EXPECT_EQ(played(r, 0, "play mauvais-sort on 1"), one(Card::MauvaisSort));
  r.ok(0, "play mauvais-sort on 1");
  ASSERT_TRUE(r->pending().open);
  EXPECT_EQ(played(r, 1, "brouillard"), one(Card::Brouillard));
  EXPECT_TRUE(played(r, 1, "pass").empty());
}

TEST(DuBalaiComponents, DecretPlaysTheCardOnceTheOthersHaveWritten) {
  Race r(3, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().give(0, Card::Decret);
  r.ok(2, "close-book");
  r.ok(1, "formula none");
  r.ok(2, "formula zaam");
  EXPECT_EQ(played(r, 0, "play decret"), one(Card::Decret));
  r.ok(0, "play decret");
  // Nobody else holds a card, so no window: she looks at once. The end of her look closes
  // the book again, which is no choice of the lid.
  ASSERT_EQ(r->phase(), Phase::DecretLook);
  EXPECT_TRUE(played(r, 0, "close-book").empty());
}

TEST(DuBalaiComponents, KeepingAnAcrobaticsPlaysItKeepingASpellCardDoesNot) {
  Race r(2);
  ASSERT_TRUE(show_book(*r.s, Z, G | I));
  r->hooks().stack_deck({Card::VentArriere, Card::Acrobatie3});
  r.ok(1, "close-book");
  r.ok(0, "formula glou biii");
  r.ok(1, "formula zaam");
  ASSERT_EQ(r->step(), Step::Keep);
  EXPECT_EQ(played(r, 0, "keep acrobatie-3"), one(Card::Acrobatie3));
  EXPECT_TRUE(played(r, 0, "keep vent-arriere").empty());
}

TEST(DuBalaiComponents, AWitchHoldsEachKindOfHerHandOnceAndNothingAtTheStart) {
  Race r(3, {}, 3);
  std::vector<int> held;
  for (Seat s = 0; s < 3; ++s) r->components_held(s, held);
  EXPECT_TRUE(held.empty());
  r->hooks().give(1, Card::Brouillard, 2);
  r->hooks().give(1, Card::Acrobatie1);
  r->components_held(1, held);
  EXPECT_EQ(held, (std::vector<int>{int(Card::Brouillard), int(Card::Acrobatie1)}));
}

TEST(DuBalaiComponents, RandomRacesAskedBeforeEachActionChangeNothing) {
  const auto plays = sabbat::testing::check_component_playouts("du-balai", 200);
  EXPECT_EQ(plays.games, 200);
  EXPECT_GT(plays.played[kCloseBookComponent], 0);
}

}  // namespace
}  // namespace sabbat::du_balai
