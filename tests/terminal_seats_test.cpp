// "People count from 1, everywhere they read": `sabbat play` shows and reads seats counted from
// 1 (its views, narration, prompts, legal lists, result), while canonical action texts, records
// and the engine's own narration, which hosts and Python share, count from 0.
#include <gtest/gtest.h>

#include <cctype>
#include <set>

#include "cli/play_session.hpp"
#include "core/key_screen.hpp"
#include "core/record.hpp"
#include "core/registry.hpp"
#include "core/seat_numbers.hpp"
#include "support/baba_table.hpp"
#include "support/cli_run.hpp"
#include "support/cli_session.hpp"
#include "support/du_balai_race.hpp"
#include "support/random_games.hpp"

namespace sabbat {
namespace {

using test::Outcome;
using test::sabbat;

const Game& game(const std::string& id) {
  return *registry().find(id);
}

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// "seat N", "Seat N" or "seats N" as whole words: with 0, a seat counted from 0 where a person
// reads; with the player count, the last seat counted from 1, which counting from 0 never writes.
// (By hand: std::regex sets off a false -Wmaybe-uninitialized in libstdc++ 12 under the
// sanitizers.)
bool names_seat(const std::string& text, int number) {
  const std::string n = std::to_string(number);
  for (size_t at = text.find("eat"); at != std::string::npos; at = text.find("eat", at + 1)) {
    if (at == 0 || (text[at - 1] != 's' && text[at - 1] != 'S')) continue;
    if (at >= 2 && is_word_char(text[at - 2])) continue;
    size_t i = at + 3;
    if (i < text.size() && text[i] == 's') ++i;
    if (i >= text.size() || text[i] != ' ') continue;
    ++i;
    if (text.compare(i, n.size(), n) != 0) continue;
    i += n.size();
    if (i == text.size() || !is_word_char(text[i])) return true;
  }
  return false;
}

// The finder the tests below lean on: whole words only, either case, either number.
TEST(TerminalSeats, TheSeatFinderMatchesWholeWordsOnly) {
  EXPECT_TRUE(names_seat("Seat 0 did not place her in time", 0));
  EXPECT_TRUE(names_seat("(seats 0, 2)", 0));
  EXPECT_FALSE(names_seat("seat 1", 0));
  EXPECT_FALSE(names_seat("seat 05", 0));
  EXPECT_FALSE(names_seat("overseat 0", 0));
  EXPECT_FALSE(names_seat("seat0", 0));
  EXPECT_TRUE(names_seat("Pilote de la seat 3.", 3));
  EXPECT_FALSE(names_seat("seat 30", 3));
}

// Each game's words before a seat, both ways: only the numbers that name a seat move; squares,
// counts and cards stay.
TEST(TerminalSeats, OnlyTheNumbersThatNameASeatAreCountedFromOne) {
  struct Case {
    std::string game, canonical, person;
  };
  const std::vector<Case> cases{
      {"baba-yaga", "target 0", "target 1"},
      {"baba-yaga", "swap A1 B2", "swap A1 B2"},
      {"bal-des-sorcieres", "attack 2 with 1 rouge + fantome", "attack 3 with 1 rouge + fantome"},
      {"bal-des-sorcieres", "attack all with 2 vert", "attack all with 2 vert"},
      {"bal-des-sorcieres", "balai 0", "balai 1"},
      {"bal-des-sorcieres", "lose 1", "lose 2"},
      {"bal-des-sorcieres", "miroir 2", "miroir 3"},
      {"bal-des-sorcieres", "throw rouge", "throw rouge"},
      {"du-balai", "play mauvais-sort on 1", "play mauvais-sort on 2"},
      {"du-balai", "start 5", "start 5"},                      // a square
      {"du-balai", "play attraction 2", "play attraction 2"},  // squares
      {"du-balai", "formula zaam boulga", "formula zaam boulga"},
      {"sortileges", "place 7H under left", "place 7H under left"},
  };
  for (const auto& c : cases) {
    const SeatWords words = game(c.game).seat_words();
    EXPECT_EQ(action_for_person(words, c.canonical), c.person) << c.game;
    auto back = action_from_person(words, c.person, 4);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(*back, c.canonical) << c.game;
  }
  // What names no seat reaches the game as typed, for it to judge.
  const SeatWords bal = game("bal-des-sorcieres").seat_words();
  EXPECT_EQ(action_from_person(bal, "attack  3 with 1 rouge", 3).value(), "attack  2 with 1 rouge");
  EXPECT_EQ(action_from_person(bal, "attack x with 1 rouge", 3).value(), "attack x with 1 rouge");
  EXPECT_EQ(action_from_person(bal, "2", 3).value(), "2") << "a number from the help list";
}

TEST(TerminalSeats, ASeatThatDoesNotExistNamesTheSeatsThatDo) {
  const SeatWords bal = game("bal-des-sorcieres").seat_words();
  for (const char* typed : {"attack 4 with 1 rouge", "attack 0 with 1 rouge", "miroir 9"}) {
    auto r = action_from_person(bal, typed, 3);
    ASSERT_FALSE(r.ok()) << typed;
    EXPECT_NE(r.error().find("seats are 1 to 3"), std::string::npos) << r.error();
  }
  EXPECT_EQ(action_from_person(game("baba-yaga").seat_words(), "target 0", 2).error(),
            "there is no seat 0: seats are 1 to 2");
}

// The engine's narration and refusals, shared with the server, count from 0; the terminal
// tells them counted from 1, the actions quoted in them too.
TEST(TerminalSeats, TheEnginesNarrationIsToldWithSeatsFromOne) {
  const SeatWords bal = game("bal-des-sorcieres").seat_words();
  const std::vector<std::pair<std::string, std::string>> told{
      {"Seat 0: attack 2 with 1 rouge", "Seat 1: attack 3 with 1 rouge"},
      {"Seat 2 answers the reaction window: miroir 1 (when it closes).",
       "Seat 3 answers the reaction window: miroir 2 (when it closes)."},
      {"seat 0 may not act: the table plays 'lose 1' for her",
       "seat 1 may not act: the table "
       "plays 'lose 2' for her"},
      {"still to parry: seats 0, 1 and 2", "still to parry: seats 1, 2 and 3"},
      {"Round 2: Grand Sabbat; Seat 1 draws first.", "Round 2: Grand Sabbat; Seat 2 draws first."},
      {"Seat 0 captures a Crapzouille of seat 2.", "Seat 1 captures a Crapzouille of seat 3."},
      {"a seat's digit, 3 cards, square 0", "a seat's digit, 3 cards, square 0"},
  };
  for (const auto& [engine, person] : told) EXPECT_EQ(prose_for_person(bal, engine), person);
  const SeatWords du = game("du-balai").seat_words();
  EXPECT_EQ(prose_for_person(du, "Attraction 2 towards seat 0 on square 5: seat 1 moves forward 2"),
            "Attraction 2 towards seat 1 on square 5: seat 2 moves forward 2");
  EXPECT_EQ(prose_for_person(du, "seat 1: play mauvais-sort on 0"),
            "seat 2: play mauvais-sort on 1");
}

// Every game's view on the terminal (typed lines, and the key screen where there is one): no
// seat 0 anywhere, and the last seat named by its number from 1, in random games.
TEST(TerminalSeats, PeopleCountSeatsFromOneInEveryGamesView) {
  for (const auto& id : testing::game_ids()) {
    const Game& g = game(id);
    const int players = std::min(3, g.max_players());
    auto screen = g.make_key_screen();
    bool last_named = false;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      size_t step_no = 0;
      testing::play_random({id, players, seed, {}}, [&](const Match& m, const Step&) {
        if (++step_no % 5 != 0 && !m.state().terminal()) return;
        for (Seat v = 0; v < players; ++v) {
          const json view = m.state().view(v);
          std::string text = g.render_for_person(view, v, false);
          if (screen) {
            std::vector<std::string> legal;
            ActionList actions;
            m.state().legal_actions(v, actions);
            for (const Action a : actions) legal.push_back(m.state().action_text(a));
            const KeySituation now{view, v, legal};
            text +=
                screen->table(view, v, false, 40) + screen->keys(now, false) + screen->waiting(now);
          }
          ASSERT_FALSE(names_seat(text, 0)) << id << ", seat " << v << ":\n" << text;
          last_named = last_named || names_seat(text, players);
        }
      });
    }
    EXPECT_TRUE(last_named) << id << ": the last seat, " << players << ", is never named";
  }
}

// A legal list as the terminal shows it: each seat moved up by one, and read back to the very
// action. Random games reach every kind of action that names a seat but Le Bal's `lose`, which
// needs a captive Crapzouille (its scenario: BalEnvoutement in bal_des_sorcieres_rules_test).
TEST(TerminalSeats, EverySeatInTheLegalListIsShownFromOneAndReadBack) {
  const std::map<std::string, std::set<std::string>> kinds{
      {"baba-yaga", {"target"}},
      {"bal-des-sorcieres", {"attack", "balai", "miroir"}},
      {"du-balai", {"play"}}};
  for (const auto& [id, wanted] : kinds) {
    const Game& g = game(id);
    const int players = 3;
    std::set<std::string> seen;
    for (uint64_t seed = 1; seed <= 400 && seen != wanted; ++seed) {
      testing::play_random({id, players, seed, {}}, [&](const Match& m, const Step&) {
        const State& s = m.state();
        for (Seat v = 0; v < players; ++v) {
          if (!s.actors().contains(v)) continue;
          ActionList actions;
          s.legal_actions(v, actions);
          for (const Action a : actions) {
            const std::string canonical = s.action_text(a);
            const std::string person = action_for_person(g.seat_words(), canonical);
            if (person == canonical) continue;
            seen.insert(canonical.substr(0, canonical.find(' ')));
            auto back = action_from_person(g.seat_words(), person, players);
            ASSERT_TRUE(back.ok()) << person << ": " << back.error();
            ASSERT_EQ(*back, canonical);
            auto parsed = s.parse_action(v, *back);
            ASSERT_TRUE(parsed.ok()) << parsed.error();
            ASSERT_EQ(*parsed, a) << person;
          }
        }
      });
    }
    EXPECT_EQ(seen, wanted) << id;
  }
}

// The person at seat 1 of Le Bal des Sorcières once the bots let her attack.
std::unique_ptr<cli::Session> bal_attacker(const cli::PlayOptions& options) {
  const Game& bal = game("bal-des-sorcieres");
  for (uint64_t seed = 1; seed < 200; ++seed) {
    auto session = test::at_first_turn(bal, 3, seed, options);
    if (!session->may_act()) continue;
    for (const auto& text : session->legal_texts())
      if (text.rfind("attack 2 with", 0) == 0) return session;
  }
  return nullptr;
}

// Typed with seats from 1, the action is played as the canonical one, and the record keeps the
// canonical text; the help list shows the person's numbers.
TEST(TerminalSeats, ATypedSeatCountedFromOneIsPlayedAsTheCanonicalAction) {
  cli::PlayOptions options;
  options.seat = 0;
  auto session = bal_attacker(options);
  ASSERT_NE(session, nullptr) << "no deal lets seat 1 attack";
  const auto canonical = session->legal_texts();
  const auto shown = session->legal_for_person();
  ASSERT_EQ(canonical.size(), shown.size());
  std::string typed, meant;
  for (size_t i = 0; i < shown.size(); ++i) {
    EXPECT_NE(shown[i].rfind("attack 1 with", 0), 0u) << "she does not attack herself";
    if (canonical[i].rfind("attack 2 with", 0) == 0) {
      EXPECT_EQ(shown[i], "attack 3" + canonical[i].substr(8));
      typed = shown[i], meant = canonical[i];
    }
  }
  ASSERT_FALSE(typed.empty());
  const size_t before = session->record().actions.size();
  Events events;
  std::string why;
  ASSERT_EQ(session->act_typed(typed, events, why), cli::Session::Tried::Played) << why;
  const auto& actions = session->record().actions;
  ASSERT_GT(actions.size(), before);
  EXPECT_EQ(actions.back().seat, 0);
  EXPECT_EQ(actions.back().action, meant) << "the record keeps the canonical text";
}

TEST(TerminalSeats, ATypedSeatOutOfRangeIsRefusedAndChangesNothing) {
  cli::PlayOptions options;
  options.seat = 0;
  auto session = bal_attacker(options);
  ASSERT_NE(session, nullptr);
  const auto state = session->state().clone();
  const size_t played = session->played();
  for (const char* typed : {"attack 4 with 1 rouge", "attack 0 with 1 rouge"}) {
    Events events;
    std::string why;
    EXPECT_EQ(session->act_typed(typed, events, why), cli::Session::Tried::Refused) << typed;
    EXPECT_NE(why.find("seats are 1 to 3"), std::string::npos) << why;
    EXPECT_TRUE(events.empty());
    EXPECT_EQ(session->played(), played);
    EXPECT_TRUE(session->state().same_as(*state));
  }
  // By typed lines, the refusal is said as such.
  Outcome r = sabbat({"play", "baba-yaga", "--players", "3", "--seed", "5"}, "target 4\nquit\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Cannot do 'target 4': there is no seat 4: seats are 1 to 3"),
            std::string::npos)
      << r.out;
}

