// Baba Yaga: the content, the study, the placement, the search and the flight, casting and
// failing, the end, and the two-player variant. Each test names the rule it checks.
#include <gtest/gtest.h>

#include <set>

#include "support/baba_table.hpp"

namespace sabbat {
namespace {

using testing::BabaTable;
namespace by = baba_yaga;

// "16 tuiles Forêt", "20 cartes Sort": every ingredient on exactly 5 cards, 4 distinct per
// card, effects 3 each and Pattes de poulet 2; two ingredients share each forest-face hint.
TEST(BabaYagaContent, CardsAndIngredientsFollowTheDocumentedConstruction) {
  std::array<int, by::kIngredients> on_cards{};
  std::array<int, by::kEffects> effects{};
  for (int k = 0; k < by::kCards; ++k) {
    const auto& c = by::card(k);
    EXPECT_EQ(__builtin_popcount(c.mask), 4) << "card " << k;
    for (int i : c.ingredients) ++on_cards[size_t(i)];
    ++effects[size_t(c.effect)];
  }
  for (int n : on_cards) EXPECT_EQ(n, 5);
  for (int e = 0; e < by::kEffects; ++e)
    EXPECT_EQ(effects[size_t(e)], by::Effect(e) == by::Effect::PattesDePoulet ? 2 : 3);
  std::array<int, by::kHints> hints{};
  std::set<std::string_view> names, shorts;
  for (int i = 0; i < by::kIngredients; ++i) {
    ++hints[by::ingredient(i).hint];
    names.insert(by::ingredient(i).name);
    shorts.insert(by::ingredient(i).short_name);
  }
  for (int n : hints) EXPECT_EQ(n, 2);
  EXPECT_EQ(names.size(), 16u);
  EXPECT_EQ(shorts.size(), 16u);
}

// Set-up: 16 forest tiles on the four 2×2 corners, the path is the middle row and column;
// "3 cartes Sort à chaque joueur", face down; the rest in the box.
TEST(BabaYagaSetup, ForestAndThreeCardsEach) {
  BabaTable t(4);
  EXPECT_TRUE(t.s->audit().ok());
  int forest = 0;
  for (int c = 0; c < by::kCells; ++c) forest += by::is_forest(c);
  EXPECT_EQ(forest, 16);
  EXPECT_FALSE(by::is_forest(by::parse_cell("C1")));
  EXPECT_FALSE(by::is_forest(by::parse_cell("A3")));
  for (Seat p = 0; p < 4; ++p) EXPECT_EQ(t.s->player(p).pile_n, 3);
  EXPECT_EQ(t.s->full_state()["box"].size(), 8u);
}

// Study time: every seat sees every ingredient face until the time is up (or all are ready);
// then the forest is face down and only the hints show.
TEST(BabaYagaSetup, StudyShowsEveryIngredientThenTheForestFaces) {
  BabaTable t(3);
  for (Seat v = kSpectator; v < 3; ++v)
    for (const json forest = t.view(v)["forest"]; const auto& tile : forest)
      EXPECT_TRUE(tile.contains("ingredient"));
  auto d = t.s->deadline();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->at, 20000);
  t.now = 20000;
  t.ok(kClock, "end-study");
  EXPECT_EQ(t.s->phase(), by::Phase::Place);
  for (const json forest = t.view(1)["forest"]; const auto& tile : forest) {
    EXPECT_FALSE(tile.contains("ingredient"));
    EXPECT_TRUE(tile.contains("hint"));
  }
}

TEST(BabaYagaSetup, TheStudyEndsWhenEveryPlayerIsReady) {
  BabaTable t(3);
  t.ok(0, "ready");
  t.ok(1, "ready");
  EXPECT_EQ(t.s->phase(), by::Phase::Study);
  EXPECT_NE(t.refused(0, "ready").find("studying"), std::string::npos);
  t.ok(2, "ready");
  EXPECT_EQ(t.s->phase(), by::Phase::Place);
}

// "le joueur situé à sa gauche place la figurine de Baba Yaga sur l'une des quatre
// extrémités": only he may, and the refusal names him.
TEST(BabaYagaPlacement, ThePlayerLeftOfTheSearcherPlacesBabaYaga) {
  BabaTable t(3);
  t.end_study();
  EXPECT_EQ(t.s->searcher(), 0);
  EXPECT_EQ(t.s->placer(), 1);
  EXPECT_NE(t.refused(2, "place north").find("seat 1 places Baba Yaga"), std::string::npos);
  EXPECT_NE(t.refused(1, "place middle").find("place north"), std::string::npos);
  t.ok(1, "place east");
  EXPECT_EQ(t.s->phase(), by::Phase::Race);
  EXPECT_EQ(t.s->baba_cell(), by::parse_cell("E3"));
  EXPECT_GE(t.s->card_in_play(), 0);  // the searcher's card is revealed: the race starts
}

// The placer who waits too long: the clock places her at the north end.
TEST(BabaYagaPlacement, TheClockPlacesHerNorthWhenThePlacerWaits) {
  BabaTable t(3);
  t.end_study();
  t.now = 10000;
  t.ok(kClock, "place north");
  EXPECT_EQ(t.s->baba_cell(), by::parse_cell("C1"));
  // The log says the clock placed her, not the placer.
  bool told = false;
  for (const Event& e : t.events)
    if (e.kind == "placed") {
      told = true;
      EXPECT_NE(e.text.find("the clock places"), std::string::npos) << e.text;
      EXPECT_EQ(e.text.find("Seat 1 places"), std::string::npos) << e.text;
    }
  EXPECT_TRUE(told);
}

// Lumière aveuglante !: in the half hidden from her the searcher sees no Maison either (her
// view, and so her terminal and web page); the others see it.
TEST(BabaYagaPlacement, TheMaisonIsNotDrawnInTheHiddenHalf) {
  BabaTable t(3);
  by::Pending p;
  p.lumiere = true;
  t.s->hooks().set_pending(0, p);
  t.end_study();
  int cell = -1;
  for (int c : by::kForestCells)
    if (by::in_half(t.s->blind_half(), c)) cell = c;
  ASSERT_GE(cell, 0);
  t.s->hooks().set_maison(cell);
  const std::string name = by::cell_name(cell);
  EXPECT_FALSE(t.tile(0, name).contains("maison"));
  EXPECT_TRUE(t.tile(0, name).value("hidden", false));
  EXPECT_EQ(t.tile(1, name)["maison"], "on");
  const Game& g = *registry().find("baba-yaga");
  EXPECT_EQ(g.render_view(t.view(0), 0, false).find("Maison"), std::string::npos);
}

// "en commençant par le joueur situé à gauche du joueur actif, chacun leur tour et dans le
// sens des aiguilles d'une montre, d'une tuile à la fois": out to the far end and back.
TEST(BabaYagaFlight, MoversMoveOneTileEachClockwiseOutAndBack) {
  BabaTable t(4);
  t.end_study();
  t.ok(1, "place north");
  const std::vector<std::string> path{"C2", "C3", "C4", "C5", "C4", "C3", "C2"};
  const std::vector<Seat> movers{1, 2, 3, 1, 2, 3, 1, 2};
  for (size_t i = 0; i < movers.size(); ++i) {
    EXPECT_EQ(t.s->mover(), movers[i]) << "move " << i;
    const Seat other = movers[(i + 1) % movers.size()];
    EXPECT_NE(t.refused(other, "move").find("not yours"), std::string::npos);
    t.ok(movers[i], "move");
    if (i < path.size()) {
      EXPECT_EQ(by::cell_name(t.s->baba_cell()), path[i]);
    }
  }
  // Home again: the turn is over and the next searcher is on the left.
  EXPECT_EQ(t.s->searcher(), 1);
  EXPECT_EQ(t.s->phase(), by::Phase::Place);
}

// A mover who waits move_time_ms: the clock moves Baba Yaga for him.
TEST(BabaYagaFlight, TheClockMovesBabaYagaForAMoverWhoWaits) {
  BabaTable t(3);
  t.end_study();
  t.now = 1000;
  t.ok(1, "place north");
  auto d = t.s->deadline();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->at, 6000);
  t.now = 6000;
  EXPECT_FALSE(t.act(1, "move").ok());  // too late
  t.ok(kClock, "move");
  EXPECT_EQ(t.s->flight().moves, 1);
  EXPECT_EQ(t.s->mover(), 2);
}

