// Baba Yaga: every spell's effect, with its timing and target, the Maison tile, and the
// expert variant Home Sweet Home. Each test names the rule it checks.
#include <gtest/gtest.h>

#include "support/baba_table.hpp"

namespace sabbat {
namespace {

using testing::BabaTable;
namespace by = baba_yaga;

// Cards by effect (data.hpp: card k has effect k mod 7).
constexpr int kDoigt = 0, kBrouillard = 1, kLumiere = 2, kPetit = 3, kFatigue = 4, kVent = 5,
              kPattes = 6;

// The searcher casts `card` this turn: Baba Yaga placed north, the needed ingredients found.
void cast(BabaTable& t, int card) {
  const Seat searcher = t.s->searcher();
  t.start_turn_with(card);
  const auto wanted = t.wanted();
  for (int i = 0; i < t.s->need(); ++i) t.ok(t.s->searcher(), "turn " + wanted[size_t(i)]);
  t.fly_home();
  EXPECT_EQ(t.s->player(searcher).cast_n, 1);
}

// A whole turn in which the searcher finds nothing.
void idle_turn(BabaTable& t) {
  t.ok(t.s->placer(), "place north");
  t.fly_home();
}

// Doigt dans le nez !: "Lors de votre prochain tour de joueur actif, réduisez de 1 le nombre
// d'ingrédients nécessaire pour lancer un sort."
TEST(BabaYagaEffects, DoigtDansLeNezNeedsOneIngredientLessNextTurn) {
  BabaTable t(2);
  t.end_study();
  cast(t, kDoigt);
  EXPECT_TRUE(t.s->player(0).pending.doigt);
  EXPECT_EQ(t.s->searcher(), 1);
  idle_turn(t);
  EXPECT_EQ(t.s->searcher(), 0);
  EXPECT_EQ(t.s->need(), 2);
  EXPECT_FALSE(t.s->player(0).pending.doigt);  // resolved: the card goes to the box
  t.ok(t.s->placer(), "place north");
  const auto wanted = t.wanted();
  t.ok(0, "turn " + wanted[0]);
  t.ok(0, "turn " + wanted[1]);
  t.fly_home();
  EXPECT_EQ(t.s->player(0).cast_n, 2);
}

// Brouillard bizarre !: "Intervertissez immédiatement les positions de 2 tuiles Forêt de votre
// choix."
TEST(BabaYagaEffects, BrouillardBizarreSwapsTwoForestTilesNow) {
  BabaTable t(3);
  t.end_study();
  cast(t, kBrouillard);
  ASSERT_EQ(t.s->phase(), by::Phase::Effect);
  const int a1 = t.s->ingredient_at(by::parse_cell("A1"));
  const int e5 = t.s->ingredient_at(by::parse_cell("E5"));
  EXPECT_NE(t.refused(0, "swap A1 C3").find("swap two forest tiles"), std::string::npos);
  EXPECT_NE(t.refused(1, "swap A1 E5").find("chooses"), std::string::npos);
  t.ok(0, "swap E5 A1");
  EXPECT_EQ(t.s->ingredient_at(by::parse_cell("A1")), e5);
  EXPECT_EQ(t.s->ingredient_at(by::parse_cell("E5")), a1);
  EXPECT_EQ(t.s->searcher(), 1);
}

// Lumière aveuglante !: "Ciblez un adversaire. Durant son prochain tour de joueur actif, il
// devra jouer en se cachant un oeil": on a screen, half the forest is hidden in her own view.
TEST(BabaYagaEffects, LumiereAveuglanteHidesHalfTheForestInTheTargetsOwnView) {
  BabaTable t(3);
  t.end_study();
  cast(t, kLumiere);
  EXPECT_NE(t.refused(0, "target 0").find("an opponent"), std::string::npos);
  t.ok(0, "target 1");
  // Seat 1 searches next: the card in front of her takes effect at once.
  ASSERT_EQ(t.s->searcher(), 1);
  EXPECT_TRUE(t.s->blinded());
  const by::Half half = t.s->blind_half();
  int hidden = 0;
  const json mine = t.view(1)["forest"], theirs = t.view(2)["forest"];
  for (size_t i = 0; i < mine.size(); ++i) {
    const int cell = by::parse_cell(mine[i]["cell"].get<std::string>());
    EXPECT_EQ(mine[i].contains("hint"), !by::in_half(half, cell));
    EXPECT_TRUE(theirs[i].contains("hint"));  // the others see the whole forest
    hidden += !mine[i].contains("hint");
  }
  EXPECT_EQ(hidden, 8);
  idle_turn(t);
  EXPECT_FALSE(t.s->blinded());
}

// "Les sorts Lumière aveuglante ! et Tout petit ! ne peuvent pas cibler le même joueur."
TEST(BabaYagaEffects, LumiereAndToutPetitNeverTargetTheSamePlayer) {
  // Asked, so that the refused target shows (played, the table aims it: baba_yaga_forced_test).
  BabaTable t(3, {{"forced_moves", "asked"}});
  by::Pending p;
  p.petit = true;
  t.s->hooks().set_pending(1, p);
  t.end_study();
  cast(t, kLumiere);
  EXPECT_NE(t.refused(0, "target 1").find("Tout petit"), std::string::npos);
  t.ok(0, "target 2");
  EXPECT_TRUE(t.s->player(2).pending.lumiere);
}

// With no opponent it may target, the spell is cast and its effect lost.
TEST(BabaYagaEffects, ASpellWithNoPossibleTargetLosesItsEffect) {
  BabaTable t(2);
  by::Pending p;
  p.lumiere = true;
  t.s->hooks().set_pending(1, p);
  t.end_study();
  cast(t, kPetit);
  EXPECT_EQ(t.s->phase(), by::Phase::Place);
  EXPECT_EQ(t.s->searcher(), 1);
}

// Tout petit !: "il devra jouer avec un poing sur la table et le menton posé dessus": on a
// screen "it shows it small and low — the same tiles and hints as everyone, drawn small, so
// that the two handicaps weigh about the same" (rules/README.md): her view is the others'.
TEST(BabaYagaEffects, ToutPetitShowsTheTargetASmallForest) {
  BabaTable t(3);
  t.end_study();
  cast(t, kPetit);
  t.ok(0, "target 1");
  ASSERT_EQ(t.s->searcher(), 1);
  EXPECT_TRUE(t.view(1)["you_small"].get<bool>());
  t.ok(t.s->placer(), "place north");
  const std::string cell = t.wanted()[0];
  t.ok(1, "turn " + cell);
  EXPECT_EQ(t.view(1)["forest"], t.view(2)["forest"]);
  int hints = 0;
  for (const json forest = t.view(1)["forest"]; const auto& tile : forest)
    hints += tile.contains("hint");
  EXPECT_EQ(hints, 15);  // every face-down tile's forest face
}

// Grosse fatigue !: "le parcours de Baba Yaga sera réduit d'une tuile": 6 moves, not 8.
TEST(BabaYagaEffects, GrosseFatigueShortensTheTargetsFlight) {
  BabaTable t(3);
  t.end_study();
  cast(t, kFatigue);
  t.ok(0, "target 1");
  EXPECT_NE(t.refused(0, "target 2").find("places Baba Yaga"), std::string::npos);
  ASSERT_EQ(t.s->searcher(), 1);
  t.ok(t.s->placer(), "place south");
  EXPECT_EQ(t.s->flight().length, 4);
  EXPECT_EQ(t.s->flight().total(), 6);
  for (int i = 0; i < 3; ++i) t.ok(t.s->mover(), "move");
  EXPECT_EQ(by::cell_name(t.s->baba_cell()), "C2");  // the far end, one tile short
  t.fly_home();
  EXPECT_EQ(t.s->searcher(), 2);
}

// Plus vite que le vent !: "rallongez le parcours de Baba Yaga en y ajoutant la tuile
// supplémentaire": her own next flight is 10 moves, through the extra tile.
TEST(BabaYagaEffects, PlusViteQueLeVentLengthensHerNextFlight) {
  BabaTable t(2);
  t.end_study();
  cast(t, kVent);
  EXPECT_TRUE(t.s->player(0).pending.vent);
  idle_turn(t);
  ASSERT_EQ(t.s->searcher(), 0);
  t.ok(t.s->placer(), "place north");
  EXPECT_EQ(t.s->flight().total(), 10);
  for (int i = 0; i < 5; ++i) t.ok(1, i % 2 ? "move right" : "move left");
  EXPECT_EQ(t.s->baba_cell(), -1);
  EXPECT_EQ(t.view(0)["flight"]["cell"], "extra");
  t.fly_home();
  EXPECT_EQ(t.s->searcher(), 1);
}

// Pattes de poulet !: "Posez la tuile Maison sur une tuile Forêt de votre choix": the forest
// face under it is covered (no hint shows).
TEST(BabaYagaEffects, PattesDePouletPutsTheMaisonOnAForestTileNow) {
  BabaTable t(3);
  t.end_study();
  cast(t, kPattes);
  EXPECT_NE(t.refused(0, "maison C3").find("forest tile"), std::string::npos);
  t.ok(0, "maison B2");
  EXPECT_EQ(t.s->maison(), by::parse_cell("B2"));
  EXPECT_FALSE(t.tile(2, "B2").contains("hint"));
  EXPECT_EQ(t.tile(2, "B2")["maison"], "on");
}

// "Réalisez cette action immédiatement ou au début de votre prochain tour de joueur actif."
TEST(BabaYagaEffects, PattesDePouletMayWaitForTheStartOfHerNextTurn) {
  BabaTable t(2);
  t.end_study();
  cast(t, kPattes);
  t.ok(0, "maison later");
  EXPECT_TRUE(t.s->player(0).pending.pattes);
  idle_turn(t);
  ASSERT_EQ(t.s->searcher(), 0);
  EXPECT_EQ(t.s->phase(), by::Phase::MaisonStart);
  EXPECT_NE(t.refused(1, "place north").find("Maison"), std::string::npos);
  t.ok(0, "maison D4");
  EXPECT_EQ(t.s->phase(), by::Phase::Place);
  EXPECT_FALSE(t.s->player(0).pending.pattes);
}

// La tuile Maison: a wanted ingredient under it: the Maison leaves for good; an unwanted one:
// the Maison goes back on it when it is turned back.
TEST(BabaYagaEffects, TheMaisonLeavesOnAWantedIngredientAndReturnsOnAWrongOne) {
  BabaTable t(3);
  t.end_study();
  t.start_turn_with(kDoigt);
  const std::string wrong = t.unwanted();
  const std::string good = t.wanted()[0];
  t.s->hooks().set_maison(by::parse_cell(wrong));
  t.ok(0, "turn " + wrong);
  EXPECT_TRUE(t.s->maison_lifted());
  t.ok(0, "back " + wrong);
  EXPECT_EQ(t.s->maison(), by::parse_cell(wrong));
  EXPECT_FALSE(t.s->maison_lifted());
  t.s->hooks().set_maison(by::parse_cell(good));
  t.ok(0, "turn " + good);
  EXPECT_EQ(t.s->maison(), -1);
  EXPECT_TRUE(t.s->audit().ok());
}

// An effect whose choice is not made in time is lost.
TEST(BabaYagaEffects, AChoiceNotMadeInTimeIsLost) {
  BabaTable t(3);
  t.end_study();
  cast(t, kFatigue);
  auto d = t.s->deadline();
  ASSERT_TRUE(d);
  t.now = d->at;
  t.ok(kClock, "timeout");
  EXPECT_EQ(t.s->phase(), by::Phase::Place);
  for (Seat p = 0; p < 3; ++p) EXPECT_FALSE(t.s->player(p).pending.fatigue);
}

// Protocol (docs/protocol/baba-yaga.event.schema.json): every event's data is an object, the
// three events without a tile or a seat of their own included: how the study ended, whose
// Pattes de poulet ! waits, which choice the clock made in her place.
const json* event_data(const Events& events, const char* kind) {
  for (const Event& e : events)
    if (e.kind == kind) return &e.data;
  return nullptr;
}

TEST(BabaYagaEvents, StudyOverMaisonLaterAndTimeoutCarryObjectData) {
  BabaTable ready(2);
  ready.end_study();
  const json* over = event_data(ready.events, "study-over");
  ASSERT_TRUE(over);
  EXPECT_EQ(*over, (json{{"all_ready", true}}));

  BabaTable clock(2);
  clock.now = clock.s->deadline()->at;
  clock.ok(kClock, "end-study");
  over = event_data(clock.events, "study-over");
  ASSERT_TRUE(over);
  EXPECT_EQ(*over, (json{{"all_ready", false}}));

  cast(ready, kPattes);
  ready.ok(0, "maison later");
  const json* later = event_data(ready.events, "maison-later");
  ASSERT_TRUE(later);
  EXPECT_EQ(*later, (json{{"seat", 0}}));

  BabaTable t(3);
  t.end_study();
  cast(t, kFatigue);
  t.now = t.s->deadline()->at;
  t.ok(kClock, "timeout");
  const json* timeout = event_data(t.events, "timeout");
  ASSERT_TRUE(timeout);
  EXPECT_EQ(*timeout, (json{{"choice", "effect"}}));
  for (const Event& e : t.events) EXPECT_TRUE(e.data.is_object()) << e.kind;
}

// Home Sweet Home: "À la fin de son tour, le joueur actif déplace la tuile Maison sur une
// tuile Forêt de son choix afin de gêner le prochain joueur."
TEST(BabaYagaHomeSweetHome, TheSearcherMovesTheMaisonAtTheEndOfHerTurn) {
  BabaTable t(3, {{"home_sweet_home", "true"}});
  t.end_study();
  idle_turn(t);
  EXPECT_EQ(t.s->phase(), by::Phase::HomeMove);
  EXPECT_EQ(t.s->searcher(), 0);
  EXPECT_NE(t.refused(1, "maison A1").find("Home Sweet Home"), std::string::npos);
  t.ok(0, "maison A1");
  EXPECT_EQ(t.s->maison(), 0);
  EXPECT_EQ(t.s->searcher(), 1);
  EXPECT_EQ(t.s->phase(), by::Phase::Place);
}

}  // namespace
}  // namespace sabbat
