// Le Bal des Sorcières: the spells played out of turn and their reaction windows — À moi,
// nananère !, Boule de cristal, Mon beau miroir — rule by rule, on hands set up by hand.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/bal-des-sorcieres/bot.hpp"
#include "games/bal-des-sorcieres/render.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/bal_cards.hpp"

namespace sabbat::bal {
namespace {

BalState new_game(int players, const std::string& level, uint64_t seed = 1,
                  const std::string& window_ms = "10000") {
  auto state = new_bal_game(players, {{"level", level}, {"window_ms", window_ms}}, seed);
  return dynamic_cast<BalState&>(*state);
}

Status play(BalState& s, Seat seat, const std::string& text, GameTime at = 0) {
  auto a = s.parse_action(seat, text);
  if (!a) return fail(a.error());
  return s.apply(seat, *a, at);
}

void expect_refused(BalState& s, Seat seat, const std::string& text, const std::string& why) {
  const BalState before = s;
  auto st = play(s, seat, text);
  ASSERT_FALSE(st.ok()) << text;
  EXPECT_NE(st.error().find(why), std::string::npos) << st.error();
  EXPECT_TRUE(s == before);
}

std::vector<std::string> legal_texts(const BalState& s, Seat seat) {
  ActionList legal;
  s.legal_actions(seat, legal);
  std::vector<std::string> out;
  for (Action a : legal) out.push_back(s.action_text(a));
  return out;
}

std::vector<Seat> seats(SeatSet set) {
  std::vector<Seat> out;
  for (Seat s = 0; s < 8; ++s)
    if (set.contains(s)) out.push_back(s);
  return out;
}

// Hands set by hand, the window of the first turn left open.
BalState dealt(const std::string& level, std::vector<std::initializer_list<Card>> hands) {
  BalState s = new_game(int(hands.size()), level);
  for (size_t i = 0; i < hands.size(); ++i) EXPECT_TRUE(s.set_hand(Seat(i), hands[i]).ok());
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
  return s;
}

std::string choice(const State& s, Seat seat) {
  auto bot = make_heuristic_bot(sabbat::Level::Normal);
  Rng rng(5);
  auto p = bot->propose(s, seat, rng);
  EXPECT_TRUE(p.has_value());
  return p ? s.action_text(p->action) : "";
}

// "Cette carte se pose au moment où le joueur reçoit CARABOSSE, avant qu'il ait pu jouer":
// the window opens when Carabosse arrives, and is offered to every witch who could answer,
// whatever she holds; answers go clockwise from the holder's left.
TEST(BalWindows, ATurnWindowIsOfferedToEveryWitchWhoCouldAnswerClockwiseFromTheHoldersLeft) {
  BalState s = new_game(4, "medium");
  ASSERT_EQ(s.phase(), Phase::Window);
  EXPECT_EQ(s.window().kind, WindowKind::Turn);
  // Boule de cristal may be played by the holder herself: she answers last.
  EXPECT_EQ(seats(s.window().waiting), (std::vector<Seat>{0, 1, 2, 3}));
  std::vector<Seat> order;
  while (s.phase() == Phase::Window) {
    order.push_back(s.window().at);
    EXPECT_EQ(s.actors(), SeatSet::only(s.window().at));
    ASSERT_TRUE(play(s, s.window().at, "pass").ok());
  }
  EXPECT_EQ(order, (std::vector<Seat>{1, 2, 3, 0}));
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.actors(), SeatSet::only(0));
}

TEST(BalWindows, AWitchWithoutTheCardMayOnlyPassAndNobodyElseMayAnswerOutOfTurn) {
  BalState s = dealt(
      "easy", {{potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune)},
               {potion(Colour::Rouge, 1), potion(Colour::Vert, 1), potion(Colour::Jaune, 1)},
               {potion(Colour::Rouge, 2), spell(Spell::AMoiNananere), potion(Colour::Jaune, 2)}});
  ASSERT_EQ(s.window().at, 1);
  EXPECT_EQ(legal_texts(s, 1), (std::vector<std::string>{"pass"}));
  expect_refused(s, 1, "nananere", "you hold no \u00c0 moi, nanan\u00e8re !");
  expect_refused(s, 2, "nananere", "seat 1 is answering the reaction window");
  expect_refused(s, 0, "attack 1 with 1 rouge", "seat 1 is answering the reaction window");
  ASSERT_TRUE(play(s, 1, "pass").ok());
  EXPECT_EQ(legal_texts(s, 2), (std::vector<std::string>{"pass", "nananere"}));
}