// "Si la tuile retournée montre un ingrédient qui ne figure pas sur la carte Sort, le joueur
// actif doit la remettre sur son côté Forêt avant de poursuivre ses recherches."
TEST(BabaYagaSearch, AWrongIngredientMustBeTurnedBackBeforeTheNext) {
  BabaTable t(3);
  t.end_study();
  t.ok(1, "place north");
  const std::string wrong = t.unwanted();
  const auto wanted = t.wanted();
  t.ok(0, "turn " + wrong);
  EXPECT_NE(t.refused(0, "turn " + wanted[0]).find("turn it back first"), std::string::npos);
  t.ok(0, "back " + wrong);
  t.ok(0, "turn " + wanted[0]);
}

// "Memory is the game" (rules/README.md): the book does not forbid turning a tile again later
// in the same turn, so it is allowed; only her memory tells her she saw it.
TEST(BabaYagaSearch, ATileTurnedBackMayBeTurnedAgainInTheSameTurn) {
  BabaTable t(3);
  t.end_study();
  t.ok(1, "place north");
  const std::string wrong = t.unwanted();
  t.ok(0, "turn " + wrong);
  t.ok(0, "back " + wrong);
  t.ok(0, "turn " + wrong);
  t.ok(0, "back " + wrong);
  t.ok(0, "turn " + wrong);
  EXPECT_TRUE(t.s->audit().ok());
}

