// The core's own contracts: the generator's stream, parameters, the registry, seat sets.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "core/params.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"

namespace sabbat {
namespace {

// Records replay on every machine only if the stream is fixed: xoshiro256** seeded by
// splitmix64, values pinned from the reference algorithm.
TEST(Rng, StreamIsTheSameOnEveryPlatform) {
  Rng rng(42);
  EXPECT_EQ(rng.next(), 0x15780b2e0c2ec716ull);
  EXPECT_EQ(rng.next(), 0x6104d9866d113a7eull);
  EXPECT_EQ(rng.next(), 0xae17533239e499a1ull);
}

TEST(Rng, BelowStaysInRangeAndCoversIt) {
  Rng rng(3);
  std::array<int, 7> seen{};
  for (int i = 0; i < 7000; ++i) {
    auto v = rng.below(7);
    ASSERT_LT(v, 7u);
    ++seen[v];
  }
  for (int count : seen) EXPECT_GT(count, 800);
}

TEST(Rng, ShuffleIsAPermutationAndDependsOnTheSeed) {
  std::vector<int> a(52), b(52);
  std::iota(a.begin(), a.end(), 0);
  b = a;
  Rng r1(1), r2(2);
  r1.shuffle(a.begin(), a.end());
  r2.shuffle(b.begin(), b.end());
  EXPECT_NE(a, b);
  std::sort(a.begin(), a.end());
  for (int i = 0; i < 52; ++i) EXPECT_EQ(a[size_t(i)], i);
}

TEST(Rng, MixGivesDistinctSeedsPerGame) {
  EXPECT_NE(Rng::mix(1, 0), Rng::mix(1, 1));
  EXPECT_NE(Rng::mix(1, 0), Rng::mix(2, 0));
  EXPECT_EQ(Rng::mix(5, 9), Rng::mix(5, 9));
}

std::vector<ParamSpec> sample_specs() {
  return {ParamSpec::integer("turns", 3, 1, 9, "how many turns"),
          ParamSpec::boolean("expert", false, "expert rules"),
          ParamSpec::choice("order", {"rotates", "fixed"}, "rotates", "who starts")};
}

TEST(Params, DefaultsFillEveryParameter) {
  auto p = Params::make(sample_specs(), {});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->integer("turns"), 3);
  EXPECT_FALSE(p->boolean("expert"));
  EXPECT_EQ(p->text("order"), "rotates");
  EXPECT_EQ(p->values().size(), 3u);
}

TEST(Params, OverridesAreValidated) {
  auto p = Params::make(sample_specs(), {{"turns", "9"}, {"expert", "true"}, {"order", "fixed"}});
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ(p->integer("turns"), 9);
  EXPECT_TRUE(p->boolean("expert"));
}

TEST(Params, ABadValueNamesTheParameterAndTheAllowedValues) {
  auto p = Params::make(sample_specs(), {{"turns", "10"}});
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().find("'turns'"), std::string::npos);
  EXPECT_NE(p.error().find("from 1 to 9"), std::string::npos);
  auto q = Params::make(sample_specs(), {{"order", "random"}});
  ASSERT_FALSE(q.ok());
  EXPECT_NE(q.error().find("rotates, fixed"), std::string::npos);
  auto b = Params::make(sample_specs(), {{"expert", "yes"}});
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().find("true or false"), std::string::npos);
  auto n = Params::make(sample_specs(), {{"turns", "3x"}});
  EXPECT_FALSE(n.ok());
}

TEST(Params, AnUnknownNameListsTheKnownOnes) {
  auto p = Params::make(sample_specs(), {{"speed", "1"}});
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().find("turns, expert, order"), std::string::npos);
}

TEST(Params, AssignmentIsNameEqualsValue) {
  auto a = parse_param_assignment("first_seat=2");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->first, "first_seat");
  EXPECT_EQ(a->second, "2");
  EXPECT_FALSE(parse_param_assignment("first_seat").ok());
  EXPECT_FALSE(parse_param_assignment("=2").ok());
}

