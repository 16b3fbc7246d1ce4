// Du Balai ! on a terminal: the large dice of the open book (names and colours in words), the
// track with every witch and the curse token, the reaction window, and what each key plays.
#include <gtest/gtest.h>

#include "games/du-balai/du_balai.hpp"
#include "games/du-balai/render.hpp"
#include "games/du-balai/scenario.hpp"
#include "games/du-balai/screen.hpp"
#include "games/du-balai/screen_parts.hpp"
#include "support/du_balai_race.hpp"

namespace sabbat::du_balai {
namespace {

using namespace testing;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t p = text.find(part); p != std::string::npos; p = text.find(part, p + 1)) ++n;
  return n;
}

std::vector<std::string> legal_texts(Race& r, Seat seat) {
  ActionList legal;
  r->legal_actions(seat, legal);
  std::vector<std::string> out;
  for (Action a : legal) out.push_back(r->action_text(a));
  return out;
}

// A person at one seat pressing keys, as the screen sees them.
struct Keyboard {
  Race& r;
  Seat seat;
  Keys keys;
  KeyAnswer press(int key) {
    const json view = r->view(seat);
    const auto legal = legal_texts(r, seat);
    return keys.press(key, Situation{view, seat, legal});
  }
  // Presses `keys_in_order`; the last one must play an action, which is returned.
  std::string play(const std::string& keys_in_order) {
    KeyAnswer a;
    for (char k : keys_in_order) a = press(k == '\r' ? key::kEnter : k);
    return a.action;
  }
  std::string waiting() {
    const json view = r->view(seat);
    const auto legal = legal_texts(r, seat);
    return screen_waiting(Situation{view, seat, legal});
  }
  std::string keys_text() {
    const json view = r->view(seat);
    const auto legal = legal_texts(r, seat);
    const Situation now{view, seat, legal};
    return screen_keys(now, keys.picks(now), false);
  }
};

TEST(DuBalaiScreen, TheOpenBookShowsNineLargeDiceWithNamesAndColourWords) {
  Race r(2);
  for (const bool color : {false, true}) {
    const std::string text = screen_table(r->view(0), 0, color, 40);
    // Nine boxes of five lines: a thin border for orange, a double border for black.
    EXPECT_EQ(count(text, "\u256d[") + count(text, "\u2554["), 9u) << text;
    size_t words = 0;
    const json view = r->view(0);
    for (const auto& d : view["dice"]) {
      const int s = symbol_index(d["syllable"].get<std::string>());
      const auto& sym = kSymbolTable[size_t(s)];
      EXPECT_TRUE(has(text, std::string(sym.spoken))) << sym.spoken;
      EXPECT_TRUE(has(text, std::string(sym.name))) << sym.name;
      EXPECT_TRUE(has(text, "[" + std::to_string(s + 1) + "]")) << "the key that picks it";
      words += d["colour"] == "orange" ? 1 : 0;
    }
    // The colours are words, whether or not ANSI colours are on.
    EXPECT_EQ(count(text, "ORANGE"), words);
    EXPECT_EQ(count(text, "BLACK"), 9 - words);
    EXPECT_EQ(has(text, "\x1b["), color);
  }
  // A short terminal gets the same dice in three lines each, words still there.
  const std::string compact = screen_table(r->view(0), 0, false, 24);
  EXPECT_EQ(count(compact, "ORANGE") + count(compact, "BLACK"), 9u);
  EXPECT_LT(count(compact, "\n"), count(screen_table(r->view(0), 0, false, 40), "\n"));
  // The line rendering draws them large too.
  const std::string lines = render_view_text(r->view(0), 0, false);
  EXPECT_EQ(count(lines, "\u256d[") + count(lines, "\u2554["), 9u);
}

