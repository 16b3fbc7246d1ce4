// Du Balai !: real-time deadlines, refusals, views and hidden information, action text, and
// random races in virtual time.
#include <gtest/gtest.h>

#include <set>

#include "games/du-balai/scenario.hpp"

namespace sabbat::du_balai {
namespace {

constexpr SymbolMask Z = 1 << 0, B = 1 << 1, G = 1 << 3;

bool holds_dice(const json& j) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (it.key() == "dice" && !it.value().is_null()) return true;
      if (holds_dice(it.value())) return true;
    }
  } else if (j.is_array()) {
    for (const auto& x : j)
      if (holds_dice(x)) return true;
  }
  return false;
}

TEST(DuBalaiTime, TheBookNeverClosesByItselfWhileAWitchMayCloseIt) {
  // « il referme le livre »: the closer takes the risk; nobody studies the dice for free.
  auto s = new_race(3, {{"book_time_ms", "12000"}});
  ASSERT_EQ(s->phase(), Phase::BookOpen);
  EXPECT_FALSE(s->deadline().has_value());
  EXPECT_FALSE(s->apply(kClock, act::close_book(), 100000).ok());
  EXPECT_EQ(s->phase(), Phase::BookOpen);
  // Late closing is still closing.
  ASSERT_TRUE(s->apply(1, act::close_book(), 100000).ok());
  EXPECT_EQ(s->closer(), 1);
}

TEST(DuBalaiTime, WithEveryWitchOnMinusTwoTheBookClosesByItselfWithNoCloser) {
  auto s = new_race(3, {{"book_time_ms", "12000"}});
  for (Seat p = 0; p < 3; ++p) s->hooks().set_square(p, kBackmost);
  ASSERT_TRUE(s->actors().empty());
  auto d = s->deadline();
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->at, 12000);
  EXPECT_EQ(s->action_text(d->action), "close-book");
  ASSERT_TRUE(s->apply(kClock, d->action, 12000).ok());
  EXPECT_EQ(s->phase(), Phase::Writing);
  EXPECT_EQ(s->closer(), -1);  // no closer, so no penalty
  EXPECT_EQ(s->deadline()->at, 12000 + 30000);
}

TEST(DuBalaiTime, AtTheFormulaDeadlineWhoeverHasNotWrittenDoesNotMove) {
  auto s = new_race(3);
  ASSERT_TRUE(show_book(*s, Z | B, G));
  ASSERT_TRUE(s->apply_text(1, "close-book", 100).ok());
  ASSERT_TRUE(s->apply_text(0, "formula zaam", 200).ok());
  EXPECT_EQ(s->actors(), SeatSet(0b110));
  const auto d = s->deadline();
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->at, 100 + 30000);
  EXPECT_EQ(s->action_text(d->action), "time-up");
  EXPECT_FALSE(s->apply_text(2, "formula zaam", d->at).ok()) << "writing after the deadline";
  ASSERT_TRUE(s->apply(kClock, d->action, d->at).ok());
  EXPECT_EQ(s->track().square[0], 1);
  EXPECT_EQ(s->track().square[1], -2);  // the closer wrote nothing: invalid, back 2
  EXPECT_EQ(s->track().square[2], 0);
  EXPECT_EQ(s->turn(), 2);
}

TEST(DuBalaiTime, TheClockMayNotActBeforeTheDeadline) {
  auto s = new_race(2);
  EXPECT_FALSE(s->apply(kClock, act::close_book(), 100).ok());
  EXPECT_FALSE(s->apply(kClock, act::time_up(), 30000).ok());
}

TEST(DuBalaiRefusals, EveryRefusalLeavesTheFullStateUnchanged) {
  auto s = new_race(3);
  s->hooks().give(0, Card::VentArriere);
  GameTime t = 10;
  auto refuse = [&](Seat seat, const std::string& text, const std::string& words) {
    const json before = s->full_state();
    Status st = s->apply_text(seat, text, t);
    ASSERT_FALSE(st.ok()) << text;
    EXPECT_NE(st.error().find(words), std::string::npos) << st.error();
    EXPECT_EQ(s->full_state(), before) << text;
  };
  refuse(0, "formula zaam", "close-book");
  // While the book is open any formula is early, misspelt or not.
  refuse(0, "formula orange: zaam", "the book is open");
  refuse(0, "jump", "expected one of");
  refuse(0, "play vent-arriere", "close-book");
  ASSERT_TRUE(s->apply_text(2, "close-book", t).ok());
  refuse(0, "formula orange: zaam", "formulas have no colour");
  refuse(0, "formula zaam zaam", "twice");
  refuse(0, "formula zaam bazooka", "not a symbol");
  refuse(0, "formula purple: zaam", "not a symbol");
  refuse(0, "formula", "at least one card");
  refuse(0, "formula zaam second glou", "no Double-jeu");
  refuse(2, "formula none", "at least one card");
  refuse(1, "play vent-arriere", "hold no");
  refuse(1, "keep blocage", "write your formula");
  refuse(1, "time-up", "clock");
  ASSERT_TRUE(s->apply_text(1, "formula none", t).ok());
  refuse(1, "formula zaam", "already written");
}

