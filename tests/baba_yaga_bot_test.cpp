// Baba Yaga's person bots: whole games in virtual time through the scheduler, what they read,
// and what their levels change.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "bots/bot.hpp"
#include "bots/scheduler.hpp"
#include "core/registry.hpp"
#include "games/baba-yaga/bot.hpp"
#include "games/baba-yaga/state.hpp"

namespace sabbat {
namespace {

namespace by = baba_yaga;

struct Game4 {
  std::unique_ptr<State> state;
  std::vector<std::unique_ptr<Bot>> bots;
  std::vector<Bot*> seats;
};

Game4 start(const std::string& level, int players, uint64_t seed) {
  const Game& g = *registry().find("baba-yaga");
  Game4 out;
  out.state = std::move(g.new_state(g.setup(players, {}, seed).value()).value());
  for (int p = 0; p < players; ++p) {
    out.bots.push_back(g.make_bot(level));
    out.seats.push_back(out.bots.back().get());
  }
  return out;
}

// Plays to the end; counts the spells cast and the searcher turns, and checks every move of
// Baba Yaga came at least the level's reaction time after the previous one.
struct Tally {
  int spells = 0, turns = 0;
  GameTime fastest_move = 1 << 30;
};

void play(Game4& g, Tally& t, Rng& rng) {
  GameTime last_move = -1;
  int last_turn = -1;
  while (!g.state->terminal()) {
    auto step = next_step(*g.state, g.seats, rng);
    ASSERT_TRUE(step.has_value());
    const auto& s = dynamic_cast<const by::BabaYagaState&>(*g.state);
    const bool move = by::act::kind(step->action) == by::Kind::Move && step->seat != kClock;
    if (move && last_move >= 0 && s.flight().moves > 0)
      t.fastest_move = std::min(t.fastest_move, step->at - last_move);
    if (by::act::kind(step->action) == by::Kind::Place || step->seat == kClock) last_move = -1;
    if (move) last_move = step->at;
    if (s.turn() != last_turn) last_turn = s.turn(), ++t.turns;
    Status st = g.state->apply(step->seat, step->action, step->at);
    ASSERT_TRUE(st.ok()) << st.error();
  }
  for (int v : g.state->scores()) t.spells += v;
}

// Bots play whole games in virtual time, every proposal legal, at human speeds.
TEST(BabaYagaBots, EveryLevelPlaysWholeGamesWithHumanReactionTimes) {
  for (const char* level : {"novice", "seasoned", "expert"})
    for (int players = 2; players <= 5; ++players) {
      Tally t;
      Rng rng(3);
      for (uint64_t seed = 1; seed <= 10; ++seed) {
        auto g = start(level, players, seed);
        play(g, t, rng);
        if (HasFatalFailure()) return;
      }
      EXPECT_GE(t.fastest_move, by::person_level(level)->move_min) << level;
      EXPECT_GT(t.spells, 0) << level << " " << players;
    }
}

// The levels matter: experts (better memory, quicker hands) cast more spells per turn than
// novices.
TEST(BabaYagaBots, ExpertsCastMoreSpellsPerTurnThanNovices) {
  double rate[2] = {0, 0};
  int i = 0;
  for (const char* level : {"novice", "expert"}) {
    Tally t;
    Rng rng(9);
    for (uint64_t seed = 1; seed <= 60; ++seed) {
      auto g = start(level, 4, seed);
      play(g, t, rng);
    }
    rate[i++] = double(t.spells) / t.turns;
  }
  EXPECT_GT(rate[1], rate[0] * 1.1);
}

// "random" as hosts name it is a person's hands choosing at random, at the seasoned times: a
// bot acting the instant it may would turn the whole forest before Baba Yaga's first move.
TEST(BabaYagaBots, RandomChoosesAtRandomAtTheSeasonedPace) {
  const Game& game = *registry().find("baba-yaga");
  const GameTime seasoned = by::person_level("seasoned")->move_min;
  for (int players = 2; players <= 5; ++players) {
    Tally t;
    Rng rng(5);
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      Game4 g;
      g.state = std::move(game.new_state(game.setup(players, {}, seed).value()).value());
      for (int p = 0; p < players; ++p) {
        auto bot = make_bot("random", game);
        ASSERT_TRUE(bot.ok()) << bot.error();
        g.bots.push_back(std::move(bot.value()));
        g.seats.push_back(g.bots.back().get());
      }
      play(g, t, rng);
      if (HasFatalFailure()) return;
    }
    EXPECT_GE(t.fastest_move, seasoned) << players << " players";
  }
}

// Bots see what a player sees: handed a redraw of everything its seat cannot see, a bot makes
// the very same proposal as with the true state.
TEST(BabaYagaBots, ABotProposesTheSameFromARedrawOfWhatItCannotSee) {
  const Game& game = *registry().find("baba-yaga");
  Rng sampler(5), rng(8);
  int compared = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto g = start("seasoned", 3, seed);
    auto twin = game.make_bot("seasoned");
    while (!g.state->terminal()) {
      if (g.state->actors().contains(0)) {
        auto sampled = g.state->sample_hidden(0, sampler);
        Rng a(seed * 7919 + uint64_t(compared)), b = a;
        auto pa = g.bots[0]->propose(*g.state, 0, a);
        auto pb = twin->propose(*sampled, 0, b);
        ASSERT_EQ(pa.has_value(), pb.has_value());
        if (pa) {
          EXPECT_EQ(pa->action, pb->action);
          EXPECT_EQ(pa->at, pb->at);
        }
        ++compared;
      }
      auto step = next_step(*g.state, g.seats, rng);
      ASSERT_TRUE(step.has_value());
      ASSERT_TRUE(g.state->apply(step->seat, step->action, step->at).ok());
    }
  }
  EXPECT_GT(compared, 200);
}

// "Bots keep a person's pace: a bot never acts faster than a quick person would (about a
// quarter of a second between two of its actions at least), and another seat's deadline never
// pulls a bot's actions earlier" (rules/README.md). Seat 0 is a slow person who never acts:
// the clock moves Baba Yaga for her 5 s after each move, places her, ends the study. Over 40
// four-player games in virtual time, no bot seat's two actions come less than 250 ms apart.
TEST(BabaYagaBotPace, NoDeadlineMakesABotBurst) {
  int close_pairs = 0, actions = 0;
  GameTime fastest = 1 << 30;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Game4 g = start("seasoned", 4, seed);
    g.seats[0] = nullptr;
    Rng rng(Rng::mix(seed, 7));
    std::vector<GameTime> last(4, -1);
    Status st = play_until_end(*g.state, g.seats, rng, [&](const Step& step) {
      if (step.seat != kClock) {
        GameTime& l = last[size_t(step.seat)];
        if (l >= 0) {
          fastest = std::min(fastest, step.at - l);
          close_pairs += step.at - l < 250;
        }
        l = step.at;
        ++actions;
      }
      return g.state->apply(step.seat, step.action, step.at);
    });
    ASSERT_TRUE(st.ok()) << st.error();
  }
  std::printf("bot actions %d, pairs of one seat under 250 ms: %d, fastest %lld ms\n", actions,
              close_pairs, static_cast<long long>(fastest));
  EXPECT_EQ(close_pairs, 0);
  EXPECT_GE(fastest, 250);
}

}  // namespace
}  // namespace sabbat