// The views show who is waited for, never who holds what: two tables that differ only in
// whether a witch holds the card show the same window.
TEST(BalWindows, TheViewsShowWhoIsAwaitedNeverWhoHoldsTheCard) {
  auto with_card = [](bool holds) {
    BalState s = dealt(
        "easy",
        {{potion(Colour::Gris), potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune)},
         {potion(Colour::Rouge, 1), potion(Colour::Vert, 1), potion(Colour::Jaune, 1),
          potion(Colour::Bleu)},
         {potion(Colour::Rouge, 2), potion(Colour::Vert, 2), potion(Colour::Jaune, 2),
          holds ? spell(Spell::MonBeauMiroir) : potion(Colour::Bleu, 1)},
         {potion(Colour::Rouge, 3), potion(Colour::Vert, 3), potion(Colour::Jaune, 3),
          potion(Colour::Bleu, 2)}});
    pass_windows(s);
    EXPECT_TRUE(play(s, 0, "attack 1 with 1 gris").ok());
    return s;
  };
  const BalState a = with_card(true);
  const BalState b = with_card(false);
  ASSERT_EQ(a.phase(), Phase::Window);
  EXPECT_EQ(seats(a.window().waiting), (std::vector<Seat>{1, 2, 3}));
  for (Seat viewer : {kSpectator, Seat(0), Seat(1), Seat(3)})
    EXPECT_EQ(a.view(viewer), b.view(viewer)) << viewer;
  const json w = a.view(kSpectator)["window"];
  EXPECT_EQ(w["answering"], 1);
  EXPECT_EQ(w["kind"], "mirror");
  EXPECT_EQ(w["still_to_answer"], json::array({1, 2, 3}));
  EXPECT_EQ(a.view(kSpectator)["waiting_for"], json::array({1}));
}

// The Boule de cristal cards stay in the box below the medium level: a turn window lists only
// the cards the level plays, in the view and on the screen.
TEST(BalWindows, ATurnWindowListsOnlyTheCardsTheLevelPlays) {
  for (const std::string level : {"easy", "medium", "hard"}) {
    BalState s = dealt(level, {{potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune)},
                               {spell(Spell::AMoiNananere), potion(Colour::Bleu),
                                potion(Colour::Rouge, 1), potion(Colour::Jaune, 1)},
                               {potion(Colour::Vert, 1), potion(Colour::Jaune, 2),
                                potion(Colour::Rouge, 2), potion(Colour::Rouge, 3)}});
    ASSERT_EQ(s.phase(), Phase::Window) << level;
    const json cards = s.view(kSpectator)["window"]["cards"];
    const std::string screen = render_view_text(s.view(1), 1, false);
    if (level == "easy") {
      EXPECT_EQ(cards, json::array({"nananere"}));
      EXPECT_EQ(screen.find("Boule de cristal"), std::string::npos) << screen;
    } else {
      EXPECT_EQ(cards, json::array({"nananere", "boule"})) << level;
      EXPECT_NE(screen.find("Boule de cristal"), std::string::npos) << screen;
    }
  }
}