TEST(DuBalaiText, ParsingIsLooseAndTheCanonicalTextRoundTrips) {
  auto s = new_race(2);
  auto parse = [&](const std::string& text) {
    auto a = s->parse_action(0, text);
    EXPECT_TRUE(a.ok()) << text << ": " << (a.ok() ? "" : a.error());
    return a.ok() ? s->action_text(*a) : std::string("?");
  };
  EXPECT_EQ(parse("Formule Zââm, Boulgâ"), "formula zaam boulga");
  EXPECT_EQ(parse("formula tête de mort éclair-fourchu"), "formula foulzz biii");
  EXPECT_EQ(parse("formula toile oreille"), "formula zaam boulga");  // the order is irrelevant
  EXPECT_EQ(parse("formula none"), "formula none");
  EXPECT_EQ(parse("Formule Zââm, seconde formule: glou"), "formula zaam second glou");
  EXPECT_EQ(parse("formula zaam + second glou"), "formula zaam second glou");
  EXPECT_EQ(parse("formula zaam second rien"), "formula zaam");
  EXPECT_EQ(parse("play double jeu"), "play double-jeu");
  EXPECT_EQ(parse("play oubli repare stella to 2"), "play oubli-repare stella to second");
  EXPECT_EQ(parse("play oubli-repare stella to first"), "play oubli-repare stella");
  EXPECT_EQ(parse("Close Book"), "close-book");
  EXPECT_EQ(parse("play Vent Arrière"), "play vent-arriere");
  EXPECT_EQ(parse("play brouillard magique"), "brouillard");
  EXPECT_EQ(parse("play mauvais sort 2"), "play mauvais-sort on 2");
  EXPECT_EQ(parse("keep acrobatie 3"), "keep acrobatie-3");
  EXPECT_EQ(parse("start 6"), "start 6");
  EXPECT_EQ(parse("play rectification zaam for boulga"), "play rectification zaam for boulga");
  auto bad = s->parse_action(0, "fly");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("formula zaam boulga"), std::string::npos);
  auto old = s->parse_action(0, "play double-jeu black: glou");
  ASSERT_FALSE(old.ok());
  EXPECT_NE(old.error().find("second foulzz"), std::string::npos) << old.error();
}

TEST(DuBalaiText, ParsersAcceptNothingAfterTheCanonicalText) {
  // Trailing words were ignored after these verbs, which let a record carry terminal escapes.
  auto s = new_race(2);
  for (const char* text :
       {"close-book now", "close-book \x1b[2J", "pass pass", "brouillard magique extra",
        "time-up 5", "play double-jeu now", "keep blocage twice", "start 6 7",
        "formula zaam second", "play vent-arriere please", "second-formula glou"}) {
    auto a = s->parse_action(0, text);
    EXPECT_FALSE(a.ok()) << text << " read as " << (a.ok() ? s->action_text(*a) : "");
  }
  for (const char* text : {"close-book", "pass", "brouillard", "time-up", "play brouillard"})
    EXPECT_TRUE(s->parse_action(0, text).ok()) << text;
}

// The random race policy: random actors and random legal actions at random times, the clock
// when it comes first; sometimes a witch who remembers the book writes a valid formula, so
// that races get far and cards get drawn.
struct Playout {
  int actions = 0, spells = 0, finished = 0, fogs = 0, decrets = 0, seconds = 0, double_jeux = 0;
};

// The events of one action, against what their audience may know once it is applied: no
// seat from whom the dice are hidden (writing, another witch's Décret look) gets an event
// holding them, and a witch's own formula, cards drawn and card kept go to her alone.
void check_events(const DuBalaiState& s, const Events& events) {
  for (const Event& e : events) {
    for (Seat v = kSpectator; v < s.players(); ++v) {
      if (!e.audience.sees(v)) continue;
      const bool hidden =
          s.phase() == Phase::Writing || (s.phase() == Phase::DecretLook && v != s.decret_seat());
      if (hidden) {
        ASSERT_FALSE(holds_dice(e.data)) << e.kind << " to viewer " << v;
      }
    }
    if (e.kind == "your-formula" || e.kind == "drawn-cards" || e.kind == "kept") {
      ASSERT_EQ(e.audience.seats.size(), 1) << e.kind;
      ASSERT_FALSE(e.audience.spectators) << e.kind;
    }
  }
}

