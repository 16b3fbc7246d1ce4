// Hosts and bots: a bot plays one seat of one game, and a Lineup gives every game new bots, so
// that nothing a bot remembers crosses from one game to the next (core/bot.hpp).
#include <gtest/gtest.h>

#include <set>

#include "bots/lineup.hpp"
#include "bots/scheduler.hpp"
#include "core/record.hpp"
#include "core/registry.hpp"

namespace sabbat {
namespace {

// A bot whose every choice depends on all it saw before: it folds each count of legal actions
// into its memory and picks by it. Reused in a second game, it plays otherwise.
class Diarist final : public Bot {
 public:
  std::optional<Proposal> propose(const State& state, Seat seat, Rng&) override {
    const uint32_t count = state.legal_count(seat);
    if (count == 0) return std::nullopt;
    memory_ = Rng::mix(memory_, count);
    return Proposal{state.legal_at(seat, uint32_t(memory_ % count)), state.now()};
  }

 private:
  uint64_t memory_ = 0;
};

Lineup diarists(int players) {
  return Lineup(std::vector<BotMaker>(size_t(players), [] { return std::make_unique<Diarist>(); }));
}

// The record of game `seed` of Sortilèges played to the end by `bots`.
std::string played(const GameBots& bots, uint64_t seed) {
  const Game& game = *registry().find("sortileges");
  auto setup = game.setup(int(bots.seats().size()), {}, seed);
  EXPECT_TRUE(setup.ok());
  auto match = Match::start(game, *setup);
  EXPECT_TRUE(match.ok());
  Rng rng(Rng::mix(seed, 1));
  Status st = play_until_end(match->state(), bots.seats(), rng, [&](const Step& step) {
    return match->apply(step.seat, step.action, step.at);
  });
  EXPECT_TRUE(st.ok()) << st.error();
  return match->record().text();
}

// Rule for hosts: a game played after others is the game it would be alone, because each
// game gets new bots from the lineup, even bots that remember everything.
TEST(Lineup, AGameAfterOthersIsTheGameItWouldBeAlone) {
  const Lineup lineup = diarists(3);
  std::vector<std::string> alone;
  for (uint64_t seed = 1; seed <= 5; ++seed) alone.push_back(played(lineup.new_game(), seed));
  for (uint64_t seed = 5; seed >= 1; --seed)
    EXPECT_EQ(played(lineup.new_game(), seed), alone[seed - 1]) << "seed " << seed;
  // The same bots carried into another game would not give it: the diarist really remembers,
  // so the check above can fail.
  const GameBots carried = lineup.new_game();
  played(carried, 1);
  EXPECT_NE(played(carried, 2), alone[1]);
}

// Each game's bots are objects of their own, one per seat, and a person's seat has none.
TEST(Lineup, EveryGameGetsItsOwnBotsAndAPersonsSeatHasNone) {
  const Game& game = *registry().find("du-balai");
  auto lineup = Lineup::everywhere(game, "simple", 4, 2);
  ASSERT_TRUE(lineup.ok()) << lineup.error();
  EXPECT_EQ(lineup->players(), 4);
  const GameBots first = lineup->new_game();
  const GameBots second = lineup->new_game();
  ASSERT_EQ(first.seats().size(), 4u);
  EXPECT_EQ(first.at(2), nullptr);
  EXPECT_EQ(second.at(2), nullptr);
  std::set<const Bot*> distinct;
  for (Seat s : {0, 1, 3}) {
    ASSERT_NE(first.at(s), nullptr);
    ASSERT_NE(second.at(s), nullptr);
    distinct.insert(first.at(s));
    distinct.insert(second.at(s));
  }
  EXPECT_EQ(distinct.size(), 6u);
}

// Every bot a game offers by name can be seated, the random one included.
TEST(Lineup, EveryBotEveryGameOffersCanBeSeated) {
  for (const auto& game : registry().games()) {
    std::vector<std::string> names{"random"};
    for (const auto& n : game->bot_names()) names.push_back(n);
    for (const auto& name : names) {
      auto lineup = Lineup::everywhere(*game, name, game->min_players());
      ASSERT_TRUE(lineup.ok()) << game->id() << " " << name << ": " << lineup.error();
      const GameBots bots = lineup->new_game();
      for (Bot* bot : bots.seats()) EXPECT_NE(bot, nullptr) << game->id() << " " << name;
    }
  }
}

TEST(Lineup, AnUnknownBotIsRefusedWithTheKnownNames) {
  const Game& game = *registry().find("sortileges");
  auto lineup = Lineup::make(game, {"random", "oracle"});
  ASSERT_FALSE(lineup.ok());
  EXPECT_NE(lineup.error().find("unknown bot 'oracle'"), std::string::npos) << lineup.error();
  EXPECT_NE(lineup.error().find("random"), std::string::npos) << lineup.error();
}

}  // namespace
}  // namespace sabbat
