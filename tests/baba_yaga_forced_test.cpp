// "A forced move is not asked" (rules/README.md), in Baba Yaga: a spell aimed at an opponent
// (Lumière aveuglante !, Tout petit !, Grosse fatigue !) when only one opponent may be
// targeted is aimed at her by the table, and the log says so; `forced ask` has it asked again.
#include <gtest/gtest.h>

#include "core/record.hpp"
#include "support/baba_table.hpp"

namespace sabbat {
namespace {

using testing::BabaTable;
namespace by = baba_yaga;

constexpr int kBrouillard = 1, kLumiere = 2, kPetit = 3, kFatigue = 4;

const Event* find_event(const Events& ev, const std::string& kind) {
  for (const Event& e : ev)
    if (e.kind == kind) return &e;
  return nullptr;
}

// The searcher finds the ingredients of `card`; the last move home casts it. The events are
// those of the action that ended the race.
void cast(BabaTable& t, int card) {
  t.start_turn_with(card);
  const auto wanted = t.wanted();
  for (int i = 0; i < t.s->need(); ++i) t.ok(t.s->searcher(), "turn " + wanted[size_t(i)]);
  t.fly_home();
}

// Three players; seat 1 has Tout petit ! in front of her, so that Lumière aveuglante ! may
// target seat 2 only ("ne peuvent pas cibler le même joueur").
BabaTable one_target_left(std::map<std::string, std::string> params = {}) {
  BabaTable t(3, std::move(params));
  by::Pending p;
  p.petit = true;
  t.s->hooks().set_pending(1, p);
  t.end_study();
  return t;
}

TEST(BabaYagaForced, ASpellThatMayTargetOneOpponentOnlyIsAimedAtHerByTheTable) {
  BabaTable t = one_target_left();
  cast(t, kLumiere);
  // Nobody was asked: the spell lies in front of seat 2, and the next turn began.
  EXPECT_TRUE(t.s->player(2).pending.lumiere);
  EXPECT_NE(t.s->phase(), by::Phase::Effect);
  EXPECT_EQ(t.s->searcher(), 1);
  const Event* f = find_event(t.events, "forced");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->data["seat"], 0);
  EXPECT_EQ(f->data["action"], "target 2");
  EXPECT_EQ(f->data["why"], "one-target");
  EXPECT_EQ(f->data["target"], 2);
  // Everyone reads it, as everyone saw which opponents the spell could reach.
  for (Seat s = 0; s < 3; ++s) EXPECT_TRUE(f->audience.sees(s));
  EXPECT_NE(find_event(t.events, "targeted"), nullptr);
}

TEST(BabaYagaForced, TwoOpponentsToChooseFromAreAChoiceAndAsked) {
  BabaTable t(3);
  t.end_study();
  cast(t, kFatigue);
  ASSERT_EQ(t.s->phase(), by::Phase::Effect);
  EXPECT_EQ(find_event(t.events, "forced"), nullptr);
  EXPECT_EQ(t.view(0)["targets"], json::array({1, 2}));
  t.ok(0, "target 2");
  EXPECT_TRUE(t.s->player(2).pending.fatigue);
}

TEST(BabaYagaForced, TwoPlayersEverySpellAimedAtTheOtherIsPlayedForHer) {
  BabaTable t(2);
  t.end_study();
  cast(t, kPetit);
  // Seat 1 searches next: Tout petit ! takes effect at once.
  EXPECT_EQ(t.s->searcher(), 1);
  EXPECT_TRUE(t.s->small());
  ASSERT_NE(find_event(t.events, "forced"), nullptr);
}

TEST(BabaYagaForced, SpellsWithoutATargetAreNotForced) {
  // Brouillard bizarre ! chooses two tiles: hundreds of choices, never forced.
  BabaTable t(2);
  t.end_study();
  cast(t, kBrouillard);
  EXPECT_EQ(t.s->phase(), by::Phase::Effect);
  EXPECT_EQ(find_event(t.events, "forced"), nullptr);
}

TEST(BabaYagaForced, ForcedAskHasTheLoneTargetAskedOfHerAndOnlySheKnows) {
  BabaTable t = one_target_left();
  ASSERT_TRUE(t.s->secret_from_others(0, by::act::forced_setting(true), t.now));
  t.ok(0, "forced ask");
  const Event* set = find_event(t.events, "forced-setting");
  ASSERT_NE(set, nullptr);
  EXPECT_TRUE(set->audience.sees(0));
  EXPECT_FALSE(set->audience.sees(1));
  EXPECT_EQ(t.view(0)["forced"], "ask");
  EXPECT_EQ(t.view(1)["forced"], "auto");  // hers is her own; seat 1's is still auto
  EXPECT_FALSE(t.view(kSpectator).contains("forced"));
  cast(t, kLumiere);
  ASSERT_EQ(t.s->phase(), by::Phase::Effect);
  EXPECT_EQ(find_event(t.events, "forced"), nullptr);
  EXPECT_EQ(t.view(0)["targets"], json::array({2}));
  // `forced auto` while she is asked: the table aims it at once, and everyone sees that.
  EXPECT_FALSE(t.s->secret_from_others(0, by::act::forced_setting(false), t.now));
  t.ok(0, "forced auto");
  EXPECT_TRUE(t.s->player(2).pending.lumiere);
  EXPECT_EQ(t.s->searcher(), 1);
  ASSERT_NE(find_event(t.events, "forced"), nullptr);
}

TEST(BabaYagaForced, ASettingThatIsNotOneIsRefusedAndChangesNothing) {
  BabaTable t(3);
  EXPECT_NE(t.refused(0, "forced maybe").find("forced ask"), std::string::npos);
  EXPECT_NE(t.refused(0, "forced").find("forced auto"), std::string::npos);
  // A setting is never listed among the legal actions.
  ActionList legal;
  t.s->legal_actions(0, legal);
  for (const Action a : legal) EXPECT_FALSE(t.s->seat_setting(a));
}

TEST(BabaYagaForced, WithForcedMovesAskedTheLoneTargetIsAsked) {
  BabaTable t = one_target_left({{"forced_moves", "asked"}});
  EXPECT_FALSE(t.view(0).contains("forced"));
  cast(t, kLumiere);
  ASSERT_EQ(t.s->phase(), by::Phase::Effect);
  t.ok(0, "target 2");
}

TEST(BabaYagaForced, RecordsMadeBeforeTheRuleReplayAsTheyWere) {
  // A record without forced_moves was played with every choice asked.
  Record old;
  old.game = "baba-yaga";
  old.players = 2;
  old.seed = 5;
  auto game = registry().get("baba-yaga");
  ASSERT_TRUE(game.ok());
  for (const ParamSpec& p : (*game)->param_specs())
    if (p.name != "forced_moves") old.params[p.name] = p.default_value;
  old.params["max_turns"] = "1";
  auto m = replay(old, registry());
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_FALSE(m->record().params.contains("forced_moves"));
  EXPECT_EQ(m->record().header_json(), old.header_json());
  EXPECT_FALSE(dynamic_cast<const by::BabaYagaState&>(m->state()).options().forced_played);
  EXPECT_TRUE(check_record(old, registry()).ok());
}

}  // namespace
}  // namespace sabbat
