// No message of the server exceeds 16 KiB, in any game (common WebSocket clients cap a frame at
// 1 MiB and drop the connection beyond it): a Du Balai ! writing phase describes its formulas
// by a form (docs/protocol.md, `legal_forms`) instead of listing 511 texts, or 19,171 with
// Double-jeu in hand.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/registry.hpp"
#include "games/du-balai/scenario.hpp"
#include "play.hpp"
#include "server/protocol/messages.hpp"

namespace sabbat::server::testing {
namespace {

constexpr std::size_t kLargestFrame = 16 * 1024;

class EveryGameFrames : public ::testing::TestWithParam<std::string> {};

// Every seat a person (so that every seat's messages reach the test) at the most players, and
// a spectator: every message each of them received is at most 16 KiB, and the game ended; so
// is every message of a spectator who arrives after the end (the whole history).
TEST_P(EveryGameFrames, NoMessageOfAWholeGameExceeds16KiB) {
  const Game& game = *registry().find(GetParam());
  TempDir dir;
  TestServer server(dir.path());
  TablePlan plan{game.id(), game.max_players(), quick_params(game, 4), {}};
  PlayedTable t = play_whole_game(server.port(), plan);
  ASSERT_TRUE(t.record.result.has_value()) << "the game did not end";
  bool described = false;
  for (const Person& p : t.people) {
    EXPECT_LE(p.client->largest_text, kLargestFrame) << "seat " << p.seat;
    for (const json& m : p.client->received) described |= m.contains("legal_forms");
  }
  EXPECT_LE(t.spectator->largest_text, kLargestFrame);
  // Late, a spectator gets the whole game's history (in parts when it is long) and the result.
  Client late(server.port());
  late.send({{"type", "watch"}, {"table", t.created.table}});
  EXPECT_FALSE(late.next_of("result").is_null());
  EXPECT_LE(late.largest_text, kLargestFrame) << "arriving after the end";
  std::size_t parts = 0;
  for (const json& m : late.received) parts += m.value("type", "") == "history";
  EXPECT_GE(parts, 1u);
  if (game.id() == "du-balai") {
    EXPECT_TRUE(described) << "no writing phase was described by a form";
  }
}

INSTANTIATE_TEST_SUITE_P(Server, EveryGameFrames, ::testing::ValuesIn(game_ids()),
                         [](const auto& p) {
                           std::string name = p.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

// Du Balai !, six witches, the one who did not close the book holding Double-jeu: her 19,171
// formulas are one form, and her state message stays under 16 KiB (as a list of texts it was
// about a megabyte). Random games seldom deal Double-jeu, so the position is built.
TEST(ServerFrameSize, DuBalaiWritingWithDoubleJeuIsDescribedUnder16KiB) {
  using namespace du_balai;
  auto s = new_race(6, {}, 3);
  ASSERT_NE(s, nullptr);
  s->hooks().give(0, Card::DoubleJeu);
  s->hooks().give(0, Card::Decret);
  ASSERT_TRUE(s->apply_text(1, "close-book", 10).ok());
  ASSERT_EQ(s->phase(), Phase::Writing);
  for (Seat w = 2; w < 6; ++w) ASSERT_TRUE(s->apply_text(w, "formula zaam", 20).ok());
  ASSERT_TRUE(s->apply_text(1, "formula boulga", 20).ok());
  ActionList all;
  s->legal_actions(0, all);
  ASSERT_EQ(all.size(), 1u + 19171u + 1u) << "formula none, the formulas, play decret";
  std::vector<std::string> views;
  const std::vector<Seat> viewers{0};
  s->view_texts(viewers, views);
  const std::string text = state_text(*s, 0, views[0], 7, 30, {}, {}, true, 30, false);
  EXPECT_LE(text.size(), kLargestFrame);
  const json m = json::parse(text);
  EXPECT_EQ(m["legal"], json({"formula none", "play decret"}));
  ASSERT_EQ(m["legal_forms"].size(), 1u);
  const auto form = form_from_json(m["legal_forms"][0]);
  ASSERT_TRUE(form.has_value());
  std::vector<std::string> texts = offered_texts(m);
  EXPECT_EQ(texts.size(), all.size());
  std::vector<std::string> engine;
  for (Action a : all) engine.push_back(s->action_text(a));
  std::sort(texts.begin(), texts.end());
  std::sort(engine.begin(), engine.end());
  EXPECT_EQ(texts, engine);
}

}  // namespace
}  // namespace sabbat::server::testing