// max_flips, a guard for bots and simulations (not in the book): a bot acting the instant it
// may could turn and turn back tiles forever at one moment; after max_flips tiles in a turn
// she may only turn the wrong one back, and the next turn starts afresh.
TEST(BabaYagaSearch, MaxFlipsStopsAnEndlessSearchOfBots) {
  BabaTable t(3, {{"max_flips", "3"}});
  t.end_study();
  t.ok(1, "place north");
  const std::string wrong = t.unwanted();
  for (int i = 0; i < 3; ++i) t.ok(0, "turn " + wrong), t.ok(0, "back " + wrong);
  EXPECT_NE(t.refused(0, "turn " + wrong).find("max_flips"), std::string::npos);
  EXPECT_EQ(t.s->legal_count(0), 0u);
  EXPECT_FALSE(t.s->actors().contains(0));
  t.fly_home();
  t.ok(2, "place north");
  t.ok(1, "turn " + t.unwanted());
}

// "Memory is the game": no view, rendering or refusal keeps a trace of the tiles turned back
// this turn. After a tile is turned and turned back, every seat's forest and text are as
// before it was turned, and no refusal names it.
TEST(BabaYagaMemory, NothingMarksATileTurnedBack) {
  BabaTable t(4);
  t.end_study();
  t.ok(1, "place north");
  const std::string wrong = t.unwanted();
  std::vector<json> forest_before;
  std::vector<std::string> text_before;
  const Game& g = *registry().find("baba-yaga");
  for (Seat v = kSpectator; v < 4; ++v) {
    forest_before.push_back(t.view(v)["forest"]);
    text_before.push_back(g.render_view(t.view(v), v, false));
  }
  t.ok(0, "turn " + wrong);
  t.ok(0, "back " + wrong);
  for (Seat v = kSpectator; v < 4; ++v) {
    EXPECT_EQ(t.view(v)["forest"], forest_before[size_t(v + 1)]) << "viewer " << v;
    EXPECT_EQ(g.render_view(t.view(v), v, false), text_before[size_t(v + 1)]) << "viewer " << v;
    EXPECT_EQ(t.view(v).dump().find("tried"), std::string::npos) << "viewer " << v;
  }
  // Whatever the searcher tries now, no refusal names the tile she turned back.
  for (const std::string& text :
       std::vector<std::string>{"back " + wrong, "turn C3", "move", "place north"})
    EXPECT_EQ(t.refused(0, text).find(wrong), std::string::npos) << text;
}

