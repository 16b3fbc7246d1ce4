// Random games of Le Bal des Sorcières: 10,000 for each level (easy, medium, hard, and hard
// with the heritage option) and table size (3 to 6 witches), one test case each so that ctest
// runs them side by side. After every action the test counts for itself what the rules keep
// (the cards, the Crapzouilles, the farce tokens, the eliminations) and asks the game's own
// audit; each game is replayed from its seed. On a share of the games, every action text
// parses back and every view survives a redraw of what its viewer cannot see. Refused actions
// leave the state unchanged.
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/bal_cards.hpp"
#include "support/random_games.hpp"

namespace sabbat::bal {
namespace {

std::unique_ptr<State> new_game(int players, const std::string& level, uint64_t seed,
                                bool heritage = false, int first_seat = 0) {
  return new_bal_game(players,
                      {{"level", level},
                       {"heritage", heritage ? "true" : "false"},
                       {"first_seat", std::to_string(first_seat)},
                       {"forced_moves", "played"}},
                      seed);
}

const BalState& bal(const State& s) {
  return static_cast<const BalState&>(s);
}

// One step of a game: who played what, when (the clock's too).
struct Played {
  Seat seat = kClock;
  Action action;
  GameTime at = 0;
};

// Plays one random game: `before` sees the state and the legal list before every action,
// `after` the state after it. Of several witches answering a reaction window at once the
// lowest seat answers first; when nobody may act, the clock applies the window's deadline.
// Returns the steps played.
template <class Before, class After>
std::vector<Played> play(State& s, Rng& rng, Before&& before, After&& after) {
  ActionList legal;
  std::vector<Played> played;
  while (!s.terminal()) {
    const SeatSet actors = s.actors();
    Played step;
    if (actors.empty()) {
      const auto d = s.deadline();
      EXPECT_TRUE(d.has_value()) << "nobody acts and no clock: " << s.full_state().dump();
      if (!d) break;
      step = {kClock, d->action, std::max(d->at, s.now())};
    } else {
      const Seat seat = Seat(__builtin_ctz(actors.bits()));
      s.legal_actions(seat, legal);
      EXPECT_FALSE(legal.empty()) << s.full_state().dump();
      if (legal.empty()) break;
      before(s, seat, legal);
      if (::testing::Test::HasFailure()) break;
      step = {seat, legal[rng.below(uint32_t(legal.size()))], s.now()};
    }
    auto st = s.apply(step.seat, step.action, step.at);
    EXPECT_TRUE(st.ok()) << st.error();
    if (!st.ok()) break;
    played.push_back(step);
    if (!after(s) || played.size() > 20000) break;
  }
  return played;
}

template <class Before>
std::vector<Played> play(State& s, Rng& rng, Before&& before) {
  return play(s, rng, before, [](const State& st) {
    auto audit = st.audit();
    EXPECT_TRUE(audit.ok()) << audit.error();
    return audit.ok();
  });
}

// A ledger of what the rules keep, counted from what the state shows, apart from the game's
// own audit. check() answers an empty text when all holds, else what does not.
class Ledger {
 public:
  explicit Ledger(const BalState& s) : level_(s.options().level) {
    for (Kind k = 0; k < kKinds; ++k) {
      const bool played = kind_info(k).level <= level_;
      for (int i = 0; i < kind_info(k).count; ++i) {
        if (played)
          ++in_play_;
        else
          box_.add(Card(first_card(k) + i));
      }
    }
  }

  int in_play() const { return in_play_; }  // the cards the level plays

