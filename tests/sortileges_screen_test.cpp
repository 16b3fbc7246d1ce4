// Sortilèges on a terminal, as a first-time player reads it: the rules command, the spell her
// cards make under each couple card, a table of six players within 80 columns, and the result
// printed once with each player's cards and alliances.
#include <gtest/gtest.h>

#include <string>

#include "cli/screen_text.hpp"
#include "games/sortileges/render.hpp"
#include "games/sortileges/sortileges.hpp"
#include "games/sortileges/state.hpp"
#include "support/cli_run.hpp"

namespace sabbat::sortileges {
namespace {

Card C(const char* text) {
  return parse_card(text).value_or(kNoCard);
}

std::unique_ptr<State> start(int players) {
  auto game = make_game();
  auto setup = game->setup(players, {}, 1);
  auto state = game->new_state(*setup);
  return std::move(state).value();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Requirement: "a `rules` command with the spell ranking and scoring".
TEST(SortilegesScreen, TheRulesCommandGivesTheSpellRankingAndTheScoring) {
  const std::string rules = make_game()->rules_text();
  for (const char* spell : {"Demonicus", "Corromptus", "Fingus", "Semi-Corromptus", "Triplus",
                            "Sequencia", "Deuus", "Plumpus"})
    EXPECT_TRUE(has(rules, spell)) << spell;
  EXPECT_LT(rules.find("Demonicus"), rules.find("Plumpus")) << "strongest first";
  EXPECT_TRUE(has(rules, "two aces 5")) << rules;
  const auto run = test::sabbat({"play", "sortileges", "--seed", "3"}, "rules\nquit\n");
  EXPECT_TRUE(has(run.out, "Spells, from the strongest")) << run.out;
}

// Requirement: "under each couple card, what your cards there make now", without the hidden
// suit of the couple card.
TEST(SortilegesScreen, UnderEachCoupleCardTheViewerSeesTheSpellHerCardsMakeNow) {
  auto s = start(2);
  auto& st = dynamic_cast<SortilegesState&>(*s);
  ASSERT_TRUE(st.set_hand(C("7S"), C("2D")).ok());
  ASSERT_TRUE(s->apply_text(0, "place 7S under left", 0).ok());
  ASSERT_TRUE(st.set_hand(C("3C"), C("4C")).ok());
  ASSERT_TRUE(s->apply_text(1, "place 3C under right", 0).ok());
  ASSERT_TRUE(st.set_hand(C("9S"), C("2H")).ok());
  ASSERT_TRUE(s->apply_text(0, "place 9S under left", 0).ok());
  const json v = s->view(0);
  ASSERT_TRUE(v.contains("yours"));
  EXPECT_EQ(v["yours"]["left"]["spell"], "Plumpus");
  EXPECT_EQ(v["yours"]["left"]["if_suit"]["spades"], "Semi-Corromptus");
  EXPECT_TRUE(v["yours"]["right"]["spell"].is_null());
  EXPECT_FALSE(s->view(1)["yours"]["left"]["spell"].is_string()) << "seat 1 has none there";
  const std::string text = render_view_text(v, 0, false);
  EXPECT_TRUE(has(text,
                  "Under LEFT: 7\u2660 9\u2660 make Plumpus now; Semi-Corromptus if LEFT is "
                  "spades"))
      << text;
  EXPECT_FALSE(s->view(kSpectator).contains("yours"));
}

// Requirement: "the table fits 80 columns with 6 players".
TEST(SortilegesScreen, TheTableOfSixPlayersFitsEightyColumns) {
  auto s = start(6);
  for (int turn = 0; turn < 12; ++turn) {
    const Seat p = Seat(turn % 6);
    ActionList legal;
    s->legal_actions(p, legal);
    ASSERT_TRUE(s->apply(p, legal.back(), 0).ok());
  }
  const std::string text = render_view_text(s->view(0), 0, true);
  for (const auto& line : cli::split_lines(text)) EXPECT_LE(cli::columns(line), 80u) << line;
  EXPECT_TRUE(has(text, "points")) << text;
}

// Requirement: "the final result printed once, with each player's cards and alliances".
TEST(SortilegesScreen, TheFinalResultIsPrintedOnceWithCardsAndAlliances) {
  std::string input;
  for (int i = 0; i < 200; ++i) input += "1\n";
  const auto run = test::sabbat({"play", "sortileges", "--players", "2", "--seed", "4"}, input);
  ASSERT_TRUE(has(run.out, "Game over.")) << run.out;
  const std::string end = run.out.substr(run.out.find("Game over."));
  EXPECT_EQ(end.find("Final scores"), end.rfind("Final scores")) << end;
  EXPECT_FALSE(has(end, "Scores:")) << "no second list: " << end;
  EXPECT_TRUE(has(end, "    won ")) << end;
  EXPECT_FALSE(has(run.out, "points (wins)")) << "the narration does not repeat it";
}

}  // namespace
}  // namespace sabbat::sortileges