// "A chaque fois que le joueur actif retourne une tuile correcte, il la laisse en place."
TEST(BabaYagaSearch, AWantedIngredientStaysFaceUp) {
  BabaTable t(3);
  t.end_study();
  t.ok(1, "place north");
  const auto wanted = t.wanted();
  t.ok(0, "turn " + wanted[0]);
  EXPECT_NE(t.refused(0, "back " + wanted[0]).find("stays face up"), std::string::npos);
  EXPECT_NE(t.refused(0, "turn C3").find("path"), std::string::npos);
  EXPECT_NE(t.refused(0, "turn " + wanted[0]).find("already face up"), std::string::npos);
}

// Views: a face-up tile is seen by every seat while it is face up, and by none once turned
// back (nor does any view keep the ingredient).
TEST(BabaYagaViews, AFaceUpTileIsSeenOnlyWhileFaceUp) {
  BabaTable t(3);
  t.end_study();
  t.ok(1, "place north");
  const std::string wrong = t.unwanted();
  const std::string name(by::ingredient(t.s->ingredient_at(by::parse_cell(wrong))).name);
  t.ok(0, "turn " + wrong);
  for (Seat v = kSpectator; v < 3; ++v) EXPECT_EQ(t.tile(v, wrong)["ingredient"], name);
  t.ok(0, "back " + wrong);
  for (Seat v = kSpectator; v < 3; ++v) {
    EXPECT_FALSE(t.tile(v, wrong).contains("ingredient"));
    EXPECT_EQ(t.view(v).dump().find(name), std::string::npos) << "viewer " << v;
  }
}

// "Memory is the game": no line of the log names the ingredient of a tile, which would stay
// on screen once the tile is face down again (`sabbat play --lines` prints these texts).
TEST(BabaYagaMemory, NoEventNamesATurnedIngredient) {
  BabaTable t(3);
  t.end_study();
  t.ok(1, "place north");
  const std::string wrong = t.unwanted(), good = t.wanted()[0];
  for (const std::string& cell : {wrong, good}) {
    const std::string name(by::ingredient(t.s->ingredient_at(by::parse_cell(cell))).name);
    t.ok(0, "turn " + cell);
    for (const Event& e : t.events) {
      EXPECT_EQ(e.text.find(name), std::string::npos) << e.text;
      EXPECT_EQ(e.data.dump().find(name), std::string::npos) << e.data.dump();
    }
    if (cell == wrong) t.ok(0, "back " + cell);
  }
}

// "Memory is the game": which tiles she turned and turned back is for the table to remember,
// so no line of the log names a tile she turned or turned back (the board shows a tile while
// it is face up); a line says only that she turned one, and whether it is on her card.
TEST(BabaYagaMemory, NoEventNamesATileTurnedOrTurnedBack) {
  BabaTable t(3);
  t.end_study();
  t.ok(1, "place north");
  const std::string wrong = t.unwanted(), good = t.wanted()[0];
  std::vector<Event> told;
  for (const std::string& text : {"turn " + wrong, "back " + wrong, "turn " + good}) {
    t.ok(0, text);
    told.insert(told.end(), t.events.begin(), t.events.end());
  }
  std::vector<std::string> kinds;
  for (const Event& e : told) {
    kinds.push_back(e.kind);
    for (const std::string& cell : {wrong, good}) {
      EXPECT_EQ(e.text.find(cell), std::string::npos) << e.text;
      EXPECT_EQ(e.data.dump().find(cell), std::string::npos) << e.data.dump();
    }
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"turned", "back", "turned"}));
  EXPECT_EQ(told[0].data["wanted"], false);
  EXPECT_EQ(told[2].data["wanted"], true);
}

