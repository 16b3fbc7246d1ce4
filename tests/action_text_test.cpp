// Action texts come from people and programs: every game reads only plain text (valid UTF-8,
// no control character), and its refusal quotes what was sent harmlessly.
#include <gtest/gtest.h>

#include "core/record.hpp"
#include "core/untrusted.hpp"
#include "support/random_games.hpp"

namespace sabbat {
namespace {

class ActionText : public ::testing::TestWithParam<std::string> {};

// The canonical text of a legal action spoiled in one way: a tab for its first space, CR LF
// after it, an escape sequence inside it, a NUL, a C1 control, a byte that is not UTF-8.
std::vector<std::string> spoiled(const std::string& text) {
  std::vector<std::string> out;
  std::string tab = text;
  if (auto at = tab.find(' '); at != std::string::npos) tab[at] = '\t';
  out.push_back(tab == text ? "\t" + text : tab);
  out.push_back(text + "\r\n");
  out.push_back(text.substr(0, 1) + "\x1b[2J" + text.substr(1));
  out.push_back(text + std::string(1, '\0'));
  out.push_back("\xc2\x9b" + text);
  out.push_back(text + "\xff");
  return out;
}

// Every legal action's text reads back, and each spoiled copy of it is refused with a message
// that is itself plain and quotes the copy harmlessly.
void check_texts(const State& s, int& checked) {
  ActionList legal;
  for (Seat seat = 0; seat < s.players(); ++seat) {
    if (!s.actors().contains(seat)) continue;
    s.legal_actions(seat, legal);
    for (Action a : legal) {
      const std::string text = s.action_text(a);
      ASSERT_TRUE(is_plain_text(text)) << text;
      auto back = s.parse_action(seat, text);
      ASSERT_TRUE(back.ok()) << text << ": " << back.error();
      for (const std::string& bad : spoiled(text)) {
        auto read = s.parse_action(seat, bad);
        ASSERT_FALSE(read.ok()) << printable(bad);
        EXPECT_TRUE(is_plain_text(read.error())) << read.error();
        EXPECT_NE(read.error().find(printable(bad)), std::string::npos) << read.error();
        ++checked;
      }
    }
  }
}

TEST_P(ActionText, EveryGameRefusesControlCharactersAndQuotesThemHarmlessly) {
  int checked = 0;
  testing::RandomGame g;
  g.game = GetParam();
  g.players = registry().find(GetParam())->min_players();
  g.seed = 3;
  testing::play_random(g, [&](const Match& m, const Step&) {
    if (!m.state().terminal()) check_texts(m.state(), checked);
  });
  EXPECT_GT(checked, 60);
}

TEST(PlainText, IsUtf8WithoutControlCharacters) {
  EXPECT_TRUE(is_plain_text("attack 2 with 1 jaune : Soufre fumé"));
  EXPECT_TRUE(is_plain_text(""));
  for (const char* bad : {"a\tb", "a\r", "\x1b[2J", "\x7f", "\xc2\x85", "\xff", "\xe0\x80\xaf"})
    EXPECT_FALSE(is_plain_text(bad)) << printable(bad);
}

INSTANTIATE_TEST_SUITE_P(AllGames, ActionText, ::testing::ValuesIn(testing::game_ids()),
                         [](const auto& p) { return testing::test_name(p.param); });

}  // namespace
}  // namespace sabbat