void play_race(uint64_t seed, int players, const std::map<std::string, std::string>& params,
               Playout& stats, bool check_everything) {
  auto s = new_race(players, params, seed);
  ASSERT_NE(s, nullptr);
  Rng rng(Rng::mix(seed, 17));
  ActionList legal;
  Events events;
  GameTime now = 0;
  for (int step = 0; step < 20000 && !s->terminal(); ++step) {
    const SeatSet actors = s->actors();
    const auto d = s->deadline();
    std::vector<Seat> who;
    for (Seat p = 0; p < players; ++p)
      if (actors.contains(p)) who.push_back(p);
    const GameTime when = now + GameTime(rng.below(4000));
    Status st;
    if (who.empty() || (d && when >= d->at)) {
      ASSERT_TRUE(d.has_value()) << "nobody may act and no deadline";
      now = std::max(now, d->at);
      st = s->apply(kClock, d->action, now, check_everything ? &events : nullptr);
    } else {
      now = when;
      const Seat p = who[rng.below(uint32_t(who.size()))];
      s->legal_actions(p, legal);
      ASSERT_FALSE(legal.empty()) << "an actor without legal actions";
      Action a = legal[rng.below(uint32_t(legal.size()))];
      if (legal.back() == act::play(Card::Decret) && rng.chance(0.7)) {
        a = legal.back();
      } else if (s->phase() == Phase::Writing && !s->pending().open && rng.chance(0.6)) {
        const Book b = s->book();
        const Witch& w = s->witch(p);
        const Colour c = rng.chance(0.5) ? Colour::Orange : Colour::Black;
        // With Double-jeu: the perfect formula of the other colour as the second one.
        if (b.valid(c))
          a = act::write_both(b.valid(c), w.hand[size_t(Card::DoubleJeu)] ? b.valid(other(c)) : 0);
      }
      if (s->phase() == Phase::Resolving && s->step() != Step::Keep && legal.size() > 1 &&
          rng.chance(0.5))
        a = legal[1 + rng.below(uint32_t(legal.size() - 1))];
      const Move m = decode(a);
      stats.spells += m.kind == Kind::Play;
      stats.fogs += m.kind == Kind::Brouillard;
      stats.decrets += m.kind == Kind::Play && m.card == Card::Decret;
      stats.seconds += m.kind == Kind::Write && m.second;
      stats.double_jeux += m.kind == Kind::Play && m.card == Card::DoubleJeu;
      if (check_everything) {
        EXPECT_TRUE(s->check(p, a).ok());
        auto back = s->parse_action(p, s->action_text(a));
        ASSERT_TRUE(back.ok()) << s->action_text(a);
        EXPECT_EQ(back->code, a.code) << s->action_text(a);
      }
      st = s->apply(p, a, now, check_everything ? &events : nullptr);
    }
    ASSERT_TRUE(st.ok()) << "seed " << seed << ": " << st.error();
    if (check_everything) check_events(*s, events);
    events.clear();
    Status audit = s->audit();
    ASSERT_TRUE(audit.ok()) << "seed " << seed << ": " << audit.error();
    ++stats.actions;
    if (check_everything) {
      // No view holds the dice between the closing and the reveal, except the Décret look.
      for (Seat v = kSpectator; v < players; ++v) {
        const json view = s->view(v);
        const bool hidden = s->phase() == Phase::Writing ||
                            (s->phase() == Phase::DecretLook && v != s->decret_seat());
        if (hidden) {
          ASSERT_FALSE(holds_dice(view)) << "viewer " << v;
        }
        for (int k = 0; k < 2; ++k) {
          auto other = s->sample_hidden(v, rng);
          ASSERT_EQ(other->view(v), view) << "viewer " << v << " seed " << seed;
          ASSERT_TRUE(other->audit().ok());
          // Who acts, as the viewer sees it: a witch with a forced move is not asked, but
          // looks asked to the others.
          ASSERT_EQ(other->actors_seen_by(v), s->actors_seen_by(v));
          if (v >= 0) {
            ActionList mine, theirs;
            s->legal_actions(v, mine);
            other->legal_actions(v, theirs);
            ASSERT_EQ(mine, theirs);
          }
        }
      }
    }
  }
  ASSERT_TRUE(s->terminal()) << "seed " << seed;
  stats.finished += s->track().finishers > 0;
  const auto scores = s->scores();
  ASSERT_EQ(int(scores.size()), players);
}

