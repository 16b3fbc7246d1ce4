// Baba Yaga leaks nothing: twins of states met in random games, built with the game's test
// hooks (never sample_hidden), must look the same to the viewer they hide something from —
// view, actors, deadline, and the events of the same next action (support/twin_leak.hpp).
#include <gtest/gtest.h>

#include "games/baba-yaga/state.hpp"
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
    auto tally = testing::check_twins("baba-yaga", players, 12, 40 + uint64_t(players), baba_twins);
    EXPECT_GT(tally.twins, 500);
    for (const auto& leak : tally.leaks) ADD_FAILURE() << leak;
  }
}

}  // namespace
}  // namespace sabbat