TEST(Registry, UnknownGameListsTheKnownIds) {
  auto g = registry().get("chess");
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.error().find("sortileges"), std::string::npos);
  EXPECT_TRUE(registry().get("sortileges").ok());
}

// A person may type a game's id or name however they like; records keep to the exact id.
TEST(Registry, TypedNamesMatchLenientlyButIdsExactly) {
  EXPECT_EQ(game_name_key("Du Balai !"), "dubalai");
  EXPECT_EQ(game_name_key("du_balai"), "dubalai");
  EXPECT_EQ(game_name_key("SORTILÈGES"), "sortileges");
  EXPECT_EQ(game_name_key("Sortilèges"), "sortileges");
  for (const char* typed : {"sortilèges", "Sortileges", "sortileges ", "SORTILÈGES"})
    EXPECT_EQ(registry().match(typed), registry().find("sortileges")) << typed;
  for (const char* typed : {"du_balai", "du balai", "Du Balai !", "DU-BALAI"})
    EXPECT_EQ(registry().match(typed), registry().find("du-balai")) << typed;
  for (const char* typed : {"", "!", "sortilege", "balai", "chess"})
    EXPECT_EQ(registry().match(typed), nullptr) << typed;
  EXPECT_EQ(registry().find("Sortileges"), nullptr) << "find is exact";
  auto unknown = registry().lookup("échecs");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(
      unknown.error(),
      "unknown game 'échecs'; known games: sortileges, du-balai, baba-yaga, bal-des-sorcieres");
}

// No two games share a lenient name, or a typed name could mean either.
TEST(Registry, LenientNamesAreDistinct) {
  std::set<std::string> keys;
  for (const auto& g : registry().games()) {
    EXPECT_TRUE(keys.insert(game_name_key(g->id())).second) << g->id();
    if (game_name_key(g->display_name()) != game_name_key(g->id())) {
      EXPECT_TRUE(keys.insert(game_name_key(g->display_name())).second) << g->display_name();
    }
  }
}

TEST(Registry, EveryGameRefusesPlayerCountsOutsideItsRange) {
  for (const auto& g : registry().games()) {
    EXPECT_FALSE(g->setup(g->min_players() - 1, {}, 1).ok()) << g->id();
    EXPECT_FALSE(g->setup(g->max_players() + 1, {}, 1).ok()) << g->id();
    EXPECT_TRUE(g->setup(g->min_players(), {}, 1).ok()) << g->id();
  }
}

TEST(State, ActionsBeforeTheLastGameTimeAreRefused) {
  for (const auto& g : registry().games()) {
    auto setup = g->setup(g->min_players(), {}, 5);
    auto state = g->new_state(*setup);
    ASSERT_TRUE(state.ok());
    auto& s = **state;
    // Nobody may act while a window that asks nobody (Le Bal des Sorcières) waits for its clock.
    auto someone_acts = [&s] {
      while (s.actors().empty() && s.deadline()) {
        const auto d = s.deadline();
        ASSERT_TRUE(s.apply(kClock, d->action, std::max(d->at, s.now())).ok());
      }
    };
    ActionList legal;
    someone_acts();
    Seat actor = 0;
    while (!s.actors().contains(actor)) ++actor;
    s.legal_actions(actor, legal);
    ASSERT_TRUE(s.apply(actor, legal[0], s.now() + 1000).ok());
    someone_acts();
    for (actor = 0; !s.actors().contains(actor); ++actor) {
    }
    s.legal_actions(actor, legal);
    auto before = s.full_state().dump();
    Status st = s.apply(actor, legal[0], s.now() - 1);
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().find("before the last action"), std::string::npos);
    EXPECT_EQ(s.full_state().dump(), before);
  }
}