TEST(DuBalaiPlayout, HundredsOfSeededRacesInVirtualTimeReachTheEnd) {
  Playout stats;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    const int players = 2 + int(seed % 5);
    std::map<std::string, std::string> params;
    if (seed % 7 == 0) params["pilot_1"] = "novice";
    if (seed % 5 == 0) params["pilot_0"] = "expert";
    play_race(seed, players, params, stats, false);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(stats.finished, 250);  // with a good memory, races are won, not stopped
  EXPECT_GT(stats.spells, 300);
  EXPECT_GT(stats.fogs, 5);
  EXPECT_GT(stats.decrets, 5);
  EXPECT_GT(stats.seconds, 5);
  EXPECT_GT(stats.double_jeux, 5);
}

TEST(DuBalaiPlayout, ViewsLegalActionsAndTextHoldUpAlongRandomRaces) {
  Playout stats;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    play_race(seed, 2 + int(seed % 5), {}, stats, true);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(stats.actions, 200);
}

TEST(DuBalaiViews, TheDiceAreSeenOnlyWhileTheBookIsOpenAndFormulasOnlyAtTheReveal) {
  auto s = new_race(3);
  ASSERT_TRUE(show_book(*s, Z | B, G));
  for (Seat v = kSpectator; v < 3; ++v) EXPECT_FALSE(s->view(v)["dice"].is_null());
  Events ev;
  ASSERT_TRUE(s->apply_text(0, "close-book", 10, &ev).ok());
  for (Seat v = kSpectator; v < 3; ++v) EXPECT_FALSE(holds_dice(s->view(v))) << v;
  for (const auto& e : ev) EXPECT_FALSE(holds_dice(e.data));
  ev.clear();
  ASSERT_TRUE(s->apply_text(0, "formula zaam", 20, &ev).ok());
  for (const auto& e : ev) {
    EXPECT_FALSE(holds_dice(e.data));
    if (e.kind == "your-formula") {
      EXPECT_EQ(e.audience.seats, SeatSet::only(0));
    }
  }
  EXPECT_EQ(s->view(0)["witches"][0]["formulas"].size(), 1u);
  EXPECT_FALSE(s->view(1)["witches"][0].contains("formulas"));
  EXPECT_TRUE(s->view(1)["witches"][0]["written"].get<bool>());
  EXPECT_FALSE(s->view(kSpectator)["witches"][0].contains("formulas"));
  ASSERT_TRUE(s->apply_text(1, "formula none", 30).ok());
  ev.clear();
  ASSERT_TRUE(s->apply_text(2, "formula glou", 40, &ev).ok());
  bool revealed = false;
  for (const auto& e : ev)
    if (e.kind == "reveal") {
      revealed = true;
      EXPECT_TRUE(e.audience.spectators);
      EXPECT_TRUE(holds_dice(e.data));
      EXPECT_EQ(e.data["formulas"][0][0]["text"], "formula zaam");
      EXPECT_EQ(e.data["formulas"][2][0]["colour"], "black");  // glou: given by the dice
    }
  EXPECT_TRUE(revealed);
}

TEST(DuBalaiViews, MagieNoireHandsArePrivateTheirCountPublic) {
  auto s = new_race(2);
  s->hooks().give(0, Card::Blocage);
  s->hooks().give(0, Card::Acrobatie2);
  EXPECT_EQ(s->view(0)["witches"][0]["hand"].size(), 2u);
  EXPECT_FALSE(s->view(1)["witches"][0].contains("hand"));
  EXPECT_EQ(s->view(1)["witches"][0]["magie_noire"], 2);
  EXPECT_FALSE(s->view(kSpectator)["witches"][0].contains("hand"));
}

