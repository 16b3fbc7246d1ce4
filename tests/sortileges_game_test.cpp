// Sortilèges: the game's parameters, actions and their errors, events, views and rendering.
#include <gtest/gtest.h>

#include <string>

#include "core/key_screen.hpp"
#include "games/sortileges/sortileges.hpp"
#include "games/sortileges/state.hpp"

namespace sabbat::sortileges {
namespace {

Card C(const char* text) {
  return parse_card(text).value_or(kNoCard);
}

std::unique_ptr<State> start(int players, std::map<std::string, std::string> params = {},
                             uint64_t seed = 1) {
  auto game = make_game();
  auto setup = game->setup(players, params, seed);
  EXPECT_TRUE(setup.ok()) << setup.error();
  auto state = game->new_state(*setup);
  EXPECT_TRUE(state.ok()) << state.error();
  return std::move(state).value();
}

SortilegesState& as(State& s) {
  return dynamic_cast<SortilegesState&>(s);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(SortilegesGame, DescribesItself) {
  auto game = make_game();
  EXPECT_EQ(game->id(), "sortileges");
  EXPECT_EQ(game->display_name(), "Sortil\u00e8ges");
  EXPECT_EQ(game->min_players(), 2);
  EXPECT_EQ(game->max_players(), 6);
  EXPECT_EQ(game->default_players(), 4);
  EXPECT_TRUE(game->facts().hidden_information);
  EXPECT_TRUE(game->facts().chance);
  EXPECT_FALSE(game->facts().real_time);
  for (const auto& spec : game->param_specs()) EXPECT_FALSE(spec.description.empty());
}

TEST(SortilegesGame, IsPlayedByTypedLinesWithoutAKeyScreen) {
  EXPECT_EQ(make_game()->make_key_screen(), nullptr);
}

TEST(SortilegesGame, BadParameterValuesAreRejected) {
  auto game = make_game();
  auto bad = game->setup(4, {{"unclaimed", "burnt"}}, 1);
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(contains(bad.error(), "unclaimed")) << bad.error();
  EXPECT_TRUE(contains(bad.error(), "under-gratin")) << bad.error();
  EXPECT_FALSE(game->setup(4, {{"first_player", "random"}}, 1).ok());
  EXPECT_FALSE(game->setup(4, {{"first_seat", "6"}}, 1).ok());
  EXPECT_FALSE(game->setup(4, {{"first_seat", "-1"}}, 1).ok());
  EXPECT_FALSE(game->setup(7, {}, 1).ok());
  EXPECT_FALSE(game->setup(1, {}, 1).ok());
}

TEST(SortilegesGame, AFirstSeatBeyondThePlayersIsRejected) {
  auto game = make_game();
  auto setup = game->setup(3, {{"first_seat", "3"}}, 1);
  ASSERT_TRUE(setup.ok());
  auto state = game->new_state(*setup);
  ASSERT_FALSE(state.ok());
  EXPECT_TRUE(contains(state.error(), "first_seat")) << state.error();
  EXPECT_TRUE(contains(state.error(), "0 to 2")) << state.error();
  auto four = game->setup(4, {{"first_seat", "3"}}, 1);
  ASSERT_TRUE(four.ok());
  EXPECT_TRUE(game->new_state(*four).ok());
}

TEST(SortilegesGame, TheFirstSeatStartsRoundOne) {
  auto s = start(5, {{"first_seat", "3"}});
  EXPECT_EQ(s->actors(), SeatSet::only(3));
}

TEST(SortilegesGame, TheSameSeedGivesTheSameGame) {
  auto a = start(4, {}, 42), b = start(4, {}, 42), c = start(4, {}, 43);
  EXPECT_EQ(a->full_state(), b->full_state());
  EXPECT_NE(a->full_state(), c->full_state());
}

TEST(SortilegesActions, CanonicalTextRoundTrips) {
  auto s = start(2);
  for (uint32_t code = 0; code < kActionCodes; ++code) {
    const std::string text = s->action_text(Action{code});
    auto parsed = s->parse_action(0, text);
    ASSERT_TRUE(parsed.ok()) << text;
    EXPECT_EQ(parsed->code, code) << text;
  }
  EXPECT_EQ(s->action_text(Action{encode_place(C("10H"), kLeft)}), "place 10H under left");
  EXPECT_EQ(s->action_text(Action{encode_place(C("7S"), kRight)}), "place 7S under right");
}

TEST(SortilegesActions, ParsingIgnoresCaseAndAcceptsTForTen) {
  auto s = start(2);
  auto a = s->parse_action(0, "  PLACE th UNDER Right ");
  ASSERT_TRUE(a.ok()) << a.error();
  EXPECT_EQ(a->code, encode_place(C("10H"), kRight));
  auto b = s->parse_action(0, "place 7d left");
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_EQ(b->code, encode_place(C("7D"), kLeft));
}

TEST(SortilegesActions, ParseErrorsSayWhatWasExpectedWithAnExample) {
  auto s = start(2);
  for (const char* text : {"", "put 7H under left", "place", "place 7H", "place 7H under",
                           "place 7H under left now"}) {
    auto r = s->parse_action(0, text);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_TRUE(contains(r.error(), "place 7H under left")) << r.error();
  }
  auto card = s->parse_action(0, "place 7X under left");
  ASSERT_FALSE(card.ok());
  EXPECT_TRUE(contains(card.error(), "'7X' is not a card")) << card.error();
  auto side = s->parse_action(0, "place 7H under middle");
  ASSERT_FALSE(side.ok());
  EXPECT_TRUE(contains(side.error(), "left or right")) << side.error();
}

TEST(SortilegesActions, ACardNotInHandIsRefusedAndTheStateIsUnchanged) {
  auto s = start(2);
  auto& st = as(*s);
  ASSERT_TRUE(st.set_hand(C("3S"), C("9D")).ok());
  const json before = s->full_state();
  Status r = s->apply_text(0, "place 7H under left", 0);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "7H is not in your hand; you hold 3S and 9D");
  EXPECT_EQ(s->full_state(), before);
  Status code = s->apply(0, Action{0xFFFFFFFFu}, 0);
  ASSERT_FALSE(code.ok());
  EXPECT_TRUE(contains(code.error(), "3S or 9D") || contains(code.error(), "3S and 9D"))
      << code.error();
  EXPECT_EQ(s->full_state(), before);
  // Out of turn: the core refuses, nothing changes.
  EXPECT_FALSE(s->apply_text(1, "place 3S under left", 0).ok());
  EXPECT_EQ(s->full_state(), before);
  EXPECT_TRUE(s->apply_text(0, "place 3S under left", 0).ok());
  EXPECT_NE(s->full_state(), before);
}

TEST(SortilegesActions, PlacingKeepsOneCardAndDiscardsTheOther) {
  auto s = start(2);
  auto& st = as(*s);
  ASSERT_TRUE(st.set_hand(C("3S"), C("9D")).ok());
  ASSERT_TRUE(s->apply_text(0, "place 9D under right", 0).ok());
  EXPECT_EQ(st.area(0).placed[kRight].span()[0], C("9D"));
  EXPECT_EQ(st.area(0).discards.span()[0], C("3S"));
  EXPECT_EQ(st.area(0).hand.size, 0);
  EXPECT_EQ(st.current(), 1);
  EXPECT_EQ(st.area(1).hand.size, 2);
}

TEST(SortilegesEvents, DrawsArePrivatePlacementsPublicDiscardsFaceDown) {
  auto s = start(2);
  auto& st = as(*s);
  ASSERT_TRUE(st.set_hand(C("3S"), C("9D")).ok());
  Events events;
  ASSERT_TRUE(s->apply_text(0, "place 9D under right", 0, &events).ok());
  int drawn = 0, placed = 0, public_discards = 0, own_discards = 0;
  for (const Event& e : events) {
    EXPECT_FALSE(e.text.empty());
    if (e.kind == "placed") {
      ++placed;
      EXPECT_TRUE(e.audience.sees(1) && e.audience.sees(kSpectator));
      EXPECT_EQ(e.data["card"], "9D");
      EXPECT_EQ(e.data["side"], "right");
    } else if (e.kind == "discarded") {
      if (e.data.contains("card")) {
        ++own_discards;
        EXPECT_EQ(e.data["card"], "3S");
        EXPECT_TRUE(e.audience.sees(0));
        EXPECT_FALSE(e.audience.sees(1) || e.audience.sees(kSpectator));
      } else {
        ++public_discards;
        EXPECT_TRUE(e.audience.sees(1) && e.audience.sees(kSpectator));
      }
    } else if (e.kind == "drawn") {
      ++drawn;
      EXPECT_TRUE(e.audience.sees(1));
      EXPECT_FALSE(e.audience.sees(0) || e.audience.sees(kSpectator));
      EXPECT_EQ(e.data["cards"], cards_json(st.area(1).hand.span()));
    }
  }
  EXPECT_EQ(drawn, 1);
  EXPECT_EQ(placed, 1);
  EXPECT_EQ(public_discards, 1);
  EXPECT_EQ(own_discards, 1);
}

TEST(SortilegesEvents, TheRevealAndTheEndArePublic) {
  auto s = start(2);
  Events events;
  ActionList legal;
  while (!s->terminal()) {
    const Seat seat = as(*s).current();
    s->legal_actions(seat, legal);
    ASSERT_TRUE(s->apply(seat, legal.back(), 0, &events).ok());
  }
  int reveals = 0, starts = 0, ends = 0;
  for (const Event& e : events) {
    if (e.kind == "round-revealed") {
      ++reveals;
      EXPECT_TRUE(e.audience.sees(0) && e.audience.sees(1) && e.audience.sees(kSpectator));
      EXPECT_TRUE(e.data["left"]["card"].is_string());
      EXPECT_TRUE(contains(e.text, "revealed"));
    }
    if (e.kind == "round-started") ++starts;
    if (e.kind == "game-over") {
      ++ends;
      EXPECT_TRUE(e.audience.sees(kSpectator));
      EXPECT_EQ(e.data["scores"], json(s->scores()));
    }
  }
  EXPECT_EQ(reveals, 8);
  EXPECT_EQ(starts, 7);  // round 1 starts in new_state, without events
  EXPECT_EQ(ends, 1);
}

TEST(SortilegesViews, CoupleCardsStayFaceDownForEveryoneUntilTheReveal) {
  auto s = start(3);
  auto& st = as(*s);
  const std::string left = "\"" + card_text(st.couple(kLeft)) + "\"";
  const std::string right = "\"" + card_text(st.couple(kRight)) + "\"";
  for (Seat viewer = kSpectator; viewer < 3; ++viewer) {
    const std::string v = s->view(viewer).dump();
    EXPECT_FALSE(contains(v, left)) << v;
    EXPECT_FALSE(contains(v, right)) << v;
    EXPECT_EQ(s->view(viewer)["couple"]["left"]["face_down"], true);
  }
}

TEST(SortilegesViews, AHandAndItsDiscardsAreSeenOnlyByTheirOwner) {
  auto s = start(3);
  auto& st = as(*s);
  ASSERT_TRUE(st.set_hand(C("3S"), C("9D")).ok());
  ASSERT_TRUE(s->apply_text(0, "place 9D under left", 0).ok());  // 3S discarded
  ASSERT_TRUE(st.set_hand(C("4C"), C("5C")).ok());               // seat 1 holds 4C 5C
  EXPECT_EQ(s->view(0)["discards"], json::array({"3S"}));
  EXPECT_EQ(s->view(1)["hand"], json::array({"4C", "5C"}));
  for (Seat viewer : {kSpectator, 1, 2}) EXPECT_FALSE(contains(s->view(viewer).dump(), "\"3S\""));
  for (Seat viewer : {kSpectator, 0, 2}) {
    EXPECT_FALSE(contains(s->view(viewer).dump(), "\"4C\""));
    EXPECT_FALSE(contains(s->view(viewer).dump(), "\"5C\""));
  }
  EXPECT_FALSE(s->view(kSpectator).contains("hand"));
  EXPECT_EQ(s->view(2)["seats"][0]["left"], json::array({"9D"}));  // placements are public
  EXPECT_EQ(s->view(2)["seats"][0]["discarded"], 1);
}

TEST(SortilegesViews, ResamplingHiddenCardsChangesNoViewInEitherUnclaimedMode) {
  for (const char* mode : {"removed", "under-gratin"}) {
    auto s = start(3, {{"unclaimed", mode}}, 5);
    Rng rng(17), sampler(23);
    ActionList legal;
    bool hidden_changed = false;
    while (!s->terminal()) {
      for (Seat viewer = kSpectator; viewer < 3; ++viewer) {
        auto other = s->sample_hidden(viewer, sampler);
        ASSERT_EQ(other->view(viewer), s->view(viewer)) << mode << " viewer " << viewer;
        ASSERT_TRUE(cards_conserved(*other));
        hidden_changed = hidden_changed || other->full_state() != s->full_state();
      }
      const Seat seat = as(*s).current();
      s->legal_actions(seat, legal);
      ASSERT_TRUE(s->apply(seat, legal[rng.below(uint32_t(legal.size()))], 0).ok());
    }
    EXPECT_TRUE(hidden_changed);
  }
}

TEST(SortilegesViews, ASpectatorSampleRedrawsTheCurrentHand) {
  auto s = start(2, {}, 3);
  const auto hand = as(*s).area(0).hand;
  Rng sampler(1);
  bool differs = false;
  for (int i = 0; i < 20; ++i) {
    auto other = s->sample_hidden(kSpectator, sampler);
    differs = differs || !(as(*other).area(0).hand == hand);
    auto mine = s->sample_hidden(0, sampler);
    EXPECT_TRUE(as(*mine).area(0).hand == hand);
  }
  EXPECT_TRUE(differs);
}

TEST(SortilegesViews, CloneIsAnEqualIndependentCopy) {
  auto s = start(4);
  auto c = s->clone();
  EXPECT_EQ(c->full_state(), s->full_state());
  ActionList legal;
  c->legal_actions(0, legal);
  ASSERT_TRUE(c->apply(0, legal[0], 0).ok());
  EXPECT_NE(c->full_state(), s->full_state());
}

TEST(SortilegesRender, ShowsTheTableTheHandAndRedSuitsInColor) {
  auto s = start(2);
  auto& st = as(*s);
  ASSERT_TRUE(st.set_hand(C("7H"), C("9S")).ok());
  auto game = make_game();
  const std::string plain = game->render_view(s->view(0), 0, false);
  EXPECT_TRUE(contains(plain, "Sortil\u00e8ges")) << plain;
  EXPECT_TRUE(contains(plain, "Your hand: 7\u2665 9\u2660")) << plain;
  EXPECT_TRUE(contains(plain, "Your turn")) << plain;
  EXPECT_TRUE(contains(plain, "LEFT")) << plain;
  EXPECT_FALSE(contains(plain, "\x1b[")) << plain;
  const std::string colored = game->render_view(s->view(0), 0, true);
  EXPECT_TRUE(contains(colored, "\x1b[31m7\u2665\x1b[0m")) << colored;
  const std::string other = game->render_view(s->view(1), 1, false);
  EXPECT_FALSE(contains(other, "7\u2665")) << other;
  EXPECT_TRUE(contains(other, "Waiting for Seat 0")) << other;
}

TEST(SortilegesRender, TheEndShowsScoresAndWinners) {
  auto s = start(2, {}, 9);
  ActionList legal;
  while (!s->terminal()) {
    const Seat seat = as(*s).current();
    s->legal_actions(seat, legal);
    ASSERT_TRUE(s->apply(seat, legal[0], 0).ok());
  }
  const std::string text = make_game()->render_view(s->view(kSpectator), kSpectator, false);
  EXPECT_TRUE(contains(text, "Final scores")) << text;
  EXPECT_TRUE(contains(text, "wins")) << text;
}

}  // namespace
}  // namespace sabbat::sortileges