// "Memory is the game": no list of the cards that went under a pile. The spell revealed at
// the placement is in the views while it is face up; its line of the log names none of its
// ingredients, and the line of a spell that fails does not name the card.
TEST(BabaYagaMemory, NoEventNamesTheCardOfASpellThatMayGoUnderThePile) {
  BabaTable t(3);
  t.end_study();
  t.ok(1, "place north");
  const int c = t.s->card_in_play();
  std::vector<Event> told = t.events;
  t.ok(0, "turn " + t.unwanted());
  t.fly_home();
  told.insert(told.end(), t.events.begin(), t.events.end());
  bool failed = false;
  for (const Event& e : told) {
    for (int i : by::card(c).ingredients) {
      const std::string name(by::ingredient(i).name);
      EXPECT_EQ(e.text.find(name), std::string::npos) << e.text;
      EXPECT_EQ(e.data.dump().find(name), std::string::npos) << e.data.dump();
    }
    if (e.kind == "placed" || e.kind == "failed") {
      EXPECT_FALSE(e.data.contains("card")) << e.kind;
    }
    failed = failed || e.kind == "failed";
  }
  EXPECT_TRUE(failed);
  EXPECT_EQ(t.s->player(0).pile[size_t(t.s->player(0).pile_n - 1)], c);
}

// "On vérifie alors si les trois ingrédients révélés sont bien ceux représentés sur la carte":
// 3 of 4 cast the spell; every tile goes back face down in place.
TEST(BabaYagaCasting, ThreeOfFourIngredientsCastTheSpell) {
  BabaTable t(3);
  t.end_study();
  t.start_turn_with(0);  // Doigt dans le nez !: no choice to make
  const auto wanted = t.wanted();
  for (int i = 0; i < 3; ++i) t.ok(0, "turn " + wanted[size_t(i)]);
  t.fly_home();
  EXPECT_EQ(t.s->player(0).cast_n, 1);
  EXPECT_EQ(t.s->up_mask(), 0u);
  EXPECT_EQ(t.s->player(0).pile_n, 2);
  EXPECT_TRUE(t.s->audit().ok());
}

// "Si le joueur actif s'est trompé en laissant visible au moins un ingrédient incorrect ou bien
// si un ingrédient est manquant, le sort n'est pas lancé et sa carte est remplacée face cachée
// sous la pile": and everyone saw which card went under.
TEST(BabaYagaCasting, AWrongIngredientShowingOrOneMissingFailsAndTheCardGoesUnder) {
  BabaTable t(3);
  t.end_study();
  t.start_turn_with(0);
  const auto wanted = t.wanted();
  t.ok(0, "turn " + wanted[0]);
  t.ok(0, "turn " + wanted[1]);
  t.ok(0, "turn " + t.unwanted());
  t.fly_home();
  EXPECT_EQ(t.s->player(0).cast_n, 0);
  EXPECT_EQ(t.s->player(0).pile_n, 3);
  EXPECT_EQ(t.s->player(0).pile[2], 0);
  // "Memory is the game": every view says how many went under her pile, never which.
  EXPECT_EQ(t.view(2)["players"][0]["seen_under_pile"], 1);
  EXPECT_EQ(t.view(0)["players"][0]["seen_under_pile"], 1);
  // Two of three found, none wrong: missing one.
  t.ok(2, "place north");
  const int c = t.s->card_in_play();
  const auto w2 = t.wanted();
  t.ok(1, "turn " + w2[0]);
  t.ok(1, "turn " + w2[1]);
  t.fly_home();
  EXPECT_EQ(t.s->player(1).cast_n, 0);
  EXPECT_EQ(t.s->player(1).pile[2], c);
}

// Sauve qui peut !: "il faudra rassembler les quatre ingrédients".
TEST(BabaYagaLevels, SauveQuiPeutNeedsAllFourIngredients) {
  BabaTable t(3, {{"level_0", "sauve-qui-peut"}});
  t.end_study();
  EXPECT_EQ(t.s->need(), 4);
  t.start_turn_with(0);
  const auto wanted = t.wanted();
  for (int i = 0; i < 3; ++i) t.ok(0, "turn " + wanted[size_t(i)]);
  t.fly_home();
  EXPECT_EQ(t.s->player(0).cast_n, 0);
}

