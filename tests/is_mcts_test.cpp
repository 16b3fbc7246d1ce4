// IS-MCTS (src/bots/is_mcts.hpp): its budgets, that it plays only legal actions in every
// game, that a decision is a function of the state and the seed, that it never reads what its
// seat cannot see, and that searching beats playing at random.
#include <gtest/gtest.h>

#include "bots/bot.hpp"
#include "bots/is_mcts.hpp"
#include "bots/scheduler.hpp"
#include "core/registry.hpp"
#include "support/random_games.hpp"

namespace sabbat {
namespace {

std::unique_ptr<State> new_game(const std::string& id, int players, uint64_t seed) {
  const Game* game = registry().find(id);
  auto setup = game->setup(players, {}, seed);
  auto state = game->new_state(setup.value());
  return std::move(state.value());
}

// Plays random bots in virtual time until `seat` has a choice of at least two actions.
void play_until_choice(State& s, Seat seat, Rng& rng) {
  RandomBot random;
  const std::vector<Bot*> bots(size_t(s.players()), &random);
  ActionList legal;
  for (int guard = 0; guard < 10000 && !s.terminal(); ++guard) {
    if (s.actors().contains(seat)) {
      s.legal_actions(seat, legal);
      if (legal.size() >= 2) return;
    }
    auto step = next_step(s, bots, rng);
    ASSERT_TRUE(step);
    ASSERT_TRUE(s.apply(step->seat, step->action, step->at));
  }
}

// The bot's names: "mcts" for 1,000 iterations, "mcts:N" iterations, "mcts:Nms" thinking time.
TEST(IsMctsBudget, NamesGiveIterationsOrMilliseconds) {
  EXPECT_EQ(parse_search_budget("mcts")->iterations, 1000u);
  EXPECT_FALSE(parse_search_budget("mcts")->millis);
  EXPECT_EQ(parse_search_budget("mcts:250")->iterations, 250u);
  EXPECT_EQ(*parse_search_budget("mcts:200ms")->millis, 200u);
}

// A wrong budget is refused with what is allowed.
TEST(IsMctsBudget, WrongBudgetsAreRefusedWithWhatIsAllowed) {
  for (const char* bad : {"mcts:", "mcts:0", "mcts:-3", "mcts:12x", "mcts:0ms", "mcts:ms",
                          "mcts:20000000", "mcts:600001ms", "mcts:1e3"}) {
    auto b = parse_search_budget(bad);
    ASSERT_FALSE(b) << bad;
    EXPECT_NE(b.error().find("'mcts:N' (N iterations"), std::string::npos) << b.error();
  }
  const Game* game = registry().find("sortileges");
  auto bot = make_bot("mcts:0", *game);
  ASSERT_FALSE(bot);
  EXPECT_NE(bot.error().find("not a search budget"), std::string::npos) << bot.error();
}

// In every game, a game with the search bot at one seat and random bots elsewhere is played to
// its end through the scheduler, which refuses any illegal proposal.
TEST(IsMcts, PlaysOnlyLegalActionsInEveryGame) {
  for (const auto& game : registry().games()) {
    for (int players : {game->min_players(), game->max_players()}) {
      const int games = std::max(1, testing::scaled(2));
      for (int g = 0; g < games; ++g) {
        auto s = new_game(game->id(), players, 900 + uint64_t(g));
        IsMctsBot search(SearchBudget{24, std::nullopt});
        RandomBot random;
        std::vector<Bot*> bots(size_t(players), &random);
        bots[size_t(g % players)] = &search;
        Rng rng(77 + uint64_t(g));
        int steps = 0;
        auto st = play_until_end(*s, bots, rng, [&](const Step& step) {
          ++steps;
          return s->apply(step.seat, step.action, step.at);
        });
        ASSERT_TRUE(st) << game->id() << " " << players << " players: " << st.error();
        EXPECT_TRUE(s->terminal()) << game->id();
        EXPECT_GT(steps, 0);
      }
    }
  }
}

// With an iteration budget, the same state and the same seed give the same decision.
TEST(IsMcts, SameStateAndSeedGiveTheSameDecision) {
  for (const auto& game : registry().games()) {
    auto s = new_game(game->id(), game->min_players(), 5);
    Rng walk(9);
    play_until_choice(*s, 0, walk);
    if (s->terminal()) continue;
    IsMctsBot a(SearchBudget{200, std::nullopt}), b(SearchBudget{200, std::nullopt});
    Rng ra(31), rb(31);
    auto pa = a.propose(*s, 0, ra);
    auto pb = b.propose(*s, 0, rb);
    ASSERT_TRUE(pa && pb) << game->id();
    EXPECT_EQ(pa->action, pb->action) << game->id();
    EXPECT_EQ(a.last_stats().nodes, b.last_stats().nodes) << game->id();
    EXPECT_EQ(ra, rb) << game->id();
  }
}

// Honest by construction: the bot sees a state only through its seat's redraws, so two
// states its seat cannot tell apart (here: one, and a redraw of it from that seat) give the
// same decision for the same seed.
TEST(IsMcts, ADecisionDoesNotDependOnWhatTheSeatCannotSee) {
  for (const auto& game : registry().games()) {
    if (!game->facts().hidden_information) continue;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      auto s = new_game(game->id(), game->max_players(), seed);
      Rng walk(seed);
      play_until_choice(*s, 1, walk);
      if (s->terminal()) continue;
      Rng redraw(1000 + seed);
      auto twin = s->sample_hidden(1, redraw);
      ASSERT_EQ(s->view(1), twin->view(1)) << game->id();
      IsMctsBot a(SearchBudget{150, std::nullopt}), b(SearchBudget{150, std::nullopt});
      Rng ra(seed), rb(seed);
      auto pa = a.propose(*s, 1, ra);
      auto pb = b.propose(*twin, 1, rb);
      ASSERT_TRUE(pa && pb) << game->id();
      EXPECT_EQ(pa->action, pb->action) << game->id() << " seed " << seed;
      EXPECT_EQ(a.last_stats().nodes, b.last_stats().nodes) << game->id() << " seed " << seed;
    }
  }
}

// The search as hosts make it (make_bot) in a turn-based game with a bot of its own plays its
// playouts with that bot up to the next change of the scores: a decision is still a function
// of what its seat sees and of the seed.
TEST(IsMcts, WithTheGamesOwnBotInThePlayoutsADecisionDependsOnTheSeatsViewAndTheSeed) {
  const Game& game = *registry().find("sortileges");
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    auto s = new_game("sortileges", 4, seed);
    Rng walk(seed);
    play_until_choice(*s, 1, walk);
    ASSERT_FALSE(s->terminal());
    Rng redraw(2000 + seed);
    auto twin = s->sample_hidden(1, redraw);
    auto a = make_bot("mcts:300", game), b = make_bot("mcts:300", game),
         c = make_bot("mcts:300", game);
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    Rng ra(seed), rb(seed), rc(seed);
    auto pa = (*a)->propose(*s, 1, ra);
    auto pb = (*b)->propose(*s, 1, rb);
    auto pc = (*c)->propose(*twin, 1, rc);
    ASSERT_TRUE(pa && pb && pc);
    EXPECT_EQ(pa->action, pb->action) << "seed " << seed;
    EXPECT_EQ(ra, rb) << "seed " << seed;
    EXPECT_EQ(pa->action, pc->action) << "seed " << seed;
    const auto& stats = dynamic_cast<const IsMctsBot&>(**a).last_stats();
    EXPECT_EQ(stats.iterations, 300u);
  }
}