// The time limit is a parameter; at the deadline the clock closes the window as if the
// witches still to answer had passed, and an answer then is too late.
TEST(BalWindows, TheClockClosesTheWindowAtItsTimeLimitAsIfTheRestPassed) {
  BalState s = new_game(4, "medium", 3, "2500");
  ASSERT_EQ(s.phase(), Phase::Window);
  ASSERT_TRUE(play(s, 1, "pass", 400).ok());
  auto d = s.deadline();
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->at, 2500);  // from the window's opening, not from the last answer
  EXPECT_EQ(s.action_text(d->action), "time-up");
  auto up = s.parse_action(kClock, "time-up");
  ASSERT_TRUE(up.ok());
  EXPECT_FALSE(s.apply(kClock, *up, 2000).ok());
  const BalState before = s;
  auto late = play(s, 2, "pass", 2500);
  ASSERT_FALSE(late.ok());
  EXPECT_NE(late.error().find("too late"), std::string::npos) << late.error();
  EXPECT_TRUE(s == before);
  ASSERT_TRUE(s.apply(kClock, *up, 2500).ok());
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_FALSE(s.deadline().has_value());
  EXPECT_FALSE(s.apply(kClock, *up, 3000).ok());  // nothing left to close
  EXPECT_FALSE(make_game()->setup(4, {{"window_ms", "0"}}, 1).ok());
}

// « Cette carte permet de jouer à la place d'un autre joueur, lui faisant perdre ainsi son tour
// de jeu ... C'est le joueur de gauche de celui qui a perdu son tour qui reçoit CARABOSSE. »
// « On ne peut poser une carte "A MOI, NANANERE !" contre un joueur qui vient d'en poser une. »
TEST(BalNananere, PlaysInTheHoldersPlaceWhoLosesHerTurnAndNoneMayAnswerTheStandIn) {
  BalState s =
      dealt("easy", {{potion(Colour::Rouge), potion(Colour::Rouge, 1), potion(Colour::Vert),
                      potion(Colour::Jaune), potion(Colour::Jaune, 1), spell(Spell::AMoiNananere)},
                     {potion(Colour::Bleu), potion(Colour::Vert, 1), potion(Colour::Jaune, 2),
                      potion(Colour::Rouge, 2), potion(Colour::Rouge, 3)},
                     {potion(Colour::Gris), potion(Colour::Gris, 1), potion(Colour::Rouge, 4),
                      potion(Colour::Vert, 2), spell(Spell::AMoiNananere, 1)}});
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 rouge").ok());
  pass_windows(s);
  ASSERT_TRUE(play(s, 1, "parry").ok());
  // Carabosse reaches seat 1: seats 2 and 0 may answer; the holder has nothing to play.
  ASSERT_EQ(s.phase(), Phase::Window);
  EXPECT_EQ(s.carabosse(), 1);
  EXPECT_EQ(seats(s.window().waiting), (std::vector<Seat>{0, 2}));
  ASSERT_EQ(s.window().at, 2);
  ASSERT_TRUE(play(s, 2, "nananere").ok());
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.carabosse(), 1);
  EXPECT_EQ(s.stand_in(), 2);
  EXPECT_EQ(s.actors(), SeatSet::only(2));
  EXPECT_EQ(s.view(kSpectator)["stand_in"]["in_place_of"], 1);
  expect_refused(s, 1, "attack 0 with 1 bleu", "seat 2 attacks in seat 1's place");
  ASSERT_TRUE(play(s, 2, "attack 0 with 1 gris").ok());
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "take").ok());
  // Seat 1 has lost her turn: Carabosse goes to her left, seat 2, who has just played the
  // card, so nobody may play one against her and no window opens.
  EXPECT_EQ(s.carabosse(), 2);
  EXPECT_EQ(s.stand_in(), kNobody);
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.actors(), SeatSet::only(2));
}

