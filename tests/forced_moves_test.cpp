// "A forced move is not asked" (rules/README.md), in Du Balai ! and Le Bal des Sorcières: a
// witch whose only move is one the rules force on her is not an actor; the table plays it at
// the least time every step, window or turn keeps, and says so; until then the others see the
// same deadline and the same witch to play as if she had a choice. `forced ask` and `forced
// auto` are each witch's own setting.
#include <gtest/gtest.h>

#include <sstream>

#include "core/record.hpp"
#include "core/registry.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/bal_cards.hpp"
#include "support/du_balai_race.hpp"
#include "support/twin_leak.hpp"

namespace sabbat {
namespace {

namespace db = du_balai;
using db::testing::B;
using db::testing::G;
using db::testing::Race;
using db::testing::Z;

const std::map<std::string, std::string> kPlayed{{"forced_moves", "played"}};

std::vector<int> seats(SeatSet s, int players) {
  std::vector<int> out;
  for (int p = 0; p < players; ++p)
    if (s.contains(p)) out.push_back(p);
  return out;
}

const Event* find_event(const Events& ev, const std::string& kind) {
  for (const Event& e : ev)
    if (e.kind == kind) return &e;
  return nullptr;
}

// The clock at the pending deadline, with its events.
Events clock(State& s) {
  Events ev;
  const auto d = s.deadline();
  EXPECT_TRUE(d.has_value());
  if (!d) return ev;
  const Status st = s.apply(kClock, d->action, std::max(d->at, s.now()), &ev);
  EXPECT_TRUE(st.ok()) << st.error();
  return ev;
}

// Two witches; seat 1 closes with no card; seat 0 holds `card` and writes zaam (valid, not
// perfect). Seat 1 resolves first and moves; then seat 0 reaches her formula spells.
Race du_balai_stage(db::Card card, const std::map<std::string, std::string>& params = kPlayed) {
  Race r(2, params, 3);
  EXPECT_TRUE(db::show_book(*r.s, Z | B, G));
  r->hooks().give(0, card);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam");
  r.ok(1, "formula zaam");
  return r;
}

TEST(ForcedMoves, DuBalaiAWitchHoldingNothingPlayableIsNotAskedTheTablePassesForHer) {
  Race r = du_balai_stage(db::Card::Acrobatie1);
  ASSERT_EQ(r->phase(), db::Phase::Resolving);
  ASSERT_EQ(r->resolving(), 0);
  EXPECT_TRUE(r->actors().empty());
  EXPECT_EQ(seats(r->actors_seen_by(1), 2), std::vector<int>{0});  // the others see her asked
  EXPECT_TRUE(r->actors_seen_by(0).empty());
  EXPECT_NE(r.refused(0, "pass").find("the table plays 'pass' for you"), std::string::npos);
  // At the step's least time, not its 15 s.
  const auto d = r->deadline();
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->at, r->full_state()["ask_opened"].get<GameTime>() + 2000);
  const Events ev = clock(*r.s);
  const Event* forced = find_event(ev, "forced");
  ASSERT_NE(forced, nullptr);
  EXPECT_TRUE(forced->audience.sees(1) && forced->audience.sees(0) && forced->audience.spectators);
  EXPECT_EQ(forced->data, (json{{"seat", 0}, {"action", "pass"}, {"why", "nothing-playable"}}));
  EXPECT_EQ(r->step(), db::Step::AfterMove);  // she moved; the Acrobatie stays unplayable
  EXPECT_TRUE(r->actors().empty());
}

TEST(ForcedMoves, DuBalaiAForcedWitchLooksToTheOthersLikeOneWithAChoiceUntilHerMove) {
  Race forced = du_balai_stage(db::Card::Acrobatie1);
  Race free = du_balai_stage(db::Card::OubliRepare);
  ASSERT_FALSE(free->actors().empty());
  ASSERT_TRUE(forced->actors().empty());
  for (Seat viewer : {1, kSpectator})
    EXPECT_EQ(testing::observed(*forced.s, viewer), testing::observed(*free.s, viewer));
  // The one with a choice who takes longer than the least time: the deadline moves on to the
  // step's end, and she is still asked.
  clock(*free.s);
  EXPECT_EQ(seats(free->actors(), 2), std::vector<int>{0});
  EXPECT_EQ(free->deadline()->at, free->full_state()["ask_opened"].get<GameTime>() + 15000);
}

TEST(ForcedMoves, DuBalaiForcedAskHasHerForcedMovesAskedOfHerAndOnlySheKnows) {
  Race r(2, kPlayed, 3);
  ASSERT_TRUE(db::show_book(*r.s, Z | B, G));
  r->hooks().give(0, db::Card::Acrobatie1);
  auto ask = r->parse_action(0, "forced ask");
  ASSERT_TRUE(ask.ok());
  EXPECT_TRUE(r->secret_from_others(0, *ask, r.t + 10));
  const json others_before = r->view(1);
  Events ev;
  r.t += 10;
  ASSERT_TRUE(r->apply(0, *ask, r.t, &ev).ok());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, "forced-setting");
  EXPECT_FALSE(ev[0].audience.sees(1));
  EXPECT_FALSE(ev[0].audience.spectators);
  EXPECT_EQ(r->view(0)["forced"], "ask");
  EXPECT_EQ(r->view(1), others_before);
  EXPECT_EQ(r->view(1)["forced"], "auto");  // hers, not seat 0's
  EXPECT_FALSE(r->view(kSpectator).contains("forced"));
  ActionList legal;
  r->legal_actions(0, legal);
  for (Action a : legal) EXPECT_NE(r->action_text(a).rfind("forced", 0), 0u);
  r.ok(1, "close-book");
  r.ok(0, "formula zaam");
  r.ok(1, "formula zaam");
  ASSERT_EQ(r->resolving(), 0);
  EXPECT_EQ(seats(r->actors(), 2), std::vector<int>{0});
  r->legal_actions(0, legal);
  ASSERT_EQ(legal.size(), 1u);
  EXPECT_EQ(r->action_text(legal[0]), "pass");
  r.ok(0, "forced auto");  // and back: the table plays it at the least time
  EXPECT_TRUE(r->actors().empty());
  EXPECT_EQ(r->view(0)["forced"], "auto");
}

