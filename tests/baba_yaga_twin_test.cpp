// Baba Yaga leaks nothing: twins of states met in random games, built with the game's test
// hooks (never sample_hidden), must look the same to the viewer they hide something from —
// view, actors, deadline, and the events of the same next action (support/twin_leak.hpp).
#include <gtest/gtest.h>

#include "games/baba-yaga/state.hpp"
#include "support/baba_table.hpp"
#include "support/random_games.hpp"
#include "support/twin_leak.hpp"

namespace sabbat {
namespace {

namespace by = baba_yaga;

const by::BabaYagaState& table(const State& s) {
  return dynamic_cast<const by::BabaYagaState&>(s);
}

// Two face-down tiles whose ingredients the viewer cannot tell apart (the same hint showing,
// or no forest face showing at all) swapped; and the unseen spell cards in another order.
std::vector<testing::Twin> baba_twins(const State& base, Seat viewer, Rng& rng) {
  const auto& s = table(base);
  std::vector<testing::Twin> out;
  if (s.terminal()) return out;
  {
    auto t = std::make_unique<by::BabaYagaState>(s);
    t->hooks().shuffle_unseen(rng);
    // Hidden until a placement reveals the searcher's next card.
    const int turn = s.turn(), in_play = s.card_in_play();
    out.push_back({std::move(t), [turn, in_play](const State& a) {
                     return !a.terminal() && table(a).turn() == turn &&
                            table(a).card_in_play() == in_play;
                   }});
  }
  if (s.studying()) return out;
  auto looks = [&](int cell) {
    return s.hint_visible(viewer, cell) ? by::ingredient(s.ingredient_at(cell)).hint : -1;
  };
  // Two pairs drawn at random among those the viewer cannot tell apart.
  for (int tries = 0, made = 0; tries < 40 && made < 2; ++tries) {
    const auto [i, j] = rng.below2(by::kForestTiles, by::kForestTiles);
    const int x = by::kForestCells[i], y = by::kForestCells[j];
    if (x == y || s.face_up(x) || s.face_up(y) || looks(x) != looks(y)) continue;
    ++made;
    auto t = std::make_unique<by::BabaYagaState>(s);
    t->hooks().swap_tiles(x, y);
    // Hidden until one of them is turned, or a Brouillard moves them, or the turn ends.
    const int turn = s.turn();
    out.push_back({std::move(t), [x, y, turn](const State& a) {
                     const auto& b = table(a);
                     return !b.terminal() && b.turn() == turn && !b.face_up(x) && !b.face_up(y) &&
                            b.phase() != by::Phase::Effect;
                   }});
  }
  return out;
}

// Every seat and the spectator, at every player count, including handicapped views
// (Lumière aveuglante !, Tout petit !) that random games meet.
TEST(BabaYagaTwins, NothingHiddenFromAViewerReachesIt) {
  for (int players = 2; players <= 5; ++players) {
    auto tally = testing::check_twins("baba-yaga", players, testing::scaled(12),
                                      40 + uint64_t(players), baba_twins);
    EXPECT_GT(tally.twins, testing::scaled(500));
    for (const auto& leak : tally.leaks) ADD_FAILURE() << leak;
  }
}

// A handicapped searcher (Lumière aveuglante !, Tout petit !) sees less than the others: the
// tiles whose forest face her view hides may be redrawn freely, and neither a redraw nor a
// twin changes anything she observes, during her search.
TEST(BabaYagaTwins, AHandicappedSearchersViewLeaksNothing) {
  for (int which = 0; which < 2; ++which) {
    testing::BabaTable t(3);
    by::Pending p;
    (which == 0 ? p.lumiere : p.petit) = true;
    t.s->hooks().set_pending(0, p);
    t.end_study();
    t.ok(1, "place north");
    t.ok(0, "turn " + t.wanted()[0]);
    Rng rng(17);
    for (Seat viewer = kSpectator; viewer < 3; ++viewer) {
      const json view = t.view(viewer);
      for (int k = 0; k < 20; ++k) EXPECT_EQ(t.s->sample_hidden(viewer, rng)->view(viewer), view);
      const auto twins = baba_twins(*t.s, viewer, rng);
      if (which == 0) {
        EXPECT_FALSE(twins.empty());
      }
      for (const auto& twin : twins)
        for (const auto& step : testing::next_steps(*t.s, rng))
          EXPECT_EQ(testing::twin_difference(*t.s, twin, viewer, step), "") << "viewer " << viewer;
    }
    // Lumière aveuglante ! hides forest faces the others see: a redraw for her moves more
    // tiles. Tout petit ! hides none: it only draws them small.
    int hidden = 0;
    for (int cell : by::kForestCells) hidden += !t.s->hint_visible(0, cell) && !t.s->face_up(cell);
    EXPECT_EQ(hidden >= 7, which == 0);
    EXPECT_EQ(hidden == 0, which == 1);
  }
}

}  // namespace
}  // namespace sabbat