// Du Balai ! reads looser forms (`play mauvais sort 2`, capitals): their seat is counted from 1
// too. (After seat 0's move, Mauvais sort in her hand.)
TEST(TerminalSeats, ALooserFormTheGameReadsCountsItsSeatFromOneToo) {
  du_balai::testing::Race r = du_balai::testing::spell_stage(du_balai::Card::MauvaisSort, false);
  r.until(0, du_balai::Step::AfterMove);
  const SeatWords words = game("du-balai").seat_words();
  auto typed = [&](const std::string& text) { return cli::typed_action(*r.s, 0, words, text); };
  EXPECT_EQ(typed("play mauvais-sort on 2").value(), "play mauvais-sort on 1");
  EXPECT_EQ(typed("play mauvais sort 2").value(), "play mauvais-sort on 1");
  EXPECT_EQ(typed("Play Mauvais Sort on 3").value(), "play mauvais-sort on 2");
  EXPECT_EQ(typed("play mauvais sort 4").error(), "there is no seat 4: seats are 1 to 3");
  EXPECT_EQ(typed("play mauvais sort 0").error(), "there is no seat 0: seats are 1 to 3");
  EXPECT_EQ(typed("pass").value(), "pass");
  EXPECT_EQ(typed("1").value(), "1") << "a number from the help list";
}

