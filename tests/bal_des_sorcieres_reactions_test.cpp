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
                  const std::string& window_ms = "10000",
                  const std::string& window_min_ms = "1500") {
  auto state = new_bal_game(
      players, {{"level", level}, {"window_ms", window_ms}, {"window_min_ms", window_min_ms}},
      seed);
  return dynamic_cast<BalState&>(*state);
}

// At `at`, or at the table's time.
Status play(BalState& s, Seat seat, const std::string& text, GameTime at = -1) {
  auto a = s.parse_action(seat, text);
  if (!a) return fail(a.error());
  return s.apply(seat, *a, at < 0 ? s.now() : at);
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

// The clock, at the window's deadline: its minimum, then its longest.
Status tick(BalState& s) {
  const auto d = s.deadline();
  if (!d) return fail("no deadline");
  return s.apply(kClock, d->action, std::max(d->at, s.now()));
}

// The window closed by its clock, whoever has not answered passing.
void close_by_clock(BalState& s) {
  while (s.phase() == Phase::Window) ASSERT_TRUE(tick(s).ok());
}

std::string choice(const State& s, Seat seat) {
  auto bot = make_heuristic_bot(sabbat::Level::Normal);
  Rng rng(5);
  auto p = bot->propose(s, seat, rng);
  EXPECT_TRUE(p.has_value());
  return p ? s.action_text(p->action) : "";
}

// Three witches: seat 2 alone holds À moi, nananère !.
BalState nananere_table() {
  return dealt("easy",
               {{potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune)},
                {potion(Colour::Rouge, 1), potion(Colour::Vert, 1), potion(Colour::Jaune, 1)},
                {potion(Colour::Rouge, 2), spell(Spell::AMoiNananere), potion(Colour::Jaune, 2)}});
}

// "Cette carte se pose au moment où le joueur reçoit CARABOSSE, avant qu'il ait pu jouer": the
// window opens when Carabosse arrives (by what everyone knows) but asks only the witches who
// hold a card they may play in it; a witch who has nothing to answer says nothing.
TEST(BalWindows, AWindowAsksOnlyTheWitchesWhoHoldAnAnswer) {
  BalState s = nananere_table();
  ASSERT_EQ(s.phase(), Phase::Window);
  EXPECT_EQ(s.window().kind, WindowKind::Turn);
  EXPECT_EQ(seats(s.window().asked), (std::vector<Seat>{2}));
  EXPECT_EQ(s.actors(), SeatSet::only(2));
  EXPECT_TRUE(legal_texts(s, 1).empty());
  EXPECT_TRUE(legal_texts(s, 0).empty());
  EXPECT_EQ(legal_texts(s, 2), (std::vector<std::string>{"pass", "nananere"}));
  expect_refused(s, 1, "pass", "asks only a witch who holds a card she may play in it");
  expect_refused(s, 0, "attack 1 with 1 rouge", "a reaction window is open");
  // Each viewer is told only whether she herself is asked.
  EXPECT_EQ(s.actors_seen_by(2), SeatSet::only(2));
  EXPECT_TRUE(s.actors_seen_by(1).empty());
  EXPECT_TRUE(s.actors_seen_by(kSpectator).empty());
  EXPECT_EQ(s.view(1)["waiting_for"], json::array());
  EXPECT_EQ(s.view(2)["waiting_for"], json::array({2}));
  // At the medium level every witch holding a Boule de cristal is asked, the holder included.
  BalState m = dealt("medium", {{spell(Spell::BouleDeCristal), potion(Colour::Rouge),
                                 potion(Colour::Vert), potion(Colour::Jaune)},
                                {potion(Colour::Rouge, 1), potion(Colour::Vert, 1)},
                                {potion(Colour::Rouge, 2), potion(Colour::Jaune, 2)}});
  EXPECT_EQ(seats(m.window().asked), (std::vector<Seat>{0}));
}