TEST(DuBalaiViews, TheTextViewShowsTheBookTheTrackAndTheColoursInWords) {
  auto game = make_game();
  auto s = new_race(2);
  s->hooks().give(0, Card::Blocage);
  const std::string text = game->render_view(s->view(0), 0, false);
  EXPECT_NE(text.find("ORANGE"), std::string::npos);
  EXPECT_NE(text.find("BLACK"), std::string::npos);
  EXPECT_NE(text.find("-2"), std::string::npos);
  EXPECT_NE(text.find("22"), std::string::npos);
  EXPECT_NE(text.find("Blocage"), std::string::npos);
  EXPECT_NE(text.find("phase 1"), std::string::npos);
  // The book never closes by itself while a witch may close it: no deadline to show.
  EXPECT_EQ(text.find("deadline"), std::string::npos);
  ASSERT_TRUE(s->apply_text(0, "close-book", 5).ok());
  const std::string closed = game->render_view(s->view(1), 1, true);
  EXPECT_NE(closed.find("deadline"), std::string::npos);
  EXPECT_NE(closed.find("closed"), std::string::npos);
  EXPECT_EQ(closed.find("die 1"), std::string::npos);
}

TEST(DuBalaiGame, ContractFactsAndParameters) {
  auto game = make_game();
  EXPECT_EQ(game->id(), "du-balai");
  EXPECT_EQ(game->display_name(), "Du Balai !");
  EXPECT_EQ(game->min_players(), 2);
  EXPECT_EQ(game->max_players(), 6);
  const auto f = game->facts();
  EXPECT_TRUE(f.hidden_information && f.chance && f.real_time);
  std::set<std::string> names;
  for (const auto& p : game->param_specs()) {
    names.insert(p.name);
    EXPECT_FALSE(p.description.empty());
  }
  for (const char* n : {"book_time_ms", "formula_time_ms", "decret_time_ms",
                        "decret_time_expert_ms", "reaction_time_ms", "pilot_0", "pilot_5"})
    EXPECT_TRUE(names.count(n)) << n;
  EXPECT_FALSE(game->setup(7, {}, 1).ok());
  EXPECT_FALSE(game->setup(2, {{"pilot_0", "wizard"}}, 1).ok());
  // The same seed gives the same race.
  EXPECT_EQ(new_race(4, {}, 9)->full_state(), new_race(4, {}, 9)->full_state());
  EXPECT_NE(new_race(4, {}, 9)->full_state(), new_race(4, {}, 10)->full_state());
}

TEST(DuBalaiData, TheBoxHoldsNineDiceOfSixDifferentSymbolsAndTwentySevenCards) {
  int faces[kSymbols][2] = {};
  for (const auto& die : kDiceTable) {
    SymbolMask seen = 0;
    for (const auto& f : die) {
      EXPECT_FALSE(seen & (1u << f.symbol));
      seen |= SymbolMask(1u << f.symbol);
      ++faces[f.symbol][int(f.colour)];
    }
  }
  for (auto& sym : faces) {
    EXPECT_EQ(sym[0], 3);
    EXPECT_EQ(sym[1], 3);
  }
  int cards = 0, spells = 0;
  for (const auto& c : kCardTable) {
    cards += c.count;
    spells += c.moment != Moment::Never ? c.count : 0;
  }
  EXPECT_EQ(cards, 27);
  EXPECT_EQ(spells, 18);
}

}  // namespace
}  // namespace sabbat::du_balai

namespace sabbat::du_balai {
namespace {

// Requirement: a card field of 12-15 read the card table out of bounds in action_text, which
// Match::apply calls before apply refuses the code. Codes no game produces are named, never
// decoded, and refused with the state unchanged.
TEST(DuBalaiCodes, EveryDecoderRejectsCodesNoGameProduces) {
  auto s = new_race(3, {}, 4);
  const json before = s->full_state();
  EXPECT_EQ(s->action_text(Action{0x7F000000}), "invalid action code 0x7f000000");
  Rng rng(8);
  int invalid = 0;
  for (uint32_t i = 0; i < 200000; ++i) {
    // Every kind and card field, with random low bits; and fully random codes.
    const uint32_t code =
        i < 100000 ? (i % 256) << 24 | (rng.next() & 0xFFFFFF) : uint32_t(rng.next());
    const Action a{code};
    if (valid_code(a)) {
      EXPECT_EQ(s->parse_action(0, s->action_text(a)).value(), a) << s->action_text(a);
      continue;
    }
    ++invalid;
    ASSERT_EQ(s->action_text(a).rfind("invalid action code 0x", 0), 0u) << code;
    for (Seat seat : {Seat(0), Seat(2), kClock}) {
      const Status st = s->apply(seat, a, 10);
      ASSERT_FALSE(st.ok()) << code;
      if (seat != kClock) {
        ASSERT_NE(st.error().find("no action of Du Balai"), std::string::npos);
      }
    }
  }
  EXPECT_GT(invalid, 100000);
  EXPECT_EQ(s->full_state(), before);
}

}  // namespace
}  // namespace sabbat::du_balai
