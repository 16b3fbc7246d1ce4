// Random games of Le Bal des Sorcières at every level and table size, with the audit of cards
// and Crapzouilles after every action, refused actions leaving the state unchanged, and
// redraws of hidden information leaving each view unchanged.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/random_games.hpp"

namespace sabbat::bal {
namespace {

std::unique_ptr<State> new_game(int players, const std::string& level, uint64_t seed) {
  auto game = make_game();
  // The heritage option, a hard level's one, on every other hard game.
  const bool heritage = level == "hard" && seed % 2;
  auto setup =
      game->setup(players, {{"level", level}, {"heritage", heritage ? "true" : "false"}}, seed);
  EXPECT_TRUE(setup.ok());
  auto state = game->new_state(*setup);
  EXPECT_TRUE(state.ok());
  return std::move(*state);
}

// Plays one random game; `each` sees the state before every action. Returns the number of
// actions played.
template <class F>
int play(State& s, Rng& rng, F&& each) {
  ActionList legal;
  int actions = 0;
  while (!s.terminal()) {
    const SeatSet actors = s.actors();
    EXPECT_EQ(actors.size(), 1);
    Seat seat = 0;
    while (!actors.contains(seat)) ++seat;
    s.legal_actions(seat, legal);
    EXPECT_FALSE(legal.empty()) << s.full_state().dump();
    if (legal.empty()) return actions;
    each(s, seat, legal);
    const Action a = legal[rng.below(uint32_t(legal.size()))];
    auto st = s.apply(seat, a, actions);
    EXPECT_TRUE(st.ok()) << st.error();
    auto audit = s.audit();
    EXPECT_TRUE(audit.ok()) << audit.error();
    if (!audit.ok() || ++actions > 20000) break;
  }
  return actions;
}

TEST(BalPlayout, RandomGamesConserveCardsAndCrapzouillesAtEveryLevel) {
  int games = 0;
  for (const std::string level : {"easy", "medium", "hard"})
    for (int players = kMinPlayers; players <= kMaxPlayers; ++players)
      for (uint64_t seed = 0; seed < 300; ++seed) {
        auto s = new_game(players, level, Rng::mix(seed, uint64_t(players)));
        Rng rng(seed);
        play(*s, rng, [](const State&, Seat, const ActionList&) {});
        ASSERT_TRUE(s->terminal()) << level << " " << players << " seed " << seed;
        int winners = 0;
        for (int score : s->scores()) winners += score == players - 1;
        ASSERT_EQ(winners, 1);
        ++games;
      }
  EXPECT_EQ(games, 3 * 4 * 300);
}

TEST(BalPlayout, ActionTextsParseBackAndRefusalsChangeNothing) {
  for (uint64_t seed = 0; seed < 40; ++seed) {
    auto s = new_game(4, "medium", seed);
    Rng rng(seed);
    play(*s, rng, [&](const State& st, Seat seat, const ActionList& legal) {
      for (Action a : legal) {
        auto back = st.parse_action(seat, st.action_text(a));
        ASSERT_TRUE(back.ok()) << st.action_text(a);
        ASSERT_EQ(back->code, a.code) << st.action_text(a);
      }
      // Every seat's other tries are refused and leave the state as it was.
      auto copy = st.clone();
      for (Seat other = 0; other < st.players(); ++other) {
        for (const char* text : {"take", "pass", "baguette", "parry", "attack 1 with 2 gris",
                                 "balai 0", "attack all with 1 rouge + sortilege", "keep",
                                 "throw tour", "lutin", "parry with abracadabra", "drop rouge",
                                 "discard balai", "lutin + tresor", "lose 0"}) {
          auto a = st.parse_action(other, text);
          ASSERT_TRUE(a.ok()) << text;
          bool legal_here = other == seat;
          if (legal_here) {
            legal_here = false;
            for (Action l : legal) legal_here = legal_here || l == *a;
          }
          if (legal_here) continue;
          auto st2 = copy->apply(other, *a, 1 << 30);
          ASSERT_FALSE(st2.ok()) << text;
          ASSERT_FALSE(st2.error().empty());
          ASSERT_TRUE(copy->same_as(st)) << text;
        }
      }
    });
  }
}

// The legal list is built straight from the hand for speed; every action the game can encode
// is applied on a copy, and exactly those in the list are accepted, each listed once.
TEST(BalPlayout, TheLegalListIsExactlyTheActionsApplyAccepts) {
  // Each type with the fields it reads, over and beyond their ranges.
  std::vector<Action> universe;
  auto add = [&](const Decoded& d) { universe.push_back(Action{encode(d)}); };
  for (Seat target = kNobody; target <= kMaxPlayers; ++target)
    for (uint8_t colour = 0; colour <= kColours; ++colour)
      for (uint8_t count = 0; count <= 3; ++count)
        for (int spell = -1; spell <= kSpells; ++spell)
          for (bool tresor : {false, true})
            add({ActionType::Attack, target, colour, count, spell < 0 ? kNoSpell : uint8_t(spell),
                 tresor});
  for (int spell = -1; spell <= kSpells; ++spell)
    add({ActionType::Parry, kNobody, 0, 0, spell < 0 ? kNoSpell : uint8_t(spell)});
  for (Seat target = kNobody; target <= kMaxPlayers; ++target) {
    add({ActionType::Balai, target});
    add({ActionType::Lose, target});
  }
  for (uint8_t kind = 0; kind <= kKinds; ++kind)
    for (auto type : {ActionType::Throw, ActionType::Drop, ActionType::Discard})
      add({type, kNobody, kind});
  for (auto type : {ActionType::Take, ActionType::Baguette, ActionType::Pass, ActionType::Keep})
    add({type});
  add({ActionType::Lutin});
  add({ActionType::Lutin, kNobody, 0, 0, kNoSpell, true});
  std::sort(universe.begin(), universe.end(), [](Action a, Action b) { return a.code < b.code; });
  universe.erase(std::unique(universe.begin(), universe.end()), universe.end());
  int states = 0;
  for (const std::string level : {"easy", "hard"})
    for (uint64_t seed = 0; seed < uint64_t(sabbat::testing::scaled(6)); ++seed) {
      auto s = new_game(4, level, seed);
      Rng rng(seed);
      play(*s, rng, [&](const State& st, Seat seat, const ActionList& legal) {
        if (rng.below(8) != 0) return;  // a sample of the states, for time
        ++states;
        std::vector<uint32_t> listed;
        for (Action a : legal) listed.push_back(a.code);
        std::sort(listed.begin(), listed.end());
        ASSERT_EQ(std::adjacent_find(listed.begin(), listed.end()), listed.end());
        auto copy = st.clone();
        for (Action a : universe) {
          const bool accepted = copy->apply(seat, a, st.now()).ok();
          if (accepted) copy = st.clone();
          ASSERT_EQ(accepted, std::binary_search(listed.begin(), listed.end(), a.code))
              << st.action_text(a) << "\n"
              << st.full_state().dump();
        }
      });
    }
  EXPECT_GT(states, 5 * sabbat::testing::scaled(6));  // about 25 a game
}

TEST(BalPlayout, RedrawingHiddenCardsLeavesEveryViewUnchanged) {
  Rng sampler(5);
  int checked = 0;
  for (const std::string level : {"easy", "medium"})
    for (uint64_t seed = 0; seed < 20; ++seed) {
      auto s = new_game(5, level, seed);
      Rng rng(seed);
      play(*s, rng, [&](const State& st, Seat seat, const ActionList& legal) {
        for (Seat viewer = kSpectator; viewer < st.players(); ++viewer) {
          auto other = st.sample_hidden(viewer, sampler);
          ASSERT_EQ(other->view(viewer), st.view(viewer)) << "viewer " << viewer;
          ASSERT_TRUE(other->audit().ok()) << other->audit().error();
          ASSERT_EQ(other->actors(), st.actors());
          if (viewer == seat) {
            ActionList theirs;
            other->legal_actions(seat, theirs);
            ASSERT_EQ(theirs, legal);
          }
          ++checked;
        }
      });
    }
  EXPECT_GT(checked, 1000);
}

TEST(BalPlayout, ViewsHideOtherHandsAndThePile) {
  auto s = new_game(4, "medium", 3);
  const auto full = s->full_state().dump();
  for (Seat viewer = kSpectator; viewer < 4; ++viewer) {
    const json v = s->view(viewer);
    for (Seat p = 0; p < 4; ++p) {
      EXPECT_EQ(v["witches"][size_t(p)].contains("hand"), p == viewer);
      EXPECT_EQ(v["witches"][size_t(p)]["hand_size"], 10);
    }
    EXPECT_FALSE(v.contains("pile_cards"));
  }
  EXPECT_NE(full.find("pile_cards"), std::string::npos);
}

}  // namespace
}  // namespace sabbat::bal