  std::string check(const BalState& s) {
    const int players = s.players();
    // The cards: each of the level's cards in one hand, the pile, the discard pile or on the
    // table; the spells the level leaves out nowhere in play.
    CardSet seen;
    int count = s.pile_size();
    for (Seat p = 0; p < players; ++p) {
      const Witch& w = s.witch_at(p);
      if (!(w.hand & seen).empty())
        return "seat " + std::to_string(p) + " holds a card of another hand";
      if ((w.known & w.hand) != w.known)
        return "seat " + std::to_string(p) + " is known to hold cards she has not";
      seen.w[0] |= w.hand.w[0];
      seen.w[1] |= w.hand.w[1];
      count += w.hand.size();
    }
    for (Seat p = players; p < kMaxPlayers; ++p)
      if (!(s.witch_at(p) == Witch{})) return "seat " + std::to_string(p) + " is no witch";
    auto place = [&](Card c) {
      if (c >= kCards || seen.has(c)) return false;
      seen.add(c);
      ++count;
      return true;
    };
    const Exchange& x = s.exchange();
    if (x.card_count > 3) return "more than 3 attacking cards";
    for (int i = 0; i < x.card_count; ++i)
      if (!place(x.cards[size_t(i)])) return "a card on the table is also elsewhere";
    for (int i = 0; i < s.discard_size(); ++i)
      if (!place(s.discard_at(i))) return "a discarded card is also elsewhere";
    // Boule de cristal: the cards laid face down, changing hands together.
    if (s.phase() == Phase::Boule)
      for (Card c : s.crystal().cards)
        if (c != 0xff && !place(c)) return "a card laid face down is also elsewhere";
    if (!(seen & box_).empty()) return "a card the level leaves in the box is in play";
    if (count != in_play_)
      return std::to_string(count) + " cards in play, not " + std::to_string(in_play_);

    // The Crapzouilles: 10 of each witch, alive in a coffre (hers or a captor's) or dead.
    for (Seat o = 0; o < players; ++o) {
      int total = s.witch_at(o).dead;
      for (Seat h = 0; h < players; ++h) {
        const int held = s.witch_at(h).coffre[size_t(o)];
        if (held > kCrapzouilles) return "a coffre holds " + std::to_string(held);
        if (h != o && held && level_ == Level::Facile) return "a captive without Envoûtement";
        total += held;
      }
      if (total != kCrapzouilles)
        return "seat " + std::to_string(o) + " has " + std::to_string(total) + " Crapzouilles";
    }
    // Eliminations: out with an empty coffre and an empty hand, ranked 1, 2... in order, never
    // back.
    uint32_t ranks = 0;
    int out = 0;
    for (Seat p = 0; p < players; ++p) {
      const Witch& w = s.witch_at(p);
      if (w.alive() > kCrapzouilles) return "seat " + std::to_string(p) + " holds over 10";
      if ((w.out_rank != 0) != (w.alive() == 0))
        return "seat " + std::to_string(p) + " is out but holds Crapzouilles, or the reverse";
      if (out_rank_[size_t(p)] != 0 && w.out_rank != out_rank_[size_t(p)])
        return "seat " + std::to_string(p) + " came back to the ball";
      out_rank_[size_t(p)] = w.out_rank;
      if (w.out_rank == 0) continue;
      if (!w.hand.empty()) return "eliminated seat " + std::to_string(p) + " holds cards";
      if (w.out_rank < 0 || w.out_rank >= players) return "a rank out of range";
      ranks |= 1u << w.out_rank;
      ++out;
    }
    if (ranks != ((1u << (out + 1)) - 2))
      return "the elimination ranks are not 1 to " + std::to_string(out);

    // The farce tokens: 25, in the bowl or on the table; none drawn below the hard level.
    if (x.token_count > 2) return "more than two farce tokens drawn";
    if (x.token_count && level_ != Level::Difficile) return "a farce below the hard level";
    std::array<int, kColours + 1> tokens{};
    for (int t = 0; t <= kColours; ++t) tokens[size_t(t)] = s.bowl()[size_t(t)];
    for (int i = 0; i < x.token_count; ++i) {
      if (x.tokens[size_t(i)] > kWhite) return "a farce token of no colour";
      ++tokens[x.tokens[size_t(i)]];
    }
    // The book's bowl: grey 1, blue 2, green 4, yellow 6, red 10, white 2.
    if (tokens != std::array<int, kColours + 1>{1, 2, 4, 6, 10, 2})
      return "farce tokens lost or added";

    // Who acts: one living witch, Carabosse's holder when an attack is due; nobody at the end.
    // A reaction window asks only the witches who hold a card they may play in it now, all at
    // once, and none if none holds one.
    const SeatSet actors = s.actors();
    if (s.terminal()) return actors.empty() ? winner(s) : "someone acts after the end";
    if (s.phase() == Phase::Window) {
      ActionList legal;
      for (Seat p = 0; p < s.players(); ++p) {
        if (!actors.contains(p)) continue;
        if (s.eliminated(p)) return "eliminated seat " + std::to_string(p) + " is asked";
        s.legal_actions(p, legal);
        bool card = false;
        for (Action a : legal) card = card || s.action_text(a) != "pass";
        if (!card) return "seat " + std::to_string(p) + " is asked without a card to play";
      }
      return {};
    }
    // A witch whose only move the table plays is not asked: everyone else sees her to play.
    const SeatSet turn = actors.empty() && s.forced_move() ? s.actors_seen_by(kSpectator) : actors;
    if (turn.size() != 1) return std::to_string(turn.size()) + " witches act at once";
    const Seat actor = Seat(__builtin_ctz(turn.bits()));
    if (s.eliminated(actor)) return "eliminated seat " + std::to_string(actor) + " acts";
    // À moi, nananère !: her stand-in attacks in her place.
    if (s.phase() == Phase::Attack && actor != s.attacker_now())
      return "seat " + std::to_string(actor) + " attacks without Carabosse or her stand-in";
    // « Jusqu'à ce que le joueur puisse jouer »: the witch to attack passes for want of a potion
    // only when every potion is in some hand, none left in the pile or the discard pile.
    if (s.phase() == Phase::Attack && (s.witch_at(actor).hand & kPotionCards).empty()) {
      int held = 0;
      for (Seat p = 0; p < players; ++p) held += (s.witch_at(p).hand & kPotionCards).size();
      if (held != kPotions)
        return "seat " + std::to_string(actor) + " must pass while potions are left to draw";
    }
    return {};
  }