// With the game's own bot in its playouts, a short search beats random bots in Sortilèges.
TEST(IsMcts, WithTheGamesOwnBotInThePlayoutsBeatsRandomPlayInSortileges) {
  const Game& game = *registry().find("sortileges");
  const int games = std::max(8, testing::scaled(24));
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    auto s = new_game("sortileges", 4, 700 + uint64_t(g));
    auto search = make_bot("mcts:100", game);
    ASSERT_TRUE(search.ok());
    RandomBot random;
    std::vector<Bot*> bots(4, &random);
    const Seat seat = g % 4;
    bots[size_t(seat)] = search->get();
    Rng rng(900 + uint64_t(g));
    ASSERT_TRUE(play_until_end(*s, bots, rng, [&](const Step& step) {
      return s->apply(step.seat, step.action, step.at);
    }));
    if (s->ranks()[size_t(seat)] == 1) ++wins;
  }
  // As above: a random seat wins about a quarter of the games.
  EXPECT_GE(wins * 10, games * 6) << wins << " wins of " << games;
}

// Searching is worth something: in Sortilèges, the search bot at every seat in turn beats
// random bots far more often than the one game in four a random seat wins.
TEST(IsMcts, BeatsRandomPlayInSortileges) {
  const int games = std::max(8, testing::scaled(24));
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    auto s = new_game("sortileges", 4, 300 + uint64_t(g));
    IsMctsBot search(SearchBudget{200, std::nullopt});
    RandomBot random;
    std::vector<Bot*> bots(4, &random);
    const Seat seat = g % 4;
    bots[size_t(seat)] = &search;
    Rng rng(500 + uint64_t(g));
    ASSERT_TRUE(play_until_end(*s, bots, rng, [&](const Step& step) {
      return s->apply(step.seat, step.action, step.at);
    }));
    if (s->ranks()[size_t(seat)] == 1) ++wins;
  }
  // A random seat wins about a quarter of the games; the binomial tail of reaching 60 % by
  // chance over 24 games is below one in ten thousand.
  EXPECT_GE(wins * 10, games * 6) << wins << " wins of " << games;
}

}  // namespace
}  // namespace sabbat