TEST(DuBalaiScreen, NoDiceOnceTheBookIsClosed) {
  Race r(2);
  r.ok(0, "close-book");
  for (Seat seat : {0, 1, kSpectator}) {
    const std::string text = screen_table(r->view(seat), seat, false, 40);
    EXPECT_TRUE(has(text, "the book is closed")) << text;
    EXPECT_EQ(count(text, "\u256d[") + count(text, "\u2554["), 0u) << text;
    EXPECT_FALSE(has(text, "ORANGE")) << text;
    const std::string lines = render_view_text(r->view(seat), seat, false);
    EXPECT_EQ(count(lines, "\u256d[") + count(lines, "\u2554["), 0u) << lines;
  }
}

TEST(DuBalaiScreen, TheTrackShowsEveryWitchTheCurseAndTheSquaresBehindTheStart) {
  Race r(4);
  r->hooks().set_square(0, -2);
  r->hooks().set_square(1, -1);
  r->hooks().set_square(2, 22);
  r->hooks().set_square(3, 22);
  r->hooks().set_curse(22);
  // As the terminal shows it, seats counted from 1: the viewer is the second seat.
  const std::string text = track_lines(r->view(1), 1, Style{false, kPeopleCount});
  const auto lines = [&] {
    std::vector<std::string> out;
    for (size_t from = 0, nl; (nl = text.find('\n', from)) != std::string::npos; from = nl + 1)
      out.push_back(text.substr(from, nl - from));
    return out;
  }();
  ASSERT_GE(lines.size(), 4u) << text;
  // Each marker ends in the column of its square on the ruler.
  auto column_of = [&](const std::string& line, const std::string& mark) {
    const auto p = line.find(mark);
    return p == std::string::npos ? std::string::npos : p + mark.size();
  };
  const std::string& ruler = lines[0];
  EXPECT_TRUE(has(ruler, " -2 -1  S  1")) << ruler;
  EXPECT_TRUE(has(ruler, "|FIN")) << ruler;
  EXPECT_EQ(column_of(lines[1], "W1"), column_of(ruler, "-2"));
  EXPECT_EQ(column_of(lines[1], "@2"), column_of(ruler, "-1")) << "the viewer is @";
  EXPECT_EQ(column_of(lines[1], "W3"), column_of(ruler, "22"));
  EXPECT_EQ(column_of(lines[2], "W4"), column_of(ruler, "22")) << "stacked on one square";
  EXPECT_EQ(column_of(lines[3], "C"), column_of(ruler, "22")) << "the curse token";
  EXPECT_TRUE(has(text, "C curse, square 22: no bonus")) << text;
  EXPECT_TRUE(has(text, "-2 -1 behind start")) << text;
}

TEST(DuBalaiScreen, EveryLineFitsEightyColumns) {
  Race r(6);
  for (int s = 0; s < 6; ++s) r->hooks().give(s, Card::VentArriere);
  auto check = [](const std::string& text) {
    for (size_t from = 0, nl; (nl = text.find('\n', from)) != std::string::npos; from = nl + 1)
      EXPECT_LE(display_width(text.substr(from, nl - from)), 79u) << text.substr(from, nl - from);
  };
  check(screen_table(r->view(0), 0, true, 40));
  check(screen_table(r->view(0), 0, true, 24));
  r.ok(0, "close-book");
  Keyboard k{r, 0, {}};
  for (char c : std::string("123456789")) k.press(c);
  check(k.keys_text());
  check(screen_table(r->view(0), 0, true, 40));
  check(screen_help());
}

TEST(DuBalaiKeys, SpaceOrCClosesTheBookAndAWrongKeyIsExplained) {
  Race r(2);
  Keyboard k{r, 0, {}};
  EXPECT_EQ(k.press(' ').action, "close-book");
  EXPECT_EQ(k.press('c').action, "close-book");
  const KeyAnswer wrong = k.press('z');
  EXPECT_EQ(wrong.action, "");
  EXPECT_TRUE(has(wrong.note, "'z' does nothing now")) << wrong.note;
  EXPECT_TRUE(has(wrong.note, "Space")) << wrong.note;
  EXPECT_TRUE(has(k.press('3').note, "memorise")) << "no picking while the book is open";
  EXPECT_TRUE(has(k.waiting(), "Space closes it"));
}