// The asked answer at once, each once, in secret: her card stays in her hand in every view
// until the window closes, and the answer's events reach her alone.
TEST(BalWindows, AnAnswerIsSecretUntilTheWindowClosesAndGivenOnce) {
  BalState s = nananere_table();
  const json before0 = s.view(0), before1 = s.view(1), spectator = s.view(kSpectator);
  auto a = s.parse_action(2, "nananere");
  ASSERT_TRUE(a.ok());
  EXPECT_TRUE(s.secret_from_others(2, *a, 100));
  Events events;
  ASSERT_TRUE(s.apply(2, *a, 100, &events).ok());
  for (const Event& e : events) {
    EXPECT_TRUE(e.audience.sees(2)) << e.kind;
    EXPECT_FALSE(e.audience.sees(0) || e.audience.sees(1) || e.audience.sees(kSpectator)) << e.kind;
  }
  EXPECT_EQ(s.phase(), Phase::Window);
  EXPECT_EQ(s.view(0), before0);
  EXPECT_EQ(s.view(1), before1);
  EXPECT_EQ(s.view(kSpectator), spectator);
  EXPECT_EQ(s.view(2)["window"]["answer"], "nananere");
  EXPECT_EQ(s.count_in_hand(2, kind_of(Spell::AMoiNananere)), 1);
  expect_refused(s, 2, "pass", "a witch answers once");
  // The clock at the minimum closes it: everyone learns which card took effect.
  Events closing;
  const auto d = s.deadline();
  ASSERT_TRUE(d.has_value());
  ASSERT_TRUE(s.apply(kClock, d->action, d->at, &closing).ok());
  EXPECT_EQ(s.stand_in(), 2);
  EXPECT_EQ(s.count_in_hand(2, kind_of(Spell::AMoiNananere)), 0);
  bool told = false;
  for (const Event& e : closing) told = told || (e.kind == "window-closed" && e.audience.sees(0));
  EXPECT_TRUE(told);
}

// A pass is not written in anyone else's log.
TEST(BalWindows, APassReachesNoOneElse) {
  BalState s = nananere_table();
  Events events;
  auto a = s.parse_action(2, "pass");
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(s.apply(2, *a, 0, &events).ok());
  ASSERT_FALSE(events.empty());
  for (const Event& e : events)
    for (Seat viewer : {kSpectator, Seat(0), Seat(1)}) EXPECT_FALSE(e.audience.sees(viewer));
  Events closing;
  const auto d = s.deadline();
  ASSERT_TRUE(s.apply(kClock, d->action, d->at, &closing).ok());
  for (const Event& e : closing) EXPECT_EQ(e.text.find("pass"), std::string::npos) << e.text;
}

// A window nobody answers changes nothing at the table, and one opens after every turn and
// every attack: its close writes no line in anyone's log, so the log is the game's moves.
TEST(BalWindows, AWindowNobodyAnswersLeavesNoLineInTheLog) {
  BalState s = nananere_table();
  ASSERT_TRUE(play(s, 2, "pass").ok());
  Events closing;
  const auto d = s.deadline();
  ASSERT_TRUE(d.has_value());
  ASSERT_TRUE(s.apply(kClock, d->action, d->at, &closing).ok());
  EXPECT_NE(s.phase(), Phase::Window);
  EXPECT_TRUE(closing.empty()) << closing.front().text;
}