TEST(BalNananere, NotAgainstTheWitchWhoHasJustPlayedOneNorByTheHolderOfCarabosse) {
  // At the medium level Boule de cristal keeps the window open, so the refusals can be seen.
  BalState s = dealt("medium",
                     {{potion(Colour::Rouge), potion(Colour::Rouge, 1), potion(Colour::Vert),
                       potion(Colour::Jaune), potion(Colour::Jaune, 1), spell(Spell::AMoiNananere)},
                      {potion(Colour::Bleu), potion(Colour::Vert, 1), potion(Colour::Jaune, 2),
                       potion(Colour::Rouge, 2), potion(Colour::Rouge, 3)},
                      {potion(Colour::Gris), potion(Colour::Gris, 1), potion(Colour::Rouge, 4),
                       potion(Colour::Vert, 2), spell(Spell::AMoiNananere, 1)}});
  // Seat 0 holds Carabosse and a nananère: she answers last, and may not play it on herself.
  while (s.window().at != 0) ASSERT_TRUE(play(s, s.window().at, "pass").ok());
  EXPECT_EQ(legal_texts(s, 0), (std::vector<std::string>{"pass"}));
  expect_refused(s, 0, "nananere", "you hold Carabosse");
  ASSERT_TRUE(play(s, 0, "pass").ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 rouge").ok());
  pass_windows(s);
  ASSERT_TRUE(play(s, 1, "parry").ok());
  ASSERT_EQ(s.window().at, 2);
  ASSERT_TRUE(play(s, 2, "nananere").ok());
  ASSERT_TRUE(play(s, 2, "attack 0 with 1 gris").ok());
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "take").ok());
  ASSERT_EQ(s.carabosse(), 2);
  ASSERT_EQ(s.phase(), Phase::Window);
  ASSERT_EQ(s.window().at, 0);
  expect_refused(s, 0, "nananere", "seat 2 has just played");
  EXPECT_EQ(legal_texts(s, 0), (std::vector<std::string>{"pass"}));
}

// « Cette carte permet de doubler une attaque qui n'est pas forcément dirigée contre vous sur
// le joueur de votre choix, mais ce joueur ne peut être ni l'attaquant ni le défenseur. On
// doit déjà résoudre l'attaque normale, puis l'attaque doublée ... Si l'attaque doublée
// réussit n'oubliez pas de prendre 1 nouvelle carte ; il en sera de même pour le défenseur si
// l'attaque doublée échoue. »
BalState mirror_table(Card seat2_extra) {
  BalState s =
      dealt("easy", {{potion(Colour::Gris), potion(Colour::Rouge), potion(Colour::Rouge, 1),
                      potion(Colour::Vert), potion(Colour::Jaune)},
                     {spell(Spell::MonBeauMiroir), potion(Colour::Rouge, 2),
                      potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Bleu)},
                     {spell(Spell::DuBalai), potion(Colour::Vert, 2), potion(Colour::Jaune, 2),
                      potion(Colour::Bleu, 1), seat2_extra},
                     {potion(Colour::Rouge, 4), potion(Colour::Vert, 3), potion(Colour::Jaune, 4),
                      potion(Colour::Bleu, 2), potion(Colour::Rouge, 5)}});
  pass_windows(s);
  EXPECT_TRUE(play(s, 0, "attack 1 with 1 gris").ok());
  return s;
}

TEST(BalMiroir, DoublesTheAttackOnAWitchNeitherAttackerNorDefenderAfterTheNormalOne) {
  BalState s = mirror_table(potion(Colour::Jaune, 3));
  ASSERT_EQ(s.phase(), Phase::Window);
  EXPECT_EQ(s.window().kind, WindowKind::Mirror);
  ASSERT_EQ(s.window().at, 1);  // from the attacker's left
  EXPECT_EQ(legal_texts(s, 1), (std::vector<std::string>{"pass", "miroir 2", "miroir 3"}));
  expect_refused(s, 1, "miroir 0", "ni l'attaquant ni le d\u00e9fenseur");
  expect_refused(s, 1, "miroir 1", "ni l'attaquant ni le d\u00e9fenseur");
  ASSERT_TRUE(play(s, 1, "miroir 2").ok());
  EXPECT_EQ(s.phase(), Phase::Parry);  // the first card played closes the window
  EXPECT_EQ(s.exchange().defender, 1);
  EXPECT_EQ(s.witch_at(1).hand.size(), 4);
  ASSERT_TRUE(play(s, 1, "take").ok());
  EXPECT_EQ(s.witch_at(1).alive(), 9);
  EXPECT_EQ(s.witch_at(0).hand.size(), 5);  // 4 left and the card won
  // Then the doubled attack: the same grey potion, on seat 2, by seat 1.
  ASSERT_EQ(s.phase(), Phase::Parry);
  EXPECT_TRUE(s.exchange().doubled);
  EXPECT_EQ(s.exchange().defender, 2);
  EXPECT_EQ(s.view(kSpectator)["attack"]["mirror_by"], 1);
  expect_refused(s, 2, "balai 3", "lays no cards");
  ASSERT_TRUE(play(s, 2, "take").ok());
  EXPECT_EQ(s.witch_at(2).alive(), 9);
  EXPECT_EQ(s.witch_at(1).hand.size(), 5);  // the doubled attack succeeded: her card
  EXPECT_EQ(s.witch_at(0).hand.size(), 5);  // the attacker wins nothing more
  pass_windows(s);
  EXPECT_EQ(s.carabosse(), 1);
}