TEST(DuBalaiKeys, TheFormulaIsWrittenByPickingItsCards) {
  Race r(2);
  r.ok(1, "close-book");
  Keyboard k{r, 0, {}};
  EXPECT_TRUE(has(k.press(key::kEnter).note, "pick your cards")) << "nothing picked yet";
  EXPECT_EQ(k.press('1').note, "Z\u00e2\u00e2m picked");
  k.press('4');
  k.press('9');
  EXPECT_EQ(k.press('9').note, "Stell\u00e2 put back");
  const std::string keys = k.keys_text();
  EXPECT_TRUE(has(keys, "1 [x] Z\u00e2\u00e2m oreille")) << keys;
  EXPECT_TRUE(has(keys, "2 [ ] Boulg\u00e2 toile")) << keys;
  EXPECT_TRUE(has(keys, "Enter: formula zaam glou")) << keys;
  EXPECT_TRUE(has(k.waiting(), "write your formula"));
  EXPECT_EQ(k.press(key::kEnter).action, "formula zaam glou");
  r.ok(0, "formula zaam glou");
  // Written: nothing more to press, and the key says why.
  EXPECT_TRUE(has(k.press('1').note, "you have written")) << k.press('1').note;
}

TEST(DuBalaiKeys, NWritesNothingAndXClearsThePicks) {
  Race r(2);
  r.ok(1, "close-book");
  Keyboard k{r, 0, {}};
  EXPECT_EQ(k.press('n').action, "formula none");
  k.press('2');
  EXPECT_EQ(k.press('x').note, "picks cleared");
  EXPECT_EQ(k.keys.picks(Situation{r->view(0), 0, {}}).cards, 0);
  const KeyAnswer wrong = k.press('q');
  EXPECT_TRUE(has(wrong.note, "'q' does nothing now; keys: 1-9 pick")) << wrong.note;
}

TEST(DuBalaiKeys, WithDoubleJeuInHandBothFormulasArePickedThenWrittenInOneAction) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().give(0, Card::DoubleJeu);
  r.ok(1, "close-book");
  Keyboard k{r, 0, {}};
  EXPECT_TRUE(has(k.waiting(), "then a second one")) << k.waiting();
  EXPECT_EQ(k.play("12"), "");
  const KeyAnswer set = k.press(key::kEnter);
  EXPECT_EQ(set.action, "") << "the first formula waits for the second";
  EXPECT_TRUE(has(set.note, "a second formula with Double-jeu?")) << set.note;
  const std::string keys = k.keys_text();
  EXPECT_TRUE(has(keys, "1 [ ] Z\u00e2\u00e2m in formula")) << "the picks start afresh: " << keys;
  EXPECT_TRUE(has(keys, "n no second formula")) << keys;
  EXPECT_EQ(k.press('n').action, "formula zaam boulga");
  EXPECT_EQ(k.play("4\r"), "formula zaam boulga second glou");
  r.ok(0, "formula zaam boulga second glou");
  r.ok(1, "formula zaam");
  r.until(0, Step::FormulaSpells);
  EXPECT_TRUE(has(k.keys_text(), "d Double-jeu")) << k.keys_text();
  EXPECT_EQ(k.press('d').action, "play double-jeu");
}

TEST(DuBalaiKeys, ANovicePilotChoosesHerSquareByKey) {
  Race r(2, {{"pilot_0", "novice"}});
  Keyboard k{r, 0, {}};
  EXPECT_TRUE(has(k.waiting(), "5, 6 or 7"));
  EXPECT_TRUE(has(k.press('9').note, "5, 6 or 7"));
  EXPECT_EQ(k.press('6').action, "start 6");
  r.ok(0, k.press('6').action);
  EXPECT_EQ(r.sq(0), 6);
}

