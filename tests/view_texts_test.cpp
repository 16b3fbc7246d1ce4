// State::view_texts, which the server writes into every frame, says exactly what view() says,
// for every viewer at once, in every game (a game may write the shared part of its views once).
#include <gtest/gtest.h>

#include "support/random_games.hpp"

namespace sabbat {
namespace {

class ViewTexts : public ::testing::TestWithParam<std::string> {};

TEST_P(ViewTexts, EqualEveryViewersViewThroughRandomGames) {
  const Game& game = *registry().find(GetParam());
  std::vector<std::string> texts;
  int checked = 0;
  for (int players = game.min_players(); players <= game.max_players(); ++players) {
    for (int i = 0; i < testing::scaled(8); ++i) {
      testing::RandomGame rg{game.id(), players, Rng::mix(31, uint64_t(players * 100 + i)), {}};
      testing::play_random(rg, [&](const Match& m, const Step&) {
        const State& s = m.state();
        // The server asks for the spectator last, and for the seats in any order.
        std::vector<Seat> viewers;
        for (Seat v = players - 1; v >= 0; --v) viewers.push_back(v);
        viewers.push_back(kSpectator);
        s.view_texts(viewers, texts);
        ASSERT_EQ(texts.size(), viewers.size());
        for (size_t k = 0; k < viewers.size(); ++k) {
          ASSERT_EQ(json::parse(texts[k]), s.view(viewers[k]))
              << "viewer " << viewers[k] << " seed " << rg.seed << " at action "
              << m.record().actions.size();
          ++checked;
        }
      });
    }
  }
  EXPECT_GT(checked, testing::scaled(40));
}

INSTANTIATE_TEST_SUITE_P(AllGames, ViewTexts, ::testing::ValuesIn(testing::game_ids()),
                         [](const auto& p) { return testing::test_name(p.param); });

}  // namespace
}  // namespace sabbat