TEST(ForcedMoves, DuBalaiASettingThatIsNotOneIsRefusedAndChangesNothing) {
  Race r(2, kPlayed, 3);
  EXPECT_NE(r.refused(0, "forced maybe").find("'forced auto'"), std::string::npos);
  EXPECT_NE(r.refused(0, "forced").find("'forced ask'"), std::string::npos);
  EXPECT_NE(r.refused(5, "forced ask").find("no seat"), std::string::npos);
  r.refused(kClock, "forced ask");
}

TEST(ForcedMoves, DuBalaiABrouillardWindowAsksOnlyWitchesHoldingBrouillardAndWaitsItsLeastTime) {
  for (bool holder : {false, true}) {
    Race r(2, kPlayed, 3);
    ASSERT_TRUE(db::show_book(*r.s, Z | B, G));
    r->hooks().give(0, db::Card::OubliRepare);
    r->hooks().give(1, holder ? db::Card::Brouillard : db::Card::Acrobatie1);
    r.ok(1, "close-book");
    r.ok(0, "formula zaam");
    r.ok(1, "formula zaam");
    // Seat 1, the closer, resolves first with nothing she may play: the table passes for her.
    while (r->phase() == db::Phase::Resolving && r->resolving() == 1) clock(*r.s);
    ASSERT_EQ(r->resolving(), 0);
    ASSERT_EQ(r->step(), db::Step::FormulaSpells);
    r.t = r->now();
    r.ok(0, "play oubli-repare boulga");
    ASSERT_TRUE(r->pending().open);
    EXPECT_EQ(seats(r->actors_seen_by(0), 2), std::vector<int>{1});  // the same either way
    EXPECT_EQ(r->deadline()->at, r.t + 2000);
    EXPECT_EQ(seats(r->actors(), 2), holder ? std::vector<int>{1} : std::vector<int>{});
    if (holder) {
      r.ok(1, "pass");  // before the least time: the window still waits for it
      EXPECT_TRUE(r->pending().open);
    }
    const Events ev = clock(*r.s);
    EXPECT_FALSE(r->pending().open);
    const Event* forced = find_event(ev, "forced");
    if (holder) {
      EXPECT_EQ(forced, nullptr);
    } else {
      ASSERT_NE(forced, nullptr);
      EXPECT_EQ(forced->data["why"], "no-brouillard");
      EXPECT_FALSE(forced->audience.sees(0));  // a window's pass is hers to know
    }
  }
}