// Twins that differ only in whether a witch holds Mon beau miroir: every other seat sees the
// same view, the same actors and the same deadline until the window closes.
TEST(BalWindows, WhoHoldsTheCardDoesNotShowWhileTheWindowIsOpen) {
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
  BalState a = with_card(true);
  BalState b = with_card(false);
  ASSERT_EQ(a.phase(), Phase::Window);
  ASSERT_EQ(b.phase(), Phase::Window);
  EXPECT_EQ(seats(a.window().asked), (std::vector<Seat>{2}));
  EXPECT_TRUE(b.window().asked.empty());
  auto same_to_others = [&](const char* when) {
    for (Seat viewer : {kSpectator, Seat(0), Seat(1), Seat(3)}) {
      EXPECT_EQ(a.view(viewer), b.view(viewer)) << when << ", viewer " << viewer;
      EXPECT_EQ(a.actors_seen_by(viewer), b.actors_seen_by(viewer)) << when;
      ASSERT_TRUE(a.deadline().has_value() && b.deadline().has_value());
      EXPECT_EQ(a.deadline()->at, b.deadline()->at) << when;
    }
  };
  same_to_others("opened");
  const json w = a.view(kSpectator)["window"];
  EXPECT_EQ(w["kind"], "mirror");
  EXPECT_EQ(w["cards"], json::array({"miroir"}));
  EXPECT_EQ(w["until"], w["opened"].get<int64_t>() + 10000);
  EXPECT_EQ(w["min_until"], w["opened"].get<int64_t>() + 1500);
  EXPECT_FALSE(w.contains("asked"));
  EXPECT_TRUE(a.view(2)["window"]["asked"].get<bool>());
  EXPECT_FALSE(a.view(1)["window"].contains("asked"));
  ASSERT_TRUE(play(a, 2, "miroir 3").ok());
  same_to_others("answered");
  // Both close at the minimum; only then does the mirror show.
  ASSERT_TRUE(tick(a).ok());
  ASSERT_TRUE(tick(b).ok());
  EXPECT_EQ(a.exchange().mirror_by, 2);
  EXPECT_EQ(b.exchange().mirror_by, kNobody);
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

// The time limits are parameters. The window never closes before its minimum, whatever the
// answers; after it, the last answer closes it at once; at its longest the clock closes it as
// if the witches still to answer had passed, and an answer then is too late.
TEST(BalWindows, NeverBeforeItsMinimumAtOnceAfterItWhenAllAnsweredAndAtItsLongestOtherwise) {
  auto table = [] {
    BalState s = new_game(3, "easy", 1, "2500", "1000");
    EXPECT_TRUE(s.set_hand(2, {potion(Colour::Rouge, 2), spell(Spell::AMoiNananere),
                               potion(Colour::Jaune, 2)})
                    .ok());
    EXPECT_TRUE(s.set_hand(1, {potion(Colour::Rouge, 1), potion(Colour::Vert, 1)}).ok());
    EXPECT_TRUE(s.set_hand(0, {potion(Colour::Rouge), potion(Colour::Vert)}).ok());
    return s;
  };
  // Answered before the minimum: still open till then.
  BalState s = table();
  ASSERT_EQ(s.deadline()->at, 1000);
  EXPECT_EQ(s.action_text(s.deadline()->action), "time-up");
  ASSERT_TRUE(play(s, 2, "pass", 400).ok());
  EXPECT_EQ(s.phase(), Phase::Window);
  EXPECT_EQ(s.deadline()->at, 1000);
  auto up = s.parse_action(kClock, "time-up");
  ASSERT_TRUE(up.ok());
  EXPECT_FALSE(s.apply(kClock, *up, 999).ok());
  ASSERT_TRUE(s.apply(kClock, *up, 1000).ok());
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_FALSE(s.deadline().has_value());
  EXPECT_FALSE(s.apply(kClock, *up, 3000).ok());  // nothing left to close
  // Not answered by the minimum: open till the longest; her answer then closes it at once.
  BalState t = table();
  ASSERT_TRUE(t.apply(kClock, *up, 1000).ok());
  EXPECT_EQ(t.phase(), Phase::Window);
  EXPECT_EQ(t.deadline()->at, 2500);
  // That last answer closes the window for everyone to see: it is no secret.
  auto nananere = t.parse_action(2, "nananere");
  ASSERT_TRUE(nananere.ok());
  EXPECT_FALSE(t.secret_from_others(2, *nananere, 1700));
  EXPECT_TRUE(table().secret_from_others(2, *nananere, 400));
  ASSERT_TRUE(play(t, 2, "nananere", 1700).ok());
  EXPECT_EQ(t.phase(), Phase::Attack);
  EXPECT_EQ(t.stand_in(), 2);
  // Never answered: the clock closes it at the longest, her card still in her hand.
  BalState u = table();
  ASSERT_TRUE(u.apply(kClock, *up, 1000).ok());
  const BalState before = u;
  auto late = play(u, 2, "pass", 2500);
  ASSERT_FALSE(late.ok());
  EXPECT_NE(late.error().find("too late"), std::string::npos) << late.error();
  EXPECT_TRUE(u == before);
  ASSERT_TRUE(u.apply(kClock, *up, 2500).ok());
  EXPECT_EQ(u.phase(), Phase::Attack);
  EXPECT_EQ(u.stand_in(), kNobody);
  EXPECT_EQ(u.count_in_hand(2, kind_of(Spell::AMoiNananere)), 1);
  // Nobody asked: the clock closes it at the minimum.
  BalState v = new_game(3, "easy", 1, "2500", "1000");
  for (Seat p = 0; p < 3; ++p)
    ASSERT_TRUE(v.set_hand(p, {potion(Colour::Rouge, p), potion(Colour::Vert, p)}).ok());
  if (v.phase() == Phase::Window) {
    EXPECT_TRUE(v.actors().empty());
    EXPECT_EQ(v.deadline()->at, 1000);
    ASSERT_TRUE(v.apply(kClock, *up, 1000).ok());
  }
  EXPECT_EQ(v.phase(), Phase::Attack);
  EXPECT_FALSE(make_game()->setup(4, {{"window_ms", "0"}}, 1).ok());
  auto game = make_game();
  auto longer = game->setup(4, {{"window_ms", "2000"}, {"window_min_ms", "3000"}}, 1);
  ASSERT_TRUE(longer.ok());
  EXPECT_FALSE(game->new_state(*longer).ok());
}

// "No advantage to a quick connection": when two witches play a card, the first in clockwise
// order takes effect (turn window: from the left of the holder of Carabosse; mirror window:
// from the attacker's left), whoever answered first; the other keeps her card.
TEST(BalWindows, WhenTwoPlayTheFirstInClockwiseOrderTakesEffect) {
  BalState s = dealt(
      "easy", {{potion(Colour::Gris), potion(Colour::Rouge), potion(Colour::Vert)},
               {potion(Colour::Rouge, 1), potion(Colour::Vert, 1), spell(Spell::AMoiNananere)},
               {potion(Colour::Rouge, 2), potion(Colour::Vert, 2), spell(Spell::AMoiNananere, 1)}});
  ASSERT_EQ(seats(s.window().asked), (std::vector<Seat>{1, 2}));
  ASSERT_TRUE(play(s, 2, "nananere", 10).ok());
  ASSERT_TRUE(play(s, 1, "nananere", 20).ok());
  Events events;
  const auto d = s.deadline();
  ASSERT_TRUE(s.apply(kClock, d->action, d->at, &events).ok());
  EXPECT_EQ(s.stand_in(), 1);
  EXPECT_EQ(s.count_in_hand(1, kind_of(Spell::AMoiNananere)), 0);
  EXPECT_EQ(s.count_in_hand(2, kind_of(Spell::AMoiNananere)), 1);
  for (const Event& e : events)
    if (e.kind == "window-answer-void") {
      EXPECT_TRUE(e.audience.sees(2));
      EXPECT_FALSE(e.audience.sees(0) || e.audience.sees(1));
    }
  // The mirror window, from the attacker's left: seat 2 before seat 3.
  BalState m =
      dealt("easy",
            {{potion(Colour::Gris), potion(Colour::Rouge), potion(Colour::Vert)},
             {potion(Colour::Rouge, 1), potion(Colour::Vert, 1), potion(Colour::Jaune, 1)},
             {potion(Colour::Rouge, 2), potion(Colour::Vert, 2), spell(Spell::MonBeauMiroir)},
             {potion(Colour::Rouge, 3), potion(Colour::Vert, 3), spell(Spell::MonBeauMiroir, 1)}});
  pass_windows(m);
  ASSERT_TRUE(play(m, 0, "attack 1 with 1 gris").ok());
  ASSERT_EQ(seats(m.window().asked), (std::vector<Seat>{2, 3}));
  ASSERT_TRUE(play(m, 3, "miroir 2").ok());
  ASSERT_TRUE(play(m, 2, "miroir 3").ok());
  close_by_clock(m);
  EXPECT_EQ(m.exchange().mirror_by, 2);
  EXPECT_EQ(m.exchange().mirror_target, 3);
  EXPECT_EQ(m.count_in_hand(3, kind_of(Spell::MonBeauMiroir)), 1);
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
  // Carabosse reaches seat 1: seats 2 and 0 hold an answer; the holder has nothing to play.
  ASSERT_EQ(s.phase(), Phase::Window);
  EXPECT_EQ(s.carabosse(), 1);
  EXPECT_EQ(seats(s.window().asked), (std::vector<Seat>{0, 2}));
  ASSERT_TRUE(play(s, 2, "nananere").ok());
  ASSERT_TRUE(play(s, 0, "pass").ok());
  close_by_clock(s);
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
  // Seat 0 holds Carabosse and a nananère: she may not play it on herself, so she is not asked.
  EXPECT_EQ(seats(s.window().asked), (std::vector<Seat>{2}));
  EXPECT_TRUE(legal_texts(s, 0).empty());
  expect_refused(s, 0, "nananere", "asks only a witch who holds a card she may play");
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 rouge").ok());
  pass_windows(s);
  ASSERT_TRUE(play(s, 1, "parry").ok());
  ASSERT_TRUE(play(s, 2, "nananere").ok());
  ASSERT_TRUE(play(s, 0, "pass").ok());
  close_by_clock(s);
  ASSERT_TRUE(play(s, 2, "attack 0 with 1 gris").ok());
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "take").ok());
  ASSERT_EQ(s.carabosse(), 2);
  // The window opens (a Boule de cristal may be out there), but seat 0's nananère may not be
  // played against seat 2, who has just played one: nobody is asked.
  ASSERT_EQ(s.phase(), Phase::Window);
  EXPECT_TRUE(s.window().asked.empty());
  EXPECT_TRUE(legal_texts(s, 0).empty());
  close_by_clock(s);
  EXPECT_EQ(s.actors(), SeatSet::only(2));
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
  ASSERT_EQ(seats(s.window().asked), (std::vector<Seat>{1}));  // the defender may play it
  EXPECT_EQ(legal_texts(s, 1), (std::vector<std::string>{"pass", "miroir 2", "miroir 3"}));
  expect_refused(s, 1, "miroir 0", "ni l'attaquant ni le d\u00e9fenseur");
  expect_refused(s, 1, "miroir 1", "ni l'attaquant ni le d\u00e9fenseur");
  ASSERT_TRUE(play(s, 1, "miroir 2").ok());
  close_by_clock(s);
  EXPECT_EQ(s.phase(), Phase::Parry);
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
  close_by_clock(s);
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

