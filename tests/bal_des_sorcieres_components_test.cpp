// Le Bal des Sorcières in a balance report: the spells and potions a move lays down, in any
// move, the incantation mode's slips included, and the kinds of the opening hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/bal-des-sorcieres/components.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/bal_cards.hpp"
#include "support/component_playouts.hpp"

namespace sabbat::bal {
namespace {

BalState new_game(int players, const std::map<std::string, std::string>& params) {
  auto state = new_bal_game(players, params, 1);
  return dynamic_cast<BalState&>(*state);
}

// Seats 0, 1, 2 with these hands; seat 0 holds Carabosse, the first window passed.
BalState table(std::initializer_list<Card> h0, std::initializer_list<Card> h1,
               std::initializer_list<Card> h2, const std::string& incantation = "false") {
  BalState s = new_game(3, {{"level", "hard"}, {"incantation", incantation}});
  EXPECT_TRUE(s.set_hand(0, h0).ok());
  EXPECT_TRUE(s.set_hand(1, h1).ok());
  EXPECT_TRUE(s.set_hand(2, h2).ok());
  pass_windows(s);
  return s;
}

std::vector<int> played(const BalState& s, Seat seat, const std::string& text) {
  auto a = s.parse_action(seat, text);
  EXPECT_TRUE(a.ok()) << text << ": " << a.error();
  std::vector<int> out;
  if (a) s.components_played(seat, *a, out);
  return out;
}

void ok(BalState& s, Seat seat, const std::string& text) {
  auto a = s.parse_action(seat, text);
  ASSERT_TRUE(a.ok()) << text << ": " << a.error();
  ASSERT_TRUE(s.apply(seat, *a, s.now()).ok()) << text;
  pass_windows(s);
}

int of(Colour c) {
  return kind_of(c);
}
int of(Spell sp) {
  return kind_of(sp);
}

TEST(BalComponents, EveryComponentIdIsUniqueAndNonEmpty) {
  sabbat::testing::check_component_ids("bal-des-sorcieres");
  const auto all = components();
  ASSERT_EQ(all.size(), size_t(kKinds));
  EXPECT_EQ(all[size_t(of(Spell::TresorMagique))].id, "tresor");
  EXPECT_EQ(all[size_t(of(Spell::TresorMagique))].name, "Tr\u00e9sor magique");
  EXPECT_EQ(all[size_t(of(Spell::TresorMagique))].group, "spell");
  EXPECT_EQ(all[size_t(of(Colour::Rouge))].id, "rouge");
  EXPECT_EQ(all[size_t(of(Colour::Rouge))].group, "potion");
  int spells = 0;
  for (const auto& c : all) spells += c.group == "spell";
  EXPECT_EQ(spells, kSpells);
}

TEST(BalComponents, AnAttackWithFantomePlaysFantomeAndItsPotions) {
  BalState s =
      table({potion(Colour::Bleu), spell(Spell::Fantome), potion(Colour::Rouge),
             potion(Colour::Rouge, 1)},
            {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
            {potion(Colour::Rouge, 2), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  EXPECT_EQ(played(s, 0, "attack 1 with 1 bleu + fantome"),
            (std::vector<int>{of(Colour::Bleu), of(Spell::Fantome)}));
  EXPECT_EQ(played(s, 0, "attack 2 with 2 rouge"),
            (std::vector<int>{of(Colour::Rouge), of(Colour::Rouge)}));
}

TEST(BalComponents, AParryPlaysTheColoursSheLaysAndItsSpellATakePlaysNothing) {
  BalState s =
      table({potion(Colour::Rouge), potion(Colour::Rouge, 1), potion(Colour::Gris),
             potion(Colour::Jaune)},
            {potion(Colour::Rouge, 2), spell(Spell::Abracadabra), potion(Colour::Vert),
             potion(Colour::Jaune, 1)},
            {spell(Spell::Abracadabra, 1), potion(Colour::Jaune, 3), potion(Colour::Vert, 2)});
  ok(s, 0, "attack 1 with 2 rouge");
  ASSERT_EQ(s.phase(), Phase::Parry);
  // One red potion in hand, Abracadabra for the other.
  EXPECT_EQ(played(s, 1, "parry with abracadabra"),
            (std::vector<int>{of(Colour::Rouge), of(Spell::Abracadabra)}));
  EXPECT_TRUE(played(s, 1, "take").empty());
}

TEST(BalComponents, ATresorBesideASortilegeIsPlayedWithIt) {
  BalState s = new_game(4, {{"level", "hard"}});
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Bleu), potion(Colour::Bleu, 1), spell(Spell::Sortilege),
                             spell(Spell::TresorMagique), spell(Spell::Fantome)})
                  .ok());
  for (Seat p : {1, 2, 3})
    ASSERT_TRUE(s.set_hand(p, {potion(Colour::Vert, 3 * p), potion(Colour::Jaune, 3 * p),
                               potion(Colour::Rouge, 3 * p), potion(Colour::Rouge, 3 * p + 1)})
                    .ok());
  pass_windows(s);
  EXPECT_EQ(played(s, 0, "attack all with 1 bleu + sortilege + tresor"),
            (std::vector<int>{of(Colour::Bleu), of(Spell::Sortilege), of(Spell::TresorMagique)}));
}

TEST(BalComponents, ALutinFarceurWithATresorPlaysBoth) {
  BalState s = table({spell(Spell::LutinFarceur), spell(Spell::TresorMagique),
                      potion(Colour::Rouge), potion(Colour::Jaune, 0)},
                     {potion(Colour::Jaune, 1), potion(Colour::Vert, 0), potion(Colour::Bleu, 0)},
                     {potion(Colour::Jaune, 3), potion(Colour::Vert, 2), potion(Colour::Bleu, 1)});
  EXPECT_EQ(played(s, 0, "lutin + tresor"),
            (std::vector<int>{of(Spell::LutinFarceur), of(Spell::TresorMagique)}));
}

TEST(BalComponents, AnAnswerInAReactionWindowPlaysItsSpellAndAPassNothing) {
  BalState s = new_game(4, {{"level", "easy"}});
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Gris), potion(Colour::Rouge), potion(Colour::Rouge, 1),
                             potion(Colour::Vert), potion(Colour::Jaune)})
                  .ok());
  ASSERT_TRUE(
      s.set_hand(1, {spell(Spell::MonBeauMiroir), potion(Colour::Rouge, 2), potion(Colour::Vert, 1),
                     potion(Colour::Jaune, 1), potion(Colour::Bleu)})
          .ok());
  ASSERT_TRUE(
      s.set_hand(2, {spell(Spell::DuBalai), potion(Colour::Vert, 2), potion(Colour::Jaune, 2),
                     potion(Colour::Bleu, 1), potion(Colour::Jaune, 3)})
          .ok());
  ASSERT_TRUE(
      s.set_hand(3, {potion(Colour::Rouge, 4), potion(Colour::Vert, 3), potion(Colour::Jaune, 4),
                     potion(Colour::Bleu, 2), potion(Colour::Rouge, 5)})
          .ok());
  pass_windows(s);
  auto a = s.parse_action(0, "attack 1 with 1 gris");
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(s.apply(0, *a, s.now()).ok());
  ASSERT_EQ(s.phase(), Phase::Window);
  ASSERT_TRUE(s.window().asked.contains(1));
  EXPECT_EQ(played(s, 1, "miroir 2"), (std::vector<int>{of(Spell::MonBeauMiroir)}));
  EXPECT_TRUE(played(s, 1, "pass").empty());
}