 private:
  // « Le vainqueur est le joueur qui possède encore au moins un Crapzouille après que tous les
  // Crapzouilles des autres joueurs ont été éliminés »; a witch scores the number of witches
  // eliminated before her.
  static std::string winner(const BalState& s) {
    const int players = s.players();
    const std::vector<int> scores = s.scores();
    if (int(scores.size()) != players) return "not one score per witch";
    int living = 0;
    for (Seat p = 0; p < players; ++p) {
      const Witch& w = s.witch_at(p);
      if (w.alive() > 0) {
        ++living;
        if (scores[size_t(p)] != players - 1) return "the winner does not score players - 1";
      } else if (scores[size_t(p)] != w.out_rank - 1) {
        return "seat " + std::to_string(p) + " scores other than the witches out before her";
      }
    }
    return living == 1 ? "" : std::to_string(living) + " witches left at the end";
  }

  Level level_;
  CardSet box_;  // the spells the level leaves out
  int in_play_ = 0;
  std::array<int8_t, kMaxPlayers> out_rank_{};
};

// Every legal action's text parses back to it.
void check_texts(const State& s, Seat seat, const ActionList& legal) {
  for (Action a : legal) {
    auto back = s.parse_action(seat, s.action_text(a));
    ASSERT_TRUE(back.ok()) << s.action_text(a) << ": " << back.error();
    ASSERT_EQ(back->code, a.code) << s.action_text(a);
  }
}

// Redrawing what a viewer cannot see changes neither her view nor, for the witch to act, her
// legal list.
void check_views(const State& s, Seat seat, const ActionList& legal, Rng& sampler, int& checked) {
  for (Seat viewer = kSpectator; viewer < s.players(); ++viewer) {
    auto other = s.sample_hidden(viewer, sampler);
    ASSERT_EQ(other->view(viewer), s.view(viewer)) << "viewer " << viewer;
    ASSERT_TRUE(other->audit().ok()) << other->audit().error();
    // Who else a window asks is redrawn with the hands: she sees only whether she is asked.
    ASSERT_EQ(other->actors_seen_by(viewer), s.actors_seen_by(viewer));
    if (viewer == seat) {
      ActionList theirs;
      other->legal_actions(seat, theirs);
      ASSERT_EQ(theirs, legal);
    }
    ++checked;
  }
}

struct Cell {
  std::string level;
  bool heritage;
  int players;
};

void PrintTo(const Cell& c, std::ostream* os) {
  *os << c.level << (c.heritage ? " with heritage, " : ", ") << c.players << " witches";
}

std::vector<Cell> every_cell() {
  std::vector<Cell> out;
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    for (const char* level : {"easy", "medium", "hard"}) out.push_back({level, false, players});
    out.push_back({"hard", true, players});  // « OPTION (niveau difficile) »
  }
  return out;
}

std::string cell_name(const ::testing::TestParamInfo<Cell>& info) {
  return info.param.level + (info.param.heritage ? "_heritage_" : "_") +
         std::to_string(info.param.players) + "_witches";
}

class TenThousandGames : public ::testing::TestWithParam<Cell> {};

TEST_P(TenThousandGames, KeepCardsCrapzouillesAndFarceTokensAfterEveryAction) {
  const Cell& c = GetParam();
  const int games = sabbat::testing::scaled(10000);
  // The expensive checks on a share of the games, the first one always: the game's own audit
  // after every action on one game in 8 (and at every game's end), the action texts on one in
  // 100, the views besides (every other action) on one in 1,000.
  constexpr int kAuditStride = 8, kTextStride = 100, kViewStride = 1000;
  Rng sampler(uint64_t(c.players));
  int views_checked = 0;
  // How many games reached each phase, held a captive, drew farce tokens.
  std::array<int, int(Phase::Over) + 1> phases{};
  int captives = 0, farces = 0;
  for (int i = 0; i < games; ++i) {
    const uint64_t seed = Rng::mix(uint64_t(i), uint64_t(c.players * 2 + c.heritage));
    const int first_seat = i % c.players;
    auto s = new_game(c.players, c.level, seed, c.heritage, first_seat);
    ASSERT_TRUE(s);
    Ledger ledger(bal(*s));
    // 84 potions and 22 white-vial spells, then 12 black-and-white ones, then 3 black ones.
    ASSERT_EQ(ledger.in_play(), c.level == "easy" ? 106 : c.level == "medium" ? 118 : 121);
    ASSERT_EQ(ledger.check(bal(*s)), "") << "after the deal, seed " << seed;
    const bool audits = i % kAuditStride == 0, texts = i % kTextStride == 0,
               views = i % kViewStride == 0;
    Rng rng(seed);
    int step = 0;
    uint32_t reached = 0;
    bool captive = false, farce = false;
    auto played = play(
        *s, rng,
        [&](const State& st, Seat seat, const ActionList& legal) {
          if (texts) check_texts(st, seat, legal);
          if (views && step % 2 == 0) check_views(st, seat, legal, sampler, views_checked);
        },
        [&](const State& st) {
          ++step;
          const BalState& b = bal(st);
          reached |= 1u << int(b.phase());
          farce = farce || b.exchange().token_count > 0;
          for (Seat p = 0; p < b.players() && !captive; ++p)
            captive = b.witch_at(p).alive() != b.witch_at(p).coffre[size_t(p)];
          const std::string broken = ledger.check(b);
          EXPECT_EQ(broken, "") << "seed " << seed << ", action " << step;
          // The game's own audit also knows the pile, which no view shows.
          if (!audits && !st.terminal()) return broken.empty();
          auto audit = st.audit();
          EXPECT_TRUE(audit.ok()) << audit.error() << ", seed " << seed << ", action " << step;
          return broken.empty() && audit.ok();
        });
    ASSERT_FALSE(HasFailure()) << c.level << ", " << c.players << " witches, game " << i
                               << ", seed " << seed << ", first seat " << first_seat;
    ASSERT_TRUE(s->terminal()) << "seed " << seed << ": no winner after " << played.size();
    for (int p = 0; p <= int(Phase::Over); ++p) phases[size_t(p)] += (reached >> p) & 1;
    captives += captive;
    farces += farce;
    // Same seed, same game: the deal and every chance after it come from the state's seed.
    auto again = new_game(c.players, c.level, seed, c.heritage, first_seat);
    for (size_t k = 0; k < played.size(); ++k) {
      auto st = again->apply(played[k].seat, played[k].action, played[k].at);
      ASSERT_TRUE(st.ok()) << "seed " << seed << " played twice, action " << k + 1 << ": "
                           << st.error();
    }
    ASSERT_TRUE(again->same_as(*s)) << "seed " << seed << " played twice differs";
  }
  EXPECT_GT(views_checked, 100);
  // The games play what the level holds, and nothing else: a witch without a potion (any
  // level), a Tour de magie and captives (Envoûtement, medium and up), farces (hard), an
  // heir's drops (the heritage option). A tenth of the games is far below what they reach.
  const bool medium = c.level != "easy", hard = c.level == "hard";
  auto in_phase = [&](Phase p) { return phases[size_t(p)]; };
  EXPECT_EQ(in_phase(Phase::Attack), games);
  EXPECT_EQ(in_phase(Phase::Over), games);
  EXPECT_GT(in_phase(Phase::Restock), games / 10);
  EXPECT_EQ(in_phase(Phase::Remake) > games / 10, medium) << in_phase(Phase::Remake);
  EXPECT_EQ(in_phase(Phase::Lose) > games / 10, medium) << in_phase(Phase::Lose);
  EXPECT_EQ(captives > games / 10, medium) << captives;
  EXPECT_EQ(farces > games / 10, hard) << farces;
  EXPECT_EQ(in_phase(Phase::Inherit) > games / 10, c.heritage) << in_phase(Phase::Inherit);
  EXPECT_TRUE(medium || in_phase(Phase::Remake) + in_phase(Phase::Lose) + captives == 0);
  EXPECT_TRUE(hard || farces == 0) << farces;
  EXPECT_TRUE(c.heritage || in_phase(Phase::Inherit) == 0) << in_phase(Phase::Inherit);
}

INSTANTIATE_TEST_SUITE_P(BalPlayout, TenThousandGames, ::testing::ValuesIn(every_cell()),
                         cell_name);

TEST(BalPlayout, ActionTextsParseBackAndRefusalsChangeNothing) {
  for (uint64_t seed = 0; seed < 40; ++seed) {
    auto s = new_game(4, "medium", seed);
    Rng rng(seed);
    play(*s, rng, [&](const State& st, Seat seat, const ActionList& legal) {
      for (Action a : legal) {
        auto back = st.parse_action(seat, st.action_text(a));
        ASSERT_TRUE(back.ok()) << st.action_text(a);
        ASSERT_EQ(back->code, a.code) << st.action_text(a);
      }
      // Every seat's other tries are refused and leave the state as it was.
      auto copy = st.clone();
      for (Seat other = 0; other < st.players(); ++other) {
        for (const char* text : {"take", "pass", "baguette", "parry", "attack 1 with 2 gris",
                                 "balai 0", "attack all with 1 rouge + sortilege", "keep",
                                 "throw tour", "lutin", "parry with abracadabra", "drop rouge",
                                 "discard balai", "lutin + tresor", "lose 0"}) {
          auto a = st.parse_action(other, text);
          ASSERT_TRUE(a.ok()) << text;
          bool legal_here = other == seat;
          if (legal_here) {
            legal_here = false;
            for (Action l : legal) legal_here = legal_here || l == *a;
          }
          if (legal_here) continue;
          auto st2 = copy->apply(other, *a, 1 << 30);
          ASSERT_FALSE(st2.ok()) << text;
          ASSERT_FALSE(st2.error().empty());
          ASSERT_TRUE(copy->same_as(st)) << text;
        }
      }
    });
  }
}

// The legal list is built straight from the hand for speed; every action the game can encode
// is applied on a copy, and exactly those in the list are accepted, each listed once.
TEST(BalPlayout, TheLegalListIsExactlyTheActionsApplyAccepts) {
  // Each type with the fields it reads, over and beyond their ranges.
  std::vector<Action> universe;
  auto add = [&](const Decoded& d) { universe.push_back(Action{encode(d)}); };
  for (Seat target = kNobody; target <= kMaxPlayers; ++target)
    for (uint8_t colour = 0; colour <= kColours; ++colour)
      for (uint8_t count = 0; count <= 3; ++count)
        for (int spell = -1; spell <= kSpells; ++spell)
          for (bool tresor : {false, true})
            add({ActionType::Attack, target, colour, count, spell < 0 ? kNoSpell : uint8_t(spell),
                 tresor});
  for (int spell = -1; spell <= kSpells; ++spell)
    add({ActionType::Parry, kNobody, 0, 0, spell < 0 ? kNoSpell : uint8_t(spell)});
  for (Seat target = kNobody; target <= kMaxPlayers; ++target) {
    add({ActionType::Balai, target});
    add({ActionType::Lose, target});
  }
  for (uint8_t kind = 0; kind <= kKinds; ++kind)
    for (auto type : {ActionType::Throw, ActionType::Drop, ActionType::Discard})
      add({type, kNobody, kind});
  for (auto type : {ActionType::Take, ActionType::Baguette, ActionType::Pass, ActionType::Keep})
    add({type});
  add({ActionType::Lutin});
  add({ActionType::Lutin, kNobody, 0, 0, kNoSpell, true});
  std::sort(universe.begin(), universe.end(), [](Action a, Action b) { return a.code < b.code; });
  universe.erase(std::unique(universe.begin(), universe.end()), universe.end());
  int states = 0;
  for (const std::string level : {"easy", "hard"})
    for (uint64_t seed = 0; seed < uint64_t(sabbat::testing::scaled(6)); ++seed) {
      // The heritage option, a hard level's one, on every other hard game.
      auto s = new_game(4, level, seed, level == "hard" && seed % 2);
      Rng rng(seed);
      play(*s, rng, [&](const State& st, Seat seat, const ActionList& legal) {
        if (rng.below(8) != 0) return;  // a sample of the states, for time
        ++states;
        std::vector<uint32_t> listed;
        for (Action a : legal) listed.push_back(a.code);
        std::sort(listed.begin(), listed.end());
        ASSERT_EQ(std::adjacent_find(listed.begin(), listed.end()), listed.end());
        auto copy = st.clone();
        for (Action a : universe) {
          const bool accepted = copy->apply(seat, a, st.now()).ok();
          if (accepted) copy = st.clone();
          ASSERT_EQ(accepted, std::binary_search(listed.begin(), listed.end(), a.code))
              << st.action_text(a) << "\n"
              << st.full_state().dump();
        }
      });
    }
  EXPECT_GT(states, 5 * sabbat::testing::scaled(6));  // about 25 a game
}

// A random move counts and builds an attack rather than listing them; it must still be the
// list's entry at the index the same draw gives, so that a seed plays the same game either way.
TEST(BalPlayout, ARandomMoveIsTheListedMoveAtTheSameDraw) {
  int attacks = 0;
  for (const std::string level : {"easy", "medium", "hard"})
    for (uint64_t seed = 0; seed < uint64_t(sabbat::testing::scaled(8)); ++seed) {
      auto s = new_game(3 + int(seed % 4), level, seed, level == "hard" && seed % 2);
      Rng rng(seed);
      play(*s, rng, [&](const State& st, Seat seat, const ActionList& legal) {
        attacks += bal(st).phase() == Phase::Attack;
        Rng a(seed * 7919 + legal.size()), b = a;
        const MaybeAction drawn = st.random_legal(seat, a);
        ASSERT_TRUE(drawn.has_value());
        ASSERT_EQ((*drawn).code, legal[b.below(uint32_t(legal.size()))].code)
            << st.full_state().dump();
        ASSERT_EQ(a.next(), b.next());  // one draw each
        // A seat that may not act draws nothing. (In a reaction window several may act at
        // once, so the idle seat is the first that may not, not the next one.)
        Rng c(seed);
        Seat idle = 0;
        while (idle < st.players() && st.actors().contains(idle)) ++idle;
        if (idle < st.players()) {
          EXPECT_FALSE(st.random_legal(idle, c).has_value());
        }
      });
    }
  EXPECT_GT(attacks, 20 * sabbat::testing::scaled(8));
}

// "A forced move is not asked": the table plays the move of the witch to play when it is her
// only one, and only then; asked (`forced ask`), she is offered exactly that move. The endings
// matter most: one potion against the last witch left is a single attack.
TEST(BalPlayout, TheTablePlaysAMoveExactlyWhenItIsTheWitchsOnlyOne) {
  int forced = 0, turns = 0;
  ActionList legal;
  for (const std::string level : {"easy", "hard"})
    for (uint64_t seed = 0; seed < uint64_t(sabbat::testing::scaled(50)); ++seed) {
      auto s = new_game(3 + int(seed % 4), level, seed, level == "hard" && seed % 2);
      Rng rng(seed);
      auto check = [&](const State& st) {
        const BalState& b = bal(st);
        const SeatSet turn = st.actors_seen_by(kSpectator);  // outside a window, her turn
        if (st.terminal() || b.phase() == Phase::Window || turn.size() != 1) return true;
        const Seat seat = Seat(__builtin_ctz(turn.bits()));
        auto asked = st.clone();
        EXPECT_TRUE(asked->apply_text(seat, "forced ask", st.now()).ok());
        asked->legal_actions(seat, legal);
        const MaybeAction table = b.forced_move();
        ++turns;
        forced += table.has_value();
        EXPECT_EQ(table.has_value(), legal.size() == 1) << st.full_state().dump();
        if (table && legal.size() == 1) {
          EXPECT_EQ((*table).code, legal[0].code);
        }
        return !::testing::Test::HasFailure();
      };
      const auto no_look = [](const State&, Seat, const ActionList&) {};
      play(*s, rng, no_look, check);
    }
  EXPECT_GT(forced, 10 * sabbat::testing::scaled(50));
  EXPECT_GT(turns, forced);  // and some turns ask a choice
}

TEST(BalPlayout, ViewsHideOtherHandsAndThePile) {
  auto s = new_game(4, "medium", 3);
  const auto full = s->full_state().dump();
  for (Seat viewer = kSpectator; viewer < 4; ++viewer) {
    const json v = s->view(viewer);
    for (Seat p = 0; p < 4; ++p) {
      EXPECT_EQ(v["witches"][size_t(p)].contains("hand"), p == viewer);
      EXPECT_EQ(v["witches"][size_t(p)]["hand_size"], 10);
    }
    EXPECT_FALSE(v.contains("pile_cards"));
  }
  EXPECT_NE(full.find("pile_cards"), std::string::npos);
}

}  // namespace
}  // namespace sabbat::bal
