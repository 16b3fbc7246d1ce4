// Baba Yaga: 10,000 random games per level mix and player count, in virtual time, with the
// game's audit after every action (the 16 tiles, the 20 cards, the one wrong tile, the
// Maison, the flight). The generic playout test (playout_test.cpp) adds its own checks.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "support/random_games.hpp"

namespace sabbat {
namespace {

struct Mix {
  const char* name;
  std::map<std::string, std::string> params;
};

std::vector<Mix> mixes() {
  std::vector<Mix> out;
  for (const char* level : {"balade", "cours-toujours", "sauve-qui-peut"}) {
    Mix m{level, {}};
    for (int s = 0; s < 5; ++s) m.params["level_" + std::to_string(s)] = level;
    out.push_back(m);
  }
  // The book's mix: beginners at Cours toujours !, the seasoned at Sauve qui peut !, and
  // Home Sweet Home on top.
  Mix mixed{"mixed, Home Sweet Home", {{"home_sweet_home", "true"}}};
  const char* levels[] = {"cours-toujours", "sauve-qui-peut", "balade"};
  for (int s = 0; s < 5; ++s) mixed.params["level_" + std::to_string(s)] = levels[s % 3];
  out.push_back(mixed);
  return out;
}

TEST(BabaYagaPlayout, TenThousandRandomGamesPerLevelMixAndPlayerCountKeepTheAudit) {
  for (const Mix& mix : mixes())
    for (int players = 2; players <= 5; ++players) {
      int finished = 0, won = 0, cast = 0;
      for (int i = 0; i < testing::scaled(10000); ++i) {
        testing::RandomGame rg{"baba-yaga", players, Rng::mix(uint64_t(players) * 31, uint64_t(i)),
                               mix.params};
        bool failed = false;
        Record r = testing::play_random(rg, [&](const Match& m, const Step&) {
          if (failed) return;
          if (Status st = m.state().audit(); !st) {
            failed = true;
            ADD_FAILURE() << mix.name << ", " << players << " players, seed " << rg.seed << ": "
                          << st.error();
          }
        });
        if (failed || HasFailure()) return;
        finished += r.result.has_value();
        if (r.result)
          for (int score : r.result->scores) won += score == 3, cast += score;
      }
      EXPECT_EQ(finished, testing::scaled(10000)) << mix.name << ", " << players;
      EXPECT_GT(cast, 0) << mix.name << ", " << players << ": nobody ever cast a spell";
      // Random hands seldom find four ingredients of four three times in a game: when every
      // seat plays Sauve qui peut !, a few games in 10,000 are won (none with 4 or 5 players),
      // since the scheduler no longer lets the lowest seat act first at every tie (random bots
      // act the instant they may, so every action ties: seat 0 used to search without Baba
      // Yaga moving). The win itself is checked with the other mixes.
      if (std::string(mix.name) != "sauve-qui-peut") {
        EXPECT_GT(won, 0) << mix.name << ", " << players << ": nobody ever cast three spells";
      }
      std::printf("%s, %d players: %d games won, %d spells cast\n", mix.name, players, won, cast);
    }
}

}  // namespace
}  // namespace sabbat