TEST(BalMiroir, ADoubledAttackParriedWinsItsNewDefenderACard) {
  BalState s = mirror_table(potion(Colour::Gris, 1));
  ASSERT_TRUE(play(s, 1, "miroir 2").ok());
  ASSERT_TRUE(play(s, 1, "take").ok());
  ASSERT_TRUE(s.exchange().doubled);
  ASSERT_TRUE(play(s, 2, "parry").ok());
  EXPECT_EQ(s.witch_at(2).alive(), 10);
  EXPECT_EQ(s.witch_at(2).hand.size(), 5);  // her grey spent, a card won
  EXPECT_EQ(s.witch_at(1).hand.size(), 4);  // the mirror's player wins nothing
}

TEST(BalMiroir, NoWindowOnASortilegeWhichLeavesNobodyToDoubleItOn) {
  BalState s = dealt("easy", {{potion(Colour::Gris), spell(Spell::Sortilege), potion(Colour::Rouge),
                               potion(Colour::Vert), potion(Colour::Jaune)},
                              {spell(Spell::MonBeauMiroir), potion(Colour::Rouge, 2),
                               potion(Colour::Vert, 1), potion(Colour::Jaune, 1)},
                              {potion(Colour::Vert, 2), potion(Colour::Jaune, 2),
                               potion(Colour::Bleu, 1), potion(Colour::Rouge, 3)},
                              {potion(Colour::Vert, 3), potion(Colour::Jaune, 3),
                               potion(Colour::Bleu, 2), potion(Colour::Rouge, 4)}});
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "attack all with 1 gris + sortilege").ok());
  EXPECT_EQ(s.phase(), Phase::Parry);
  EXPECT_EQ(s.exchange().defender, 1);
}

// With three witches, only the defender has a witch left to double the attack on.
TEST(BalMiroir, WithThreeWitchesOnlyTheDefenderIsAsked) {
  BalState s = dealt(
      "easy", {{potion(Colour::Gris), potion(Colour::Rouge), potion(Colour::Vert)},
               {potion(Colour::Rouge, 1), potion(Colour::Vert, 1), potion(Colour::Jaune)},
               {potion(Colour::Rouge, 2), potion(Colour::Vert, 2), spell(Spell::MonBeauMiroir)}});
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 gris").ok());
  ASSERT_EQ(s.phase(), Phase::Window);
  EXPECT_EQ(seats(s.window().waiting), (std::vector<Seat>{1}));
}

