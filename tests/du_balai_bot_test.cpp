// Du Balai !: the simple bot (src/games/du-balai/bot.hpp) plays whole races in virtual time,
// legally, never before now, misremembering the dice now and then, and without reading what
// its seat may not know.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "core/bot.hpp"
#include "core/registry.hpp"
#include "games/du-balai/bot.hpp"
#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {
namespace {

struct RaceStats {
  int games = 0;
  int with_finisher = 0;
  int writes = 0;            // non-empty formulas written by the bots
  int forbidden_writes = 0;  // ... that the true dice forbid
  int closes = 0;            // books closed by a bot
  int turns = 0;
  int spells = 0;  // Magie noire cards played by the bots (Brouillard included)
  int decrets = 0;
  int seconds = 0;         // second formulas written (holding Double-jeu)
  int double_jeux = 0;     // Double-jeu played to make one count
  int useless_double = 0;  // ... on a second formula the revealed dice forbid
};

std::unique_ptr<State> new_game(int players, uint64_t seed) {
  const Game& game = *registry().find("du-balai");
  auto setup = game.setup(players, {}, seed);
  EXPECT_TRUE(setup.ok());
  auto state = game.new_state(*setup);
  EXPECT_TRUE(state.ok());
  return std::move(*state);
}

// Plays one race: every acting bot proposes; the earliest proposal is applied unless the
// deadline comes first (a deadline wins ties). Checks every proposal on the way.
void play_race(int players, uint64_t seed, const SimpleBotParams& params, RaceStats& stats) {
  auto state = new_game(players, seed);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < players; ++p) bots.push_back(make_simple_bot(params));
  Rng rng(seed ^ 0xb07);
  ActionList legal;
  int steps = 0;
  while (!state->terminal()) {
    ASSERT_LT(++steps, 100000) << "the race does not end";
    const auto& s = dynamic_cast<const DuBalaiState&>(*state);
    Seat who = kClock;
    Action what;
    GameTime when = 0;
    bool any = false;
    for (Seat p = 0; p < players; ++p) {
      if (!state->actors().contains(p)) continue;
      auto prop = bots[size_t(p)]->propose(*state, p, rng);
      if (!prop) continue;
      EXPECT_GE(prop->at, state->now()) << "a proposal before now";
      state->legal_actions(p, legal);
      ASSERT_NE(std::find(legal.begin(), legal.end(), prop->action), legal.end())
          << "illegal proposal " << state->action_text(prop->action);
      if (!any || prop->at < when) who = p, what = prop->action, when = prop->at, any = true;
    }
    if (auto d = state->deadline(); d && (!any || d->at <= when))
      who = kClock, what = d->action, when = std::max(d->at, state->now()), any = true;
    ASSERT_TRUE(any) << "nobody can move";
    if (who != kClock) {
      const Move m = decode(what);
      if (m.kind == Kind::Write && !m.formula.empty() && s.phase() == Phase::Writing) {
        ++stats.writes;
        stats.forbidden_writes += judge(m.formula.mask, s.book()).verdict == Verdict::Forbidden;
      }
      stats.seconds += m.kind == Kind::Write && m.second;
      if (m.kind == Kind::Play && m.card == Card::DoubleJeu) {
        ++stats.double_jeux;
        stats.useless_double += !judge(s.witch(who).formula[1].mask, s.book()).valid();
      }
      if (m.kind == Kind::CloseBook && s.phase() == Phase::BookOpen) ++stats.closes;
      stats.spells += m.kind == Kind::Play || m.kind == Kind::Brouillard;
      stats.decrets += m.kind == Kind::Play && m.card == Card::Decret;
    }
    const Status st = state->apply(who, what, when);
    ASSERT_TRUE(st.ok()) << st.error();
  }
  const auto& s = dynamic_cast<const DuBalaiState&>(*state);
  ++stats.games;
  stats.turns += s.turn();
  bool finisher = false;
  for (int p = 0; p < players; ++p) finisher |= s.track().finished(p);
  stats.with_finisher += finisher;
}

RaceStats play_races(int games, const SimpleBotParams& params) {
  RaceStats stats;
  for (int g = 0; g < games; ++g) {
    play_race(2 + g % 5, Rng::mix(2024, uint64_t(g)), params, stats);
    if (::testing::Test::HasFatalFailure()) break;
  }
  return stats;
}