namespace sabbat::sortileges {
namespace {

// "Puis au tour du joueur suivant": one player at a time, and the refusal names whose turn it is.
TEST(SortilegesTurn, PlayingOutOfTurnNamesThePlayerWhoseTurnItIs) {
  SortilegesState s(Options{3, Unclaimed::Removed, FirstPlayer::Rotates, 1}, 9);
  ActionList legal;
  s.legal_actions(1, legal);
  ASSERT_FALSE(legal.empty());
  Status st = s.apply(2, legal[0], 0);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error(), "seat 2 may not act now: it is seat 1's turn");
}

// A turn-based state takes every action straight to the game, which must refuse whoever may
// not act with the same words as any other game, and change nothing.
TEST(SortilegesTurn, SeatsThatMayNotActAreRefusedWithTheCoresWordsAndNothingChanges) {
  SortilegesState s(Options{3, Unclaimed::Removed, FirstPlayer::Rotates, 1}, 9);
  ActionList legal;
  s.legal_actions(1, legal);
  ASSERT_FALSE(legal.empty());
  ASSERT_TRUE(s.apply(1, legal[0], 500).ok());
  EXPECT_EQ(s.now(), 500);
  const auto before = s.clone();
  const Action action = legal[0];
  auto refused = [&](Seat seat, GameTime now) {
    Status st = s.apply(seat, action, now);
    EXPECT_FALSE(st.ok());
    EXPECT_TRUE(s.same_as(*before));
    EXPECT_EQ(s.now(), 500);
    return st.ok() ? std::string() : st.error();
  };
  EXPECT_EQ(refused(kSpectator, 600), "there is no seat -1; seats are 0 to 2");
  EXPECT_EQ(refused(3, 600), "there is no seat 3; seats are 0 to 2");
  EXPECT_EQ(refused(kClock, 600), "no deadline is pending, so the clock has nothing to apply");
  EXPECT_EQ(refused(2, 499), "game time 499 ms is before the last action at 500 ms");
  Rng rng(1);
  EXPECT_FALSE(s.random_legal(0, rng));
}

TEST(SortilegesTurn, AfterTheEndEveryActionIsRefusedAsTheGameIsOver) {
  auto s = start(2);
  Rng rng(4);
  GameTime now = 0;
  while (!s->terminal()) {
    const Seat seat = as(*s).current();
    ASSERT_TRUE(s->apply(seat, *s->random_legal(seat, rng), now += 10).ok());
  }
  for (Seat seat : {0, 1}) {
    EXPECT_FALSE(s->random_legal(seat, rng));
    Status st = s->apply(seat, Action{0}, now);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error(), "the game is over; no action is allowed");
  }
}

}  // namespace
}  // namespace sabbat::sortileges