// « Cette carte permet d'échanger avec chacun de vos voisins une carte de votre main. Vous
// pouvez donner n'importe quelle carte, mais l'échange se fait simultanément avec vos 2
// voisins, ainsi vous ne pouvez échanger les cartes reçues. »
TEST(BalBoule, ExchangesOneCardWithEachNeighbourAllLaidFaceDownFirst) {
  BalState s = dealt("medium", {{potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune),
                                 potion(Colour::Jaune, 1)},
                                {spell(Spell::BouleDeCristal), potion(Colour::Gris),
                                 potion(Colour::Bleu), potion(Colour::Rouge, 1)},
                                {potion(Colour::Vert, 1), potion(Colour::Jaune, 2),
                                 potion(Colour::Rouge, 2), potion(Colour::Rouge, 3)}});
  ASSERT_EQ(s.window().at, 1);
  ASSERT_TRUE(play(s, 1, "boule").ok());
  ASSERT_EQ(s.phase(), Phase::Boule);
  EXPECT_EQ(s.crystal().left, 2);
  EXPECT_EQ(s.crystal().right, 0);
  // She lays the card for her left, then for her right; then the left, then the right.
  EXPECT_EQ(s.actors(), SeatSet::only(1));
  expect_refused(s, 1, "give vert", "you hold no Vert");
  ASSERT_TRUE(play(s, 1, "give gris").ok());
  ASSERT_TRUE(play(s, 1, "give bleu").ok());
  EXPECT_EQ(s.actors(), SeatSet::only(2));
  ASSERT_TRUE(play(s, 2, "give vert").ok());
  // The face-down cards: only their givers see them.
  const json face_down = s.view(0)["boule"]["face_down"];
  ASSERT_EQ(face_down.size(), 3u);
  for (const json& laid : face_down) EXPECT_FALSE(laid.contains("card"));
  EXPECT_TRUE(s.view(1)["boule"]["face_down"][0].contains("card"));
  EXPECT_EQ(s.witch_at(1).hand.size(), 1);
  // What seat 2 laid has not reached seat 1 before seat 0 lays hers.
  EXPECT_EQ(s.count_in_hand(1, kind_of(Colour::Vert)), 0);
  ASSERT_TRUE(play(s, 0, "give jaune").ok());
  EXPECT_EQ(s.count_in_hand(2, kind_of(Colour::Gris)), 1);
  EXPECT_EQ(s.count_in_hand(0, kind_of(Colour::Bleu)), 1);
  EXPECT_EQ(s.count_in_hand(1, kind_of(Colour::Vert)), 1);
  EXPECT_EQ(s.count_in_hand(1, kind_of(Colour::Jaune)), 1);
  EXPECT_EQ(s.witch_at(1).hand.size(), 3);
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
  // Still before seat 0's attack: the window opens again.
  EXPECT_EQ(s.phase(), Phase::Window);
  EXPECT_EQ(s.carabosse(), 0);
}

// « Un joueur ... qui ne possède plus aucune carte Potion dans sa main, se défausse de 2 cartes
// Sort et en repioche 2 ... jusqu'à ce que le joueur puisse jouer »: a witch who gives away her
// last potion through a Boule de cristal does so before the attack, as after any exchange.
TEST(BalBoule, AWitchLeftWithoutAPotionThrowsTwoSpellsAndDrawsUntilSheHoldsOne) {
  BalState s = dealt(
      "medium", {{potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune),
                  potion(Colour::Jaune, 1)},
                 {spell(Spell::BouleDeCristal), spell(Spell::DuBalai), spell(Spell::MonBeauMiroir),
                  potion(Colour::Rouge, 1), potion(Colour::Bleu)},
                 {potion(Colour::Jaune, 2), spell(Spell::TresorMagique), spell(Spell::Sortilege),
                  spell(Spell::Abracadabra)}});
  ASSERT_EQ(s.window().at, 1);
  ASSERT_TRUE(play(s, 1, "boule").ok());
  ASSERT_TRUE(play(s, 1, "give balai").ok());
  ASSERT_TRUE(play(s, 1, "give miroir").ok());
  ASSERT_TRUE(play(s, 2, "give jaune").ok());
  ASSERT_TRUE(play(s, 0, "give jaune").ok());
  // Seat 2 holds four spells: before anyone attacks, she throws two and draws two.
  ASSERT_EQ(s.phase(), Phase::Restock);
  EXPECT_EQ(s.actors(), SeatSet::only(2));
  EXPECT_EQ((s.witch_at(2).hand & kPotionCards).size(), 0);
  for (int rounds = 0; s.phase() == Phase::Restock && rounds < 40; ++rounds) {
    ASSERT_EQ(s.actors(), SeatSet::only(2));
    for (Kind k = kColours; k < kKinds; ++k)
      if (s.count_in_hand(2, k) > 0) {
        ASSERT_TRUE(play(s, 2, "discard " + std::string(kind_info(k).slug)).ok());
        break;
      }
  }
  EXPECT_GT((s.witch_at(2).hand & kPotionCards).size(), 0);
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
  // Then the turn goes on: still before seat 0's attack.
  EXPECT_EQ(s.carabosse(), 0);
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.actors(), SeatSet::only(0));
}