// "so that closing early is a real risk": races end by a witch crossing the line, not by the
// max_turns guard, and the bots' formulas are sometimes forbidden by the true dice.
TEST(DuBalaiBot, SimpleBotsFinishRacesAndSometimesMisremember) {
  const RaceStats st = play_races(200, SimpleBotParams{});
  ASSERT_EQ(st.games, 200);
  EXPECT_GT(st.with_finisher, 180) << "races ended by the max_turns guard";
  EXPECT_GT(st.closes, 0);
  EXPECT_GT(st.forbidden_writes, 0);
  EXPECT_LT(st.forbidden_writes * 2, st.writes) << "most formulas should be right";
  std::printf(
      "simple bots: %d/%d races with a finisher, %.1f turns/race, %d/%d formulas "
      "forbidden, %d books closed by a bot, %d spells played (%d Décret)\n",
      st.with_finisher, st.games, double(st.turns) / st.games, st.forbidden_writes, st.writes,
      st.closes, st.spells, st.decrets);
}

// Holding Double-jeu, the bot writes the other colour's formula of its memory in phase 2 and
// plays the card in phase 4 only when the revealed dice make that second formula valid.
TEST(DuBalaiBot, DoubleJeuIsWrittenInPhaseTwoAndPlayedOnlyWhenItPays) {
  const RaceStats st = play_races(200, SimpleBotParams{});
  EXPECT_GT(st.seconds, 5);
  EXPECT_GT(st.double_jeux, 0);
  EXPECT_LE(st.double_jeux, st.seconds);
  EXPECT_EQ(st.useless_double, 0);
  std::printf("simple bots: %d second formulas written, %d made to count with Double-jeu\n",
              st.seconds, st.double_jeux);
}

// The forbidden formulas come from misremembering: with a perfect memory there are far fewer
// (left: a witch on -2 who could not read the book guesses).
TEST(DuBalaiBot, ForbiddenFormulasComeFromMisremembering) {
  SimpleBotParams perfect;
  perfect.misremember = 0;
  const RaceStats exact = play_races(100, perfect);
  const RaceStats sloppy = play_races(100, SimpleBotParams{});
  const double exact_rate = double(exact.forbidden_writes) / std::max(exact.writes, 1);
  const double sloppy_rate = double(sloppy.forbidden_writes) / std::max(sloppy.writes, 1);
  EXPECT_LT(exact_rate * 2, sloppy_rate);
  std::printf("forbidden formulas: %.3f with a perfect memory, %.3f misremembering 10%%\n",
              exact_rate, sloppy_rate);
}

// "Bots see what a player sees": shadow bots, one fed the true state and one a state whose
// hidden information is redrawn for its seat, with equal generators, propose the same thing
// at every step of the race.
TEST(DuBalaiBot, ProposalsDoNotDependOnHiddenInformation) {
  int compared = 0;
  for (int g = 0; g < 20; ++g) {
    const int players = 2 + g % 5;
    const uint64_t seed = Rng::mix(77, uint64_t(g));
    auto state = new_game(players, seed);
    std::vector<std::unique_ptr<Bot>> bots, truth, resampled;
    std::vector<Rng> truth_rng, resampled_rng;
    for (int p = 0; p < players; ++p) {
      bots.push_back(make_simple_bot());
      truth.push_back(make_simple_bot());
      resampled.push_back(make_simple_bot());
      truth_rng.emplace_back(uint64_t(p) + 100 * uint64_t(g));
      resampled_rng.emplace_back(uint64_t(p) + 100 * uint64_t(g));
    }
    Rng rng(seed), hidden_rng(seed + 1);
    int steps = 0;
    while (!state->terminal() && ++steps < 100000) {
      std::optional<Proposal> best;
      Seat who = kClock;
      for (Seat p = 0; p < players; ++p) {
        if (!state->actors().contains(p)) continue;
        auto other = state->sample_hidden(p, hidden_rng);
        auto a = truth[size_t(p)]->propose(*state, p, truth_rng[size_t(p)]);
        auto b = resampled[size_t(p)]->propose(*other, p, resampled_rng[size_t(p)]);
        ASSERT_EQ(a.has_value(), b.has_value());
        if (a) {
          ASSERT_EQ(a->action, b->action)
              << state->action_text(a->action) << " vs " << state->action_text(b->action);
          ASSERT_EQ(a->at, b->at);
          ++compared;
        }
        auto prop = bots[size_t(p)]->propose(*state, p, rng);
        if (prop && (!best || prop->at < best->at)) best = prop, who = p;
      }
      Action what;
      GameTime when = 0;
      if (auto d = state->deadline(); d && (!best || d->at <= best->at)) {
        who = kClock, what = d->action, when = std::max(d->at, state->now());
      } else {
        ASSERT_TRUE(best.has_value());
        what = best->action, when = best->at;
      }
      ASSERT_TRUE(state->apply(who, what, when).ok());
    }
  }
  EXPECT_GT(compared, 1000);
}

}  // namespace
}  // namespace sabbat::du_balai