// Balade en forêt: "Les effets des sorts ne s'appliquent pas" — for the spells she casts.
TEST(BabaYagaLevels, BaladeCastsWithoutEffects) {
  BabaTable t(3, {{"level_0", "balade"}});
  t.end_study();
  EXPECT_EQ(t.s->need(), 3);
  t.start_turn_with(1);  // Brouillard bizarre !
  const auto wanted = t.wanted();
  for (int i = 0; i < 3; ++i) t.ok(0, "turn " + wanted[size_t(i)]);
  t.fly_home();
  EXPECT_EQ(t.s->player(0).cast_n, 1);
  EXPECT_EQ(t.s->phase(), by::Phase::Place);  // no choice: the next turn
  EXPECT_EQ(t.s->searcher(), 1);
}

// "Le joueur qui lance avec succès son troisième et dernier sort (sans en appliquer l'effet)
// remporte immédiatement la partie."
TEST(BabaYagaEnd, TheThirdSpellWinsAtOnceWithoutItsEffect) {
  BabaTable t(3);
  t.s->hooks().set_cast(0, 2);
  t.end_study();
  t.ok(1, "place north");
  const auto wanted = t.wanted();
  for (int i = 0; i < 3; ++i) t.ok(0, "turn " + wanted[size_t(i)]);
  t.fly_home();
  EXPECT_TRUE(t.s->terminal());
  EXPECT_EQ(t.s->winner(), 0);
  EXPECT_EQ(t.s->scores(), (std::vector<int>{3, 0, 0}));
  EXPECT_EQ(t.s->ranks()[0], 1);
  EXPECT_FALSE(t.s->player(0).pending.any());
}

// Tout seul dans la forêt: "Ce dernier doit changer de main après chaque déplacement".
TEST(BabaYagaTwoPlayers, TheMoverAlternatesHands) {
  BabaTable t(2);
  t.end_study();
  EXPECT_EQ(t.s->placer(), 1);
  t.ok(1, "place west");
  EXPECT_NE(t.refused(1, "move").find("move left"), std::string::npos);
  t.ok(1, "move left");
  EXPECT_NE(t.refused(1, "move left").find("move right"), std::string::npos);
  t.ok(1, "move right");
  t.ok(1, "move left");
  EXPECT_EQ(by::cell_name(t.s->baba_cell()), "D3");
  t.fly_home();
  // The roles alternate.
  EXPECT_EQ(t.s->searcher(), 1);
  EXPECT_EQ(t.s->placer(), 0);
}

// max_turns=0 (sabbat play's default, a table with a person): no cap, the game goes on until
// a witch casts her third spell.
TEST(BabaYagaEnd, MaxTurnsZeroIsNoCap) {
  BabaTable t(2, {{"max_turns", "0"}});
  t.end_study();
  for (int turn = 1; turn <= 60; ++turn) {
    ASSERT_EQ(t.s->phase(), by::Phase::Place) << "turn " << turn;
    t.ok(t.s->placer(), "place north");
    t.fly_home();
    while (t.s->phase() == by::Phase::Effect) t.ok(kClock, "timeout");
  }
  EXPECT_FALSE(t.s->terminal());
}

// A game that nobody wins stops after max_turns; the most spells cast ranks first.
TEST(BabaYagaEnd, TheGameStopsAfterMaxTurns) {
  BabaTable t(2, {{"max_turns", "2"}});
  t.end_study();
  t.ok(1, "place north");
  t.fly_home();
  t.ok(0, "place north");
  t.fly_home();
  EXPECT_TRUE(t.s->terminal());
  EXPECT_EQ(t.s->winner(), -1);
}

// Unknown and malformed actions are refused with what is expected, the state unchanged.
TEST(BabaYagaActions, TextsRoundTripAndBadTextIsExplained) {
  BabaTable t(3);
  for (const char* text : {"ready", "place south", "turn B2", "back E5", "move", "move left",
                           "swap A1 E5", "target 2", "maison D4", "maison later", "timeout"}) {
    auto a = t.s->parse_action(0, text);
    ASSERT_TRUE(a.ok()) << text;
    EXPECT_EQ(t.s->action_text(*a), text);
  }
  EXPECT_FALSE(t.s->parse_action(0, "turn Z9").ok());
  EXPECT_NE(t.s->parse_action(0, "fly").error().find("expected one of"), std::string::npos);
}

}  // namespace
}  // namespace sabbat
