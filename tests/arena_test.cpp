// `sabbat arena` (src/cli/arena_cmd.cpp, src/cli/arena_stats.hpp): its statistics on
// constructed results, the seats rotated over paired deals, determinism whatever --jobs is,
// and its errors.
#include <gtest/gtest.h>

#include <cmath>

#include "cli/arena_stats.hpp"
#include "core/game.hpp"
#include "support/cli_run.hpp"

namespace sabbat {
namespace {

using cli::ArenaGame;
using cli::ArenaTally;
using test::sabbat;

// The Wilson interval at 95 %: 50 of 100 gives 40.4 % to 59.6 %; none of 20 still allows 16 %.
TEST(ArenaStats, WilsonIntervalsOfKnownCounts) {
  auto half = cli::wilson_95(50, 100);
  EXPECT_NEAR(half.low, 0.4038, 1e-4);
  EXPECT_NEAR(half.high, 0.5962, 1e-4);
  auto none = cli::wilson_95(0, 20);
  EXPECT_DOUBLE_EQ(none.low, 0);
  EXPECT_NEAR(none.high, 0.1611, 1e-4);
  auto all = cli::wilson_95(20, 20);
  EXPECT_NEAR(all.low, 0.8389, 1e-4);
  EXPECT_DOUBLE_EQ(all.high, 1);
}

// Wins are shared among tied winners, and every pair of seats of two different bots is one
// meeting: 1 point to the better ranked, a half each for a tie; a bot never meets itself.
TEST(ArenaStats, SharedWinsAndMeetingsOfOneGame) {
  ArenaTally t(3);
  t.add(ArenaGame{{0, 1, 2, 0}, {1, 1, 3, 4}});
  EXPECT_EQ(t.seats(0), 2);
  EXPECT_DOUBLE_EQ(t.wins(0), 0.5);
  EXPECT_DOUBLE_EQ(t.wins(1), 0.5);
  EXPECT_DOUBLE_EQ(t.wins(2), 0);
  // Bot 0's seats (ranks 1 and 4) against bot 1 (rank 1): a tie and a loss.
  EXPECT_EQ(t.meetings(0, 1), 2);
  EXPECT_DOUBLE_EQ(t.points(0, 1), 0.5);
  EXPECT_DOUBLE_EQ(t.points(1, 0), 1.5);
  // Against bot 2 (rank 3): a win and a loss.
  EXPECT_DOUBLE_EQ(t.points(0, 2), 1);
  EXPECT_DOUBLE_EQ(t.points(2, 1), 0);
}

// Two bots, 75 points of 100 meetings: with the one virtual draw the odds are 75.5 to 25.5,
// 400·log10(75.5/25.5) = 188.6 Elo points apart, averaging 0.
TEST(ArenaStats, BradleyTerryRatingsOfAKnownTable) {
  ArenaTally t(2);
  for (int g = 0; g < 100; ++g)
    t.add(ArenaGame{{0, 1}, g < 75 ? std::vector<int>{1, 2} : std::vector<int>{2, 1}});
  const auto elo = cli::bradley_terry_elo(t);
  const double gap = 400 * std::log10(75.5 / 25.5);
  EXPECT_NEAR(elo[0], gap / 2, 1e-6);
  EXPECT_NEAR(elo[1], -gap / 2, 1e-6);
}

// Three bots in a chain (a beats b 3 to 1, b beats c 3 to 1, a and c never meet): the ratings
// are ordered, and the virtual draws keep them finite.
TEST(ArenaStats, RatingsOrderAChainAndStayFinite) {
  ArenaTally t(3);
  for (int g = 0; g < 40; ++g) {
    t.add(ArenaGame{{0, 1}, g % 4 ? std::vector<int>{1, 2} : std::vector<int>{2, 1}});
    t.add(ArenaGame{{1, 2}, g % 4 ? std::vector<int>{1, 2} : std::vector<int>{2, 1}});
  }
  const auto elo = cli::bradley_terry_elo(t);
  EXPECT_GT(elo[0], elo[1]);
  EXPECT_GT(elo[1], elo[2]);
  EXPECT_NEAR(elo[0] + elo[1] + elo[2], 0, 1e-6);
  for (double e : elo) EXPECT_TRUE(std::isfinite(e));
}

// Every bot sits at every seat of every deal (the seats rotated), so each holds the same
// number of seats; and the summary is byte for byte the same with 1 and 3 threads.
TEST(Arena, SeatsRotatedAndTheSameResultWhateverTheJobs) {
  const std::vector<std::string> args{"arena", "sortileges", "--bots", "mcts:40,random", "--games",
                                      "30",    "--players",  "3",      "--json"};
  auto one = args, three = args;
  one.insert(one.end(), {"--jobs", "1"});
  three.insert(three.end(), {"--jobs", "3"});
  auto a = sabbat(one), b = sabbat(three);
  ASSERT_EQ(a.code, 0) << a.err;
  ASSERT_EQ(b.code, 0) << b.err;
  EXPECT_EQ(a.out, b.out);
  const auto j = json::parse(a.out);
  EXPECT_EQ(j["games"], 30);
  EXPECT_EQ(j["deals"], 15);
  // Three seats, two bots: per deal, one bot holds two seats in one game and one in the other.
  EXPECT_EQ(j["bots"][0]["seats"], 45);
  EXPECT_EQ(j["bots"][1]["seats"], 45);
  EXPECT_GT(j["bots"][0]["rating"].get<double>(), j["bots"][1]["rating"].get<double>());
}

// An odd --games is rounded up to whole deals, and the text names the deals.
TEST(Arena, GamesAreRoundedUpToWholeDeals) {
  auto r = sabbat({"arena", "du-balai", "--bots", "simple,random", "--games", "3", "--jobs", "1"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("4 games (2 deals, each played 2 times with the seats rotated)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("head to head"), std::string::npos);
}

// Bad command lines get one line saying what is allowed, and nothing is played.
TEST(Arena, ErrorsSayWhatIsAllowed) {
  auto one = sabbat({"arena", "sortileges", "--bots", "random", "--games", "2"});
  EXPECT_EQ(one.code, 2);
  EXPECT_NE(one.err.find("at least two bots"), std::string::npos) << one.err;
  auto twice = sabbat({"arena", "sortileges", "--bots", "random,random", "--games", "2"});
  EXPECT_NE(twice.err.find("listed twice"), std::string::npos) << twice.err;
  auto unknown = sabbat({"arena", "sortileges", "--bots", "random,oracle", "--games", "2"});
  EXPECT_NE(unknown.err.find("unknown bot 'oracle'"), std::string::npos) << unknown.err;
  auto budget = sabbat({"arena", "sortileges", "--bots", "random,mcts:0", "--games", "2"});
  EXPECT_NE(budget.err.find("not a search budget"), std::string::npos) << budget.err;
  auto games = sabbat({"arena", "sortileges", "--bots", "random,mcts", "--games", "0"});
  EXPECT_NE(games.err.find("--games takes a whole number from 1 to 1000000"), std::string::npos)
      << games.err;
  for (const auto* r : {&one, &twice, &unknown, &budget, &games}) EXPECT_EQ(r->out, "");
}

}  // namespace
}  // namespace sabbat