// With three witches, only the defender has a witch left to double the attack on: another
// witch holding the card is not asked.
TEST(BalMiroir, WithThreeWitchesOnlyTheDefenderMayPlayIt) {
  BalState s = dealt(
      "easy", {{potion(Colour::Gris), potion(Colour::Rouge), potion(Colour::Vert)},
               {potion(Colour::Rouge, 1), potion(Colour::Vert, 1), potion(Colour::Jaune)},
               {potion(Colour::Rouge, 2), potion(Colour::Vert, 2), spell(Spell::MonBeauMiroir)}});
  pass_windows(s);
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 gris").ok());
  ASSERT_EQ(s.phase(), Phase::Window);
  EXPECT_TRUE(s.window().asked.empty());
  EXPECT_TRUE(s.actors().empty());
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
  ASSERT_EQ(seats(s.window().asked), (std::vector<Seat>{1}));
  ASSERT_TRUE(play(s, 1, "boule").ok());
  close_by_clock(s);
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
  ASSERT_EQ(s.phase(), Phase::Window);
  ASSERT_TRUE(play(s, 1, "boule").ok());
  close_by_clock(s);
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
  ASSERT_TRUE(play(s, 1, "boule").ok());
  close_by_clock(s);
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
  // Once an attack is laid, the window is Mon beau miroir's: the Boule asks nobody.
  ASSERT_EQ(s.phase(), Phase::Window);
  EXPECT_TRUE(s.window().asked.empty());
  expect_refused(s, 1, "boule", "asks only a witch who holds a card she may play");
  // A witch with the Boule and a single other card cannot give one to each neighbour.
  BalState t = dealt(
      "medium", {{potion(Colour::Gris), potion(Colour::Vert), potion(Colour::Jaune)},
                 {spell(Spell::BouleDeCristal), potion(Colour::Rouge)},
                 {potion(Colour::Vert, 1), potion(Colour::Rouge, 2), potion(Colour::Jaune, 1)}});
  EXPECT_TRUE(t.window().asked.empty());
  expect_refused(t, 1, "boule", "asks only a witch who holds a card she may play");
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
      if (actors.empty()) {  // a window nobody (else) answers: its clock
        ASSERT_TRUE(tick(s).ok());
        continue;
      }
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
  ASSERT_EQ(seats(s.window().asked), (std::vector<Seat>{1}));
  // A grey potion is rarely parried: doubled on a rival, it is likely a Crapzouille.
  EXPECT_EQ(choice(s, 1).rfind("miroir ", 0), 0u);
  // A witch without the card is not asked: her bot has nothing to do.
  auto bot = make_heuristic_bot(sabbat::Level::Normal);
  Rng rng(5);
  EXPECT_FALSE(bot->propose(s, 2, rng).has_value());
}

TEST(BalReactionBot, TakesTheTurnWithNananereWithARareAttackAndGivesAwayALutinFarceur) {
  BalState s = dealt("hard", {{potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune),
                               potion(Colour::Jaune, 1)},
                              {potion(Colour::Rouge, 1), potion(Colour::Vert, 1),
                               spell(Spell::BouleDeCristal), spell(Spell::LutinFarceur)},
                              {potion(Colour::Gris), potion(Colour::Gris, 1),
                               spell(Spell::AMoiNananere), potion(Colour::Rouge, 2)}});
  ASSERT_EQ(seats(s.window().asked), (std::vector<Seat>{1, 2}));
  EXPECT_EQ(choice(s, 1), "boule");
  // Seat 2, with two greys nobody else holds, takes the turn.
  EXPECT_EQ(choice(s, 2), "nananere");
  // With the Boule, the Lutin farceur goes first.
  ASSERT_TRUE(play(s, 1, "boule").ok());
  ASSERT_TRUE(play(s, 2, "pass").ok());
  close_by_clock(s);
  EXPECT_EQ(choice(s, 1), "give lutin");
}

}  // namespace
}  // namespace sabbat::bal