// The giver knows where her card went, and nobody else does: her view says so, and a redraw of
// the hidden cards for her keeps it there.
TEST(BalBoule, TheGiverKnowsWhereHerCardIsAndRedrawsKeepItThere) {
  BalState s = dealt("medium", {{potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune),
                                 potion(Colour::Jaune, 1)},
                                {spell(Spell::BouleDeCristal), potion(Colour::Gris),
                                 potion(Colour::Bleu), potion(Colour::Rouge, 1)},
                                {potion(Colour::Vert, 1), potion(Colour::Jaune, 2),
                                 potion(Colour::Rouge, 2), potion(Colour::Rouge, 3)}});
  for (const char* text : {"boule"}) ASSERT_TRUE(play(s, 1, text).ok());
  ASSERT_TRUE(play(s, 1, "give gris").ok());
  ASSERT_TRUE(play(s, 1, "give bleu").ok());
  ASSERT_TRUE(play(s, 2, "give vert").ok());
  ASSERT_TRUE(play(s, 0, "give jaune").ok());
  EXPECT_TRUE(s.told(1).has(potion(Colour::Gris)));
  EXPECT_EQ(s.view(1)["witches"][2]["you_gave"].size(), 1u);
  EXPECT_EQ(s.view(0)["witches"][2]["you_gave"].size(), 0u);
  EXPECT_FALSE(s.view(kSpectator)["witches"][2].contains("you_gave"));
  Rng rng(7);
  for (int i = 0; i < 20; ++i) {
    auto other = s.sample_hidden(1, rng);
    const auto& o = dynamic_cast<const BalState&>(*other);
    EXPECT_TRUE(o.witch_at(2).hand.has(potion(Colour::Gris)));
    EXPECT_TRUE(o.witch_at(0).hand.has(potion(Colour::Bleu)));
    EXPECT_EQ(o.view(1), s.view(1));
    EXPECT_TRUE(o.audit().ok()) << o.audit().error();
  }
  // Once played, the card is known to all and no longer hers to know of.
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "attack 2 with 1 rouge").ok());
  pass_windows(s);
  ASSERT_TRUE(play(s, 2, "parry").ok());
  pass_windows(s);
  ASSERT_TRUE(play(s, 1, "attack 0 with 1 jaune").ok());
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "parry").ok());
  pass_windows(s);
  ASSERT_TRUE(play(s, 2, "attack 0 with 1 gris").ok());
  EXPECT_FALSE(s.told(1).has(potion(Colour::Gris)));
}

TEST(BalBoule, PlayedOnlyOutsideAttacksAndWithACardForEachNeighbour) {
  BalState s =
      dealt("medium",
            {{potion(Colour::Gris), potion(Colour::Vert), potion(Colour::Jaune),
              potion(Colour::Jaune, 1)},
             {spell(Spell::BouleDeCristal), potion(Colour::Rouge), potion(Colour::Bleu),
              potion(Colour::Rouge, 1)},
             {potion(Colour::Vert, 1), spell(Spell::BouleDeCristal, 1), potion(Colour::Rouge, 2)}});
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 gris").ok());
  ASSERT_EQ(s.phase(), Phase::Window);
  ASSERT_EQ(s.window().at, 1);
  expect_refused(s, 1, "boule", "toujours en dehors des attaques");
  // A witch with the Boule and a single other card cannot give one to each neighbour.
  BalState t = dealt(
      "medium", {{potion(Colour::Gris), potion(Colour::Vert), potion(Colour::Jaune)},
                 {spell(Spell::BouleDeCristal), potion(Colour::Rouge)},
                 {potion(Colour::Vert, 1), potion(Colour::Rouge, 2), potion(Colour::Jaune, 1)}});
  ASSERT_EQ(t.window().at, 1);
  expect_refused(t, 1, "boule", "a card to give to each neighbour");
}