namespace sabbat::sortileges {
namespace {

// Requirement: codes no game produces are named, never decoded, and refused unchanged.
TEST(SortilegesCodes, EveryDecoderRejectsCodesNoGameProduces) {
  auto game = make_game();
  auto s = std::move(game->new_state(game->setup(3, {}, 2).value()).value());
  const json before = s->full_state();
  Rng rng(3);
  for (uint32_t i = 0; i < 100000; ++i) {
    const uint32_t code = i < 1000 ? kActionCodes + i : uint32_t(rng.next()) | kActionCodes;
    if (code < kActionCodes) continue;
    const Action a{code};
    ASSERT_EQ(s->action_text(a).rfind("invalid action code 0x", 0), 0u) << code;
    for (Seat seat : {Seat(0), Seat(1)}) {
      const Status st = s->apply(seat, a, 0);
      ASSERT_FALSE(st.ok());
      ASSERT_NE(st.error().find("no action of Sortil"), std::string::npos) << st.error();
    }
  }
  EXPECT_EQ(s->full_state(), before);
}

// Requirement: the parser accepts exactly the canonical text and nothing after it.
TEST(SortilegesText, NothingAfterTheCanonicalTextIsAccepted) {
  auto game = make_game();
  auto s = std::move(game->new_state(game->setup(2, {}, 2).value()).value());
  for (const char* text : {"place 7H under left now", "place 7H under left \x1b[2J",
                           "place 7H left left", "place 7Hx under left", "place 7H under"})
    EXPECT_FALSE(s->parse_action(0, text).ok()) << text;
  EXPECT_TRUE(s->parse_action(0, "place 7H under left").ok());
  EXPECT_TRUE(s->parse_action(0, "place 7H left").ok());
}

}  // namespace
}  // namespace sabbat::sortileges