TEST(DuBalaiKeys, FormulaSpellsTakeTheirCardsFromThePicks) {
  Race r = spell_stage(Card::OubliRepare, true);
  r->hooks().give(0, Card::Rectification);
  r.until(0, Step::FormulaSpells);
  Keyboard k{r, 0, {}};
  const std::string keys = k.keys_text();
  EXPECT_TRUE(has(keys, "u Oubli r\u00e9par\u00e9")) << keys;
  EXPECT_TRUE(has(keys, "r Rectification")) << keys;
  EXPECT_FALSE(has(keys, "Double-jeu")) << "not in her hand: " << keys;
  EXPECT_TRUE(has(keys, "1 [ ] Z\u00e2\u00e2m in formula")) << "where each card is: " << keys;
  EXPECT_TRUE(has(keys, "2 [ ] Boulg\u00e2 in hand")) << keys;
  EXPECT_TRUE(has(k.press('u').note, "pick it")) << "Oubli needs one card";
  EXPECT_EQ(k.play("2u"), "play oubli-repare boulga");
  EXPECT_EQ(k.play("1r"), "play rectification zaam for boulga");
  k.play("x1");
  EXPECT_TRUE(has(k.press('r').note, "pick both")) << "one card is not a swap";
  EXPECT_EQ(k.press('p').action, "pass");
  r.ok(0, k.play("x2u"));
  r.ok(1, "pass");  // the reaction window
  r.ok(2, "pass");
  EXPECT_EQ(r->witch(0).formula[0].mask, Z | B);
}

TEST(DuBalaiKeys, WithNoFormulaSpellInHandTheFormulaMomentOffersPassAlone) {
  Race r = spell_stage(Card::VentArriere, true);
  r.until(0, Step::FormulaSpells);
  Keyboard k{r, 0, {}};
  EXPECT_EQ(k.keys_text(), "keys: p pass (no formula spell in your hand)\n");
  EXPECT_EQ(k.press('p').action, "pass");
}

TEST(DuBalaiKeys, AfterTheMoveEveryPlayableSpellHasANumber) {
  Race r = spell_stage(Card::MauvaisSort, true);
  r->hooks().give(0, Card::VentArriere);
  r.until(0, Step::AfterMove);
  Keyboard k{r, 0, {}};
  const std::string keys = k.keys_text();
  // In the engine's order of legal actions; the screen counts seats from 1, the action is the
  // engine's own text.
  EXPECT_TRUE(has(keys, "1  Mauvais sort on seat 2")) << keys;
  EXPECT_TRUE(has(keys, "2  Vent arri\u00e8re")) << keys;
  EXPECT_EQ(k.press('1').action, "play mauvais-sort on 1");
  EXPECT_EQ(k.press('2').action, "play vent-arriere");
  EXPECT_TRUE(has(k.press('3').note, "1-2 a spell, p pass")) << k.press('3').note;
  EXPECT_EQ(k.press('p').action, "pass");
}

TEST(DuBalaiKeys, TheReactionWindowOffersBrouillardToWhoeverHoldsIt) {
  Race r = spell_stage(Card::MauvaisSort, true);
  r->hooks().give(2, Card::Acrobatie1);  // so that a Brouillard may be answered
  r.until(0, Step::AfterMove);
  r.ok(0, "play mauvais-sort on 1");
  ASSERT_TRUE(r->pending().open);
  Keyboard fog{r, 1, {}}, none{r, 2, {}}, caster{r, 0, {}};
  EXPECT_EQ(fog.waiting(),
            "seat 1 plays Mauvais sort on seat 2 - press b for Brouillard magique, p to pass");
  EXPECT_TRUE(has(fog.keys_text(), "b Brouillard magique"));
  EXPECT_TRUE(has(screen_table(r->view(2), 2, false, 40),
                  "Reaction window: seat 1 plays Mauvais sort on seat 2"));
  EXPECT_EQ(fog.press('b').action, "brouillard");
  EXPECT_TRUE(has(none.press('b').note, "you hold no Brouillard magique"));
  EXPECT_EQ(none.press('p').action, "pass");
  EXPECT_TRUE(has(caster.waiting(), "the others may answer"));
  EXPECT_TRUE(has(caster.press('b').note, "answer")) << "the caster waits";
  r.ok(1, fog.press('b').action);
  EXPECT_EQ(caster.waiting(),
            "seat 1 plays Mauvais sort on seat 2, cancelled by seat 2's Brouillard magique - p "
            "to let it pass");
}

