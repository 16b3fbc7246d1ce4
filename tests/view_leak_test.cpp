// Views are the only door to hidden information: redrawing what a viewer cannot see must not
// change that viewer's view.
#include <gtest/gtest.h>

#include "support/random_games.hpp"

namespace sabbat {
namespace {

class ViewLeak : public ::testing::TestWithParam<std::string> {};

TEST_P(ViewLeak, ResamplingHiddenInformationLeavesEveryViewUnchanged) {
  const Game& game = *registry().find(GetParam());
  Rng sampler(7);
  int checked = 0;
  for (int players = game.min_players(); players <= game.max_players(); ++players) {
    for (int i = 0; i < testing::scaled(60); ++i) {
      testing::RandomGame rg{game.id(), players, Rng::mix(77, uint64_t(players * 1000 + i)), {}};
      testing::play_random(rg, [&](const Match& m, const Step&) {
        const State& s = m.state();
        // One redraw per state and viewer: consecutive states differ by one action, so what
        // stays hidden is redrawn at each of them.
        for (Seat viewer = kSpectator; viewer < players; ++viewer) {
          auto other = s.sample_hidden(viewer, sampler);
          ASSERT_EQ(other->view(viewer), s.view(viewer))
              << "viewer " << viewer << " seed " << rg.seed << " at action "
              << m.record().actions.size();
          ASSERT_TRUE(other->audit().ok()) << other->audit().error();
          ++checked;
        }
      });
    }
  }
  EXPECT_GT(checked, testing::scaled(1000));
}

// A sampled state must be playable: the same actors as far as the viewer may know them (Le Bal
// des Sorcières asks a reaction window's witches by their hands, redrawn), and its legal
// actions for the viewer are the viewer's own.
TEST_P(ViewLeak, SampledStatesKeepTheViewersChoices) {
  const Game& game = *registry().find(GetParam());
  Rng sampler(11);
  ActionList mine, sampled;
  for (int i = 0; i < 100; ++i) {
    testing::RandomGame rg{game.id(), game.max_players(), Rng::mix(99, uint64_t(i)), {}};
    testing::play_random(rg, [&](const Match& m, const Step&) {
      const State& s = m.state();
      for (Seat viewer = 0; viewer < s.players(); ++viewer) {
        auto other = s.sample_hidden(viewer, sampler);
        ASSERT_EQ(other->actors_seen_by(viewer), s.actors_seen_by(viewer));
        s.legal_actions(viewer, mine);
        other->legal_actions(viewer, sampled);
        ASSERT_EQ(mine, sampled);
      }
    });
  }
}

std::vector<std::string> hidden_information_games() {
  std::vector<std::string> out;
  for (const auto& g : registry().games())
    if (g->facts().hidden_information) out.push_back(g->id());
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllGames, ViewLeak, ::testing::ValuesIn(hidden_information_games()),
                         [](const auto& p) { return testing::test_name(p.param); });

}  // namespace
}  // namespace sabbat