// `--seat` counts from 1, 1 by default; 0 and seats past the last are refused with the range.
TEST(TerminalSeats, TheSeatFlagCountsFromOneAndRefusesZero) {
  Outcome first = sabbat({"play", "sortileges", "--players", "3", "--seed", "4"}, "quit\n");
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_NE(first.out.find("3 players, you are seat 1."), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("Seat 1 (you)"), std::string::npos) << first.out;

  Outcome last = sabbat({"play", "sortileges", "--players", "3", "--seat", "3", "--seed", "4"},
                        std::string(200, '\n') + "help\nquit\n");
  ASSERT_EQ(last.code, 0) << last.err;
  EXPECT_NE(last.out.find("3 players, you are seat 3."), std::string::npos) << last.out;
  EXPECT_NE(last.out.find("Seat 3 (you)"), std::string::npos) << last.out;
  EXPECT_NE(last.out.find("(seat 3: type an action"), std::string::npos) << last.out;
  EXPECT_FALSE(names_seat(last.out, 0)) << last.out;

  for (const char* seat : {"0", "4"}) {
    Outcome r = sabbat({"play", "sortileges", "--players", "3", "--seat", seat}, "quit\n");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "sabbat: there is no seat " + std::string(seat) +
                         " with 3 players; seats are 1 to 3\n");
  }
}

