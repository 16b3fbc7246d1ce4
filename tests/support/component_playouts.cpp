#include "support/component_playouts.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <set>

#include "bots/bot.hpp"
#include "bots/scheduler.hpp"
#include "core/registry.hpp"

namespace sabbat::testing {

ComponentPlays check_component_playouts(const std::string& game_id, int games,
                                        const std::map<std::string, std::string>& params) {
  ComponentPlays plays;
  const Game* game = registry().find(game_id);
  EXPECT_NE(game, nullptr) << game_id;
  if (!game) return plays;
  const int count = int(game->components().size());
  plays.played.assign(size_t(count), 0);
  plays.held.assign(size_t(count), 0);
  const int span = game->max_players() - game->min_players() + 1;
  std::vector<int> out;
  for (int g = 0; g < games; ++g) {
    const uint64_t seed = uint64_t(g) + 1;
    const int players = game->min_players() + g % span;
    auto setup = game->setup(players, params, seed);
    EXPECT_TRUE(setup.ok()) << setup.error();
    if (!setup) return plays;
    auto made = game->new_state(*setup);
    EXPECT_TRUE(made.ok()) << made.error();
    if (!made) return plays;
    std::unique_ptr<State> state = std::move(*made);
    auto in_range = [&](const char* what, Seat seat) {
      for (int i : out) {
        EXPECT_TRUE(i >= 0 && i < count)
            << game_id << " seed " << seed << ": seat " << seat << " " << what << " " << i;
        if (i < 0 || i >= count) return false;
      }
      return true;
    };
    for (Seat seat = 0; seat < players; ++seat) {
      out.clear();
      state->components_held(seat, out);
      if (!in_range("holds", seat)) return plays;
      for (int i : out) ++plays.held[size_t(i)];
    }
    std::vector<RandomBot> bots(static_cast<size_t>(players));
    std::vector<Bot*> seats;
    for (auto& b : bots) seats.push_back(&b);
    Rng rng(Rng::mix(seed, 1));
    Status st = play_until_end(*state, seats, rng, [&](const Step& step) -> Status {
      const auto before = state->clone();
      out.clear();
      state->components_played(step.seat, step.action, out);
      if (!in_range("plays", step.seat)) return fail("a component out of range");
      if (!state->same_as(*before)) return fail("components_played changed the state");
      for (int i : out) ++plays.played[size_t(i)];
      return state->apply(step.seat, step.action, step.at);
    });
    EXPECT_TRUE(st.ok()) << game_id << " seed " << seed << ": " << st.error();
    if (!st) return plays;
    ++plays.games;
  }
  return plays;
}

void check_component_ids(const std::string& game_id) {
  const Game* game = registry().find(game_id);
  ASSERT_NE(game, nullptr) << game_id;
  const auto components = game->components();
  EXPECT_FALSE(components.empty());
  std::set<std::string> ids;
  for (const Component& c : components) {
    EXPECT_FALSE(c.id.empty());
    EXPECT_FALSE(c.name.empty()) << c.id;
    EXPECT_FALSE(c.group.empty()) << c.id;
    EXPECT_TRUE(ids.insert(c.id).second) << "twice: " << c.id;
  }
}

}  // namespace sabbat::testing
