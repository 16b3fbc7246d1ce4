// Baba Yaga's one-key screen: the forest as a grid with coordinates, a key per tile and one
// to move Baba Yaga, the flight and whose move it is always shown, and no turned ingredient
// left anywhere on screen once its tile is turned back.
#include <gtest/gtest.h>

#include "core/key_screen.hpp"
#include "support/baba_table.hpp"

namespace sabbat {
namespace {

using testing::BabaTable;
namespace by = baba_yaga;

std::unique_ptr<KeyScreen> screen() {
  return registry().find("baba-yaga")->make_key_screen();
}

std::vector<std::string> legal_texts(const State& s, Seat seat) {
  ActionList list;
  s.legal_actions(seat, list);
  std::vector<std::string> out;
  for (Action a : list) out.push_back(s.action_text(a));
  return out;
}

// Presses `keys` as `seat` and plays what they give.
void press(BabaTable& t, KeyScreen& k, Seat seat, const std::string& keys,
           std::vector<std::string>* narration = nullptr) {
  for (char c : keys) {
    const json view = t.view(seat);
    const auto legal = legal_texts(*t.s, seat);
    KeyAnswer a = k.press(c, {view, seat, legal});
    if (a.action.empty()) continue;
    t.ok(seat, a.action);
    if (narration)
      for (const Event& e : t.events)
        for (auto& line : k.narrate(e)) narration->push_back(line);
  }
}

// Three players past the study (Enter each) and the placement (seat 1 puts her south): seat
// 0 searches.
void to_the_search(BabaTable& t, KeyScreen& k) {
  press(t, k, 0, "\n");
  press(t, k, 1, "\n");
  press(t, k, 2, "\n");
  press(t, k, 1, "s");
}

// The grid carries its coordinates; the flight and whose move it is are on the table.
TEST(BabaYagaScreen, TheTableShowsTheGridTheFlightAndWhoseMoveItIs) {
  BabaTable t(3);
  t.end_study();
  t.ok(1, "place north");
  auto k = screen();
  const std::string table = k->table(t.view(2), 2, false, 40);
  for (const char* s : {" A ", " E ", " 1 ", " 5 ", "BABA YAGA", "move 0 of 8", "next move: seat 2",
                        "searching: seat 1"})
    EXPECT_NE(table.find(s), std::string::npos) << s << "\n" << table;
}

// The spell's line named four ingredients and the effect on one line, past 100 columns: the
// table fits a terminal of 80 columns for every card.
TEST(BabaYagaScreen, EveryLineFitsEightyColumnsWhateverTheSpell) {
  auto k = screen();
  const auto columns = [](const std::string& line) {
    size_t n = 0;
    for (const char c : line) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
  };
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    BabaTable t(3, {}, seed);
    t.end_study();
    t.ok(1, "place north");
    const std::string table = k->table(t.view(2), 2, false, 40);
    ASSERT_NE(table.find("Spell: "), std::string::npos) << table;
    size_t from = 0;
    for (size_t end; (end = table.find('\n', from)) != std::string::npos; from = end + 1) {
      const std::string line = table.substr(from, end - from);
      EXPECT_LE(columns(line), 80u) << "seed " << seed << ": " << line;
    }
  }
}

// Letters and digits turn a tile, x turns the wrong one back, Space moves Baba Yaga.
TEST(BabaYagaScreen, KeysTurnTilesAndMoveBabaYaga) {
  BabaTable t(3);
  auto k = screen();
  to_the_search(t, *k);
  EXPECT_EQ(t.s->baba_cell(), by::parse_cell("C5"));
  const std::string wrong = t.unwanted();
  const std::string keys = {char(std::tolower(wrong[0])), wrong[1]};
  press(t, *k, 0, keys);
  EXPECT_TRUE(t.s->face_up(by::parse_cell(wrong)));
  press(t, *k, 0, "x");
  EXPECT_FALSE(t.s->face_up(by::parse_cell(wrong)));
  press(t, *k, 1, " ");
  EXPECT_EQ(t.s->flight().moves, 1);
}

// Presses key codes (arrows, Enter) as `seat` and plays what they give.
void press_codes(BabaTable& t, KeyScreen& k, Seat seat, const std::vector<int>& codes) {
  for (int c : codes) {
    const json view = t.view(seat);
    const auto legal = legal_texts(*t.s, seat);
    KeyAnswer a = k.press(c, {view, seat, legal});
    if (!a.action.empty()) t.ok(seat, a.action);
  }
}

// The arrows move a cursor from the middle of the forest (C3), stopping at its edges; Enter
// turns the tile under it, like its letter and digit.
TEST(BabaYagaScreen, ArrowsAndEnterTurnTheTileUnderTheCursor) {
  BabaTable t(3);
  auto k = screen();
  to_the_search(t, *k);
  // Up twice and left three times from C3: A1, the corner (the last left stops at the edge).
  press_codes(t, *k, 0, {key::kUp, key::kUp, key::kLeft, key::kLeft, key::kLeft});
  const json view = t.view(0);
  const auto legal = legal_texts(*t.s, 0);
  EXPECT_NE(k->keys({view, 0, legal}, false).find("cursor: A1"), std::string::npos);
  press_codes(t, *k, 0, {key::kEnter});
  EXPECT_TRUE(t.s->face_up(by::parse_cell("A1")));
}

// Tout seul dans la forêt: f and j, the two hands, in turn.
TEST(BabaYagaScreen, TwoPlayersMoveWithFAndJInTurn) {
  BabaTable t(2);
  t.end_study();
  auto k = screen();
  press(t, *k, 1, "w");
  press(t, *k, 1, "fjf");
  EXPECT_EQ(t.s->flight().moves, 3);
}

// "no turned tile may stay anywhere on screen": once turned back, its ingredient is in no
// table of any seat and in no line of narration.
TEST(BabaYagaScreen, ATurnedBackIngredientIsNowhereOnScreen) {
  BabaTable t(3);
  t.end_study();
  t.ok(1, "place north");
  auto k = screen();
  const std::string wrong = t.unwanted();
  const std::string name(by::ingredient(t.s->ingredient_at(by::parse_cell(wrong))).name);
  std::vector<std::string> narration;
  const std::string keys = {char(std::tolower(wrong[0])), wrong[1]};
  press(t, *k, 0, keys, &narration);
  EXPECT_NE(k->table(t.view(2), 2, false, 40).find(name.substr(0, 12)), std::string::npos);
  press(t, *k, 0, "x", &narration);
  for (Seat v = kSpectator; v < 3; ++v)
    EXPECT_EQ(k->table(t.view(v), v, true, 40).find(name.substr(0, 12)), std::string::npos);
  for (const auto& line : narration) EXPECT_EQ(line.find(name), std::string::npos) << line;
}

// Tout petit !: the handicapped searcher's forest is drawn small (two letters a tile), with
// the same hints as everyone's.
TEST(BabaYagaScreen, ToutPetitDrawsTheForestSmall) {
  BabaTable t(3);
  by::Pending p;
  p.petit = true;
  t.s->hooks().set_pending(0, p);
  t.end_study();
  t.ok(1, "place north");
  auto k = screen();
  const std::string good = t.wanted()[0];
  t.ok(0, "turn " + good);
  const std::string name(by::ingredient(t.s->ingredient_at(by::parse_cell(good))).name);
  const std::string mine = k->table(t.view(0), 0, false, 40);
  // The forest (before the spell's line, which names the card's ingredients) in two letters.
  const std::string forest = mine.substr(0, mine.find("Spell:"));
  EXPECT_EQ(forest.find(name.substr(0, 5)), std::string::npos) << forest;
  EXPECT_NE(
      forest.find(std::string(by::ingredient(t.s->ingredient_at(by::parse_cell(good))).short_name)),
      std::string::npos);
  EXPECT_NE(mine.find("Tout petit"), std::string::npos);
  // The same hints as everyone, drawn small: one per face-down tile, as in another's table.
  auto hints = [](const std::string& text) {
    int n = 0;
    for (size_t at = text.find('~'); at != std::string::npos; at = text.find('~', at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(hints(forest), 15) << forest;
  EXPECT_EQ(hints(k->table(t.view(1), 1, false, 40)), 15);
  EXPECT_NE(k->table(t.view(1), 1, false, 40).find(name.substr(0, 12)), std::string::npos);
}

}  // namespace
}  // namespace sabbat