// A clock acts exactly at its deadline (or at the game's time, if that is later): a clock
// action written later, as in a doctored record, is refused and changes nothing.
TEST(State, TheClockActsExactlyAtItsDeadline) {
  int games_with_clocks = 0;
  for (const auto& g : registry().games()) {
    auto setup = g->setup(g->min_players(), {}, 9);
    auto state = g->new_state(*setup);
    ASSERT_TRUE(state.ok());
    auto& s = **state;
    Rng rng(9);
    ActionList legal;
    int checked = 0;
    for (int step = 0; step < 2000 && !s.terminal() && checked < 3; ++step) {
      const auto d = s.deadline();
      if (d && (s.actors().empty() || d->at <= s.now() || rng.below(4) == 0)) {
        const GameTime due = std::max(d->at, s.now());
        const std::string before = s.full_state().dump();
        const Status late = s.apply(kClock, d->action, due + 200);
        ASSERT_FALSE(late.ok()) << g->id() << ": a clock 200 ms late was applied";
        EXPECT_NE(late.error().find("the clock acts at its deadline"), std::string::npos)
            << late.error();
        EXPECT_EQ(s.full_state().dump(), before);
        ASSERT_TRUE(s.apply(kClock, d->action, due).ok()) << g->id();
        ++checked;
        continue;
      }
      Seat actor = 0;
      while (actor < s.players() && !s.actors().contains(actor)) ++actor;
      if (actor == s.players()) break;
      s.legal_actions(actor, legal);
      if (legal.empty()) break;
      ASSERT_TRUE(s.apply(actor, legal[rng.below(uint32_t(legal.size()))], s.now()).ok());
    }
    games_with_clocks += checked > 0;
  }
  // Du Balai !, Baba Yaga and Le Bal des Sorcières' reaction windows.
  EXPECT_GE(games_with_clocks, 3);
}

TEST(State, SeatsOutsideTheTableAreRefused) {
  for (const auto& g : registry().games()) {
    auto setup = g->setup(g->min_players(), {}, 5);
    auto state = g->new_state(*setup);
    auto& s = **state;
    Status st = s.apply(g->min_players(), Action{0}, 0);
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().find("no seat"), std::string::npos);
  }
}

TEST(MaybeAction, ReadsLikeAnOptional) {
  EXPECT_FALSE(MaybeAction());
  EXPECT_FALSE(MaybeAction(std::nullopt).has_value());
  for (uint32_t code : {0u, 1u, 103u, 0xFFFFFFFEu}) {
    const MaybeAction a = Action{code};
    ASSERT_TRUE(a);
    EXPECT_EQ(*a, Action{code});
  }
  EXPECT_EQ(MaybeAction(Action{5}), MaybeAction(Action{5}));
  EXPECT_NE(MaybeAction(Action{5}), MaybeAction());
}

// random_legal is legal_at(seat, below(legal_count(seat))) for every game, and nothing for a
// seat with no legal action.
TEST(State, RandomLegalDrawsTheIndexedActionOrNothing) {
  for (const auto& g : registry().games()) {
    auto setup = g->setup(g->default_players(), {}, 8);
    auto s = std::move(g->new_state(*setup).value());
    for (Seat seat = 0; seat < s->players(); ++seat) {
      Rng a(seat + 1), b(seat + 1);
      const MaybeAction drawn = s->random_legal(seat, a);
      const uint32_t n = s->legal_count(seat);
      ASSERT_EQ(drawn.has_value(), n > 0) << g->id() << " seat " << seat;
      if (n > 0) {
        EXPECT_EQ(*drawn, s->legal_at(seat, b.below(n))) << g->id();
      }
      EXPECT_EQ(a, b) << g->id();
    }
  }
}

TEST(SeatSet, HoldsSeats) {
  SeatSet s;
  EXPECT_TRUE(s.empty());
  s.add(0);
  s.add(3);
  EXPECT_TRUE(s.contains(3));
  EXPECT_FALSE(s.contains(1));
  EXPECT_FALSE(s.contains(-1));
  EXPECT_EQ(s.size(), 2);
  s.remove(3);
  EXPECT_EQ(s, SeatSet::only(0));
  EXPECT_EQ(SeatSet::first(3).bits(), 7u);
}

}  // namespace
}  // namespace sabbat
