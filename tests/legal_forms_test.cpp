// Legal actions described rather than listed (State::describe_legal, core/legal_forms.hpp):
// what a host sends stands for exactly the legal actions, in every game, and Du Balai !'s
// writing phase is one form instead of 511 texts (19,171 with Double-jeu).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/legal_forms.hpp"
#include "support/du_balai_race.hpp"
#include "support/random_games.hpp"

namespace sabbat::testing {
namespace {

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The texts a description stands for: the listed actions, then every text of the forms.
std::vector<std::string> described_texts(const State& s, const LegalDescription& d) {
  std::vector<std::string> out;
  for (Action a : d.listed) out.push_back(s.action_text(a));
  for (const LegalForm& f : d.forms) expand_form(f, out);
  return out;
}

std::vector<std::string> listed_texts(const State& s, Seat seat) {
  ActionList actions;
  s.legal_actions(seat, actions);
  std::vector<std::string> out;
  for (Action a : actions) out.push_back(s.action_text(a));
  return out;
}

int checks = 0;  // seats whose description was checked

// The description of every seat equals legal_actions' texts, each once; every text of a form
// reads back through form_matches and through the game's parser; the form survives JSON.
void expect_description_is_the_list(const State& s, int& forms_seen, int& two_picks) {
  for (Seat seat = 0; seat < s.players(); ++seat) {
    ++checks;
    LegalDescription d;
    s.describe_legal(seat, d);
    const std::vector<std::string> texts = described_texts(s, d);
    EXPECT_EQ(std::set<std::string>(texts.begin(), texts.end()).size(), texts.size())
        << "a text described twice, seat " << seat;
    ASSERT_EQ(sorted(texts), sorted(listed_texts(s, seat))) << "seat " << seat;
    for (const LegalForm& f : d.forms) {
      ++forms_seen;
      two_picks += f.picks.size() == 2;
      EXPECT_EQ(form_from_json(form_json(f)), f);
      std::vector<std::string> one;
      expand_form(f, one);
      for (size_t i = 0; i < one.size(); i += 97) {  // a spread of them: parsing is slower
        EXPECT_TRUE(form_matches(f, one[i])) << one[i];
        EXPECT_TRUE(s.parse_action(seat, one[i]).ok()) << one[i];
      }
    }
  }
}

class EveryGameDescribes : public ::testing::TestWithParam<std::string> {};

// DESIGN.md, "What a seat is sent": where legal actions are a product of choices, they are
// described in a form a client can check an action against; the description is exactly the
// legal actions, after every action of random games.
TEST_P(EveryGameDescribes, DescriptionStandsForExactlyTheLegalActions) {
  int forms_seen = 0, two_picks = 0;
  checks = 0;
  const bool du_balai = GetParam() == "du-balai";
  for (uint64_t seed = 1; seed <= uint64_t(scaled(du_balai ? 4 : 6)); ++seed) {
    play_random({GetParam(), 4, seed, {}}, [&](const Match& m, const Step&) {
      expect_description_is_the_list(m.state(), forms_seen, two_picks);
    });
  }
  EXPECT_GT(checks, 100);
  // Random witches seldom write the perfect black formula that draws Double-jeu: the scenario
  // below checks that case.
  if (du_balai) {
    EXPECT_GT(forms_seen, 0) << "no writing phase described";
  } else {
    EXPECT_EQ(forms_seen, 0) << "only Du Balai ! describes its actions by forms";
  }
}

INSTANTIATE_TEST_SUITE_P(Games, EveryGameDescribes, ::testing::ValuesIn(game_ids()),
                         [](const auto& p) { return test_name(p.param); });

LegalForm formula_form(bool double_jeu) {
  const std::vector<std::string> cards = {"zaam",   "boulga", "foulzz", "glou",  "biii",
                                          "nebulo", "zyeux",  "arakna", "stella"};
  LegalForm f;
  f.prefix = "formula";
  f.picks.push_back({.word = "", .of = cards, .min = 1, .max = 9, .optional = false});
  if (double_jeu) {
    f.picks.push_back({.word = "second", .of = cards, .min = 1, .max = 9, .optional = true});
    f.distinct = true;
  }
  return f;
}

// A form's texts: a formula is any non-empty set of the nine cards, in their order (2^9 - 1);
// with Double-jeu a second, optional, from the cards left (3^9 - 2^9).
TEST(LegalForms, FormulaFormsStandForEveryNonEmptySetAndTheSecondFromTheRest) {
  std::vector<std::string> one, two;
  expand_form(formula_form(false), one);
  expand_form(formula_form(true), two);
  EXPECT_EQ(one.size(), 511u);
  EXPECT_EQ(two.size(), 19171u);
  EXPECT_EQ(std::set<std::string>(two.begin(), two.end()).size(), two.size());
}

// A client checks an action against a form: the canonical text only, each word once, in the
// order of `of`, counts within bounds, the optional pick with its word.
TEST(LegalForms, MatchingAcceptsExactlyTheTextsOfTheForm) {
  const LegalForm one = formula_form(false), two = formula_form(true);
  EXPECT_TRUE(form_matches(one, "formula zaam"));
  EXPECT_TRUE(form_matches(one, "formula zaam boulga stella"));
  EXPECT_FALSE(form_matches(one, "formula boulga zaam")) << "not in the order of `of`";
  EXPECT_FALSE(form_matches(one, "formula zaam zaam")) << "a word twice";
  EXPECT_FALSE(form_matches(one, "formula")) << "min 1";
  EXPECT_FALSE(form_matches(one, "formula none")) << "not a word of the pick";
  EXPECT_FALSE(form_matches(one, "formula  zaam")) << "two spaces";
  EXPECT_FALSE(form_matches(one, "formula zaam ")) << "a trailing space";
  EXPECT_FALSE(form_matches(one, "formulas zaam")) << "another prefix";
  EXPECT_FALSE(form_matches(one, "formula zaam second boulga")) << "no second pick";
  EXPECT_TRUE(form_matches(two, "formula zaam second boulga"));
  EXPECT_TRUE(form_matches(two, "formula zaam"));
  EXPECT_FALSE(form_matches(two, "formula zaam second zaam")) << "distinct";
  EXPECT_FALSE(form_matches(two, "formula zaam second")) << "a second pick of none";
  EXPECT_FALSE(form_matches(two, "formula second zaam")) << "the first pick is not optional";
  EXPECT_FALSE(form_matches(two, "formula zaam second boulga second glou"));
  EXPECT_FALSE(form_from_json(json{{"prefix", "formula"}}).has_value());
  EXPECT_FALSE(form_from_json(json{{"prefix", "x"}, {"picks", {{{"of", {1}}}}}}).has_value());
}

}  // namespace
}  // namespace sabbat::testing