TEST(BalComponents, AMispronouncedAttackStillPlaysWhatItLaidDown) {
  BalState s =
      table({potion(Colour::Rouge, 0), potion(Colour::Rouge, 2), spell(Spell::Fantome),
             potion(Colour::Jaune, 0)},
            {potion(Colour::Jaune, 1), potion(Colour::Vert, 0), potion(Colour::Bleu, 0)},
            {potion(Colour::Jaune, 3), potion(Colour::Vert, 2), potion(Colour::Bleu, 1)}, "true");
  auto slip = s.parse_action(0, "attack 1 with 1 rouge + fantome : ?");
  ASSERT_TRUE(slip.ok()) << slip.error();
  std::vector<int> out;
  s.components_played(0, *slip, out);
  EXPECT_EQ(out, (std::vector<int>{of(Colour::Rouge), of(Spell::Fantome)}));
}

TEST(BalComponents, ThrowingDroppingAndDiscardingPlayNothing) {
  BalState s = table({potion(Colour::Rouge), spell(Spell::Fantome)}, {potion(Colour::Jaune, 1)},
                     {potion(Colour::Jaune, 3)});
  for (const char* text : {"throw fantome", "drop rouge", "discard fantome", "give rouge", "keep"})
    EXPECT_TRUE(played(s, 0, text).empty()) << text;
}

TEST(BalComponents, AWitchHoldsTheKindsOfHerOpeningHandOnceEach) {
  BalState s = new_game(3, {{"level", "hard"}});
  ASSERT_TRUE(s.set_hand(1, {potion(Colour::Rouge), potion(Colour::Rouge, 1), potion(Colour::Gris),
                             spell(Spell::Diablotin)})
                  .ok());
  std::vector<int> held;
  s.components_held(1, held);
  EXPECT_EQ(held, (std::vector<int>{of(Colour::Gris), of(Colour::Rouge), of(Spell::Diablotin)}));
}

TEST(BalComponents, RandomGamesAtTheHardLevelPlayEverySpellAndAskingChangesNothing) {
  const auto plays =
      sabbat::testing::check_component_playouts("bal-des-sorcieres", 300, {{"level", "hard"}});
  EXPECT_EQ(plays.games, 300);
  const auto all = components();
  for (size_t k = 0; k < all.size(); ++k) {
    EXPECT_GT(plays.played[k], 0) << all[k].id;
    EXPECT_GT(plays.held[k], 0) << all[k].id;
  }
}

TEST(BalComponents, RandomGamesInTheIncantationModeAskedBeforeEachActionChangeNothing) {
  const auto plays = sabbat::testing::check_component_playouts(
      "bal-des-sorcieres", 100, {{"level", "hard"}, {"incantation", "true"}});
  EXPECT_EQ(plays.games, 100);
}

}  // namespace
}  // namespace sabbat::bal