TEST(DuBalaiKeys, APerfectBlackFormulaKeepsTheCardOfItsNumber) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().stack_deck({Card::Blocage, Card::Acrobatie3});
  r.ok(1, "close-book");
  r.ok(0, "formula glou");  // perfect in black: one card drawn
  r.ok(1, "formula zaam");
  r.until(0, Step::Keep);
  Keyboard k{r, 0, {}};
  EXPECT_TRUE(has(k.keys_text(), "1  keep Blocage")) << k.keys_text();
  EXPECT_EQ(k.press('1').action, "keep blocage");
  EXPECT_TRUE(has(k.press('p').note, "the card you keep"));
}

TEST(DuBalaiScreen, TheRevealIsNarratedWithTheDiceAndEachMoveWithTheColourItHolds) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r.ok(1, "close-book");
  r.ok(0, "formula zaam boulga");
  Events events;
  ASSERT_TRUE(r->apply_text(1, "formula zaam", r.t + 10, &events).ok());
  std::vector<std::string> lines;
  for (const auto& e : events)
    for (const auto& line : screen_narration(e)) lines.push_back(line);
  std::string all;
  for (const auto& line : lines) all += line + "\n";
  EXPECT_TRUE(has(all, "The dice: ")) << all;
  EXPECT_TRUE(has(all, "valid ORANGE: Z\u00e2\u00e2m (oreille), Boulg\u00e2 (toile)")) << all;
  // One line per witch, in the order of phase 4: the closer (the second seat) first.
  const auto closer = all.find("seat 2: Z\u00e2\u00e2m (valid ORANGE); square 0 \u2192 1");
  const auto other =
      all.find("seat 1: Z\u00e2\u00e2m, Boulg\u00e2 (perfect ORANGE); square 0 \u2192 4");
  ASSERT_NE(closer, std::string::npos) << all;
  ASSERT_NE(other, std::string::npos) << all;
  EXPECT_LT(closer, other);
}

// The terminal reaches the screen through the core's Game, naming no game.
TEST(DuBalaiScreen, TheGameOffersItsKeyScreen) {
  auto screen = make_game()->make_key_screen();
  ASSERT_NE(screen, nullptr);
  EXPECT_EQ(screen->help(), screen_help());
  Race race(4);
  const json view = race->view(0);
  EXPECT_EQ(screen->table(view, 0, false, 40), screen_table(view, 0, false, 40));
}

}  // namespace
}  // namespace sabbat::du_balai