namespace sabbat::du_balai::testing {
namespace {

// Du Balai !, phase 2: the writing witch gets `formula none` (not the closer: "le joueur qui a
// fermé la boîte doit écrire une formule") and one form; with Double-jeu the form has the
// optional second formula; a text outside it is refused by the engine with the same error as
// before, and the state is unchanged.
TEST(DuBalaiLegalForms, WritingPhaseIsOneFormAndTextsOutsideItAreRefused) {
  Race r(2, {}, 3);
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  LegalDescription d0, d1;
  r->describe_legal(0, d0);
  r->describe_legal(1, d1);
  ASSERT_EQ(d0.forms.size(), 1u);
  ASSERT_EQ(d1.forms.size(), 1u);
  EXPECT_EQ(d0.forms[0].picks.size(), 2u) << "Double-jeu: a second formula";
  EXPECT_TRUE(d0.forms[0].distinct);
  EXPECT_EQ(d1.forms[0].picks.size(), 1u);
  ASSERT_EQ(d0.listed.size(), 1u);
  EXPECT_EQ(r->action_text(d0.listed[0]), "formula none");
  EXPECT_TRUE(d1.listed.empty()) << "the closer must write a formula";
  int forms_seen = 0, two_picks = 0;
  sabbat::testing::expect_description_is_the_list(*r.s, forms_seen, two_picks);
  EXPECT_EQ(forms_seen, 2);
  EXPECT_EQ(two_picks, 1);
  EXPECT_FALSE(form_matches(d1.forms[0], "formula zaam second boulga"));
  EXPECT_FALSE(r.refused(1, "formula zaam second boulga").empty());
  EXPECT_FALSE(form_matches(d0.forms[0], "formula zaam second zaam"));
  EXPECT_NE(r.refused(0, "formula zaam second zaam").find("both formulas"), std::string::npos);
  ASSERT_TRUE(form_matches(d0.forms[0], "formula zaam boulga second glou"));
  r.ok(0, "formula zaam boulga second glou");
}

}  // namespace
}  // namespace sabbat::du_balai::testing