// Baba Yaga's key screen: a seat's digit as a person counts it targets that seat; the table
// names seats from 1.
TEST(TerminalSeats, BabaYagaTargetsASeatByTheDigitAPersonCountsItBy) {
  testing::BabaTable t(3);
  t.end_study();
  // Lumière aveuglante ! (card 2) targets an opponent.
  const Seat searcher = t.s->searcher();
  t.start_turn_with(2);
  const auto wanted = t.wanted();
  for (int i = 0; i < t.s->need(); ++i) t.ok(searcher, "turn " + wanted[size_t(i)]);
  t.fly_home();
  ASSERT_EQ(t.s->phase(), baba_yaga::Phase::Effect);
  std::vector<std::string> legal;
  ActionList actions;
  t.s->legal_actions(searcher, actions);
  for (const Action a : actions) legal.push_back(t.s->action_text(a));
  ASSERT_NE(std::find(legal.begin(), legal.end(), "target 1"), legal.end());
  auto screen = game("baba-yaga").make_key_screen();
  const json view = t.s->view(searcher);
  const KeySituation now{view, searcher, legal};
  EXPECT_EQ(screen->press('2', now).action, "target 1");
  EXPECT_EQ(screen->press('3', now).action, "target 2");
  EXPECT_NE(screen->help().find("1-5           target a seat"), std::string::npos);
  const std::string table = screen->table(view, searcher, false, 40);
  EXPECT_NE(table.find("seat 2"), std::string::npos) << table;
  EXPECT_FALSE(names_seat(table, 0)) << table;
  // Typed lines list the targets as she counts them.
  const SeatWords words = game("baba-yaga").seat_words();
  EXPECT_EQ(action_for_person(words, "target 1"), "target 2");
  EXPECT_EQ(action_for_person(words, "target 2"), "target 3");
}

// `sabbat replay` tells a record for a person: seats from 1, in its actions and narration too;
// the record itself keeps its own.
TEST(TerminalSeats, ReplayNarrationCountsSeatsFromOne) {
  test::TempDir dir("sabbat-seats");
  Outcome sim = sabbat(
      {"sim", "baba-yaga", "--games", "1", "--players", "3", "--seed", "5", "--record", dir / "r"});
  ASSERT_EQ(sim.code, 0) << sim.err;
  Outcome r = sabbat({"replay", dir / "r/game-000001.jsonl"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Seats are counted from 1 here"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  seat 3: "), std::string::npos) << r.out;
  EXPECT_FALSE(names_seat(r.out, 0)) << r.out;
  EXPECT_EQ(r.out.find("target 0"), std::string::npos) << r.out;
  EXPECT_NE(test::read_file(dir / "r/game-000001.jsonl").find("\"seat\":0"), std::string::npos)
      << "the record counts from 0";
}

}  // namespace
}  // namespace sabbat