// may_cast, which decides who is forced, says what the listing of spells says, in every
// position of many random races.
TEST(ForcedMoves, DuBalaiMayCastAgreesWithTheLegalSpellsInRandomRaces) {
  long checked = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    auto s = db::new_race(3, {{"forced_moves", "asked"}, {"max_turns", "8"}}, seed);
    ASSERT_NE(s, nullptr);
    Rng rng(seed);
    // Random witches seldom draw: each starts with three cards of the deck.
    for (Seat p = 0; p < 3; ++p)
      for (int k = 0; k < 3; ++k) s->hooks().give(p, db::Card(rng.below(db::kCardKinds)));
    ActionList legal;
    for (int step = 0; step < 3000 && !s->terminal(); ++step) {
      if (s->phase() == db::Phase::Resolving && !s->pending().open && s->step() != db::Step::Keep) {
        const Seat r = s->resolving();
        s->legal_actions(r, legal);
        const auto moment =
            s->step() == db::Step::FormulaSpells ? db::Moment::Formula : db::Moment::AfterMove;
        ASSERT_EQ(s->may_cast(r, moment), legal.size() > 1) << "seed " << seed;
        ++checked;
      }
      const SeatSet actors = s->actors();
      if (actors.empty()) {
        const auto d = s->deadline();
        ASSERT_TRUE(d.has_value());
        ASSERT_TRUE(s->apply(kClock, d->action, std::max(d->at, s->now())).ok());
        continue;
      }
      const Seat who = Seat(__builtin_ctz(actors.bits()));
      const MaybeAction a = s->random_legal(who, rng);
      ASSERT_TRUE(a.has_value());
      ASSERT_TRUE(s->apply(who, *a, s->now()).ok());
    }
  }
  EXPECT_GT(checked, 200);
}

TEST(ForcedMoves, DuBalaiRecordsMadeBeforeTheRuleReplayAsTheyWere) {
  // A record without forced_moves was played with every move asked.
  Record old;
  old.game = "du-balai";
  old.players = 2;
  old.seed = 3;
  auto game = registry().get("du-balai");
  ASSERT_TRUE(game.ok());
  for (const ParamSpec& p : (*game)->param_specs())
    if (p.name != "forced_moves" && p.name != "least_time_ms") old.params[p.name] = p.default_value;
  old.params["max_turns"] = "1";
  auto m = replay(old, registry());
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_FALSE(m->record().params.contains("forced_moves"));
  EXPECT_EQ(m->record().header_json(), old.header_json());
  const auto& s = dynamic_cast<const db::DuBalaiState&>(m->state());
  EXPECT_FALSE(s.options().forced_played);
  EXPECT_TRUE(check_record(old, registry()).ok());
}

// ---------------------------------------------------------------------------------------
// Le Bal des Sorcières.

bal::BalState& ball(State& s) {
  return dynamic_cast<bal::BalState&>(s);
}

// Seat 0 attacks seat 1 with one rouge; seat 1 holds `defence` (no rouge).
std::unique_ptr<State> attacked(std::initializer_list<bal::Card> defence,
                                std::map<std::string, std::string> params = kPlayed) {
  params.emplace("level", "easy");
  auto g = bal::new_bal_game(3, params, 1);
  bal::BalState& s = ball(*g);
  using bal::Colour;
  EXPECT_TRUE(s.set_hand(0, {bal::potion(Colour::Rouge), bal::potion(Colour::Rouge, 1),
                             bal::potion(Colour::Bleu), bal::potion(Colour::Vert)})
                  .ok());
  EXPECT_TRUE(s.set_hand(1, defence).ok());
  EXPECT_TRUE(s.set_hand(2, {bal::potion(Colour::Jaune), bal::potion(Colour::Jaune, 1),
                             bal::potion(Colour::Vert, 1)})
                  .ok());
  bal::pass_windows(s);
  // Its turn's least time may have passed while the windows closed: the attack comes after.
  const GameTime at = s.now() + 10;
  EXPECT_TRUE(s.apply_text(0, "attack 1 with 1 rouge", std::max(at, s.now())).ok());
  bal::pass_windows(s);
  EXPECT_EQ(s.phase(), bal::Phase::Parry);
  return g;
}

TEST(ForcedMoves, BalADefenderWithNoWayToParryIsNotAskedTheTableTakesForHer) {
  using bal::Colour;
  auto g = attacked({bal::potion(Colour::Bleu, 1), bal::potion(Colour::Gris)});
  bal::BalState& s = ball(*g);
  EXPECT_TRUE(s.actors().empty());
  EXPECT_EQ(seats(s.actors_seen_by(0), 3), std::vector<int>{1});
  EXPECT_EQ(seats(s.actors_seen_by(kSpectator), 3), std::vector<int>{1});
  EXPECT_TRUE(s.actors_seen_by(1).empty());
  {
    const bal::BalState before = s;
    const Status st = s.apply_text(1, "take", s.now());
    EXPECT_FALSE(st.ok());
    EXPECT_NE(st.error().find("the table plays 'take'"), std::string::npos) << st.error();
    EXPECT_TRUE(s == before);
  }
  ASSERT_TRUE(s.deadline().has_value());
  EXPECT_EQ(s.deadline()->at, s.turn_opened() + 1500);
  const int alive = s.witch_at(1).alive();
  const Events ev = clock(s);
  const Event* forced = find_event(ev, "forced");
  ASSERT_NE(forced, nullptr);
  EXPECT_TRUE(forced->audience.sees(0) && forced->audience.sees(2) && forced->audience.spectators);
  EXPECT_EQ(forced->data, (json{{"seat", 1}, {"action", "take"}, {"why", "no-parry"}}));
  EXPECT_EQ(s.witch_at(1).alive(), alive - 1);
}

