// The terminal text of Le Bal des Sorcières: it fits 80 columns at every moment of random
// games, shows the viewer's own hand with what each spell does, the attack on the table and
// who is awaited, and the winner at the end.
#include <gtest/gtest.h>

#include <sstream>

#include "core/text_columns.hpp"
#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/bal-des-sorcieres/render.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/bal_cards.hpp"

namespace sabbat::bal {
namespace {

std::unique_ptr<State> new_game(int players, const std::string& level, uint64_t seed) {
  return new_bal_game(players, {{"level", level}}, seed);
}

size_t widest_line(const std::string& text) {
  std::istringstream in(text);
  size_t widest = 0;
  for (std::string line; std::getline(in, line);) widest = std::max(widest, display_width(line));
  return widest;
}

TEST(BalScreen, EveryViewFitsEightyColumnsThroughRandomGames) {
  auto game = make_game();
  for (const std::string level : {"easy", "medium", "hard"})
    for (int players : {kMinPlayers, kMaxPlayers}) {
      auto s = new_game(players, level, 7);
      Rng rng(players);
      ActionList legal;
      for (int step = 0; !s->terminal() && step < 5000; ++step) {
        for (Seat viewer = kSpectator; viewer < players; ++viewer) {
          const std::string text = game->render_view(s->view(viewer), viewer, true);
          ASSERT_LE(widest_line(text), 80u) << text;
          EXPECT_EQ(text.find("Your hand") != std::string::npos, viewer != kSpectator);
        }
        if (clock_if_nobody(*s)) continue;
        const SeatSet actors = s->actors();
        Seat seat = 0;
        while (!actors.contains(seat)) ++seat;
        s->legal_actions(seat, legal);
        ASSERT_FALSE(legal.empty());
        ASSERT_TRUE(s->apply(seat, legal[rng.below(uint32_t(legal.size()))], s->now()).ok());
      }
      ASSERT_TRUE(s->terminal());
      const std::string end = game->render_view(s->view(kSpectator), kSpectator, false);
      EXPECT_NE(end.find("wins the Bal"), std::string::npos) << end;
    }
}

TEST(BalScreen, TheHandListsEachSpellWithWhatItDoes) {
  auto game = make_game();
  // A hard game deals every kind of spell; some seat holds spells at the start.
  auto s = new_game(6, "hard", 3);
  int spells_seen = 0;
  for (Seat seat = 0; seat < 6; ++seat) {
    const json view = s->view(seat);
    const std::string text = game->render_view(view, seat, false);
    for (const json& card : view["witches"][size_t(seat)]["hand"]) {
      const std::string slug = card["kind"];
      const std::string_view effect = spell_effect(slug);
      if (effect.empty()) continue;  // a potion
      ++spells_seen;
      EXPECT_NE(text.find(card["name"].get<std::string>()), std::string::npos) << text;
      EXPECT_NE(text.find(std::string(effect)), std::string::npos) << text;
    }
  }
  EXPECT_GT(spells_seen, 0);
}

TEST(BalScreen, EverySpellHasAnEffectLine) {
  for (int k = kColours; k < kKinds; ++k)
    EXPECT_FALSE(spell_effect(kind_info(Kind(k)).slug).empty()) << kind_info(Kind(k)).slug;
  for (int k = 0; k < kColours; ++k) EXPECT_TRUE(spell_effect(kind_info(Kind(k)).slug).empty());
}

TEST(BalScreen, AnAttackShowsItsCardsItsDefenderAndWhoIsAwaited) {
  auto game = make_game();
  auto s = new_game(4, "easy", 11);
  ActionList legal;
  pass_windows(dynamic_cast<BalState&>(*s));
  // The first legal attack of the first player.
  const SeatSet actors = s->actors();
  Seat seat = 0;
  while (!actors.contains(seat)) ++seat;
  s->legal_actions(seat, legal);
  Action attack{};
  bool found = false;
  for (const Action& a : legal)
    if (s->action_text(a).rfind("attack ", 0) == 0) attack = a, found = true;
  ASSERT_TRUE(found);
  ASSERT_TRUE(s->apply(seat, attack, s->now()).ok());
  pass_windows(dynamic_cast<BalState&>(*s));
  const json view = s->view(kSpectator);
  ASSERT_TRUE(view.contains("attack"));
  const int defender = view["attack"]["defender"];
  const std::string text = game->render_view(view, kSpectator, false);
  EXPECT_NE(text.find("\u2192 Seat " + std::to_string(defender)), std::string::npos) << text;
  EXPECT_NE(text.find("Waiting for Seat " + std::to_string(defender)), std::string::npos) << text;
  EXPECT_NE(text.find("to parry"), std::string::npos) << text;
}

// An open window says what its card does and until when it is open, never who is asked; the
// witch asked is told so, and her answer once given.
TEST(BalScreen, AnOpenWindowShowsItsCardAndUntilWhenWithoutNames) {
  auto game = make_game();
  auto s = new_game(4, "easy", 11);
  pass_windows(dynamic_cast<BalState&>(*s));
  const SeatSet actors = s->actors();
  Seat seat = 0;
  while (!actors.contains(seat)) ++seat;
  ActionList legal;
  s->legal_actions(seat, legal);
  Action attack{};
  for (const Action& a : legal)
    if (s->action_text(a).rfind("attack ", 0) == 0 &&
        s->action_text(a).find("all") == std::string::npos)
      attack = a;
  ASSERT_TRUE(s->apply(seat, attack, s->now()).ok());
  auto& bal = dynamic_cast<BalState&>(*s);
  ASSERT_EQ(bal.phase(), Phase::Window);
  const json view = s->view(kSpectator);
  const std::string text = game->render_view(view, kSpectator, false);
  EXPECT_NE(text.find("Reaction window, during the attack"), std::string::npos) << text;
  EXPECT_NE(text.find("Mon beau miroir"), std::string::npos) << text;
  EXPECT_NE(text.find("double it on a third witch"), std::string::npos) << text;
  EXPECT_NE(text.find("A reaction window is open until"), std::string::npos) << text;
  EXPECT_EQ(text.find("Waiting for"), std::string::npos) << text;
  // A witch asked is told so; give one the card if nobody holds it.
  Seat asked = kNobody;
  for (Seat p = 0; p < 4; ++p)
    if (bal.window().asked.contains(p)) asked = p;
  if (asked == kNobody) {
    asked = Seat((bal.exchange().defender + 1) % 4);
    if (asked == bal.exchange().attacker) asked = Seat((asked + 1) % 4);
    Card out = 0;
    while (!bal.witch_at(asked).hand.has(out) || bal.witch_at(asked).known.has(out)) ++out;
    bool swapped = false;
    for (int i = 0; i < 3 && !swapped; ++i)
      swapped = bal.swap_with_pile(asked, out, spell(Spell::MonBeauMiroir, i)).ok();
    ASSERT_TRUE(swapped);
  }
  const std::string mine = game->render_view(s->view(asked), asked, false);
  EXPECT_NE(mine.find("You hold an answer"), std::string::npos) << mine;
  EXPECT_NE(mine.find("Your answer to the reaction window"), std::string::npos) << mine;
}

}  // namespace
}  // namespace sabbat::bal