// The reaction moves are listed exactly when apply accepts them, each once.
TEST(BalReactions, TheLegalListIsExactlyTheActionsApplyAcceptsInWindowsAndExchanges) {
  std::vector<Action> universe;
  for (Seat target = kNobody; target <= kMaxPlayers; ++target)
    universe.push_back(Action{encode({ActionType::Miroir, target})});
  for (uint8_t kind = 0; kind <= kKinds; ++kind)
    universe.push_back(Action{encode({ActionType::Give, kNobody, kind})});
  for (auto type : {ActionType::Pass, ActionType::Nananere, ActionType::Boule, ActionType::TimeUp,
                    ActionType::Take})
    universe.push_back(Action{encode({type})});
  int checked = 0;
  ActionList legal;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    BalState s = new_game(4 + int(seed % 3), seed % 2 ? "medium" : "hard", seed);
    Rng rng(seed);
    for (int step = 0; step < 3000 && !s.terminal(); ++step) {
      const SeatSet actors = s.actors();
      ASSERT_EQ(actors.size(), 1);
      Seat seat = 0;
      while (!actors.contains(seat)) ++seat;
      s.legal_actions(seat, legal);
      ASSERT_FALSE(legal.empty());
      if (s.phase() == Phase::Window || s.phase() == Phase::Boule) {
        ++checked;
        std::vector<uint32_t> listed;
        for (Action a : legal) listed.push_back(a.code);
        std::sort(listed.begin(), listed.end());
        ASSERT_EQ(std::adjacent_find(listed.begin(), listed.end()), listed.end());
        for (Action a : universe) {
          BalState copy = s;
          const bool accepted = copy.apply(seat, a, s.now()).ok();
          ASSERT_EQ(accepted, std::binary_search(listed.begin(), listed.end(), a.code))
              << s.action_text(a);
          if (!accepted) {
            ASSERT_TRUE(copy == s);
          }
        }
        for (Action a : legal) {
          auto back = s.parse_action(seat, s.action_text(a));
          ASSERT_TRUE(back.ok());
          ASSERT_EQ(back->code, a.code);
        }
      }
      ASSERT_TRUE(s.apply(seat, legal[rng.below(uint32_t(legal.size()))], s.now()).ok());
      ASSERT_TRUE(s.audit().ok()) << s.audit().error();
    }
  }
  EXPECT_GT(checked, 500);
}

// The bot passes a window at once when it has nothing worth playing, and plays the card when
// it pays.
TEST(BalReactionBot, PassesWithoutTheCardAndDoublesAGreyAttack) {
  BalState s = mirror_table(potion(Colour::Jaune, 3));
  ASSERT_EQ(s.window().at, 1);
  // A grey potion is rarely parried: doubled on a rival, it is likely a Crapzouille.
  EXPECT_EQ(choice(s, 1).rfind("miroir ", 0), 0u);
  ASSERT_TRUE(play(s, 1, "pass").ok());
  EXPECT_EQ(choice(s, 2), "pass");
}

TEST(BalReactionBot, TakesTheTurnWithNananereWithARareAttackAndGivesAwayALutinFarceur) {
  BalState s = dealt("hard", {{potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune),
                               potion(Colour::Jaune, 1)},
                              {potion(Colour::Rouge, 1), potion(Colour::Vert, 1),
                               spell(Spell::BouleDeCristal), spell(Spell::LutinFarceur)},
                              {potion(Colour::Gris), potion(Colour::Gris, 1),
                               spell(Spell::AMoiNananere), potion(Colour::Rouge, 2)}});
  ASSERT_EQ(s.window().at, 1);
  EXPECT_EQ(choice(s, 1), "boule");
  BalState t = s;
  // Seat 2, with two greys nobody else holds, takes the turn.
  ASSERT_TRUE(play(t, 1, "pass").ok());
  ASSERT_EQ(t.window().at, 2);
  EXPECT_EQ(choice(t, 2), "nananere");
  // With the Boule, the Lutin farceur goes first.
  ASSERT_TRUE(play(s, 1, "boule").ok());
  EXPECT_EQ(choice(s, 1), "give lutin");
}

}  // namespace
}  // namespace sabbat::bal