// « Le défenseur doit réaliser une parade magique »: holding the potion, she may not take, so a
// parry with one option is her only move too; one with Du balai beside it is a choice.
TEST(ForcedMoves, BalADefenderWithOneParryOnlyHasItPlayedAWayOutMakesItAChoice) {
  using bal::Colour;
  auto g = attacked({bal::potion(Colour::Rouge, 2), bal::potion(Colour::Gris)});
  bal::BalState& s = ball(*g);
  EXPECT_TRUE(s.actors().empty());
  const Events ev = clock(s);
  const Event* forced = find_event(ev, "forced");
  ASSERT_NE(forced, nullptr);
  EXPECT_EQ(forced->data, (json{{"seat", 1}, {"action", "parry"}, {"why", "must-parry"}}));
  auto choice = attacked({bal::potion(Colour::Rouge, 2), bal::spell(bal::Spell::DuBalai)});
  EXPECT_EQ(seats(choice->actors(), 3), std::vector<int>{1});
  ActionList legal;
  choice->legal_actions(1, legal);
  EXPECT_GE(legal.size(), 2u);
}

TEST(ForcedMoves, BalAForcedDefenderLooksToTheOthersLikeOneWhoMayParry) {
  using bal::Colour;
  auto forced = attacked({bal::potion(Colour::Bleu, 1), bal::potion(Colour::Gris)});
  auto free = attacked({bal::potion(Colour::Bleu, 1), bal::spell(bal::Spell::DuBalai)});
  ASSERT_TRUE(forced->actors().empty());
  ASSERT_FALSE(free->actors().empty());
  for (Seat viewer : {0, 2, kSpectator})
    EXPECT_EQ(testing::observed(*forced, viewer), testing::observed(*free, viewer)) << viewer;
}

TEST(ForcedMoves, BalForcedAskHasTheTakeAskedOfHer) {
  using bal::Colour;
  auto g = attacked({bal::potion(Colour::Bleu, 1), bal::potion(Colour::Gris)});
  bal::BalState& s = ball(*g);
  Events ev;
  auto ask = s.parse_action(1, "forced ask");
  ASSERT_TRUE(ask.ok());
  EXPECT_TRUE(s.secret_from_others(1, *ask, s.now()));
  ASSERT_TRUE(s.apply(1, *ask, s.now(), &ev).ok());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].audience.seats, SeatSet::only(1));
  EXPECT_EQ(s.view(1)["forced"], "ask");
  EXPECT_EQ(s.view(0)["forced"], "auto");
  EXPECT_EQ(seats(s.actors(), 3), std::vector<int>{1});
  // At the least time nothing is played for her: the turn waits for her, unhurried.
  clock(s);
  EXPECT_EQ(s.phase(), bal::Phase::Parry);
  EXPECT_FALSE(s.deadline().has_value());
  ASSERT_TRUE(s.apply_text(1, "take", s.now()).ok());
}

TEST(ForcedMoves, BalASettingIsRefusedOnceTheGameIsOverOrWhenItIsNotOne) {
  using bal::Colour;
  auto g = attacked({bal::potion(Colour::Bleu, 1), bal::potion(Colour::Gris)});
  bal::BalState& s = ball(*g);
  const bal::BalState before = s;
  EXPECT_FALSE(s.apply_text(1, "forced sometimes", s.now()).ok());
  EXPECT_FALSE(s.apply_text(9, "forced ask", s.now()).ok());
  EXPECT_TRUE(s == before);
}

TEST(ForcedMoves, BalWithForcedMovesAskedEveryTurnWaitsWithoutAClock) {
  using bal::Colour;
  auto g = attacked({bal::potion(Colour::Bleu, 1), bal::potion(Colour::Gris)},
                    {{"forced_moves", "asked"}});
  bal::BalState& s = ball(*g);
  EXPECT_EQ(seats(s.actors(), 3), std::vector<int>{1});
  EXPECT_FALSE(s.deadline().has_value());
  EXPECT_FALSE(s.view(1).contains("forced"));
}

}  // namespace
}  // namespace sabbat