namespace sabbat::du_balai {
namespace {

// Requirement: "what each Magie noire card does, shown when it is offered (the keep choice),
// when it can be played, and under `?`".
TEST(DuBalaiScreen, EachMagieNoireCardSaysWhatItDoesWhenOfferedPlayableAndInHelp) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().stack_deck({Card::Blocage, Card::Acrobatie3});
  r.ok(1, "close-book");
  r.ok(0, "formula glou");
  r.ok(1, "formula zaam");
  r.until(0, Step::Keep);
  const json view = r->view(0);
  ActionList legal;
  r->legal_actions(0, legal);
  std::vector<std::string> texts;
  for (Action a : legal) texts.push_back(r->action_text(a));
  const std::string keys = screen_keys(Situation{view, 0, texts}, {}, false);
  EXPECT_TRUE(has(keys, "keep Blocage: nobody may pass you")) << keys;
  EXPECT_TRUE(has(render_view_text(view, 0, false), "Blocage (after your own move)"));
  EXPECT_TRUE(has(screen_help(), "Mauvais sort (after your own move): the leading witch"));
}

// Requirement: "the spells' narration says who moved from where to where".
TEST(DuBalaiScreen, ASpellIsNarratedWithWhoMovedFromWhereToWhere) {
  Race r = spell_stage(Card::MauvaisSort, true);
  r.until(0, Step::AfterMove);
  const int from = r.sq(1);
  r.ok(0, "play mauvais-sort on 1");
  Events events;
  ASSERT_TRUE(r->apply_text(1, "pass", r.t, &events).ok());
  ASSERT_TRUE(r->apply_text(2, "pass", r.t, &events).ok());
  std::string all;
  for (const auto& e : events) all += e.text + "\n";
  EXPECT_TRUE(has(all, "Mauvais sort: seat 1 moves back 3, " + std::to_string(from) + " \u2192 " +
                           std::to_string(from - 3)))
      << all;
}

// Requirement: "the reveal and replay show the dice, the valid symbols of each colour, each
// formula's verdict with its colour" (replay prints the event texts).
TEST(DuBalaiScreen, TheRevealTextHoldsTheDiceTheValidSymbolsAndEveryVerdict) {
  Race r(2, {}, 3);
  ASSERT_TRUE(show_book(*r.s, Z | B, G));
  r.ok(1, "close-book");
  r.ok(0, "formula zaam boulga");
  Events events;
  ASSERT_TRUE(r->apply_text(1, "formula zaam", r.t + 10, &events).ok());
  std::string reveal;
  for (const auto& e : events)
    if (e.kind == "reveal") reveal = e.text;
  EXPECT_TRUE(has(reveal, "Dice: ")) << reveal;
  EXPECT_TRUE(has(reveal, "Valid ORANGE: Z\u00e2\u00e2m, Boulg\u00e2")) << reveal;
  EXPECT_TRUE(has(reveal, "valid BLACK: Glo\u00fb")) << reveal;
  EXPECT_TRUE(has(reveal, "seat 1 Z\u00e2\u00e2m (valid ORANGE)")) << reveal;
  EXPECT_TRUE(has(reveal, "seat 0 Z\u00e2\u00e2m Boulg\u00e2 (perfect ORANGE)")) << reveal;
}

// Requirement: "phase 1 states the goal"; "the closer is not offered 'write nothing'"; "a
// formula typed while the book is open gets 'the book is open'".
TEST(DuBalaiScreen, PhaseOneStatesTheGoalAndTheCloserIsNotOfferedNothing) {
  Race r(2);
  Keyboard k{r, 0, {}};
  EXPECT_TRUE(has(k.keys_text(), "ONE colour")) << k.keys_text();
  EXPECT_TRUE(has(render_view_text(r->view(0), 0, false), "ONE colour"));
  EXPECT_TRUE(has(r.refused(0, "formula orange zaam"), "the book is open"));
  r.ok(0, "close-book");
  EXPECT_FALSE(has(k.keys_text(), "n write nothing")) << k.keys_text();
  EXPECT_EQ(k.press('n').action, "") << "the closer writes at least one card";
  Keyboard other{r, 1, {}};
  EXPECT_TRUE(has(other.keys_text(), "n write nothing"));
}

// Requirement: "final scores broken down (finish points + acrobatics)".
TEST(DuBalaiScreen, FinalScoresAreBrokenDownIntoRaceAndAcrobatics) {
  Race r(2, {{"max_turns", "1"}}, 3);
  r->hooks().give(0, Card::Acrobatie3);
  r.ok(1, "close-book");
  r.ok(0, "formula none");
  r.ok(1, "formula zaam");
  for (int i = 0; i < 20 && !r->terminal(); ++i)
    for (Seat s : {0, 1})
      if (r->actors().contains(s)) (void)r->apply_text(s, "pass", r.t);
  ASSERT_TRUE(r->terminal());
  const std::string text = screen_table(r->view(0), 0, false, 40);
  EXPECT_TRUE(has(text, "seat 1 (you): 3 = 0 race + 3 acrobatics")) << text;
}

}  // namespace
}  // namespace sabbat::du_balai
