// Baba Yaga in a balance report: the spell a searcher casts, counted at the tile she turns
// that shows its last needed ingredient, and the three spells dealt to her pile.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/baba-yaga/components.hpp"
#include "support/baba_table.hpp"
#include "support/component_playouts.hpp"

namespace sabbat::baba_yaga {
namespace {

using sabbat::testing::BabaTable;

std::vector<int> played(BabaTable& t, Seat seat, const std::string& text) {
  auto a = t.s->parse_action(seat, text);
  EXPECT_TRUE(a.ok()) << text << ": " << a.error();
  std::vector<int> out;
  if (a) t.s->components_played(seat, *a, out);
  return out;
}

std::vector<int> one(Effect e) {
  return {int(e)};
}

TEST(BabaYagaComponents, EveryComponentIdIsUniqueAndNonEmpty) {
  sabbat::testing::check_component_ids("baba-yaga");
  const auto all = components();
  ASSERT_EQ(all.size(), size_t(kEffects));
  EXPECT_EQ(all[size_t(Effect::PattesDePoulet)].id, "pattes-de-poulet");
  EXPECT_EQ(all[size_t(Effect::PattesDePoulet)].name, "Pattes de poulet !");
  EXPECT_EQ(all[size_t(Effect::DoigtDansLeNez)].group, "spell");
}

TEST(BabaYagaComponents, TheTileShowingTheLastNeededIngredientCastsTheSpell) {
  BabaTable t(3);
  t.end_study();
  t.start_turn_with(0);  // Doigt dans le nez !
  const auto wanted = t.wanted();
  for (int i = 0; i < 2; ++i) {
    EXPECT_TRUE(played(t, 0, "turn " + wanted[size_t(i)]).empty());
    t.ok(0, "turn " + wanted[size_t(i)]);
  }
  EXPECT_EQ(played(t, 0, "turn " + wanted[2]), one(Effect::DoigtDansLeNez));
  t.ok(0, "turn " + wanted[2]);
  // A fourth ingredient casts nothing more.
  EXPECT_TRUE(played(t, 0, "turn " + wanted[3]).empty());
  t.fly_home();
  EXPECT_EQ(t.s->player(0).cast_n, 1);
}

TEST(BabaYagaComponents, AWrongIngredientShowingCastsNothingUntilTurnedBack) {
  BabaTable t(3);
  t.end_study();
  t.start_turn_with(1);  // Brouillard bizarre !
  const auto wanted = t.wanted();
  t.ok(0, "turn " + wanted[0]);
  t.ok(0, "turn " + wanted[1]);
  const std::string wrong = t.unwanted();
  EXPECT_TRUE(played(t, 0, "turn " + wrong).empty());
  t.ok(0, "turn " + wrong);
  EXPECT_TRUE(played(t, 0, "back " + wrong).empty());
  t.ok(0, "back " + wrong);
  EXPECT_EQ(played(t, 0, "turn " + wanted[2]), one(Effect::BrouillardBizarre));
}

TEST(BabaYagaComponents, SauveQuiPeutCastsWithTheFourthIngredient) {
  BabaTable t(3, {{"level_0", "sauve-qui-peut"}});
  t.end_study();
  t.start_turn_with(3);  // Tout petit !
  const auto wanted = t.wanted();
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(played(t, 0, "turn " + wanted[size_t(i)]).empty());
    t.ok(0, "turn " + wanted[size_t(i)]);
  }
  EXPECT_EQ(played(t, 0, "turn " + wanted[3]), one(Effect::ToutPetit));
}

TEST(BabaYagaComponents, ThePlacerAndTheMoversPlayNothing) {
  BabaTable t(3);
  t.end_study();
  EXPECT_TRUE(played(t, 1, "place north").empty());
  t.start_turn_with(0);
  const auto wanted = t.wanted();
  t.ok(0, "turn " + wanted[0]);
  t.ok(0, "turn " + wanted[1]);
  // The move that brings her home casts the spell, but it is not the mover's.
  EXPECT_TRUE(played(t, t.s->mover(), "move").empty());
  EXPECT_TRUE(played(t, 0, "ready").empty());
}

TEST(BabaYagaComponents, APlayerHoldsTheSpellsOfHerThreeDealtCards) {
  BabaTable t(4);
  for (Seat s = 0; s < 4; ++s) {
    std::vector<int> held;
    t.s->components_held(s, held);
    const Player& p = t.s->player(s);
    ASSERT_EQ(held.size(), size_t(kCardsEach));
    for (int i = 0; i < kCardsEach; ++i)
      EXPECT_EQ(held[size_t(i)], int(card(p.pile[size_t(i)]).effect));
  }
}

TEST(BabaYagaComponents, RandomGamesAskedBeforeEachActionChangeNothing) {
  const auto plays = sabbat::testing::check_component_playouts("baba-yaga", 200);
  EXPECT_EQ(plays.games, 200);
  long cast = 0, held = 0;
  for (long n : plays.played) cast += n;
  for (long n : plays.held) held += n;
  EXPECT_GT(cast, 0);
  EXPECT_GT(held, 0);
}

}  // namespace
}  // namespace sabbat::baba_yaga
