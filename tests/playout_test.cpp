// Random playouts of every registered game, with invariants checked after every action.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <ostream>

#include "support/random_games.hpp"

namespace sabbat {
namespace {

struct PlayoutCase {
  std::string game;
  int players;
};

void PrintTo(const PlayoutCase& c, std::ostream* os) {
  *os << c.game << ", " << c.players << " players";
}

std::vector<PlayoutCase> all_cases() {
  std::vector<PlayoutCase> out;
  for (const auto& g : registry().games())
    for (int n = g->min_players(); n <= g->max_players(); ++n) out.push_back({g->id(), n});
  return out;
}

std::string case_name(const ::testing::TestParamInfo<PlayoutCase>& info) {
  return testing::test_name(info.param.game) + "_" + std::to_string(info.param.players) +
         "_players";
}

class Playout : public ::testing::TestWithParam<PlayoutCase> {};

// Enough games that every game gets at least 10,000 over its player counts.
int games_per_case(const std::string& id) {
  const Game* g = registry().find(id);
  int counts = g->max_players() - g->min_players() + 1;
  return (10000 + counts - 1) / counts;
}

// After every action: the game's own audit holds (cards conserved...), a game that is not
// over has a seat with a legal action or a pending deadline, game time never goes back, and
// an illegal action is refused with the state unchanged.
TEST_P(Playout, InvariantsHoldAfterEveryAction) {
  const auto& c = GetParam();
  const Game& game = *registry().find(c.game);
  auto variants = testing::param_variants(game);
  ActionList legal;
  int n = testing::scaled(games_per_case(c.game));
  for (int i = 0; i < n && !HasFatalFailure(); ++i) {
    testing::RandomGame rg{c.game, c.players, Rng::mix(uint64_t(c.players), uint64_t(i)),
                           variants[size_t(i) % variants.size()]};
    if (rg.params.count("first_seat") && std::stoi(rg.params.at("first_seat")) >= c.players)
      rg.params.erase("first_seat");
    GameTime last = 0;
    testing::play_random(rg, [&](const Match& m, const Step& step) {
      const State& s = m.state();
      SCOPED_TRACE("seed " + std::to_string(rg.seed) + " action " +
                   std::to_string(m.record().actions.size()));
      Status audit = s.audit();
      ASSERT_TRUE(audit.ok()) << audit.error();
      ASSERT_GE(step.at, last) << "game time went back";
      last = step.at;
      if (s.terminal()) {
        ASSERT_TRUE(s.actors().empty());
        ASSERT_EQ(s.scores().size(), size_t(c.players));
        return;
      }
      bool someone_can_act = bool(s.deadline());
      for (Seat seat = 0; seat < c.players; ++seat) {
        s.legal_actions(seat, legal);
        // legal_count and legal_at, which random playouts sample through, agree with the list.
        ASSERT_EQ(s.legal_count(seat), legal.size()) << "seat " << seat;
        const uint32_t stride = uint32_t(legal.size() / 64 + 1);
        for (uint32_t k = 0; k < legal.size(); k += stride)
          ASSERT_EQ(s.legal_at(seat, k), legal[k]) << "seat " << seat << " action " << k;
        if (!legal.empty()) {
          ASSERT_EQ(s.legal_at(seat, uint32_t(legal.size() - 1)), legal.back()) << "seat " << seat;
        }
        if (!s.actors().contains(seat)) {
          ASSERT_TRUE(legal.empty()) << "seat " << seat << " has actions out of turn";
          continue;
        }
        someone_can_act = someone_can_act || !legal.empty();
      }
      ASSERT_TRUE(someone_can_act) << "the game is stuck";
      // Illegal: an action code no seat has, and a non-actor's move. State unchanged.
      auto probe = s.clone();
      ASSERT_TRUE(probe->same_as(s));
      Status bad = probe->apply(0, Action{0xFFFFFFFFu}, s.now());
      ASSERT_FALSE(bad.ok());
      ASSERT_FALSE(bad.error().empty());
      Seat actor = 0, idle = -1;
      for (Seat seat = 0; seat < c.players; ++seat) {
        if (s.actors().contains(seat))
          actor = seat;
        else
          idle = seat;
      }
      s.legal_actions(actor, legal);
      if (idle >= 0 && !legal.empty()) {
        Status out_of_turn = probe->apply(idle, legal[0], s.now());
        ASSERT_FALSE(out_of_turn.ok()) << "seat " << idle << " acted out of turn";
      }
      ASSERT_TRUE(probe->same_as(s)) << "a refused action changed the state";
    });
  }
}

// The record of a game replays identically, and the same seed gives a byte-identical record.
TEST_P(Playout, RecordsReplayAndSameSeedGivesSameRecord) {
  const auto& c = GetParam();
  for (int i = 0; i < 200; ++i) {
    testing::RandomGame rg{
        c.game, c.players, Rng::mix(1000 + uint64_t(c.players), uint64_t(i)), {}};
    Record first = testing::play_random(rg);
    Record second = testing::play_random(rg);
    ASSERT_EQ(first.text(), second.text()) << "seed " << rg.seed;
    ASSERT_TRUE(first.result.has_value());
    Status check = check_record(first, registry());
    ASSERT_TRUE(check.ok()) << check.error();
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Playout, ::testing::ValuesIn(all_cases()), case_name);

}  // namespace
}  // namespace sabbat
