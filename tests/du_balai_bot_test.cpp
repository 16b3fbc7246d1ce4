// Du Balai !: the simple bot (src/games/du-balai/bot.hpp) plays whole races in virtual time,
// legally, never before now, misremembering the dice now and then, and without reading what
// its seat may not know. Its memory of the book (bot_memory.hpp) fills die by die while the
// book is in sight, and slips more with more dice held and more time since a die was seen; its
// random player takes a person's time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

#include "bots/bot.hpp"
#include "core/bot.hpp"
#include "core/registry.hpp"
#include "games/du-balai/bot.hpp"
#include "games/du-balai/bot_memory.hpp"
#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {
namespace {

struct RaceStats {
  int games = 0;
  int with_finisher = 0;
  int writes = 0;            // non-empty formulas written by the bots
  int forbidden_writes = 0;  // ... that the true dice forbid
  int closer_writes = 0;     // non-empty formulas written by the witch who closed the book
  int closer_forbidden = 0;  // ... that the true dice forbid
  int closes = 0;            // books closed by a bot
  int turns = 0;
  int spells = 0;  // Magie noire cards played by the bots (Brouillard included)
  int decrets = 0;
  int seconds = 0;                    // second formulas written (holding Double-jeu)
  int double_jeux = 0;                // Double-jeu played to make one count
  int useless_double = 0;             // ... on a second formula the revealed dice forbid
  std::vector<GameTime> close_after;  // when a bot closed the book, from the roll
};

std::unique_ptr<State> new_game(int players, uint64_t seed) {
  const Game& game = *registry().find("du-balai");
  auto setup = game.setup(players, {}, seed);
  EXPECT_TRUE(setup.ok());
  auto state = game.new_state(*setup);
  EXPECT_TRUE(state.ok());
  return std::move(*state);
}

using BotMaker = std::function<std::unique_ptr<Bot>(Seat)>;

struct Played {
  Seat who;
  Action what;
  GameTime when;
  bool operator==(const Played&) const = default;
};

// Plays one race: every acting bot proposes; the earliest proposal is applied unless the
// deadline comes first (a deadline wins ties). Checks every proposal on the way.
void play_race(int players, uint64_t seed, const BotMaker& make, RaceStats& stats,
               std::vector<Played>* log = nullptr) {
  auto state = new_game(players, seed);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < players; ++p) bots.push_back(make(p));
  Rng rng(seed ^ 0xb07);
  ActionList legal;
  int steps = 0;
  while (!state->terminal()) {
    ASSERT_LT(++steps, 100000) << "the race does not end";
    const auto& s = dynamic_cast<const DuBalaiState&>(*state);
    Seat who = kClock;
    Action what;
    GameTime when = 0;
    bool any = false;
    for (Seat p = 0; p < players; ++p) {
      if (!state->actors().contains(p)) continue;
      auto prop = bots[size_t(p)]->propose(*state, p, rng);
      if (!prop) continue;
      EXPECT_GE(prop->at, state->now()) << "a proposal before now";
      state->legal_actions(p, legal);
      ASSERT_NE(std::find(legal.begin(), legal.end(), prop->action), legal.end())
          << "illegal proposal " << state->action_text(prop->action);
      if (!any || prop->at < when) who = p, what = prop->action, when = prop->at, any = true;
    }
    if (auto d = state->deadline(); d && (!any || d->at <= when))
      who = kClock, what = d->action, when = std::max(d->at, state->now()), any = true;
    ASSERT_TRUE(any) << "nobody can move";
    if (who != kClock) {
      const Move m = decode(what);
      if (m.kind == Kind::Write && !m.formula.empty() && s.phase() == Phase::Writing) {
        const bool forbidden = judge(m.formula.mask, s.book()).verdict == Verdict::Forbidden;
        ++stats.writes;
        stats.forbidden_writes += forbidden;
        if (s.closer() == who) ++stats.closer_writes, stats.closer_forbidden += forbidden;
      }
      stats.seconds += m.kind == Kind::Write && m.second;
      if (m.kind == Kind::Play && m.card == Card::DoubleJeu) {
        ++stats.double_jeux;
        stats.useless_double += !judge(s.witch(who).formula[1].mask, s.book()).valid();
      }
      if (m.kind == Kind::CloseBook && s.phase() == Phase::BookOpen) {
        ++stats.closes;
        stats.close_after.push_back(when - s.book_opened());
      }
      stats.spells += m.kind == Kind::Play || m.kind == Kind::Brouillard;
      stats.decrets += m.kind == Kind::Play && m.card == Card::Decret;
    }
    if (log) log->push_back({who, what, when});
    const Status st = state->apply(who, what, when);
    ASSERT_TRUE(st.ok()) << st.error();
  }
  const auto& s = dynamic_cast<const DuBalaiState&>(*state);
  ++stats.games;
  stats.turns += s.turn();
  bool finisher = false;
  for (int p = 0; p < players; ++p) finisher |= s.track().finished(p);
  stats.with_finisher += finisher;
}

RaceStats play_races(int games, const SimpleBotParams& params) {
  RaceStats stats;
  const BotMaker make = [&params](Seat) { return make_simple_bot(params); };
  for (int g = 0; g < games; ++g) {
    play_race(2 + g % 5, Rng::mix(2024, uint64_t(g)), make, stats);
    if (::testing::Test::HasFatalFailure()) break;
  }
  return stats;
}

// "so that closing early is a real risk": races end by a witch crossing the line, not by the
// max_turns guard, and the bots' formulas are sometimes forbidden by the true dice. The witch
// who closed the book had read the nine dice, and is mostly right; the others write from the
// dice they had read by then, and are often wrong.
TEST(DuBalaiBot, SimpleBotsFinishRacesAndSometimesMisremember) {
  const RaceStats st = play_races(200, SimpleBotParams{});
  ASSERT_EQ(st.games, 200);
  EXPECT_GT(st.with_finisher, 180) << "races ended by the max_turns guard";
  EXPECT_GT(st.closes, 0);
  EXPECT_GT(st.forbidden_writes, 0);
  EXPECT_LT(st.closer_forbidden * 2, st.closer_writes) << "most closers should be right";
  EXPECT_LT(st.closer_forbidden * st.writes, st.forbidden_writes * st.closer_writes)
      << "the closer has read more dice than the others";
  std::printf(
      "simple bots: %d/%d races with a finisher, %.1f turns/race, %d/%d formulas "
      "forbidden (the closer's: %d/%d), %d books closed by a bot, %d spells played (%d "
      "Décret)\n",
      st.with_finisher, st.games, double(st.turns) / st.games, st.forbidden_writes, st.writes,
      st.closer_forbidden, st.closer_writes, st.closes, st.spells, st.decrets);
}

// "bots close the book 1.7–2.9 s after the roll in most turns, which leaves a person no time
// to memorise nine dice": the quickest of four default bots, each reading at the pace of a
// person's first game (about 8.5 s for the nine dice), closes it 4.5 s after the roll or later
// in nine turns of ten, and the quickest of four experts 3 s or later.
TEST(DuBalaiBot, TheDefaultLevelLeavesAPersonTimeToReadTheDice) {
  auto tenth_percentile = [](const char* name) {
    RaceStats st;
    const BotMaker make = [name](Seat) { return make_named_bot(name); };
    for (int g = 0; g < 40; ++g) play_race(4, Rng::mix(77, uint64_t(g)), make, st);
    EXPECT_GT(st.close_after.size(), 100u);
    std::sort(st.close_after.begin(), st.close_after.end());
    const GameTime p10 = st.close_after[st.close_after.size() / 10];
    std::printf(
        "%s bots close the book %.1f s after the roll or later in 90%% of turns "
        "(median %.1f s)\n",
        name, double(p10) / 1000.0, double(st.close_after[st.close_after.size() / 2]) / 1000.0);
    return p10;
  };
  EXPECT_GE(tenth_percentile("normal"), 4500);
  EXPECT_GE(tenth_percentile("expert"), 3000);
}

// Holding Double-jeu, the bot writes the other colour's formula of its memory in phase 2 and
// plays the card in phase 4 only when the revealed dice make that second formula valid.
TEST(DuBalaiBot, DoubleJeuIsWrittenInPhaseTwoAndPlayedOnlyWhenItPays) {
  const RaceStats st = play_races(200, SimpleBotParams{});
  EXPECT_GT(st.seconds, 5);
  EXPECT_GT(st.double_jeux, 0);
  EXPECT_LE(st.double_jeux, st.seconds);
  EXPECT_EQ(st.useless_double, 0);
  std::printf("simple bots: %d second formulas written, %d made to count with Double-jeu\n",
              st.seconds, st.double_jeux);
}

// The closer's forbidden formulas come from misremembering: she has read the nine dice, so with
// a perfect memory she is almost never wrong (left: Décret or a spell that changes formulas).
TEST(DuBalaiBot, ForbiddenFormulasComeFromMisremembering) {
  SimpleBotParams perfect;
  perfect.misremember = 0;
  const RaceStats exact = play_races(100, perfect);
  const RaceStats sloppy = play_races(100, SimpleBotParams{});
  const double exact_rate = double(exact.closer_forbidden) / std::max(exact.closer_writes, 1);
  const double sloppy_rate = double(sloppy.closer_forbidden) / std::max(sloppy.closer_writes, 1);
  EXPECT_LT(exact_rate * 4, sloppy_rate);
  std::printf("the closer's formulas forbidden: %.3f with a perfect memory, %.3f misremembering\n",
              exact_rate, sloppy_rate);
}

// "Bots see what a player sees": shadow bots, one fed the true state and one a state whose
// hidden information is redrawn for its seat, with equal generators, propose the same thing
// at every step of the race (every level, and the random player). The dice are hidden but
// while the book is open to the seat: what the bot writes comes from its own memory.
TEST(DuBalaiBot, ProposalsDoNotDependOnHiddenInformation) {
  int compared = 0;
  for (int g = 0; g < 20; ++g) {
    const int players = 2 + g % 5;
    const uint64_t seed = Rng::mix(77, uint64_t(g));
    auto state = new_game(players, seed);
    std::vector<std::unique_ptr<Bot>> bots, truth, resampled;
    std::vector<Rng> truth_rng, resampled_rng;
    for (int p = 0; p < players; ++p) {
      static constexpr const char* kNames[] = {"simple", "novice", "expert", "random"};
      const char* name = kNames[size_t(g + p) % 4];
      bots.push_back(make_named_bot(name));
      truth.push_back(make_named_bot(name));
      resampled.push_back(make_named_bot(name));
      truth_rng.emplace_back(uint64_t(p) + 100 * uint64_t(g));
      resampled_rng.emplace_back(uint64_t(p) + 100 * uint64_t(g));
    }
    Rng rng(seed), hidden_rng(seed + 1);
    int steps = 0;
    while (!state->terminal() && ++steps < 100000) {
      std::optional<Proposal> best;
      Seat who = kClock;
      for (Seat p = 0; p < players; ++p) {
        if (!state->actors().contains(p)) continue;
        auto other = state->sample_hidden(p, hidden_rng);
        auto a = truth[size_t(p)]->propose(*state, p, truth_rng[size_t(p)]);
        auto b = resampled[size_t(p)]->propose(*other, p, resampled_rng[size_t(p)]);
        ASSERT_EQ(a.has_value(), b.has_value());
        if (a) {
          ASSERT_EQ(a->action, b->action)
              << state->action_text(a->action) << " vs " << state->action_text(b->action);
          ASSERT_EQ(a->at, b->at);
          ++compared;
        }
        auto prop = bots[size_t(p)]->propose(*state, p, rng);
        if (prop && (!best || prop->at < best->at)) best = prop, who = p;
      }
      Action what;
      GameTime when = 0;
      if (auto d = state->deadline(); d && (!best || d->at <= best->at)) {
        who = kClock, what = d->action, when = std::max(d->at, state->now());
      } else {
        ASSERT_TRUE(best.has_value());
        what = best->action, when = best->at;
      }
      ASSERT_TRUE(state->apply(who, what, when).ok());
    }
  }
  EXPECT_GT(compared, 1000);
}

// Every level, and the random player, plays whole races without a proposal the rules refuse.
TEST(DuBalaiBot, EveryLevelAndTheRandomPlayerProposeOnlyLegalActions) {
  for (const char* name : {"novice", "normal", "expert", "random"}) {
    RaceStats st;
    const BotMaker make = [name](Seat) { return make_named_bot(name); };
    for (int g = 0; g < 30; ++g) {
      play_race(2 + g % 5, Rng::mix(31, uint64_t(g)), make, st);
      ASSERT_FALSE(::testing::Test::HasFatalFailure()) << name;
    }
    EXPECT_EQ(st.games, 30) << name;
  }
}

// The same seed plays the same race: every action, by the same seat, at the same moment.
TEST(DuBalaiBot, TheSameSeedPlaysTheSameRace) {
  const BotMaker mixed = [](Seat p) {
    static constexpr const char* kNames[] = {"expert", "normal", "novice", "random"};
    return make_named_bot(kNames[p % 4]);
  };
  for (uint64_t seed : {3u, 4u}) {
    std::vector<Played> first, second, other;
    RaceStats st;
    play_race(4, seed, mixed, st, &first);
    play_race(4, seed, mixed, st, &second);
    play_race(4, seed + 100, mixed, st, &other);
    ASSERT_FALSE(first.empty());
    EXPECT_TRUE(first == second) << "seed " << seed;
    EXPECT_FALSE(first == other) << "another seed plays another race";
  }
}

std::array<uint8_t, kDice> random_faces(Rng& rng) {
  std::array<uint8_t, kDice> faces{};
  for (auto& f : faces) f = uint8_t(rng.below(kFaces));
  return faces;
}

int known(const std::array<int, kDice>& recalled) {
  return int(std::count_if(recalled.begin(), recalled.end(),
                           [](int f) { return f != BookMemory::kUnknown; }));
}

int wrong(const std::array<int, kDice>& recalled, const std::array<uint8_t, kDice>& faces) {
  int n = 0;
  for (int d = 0; d < kDice; ++d)
    n += recalled[size_t(d)] != BookMemory::kUnknown && recalled[size_t(d)] != faces[size_t(d)];
  return n;
}

// "a person reads dice one at a time over seconds": after the reaction she has read nothing,
// then one more die at a time, the nine after about nine reading times (median 900 ms a die
// at the normal level: the nine in 6 to 12 s at the median, never within 2 s).
TEST(DuBalaiBotMemory, TheDiceAreReadOneAtATimeOverSeconds) {
  const ReaderParams reader = simple_level(Level::Normal);
  Rng rng(11);
  std::vector<GameTime> passes;
  for (int book = 0; book < 200; ++book) {
    BookMemory m;
    const GameTime opened = 1000 * book;
    m.look(book, false, opened, random_faces(rng), reader, rng);
    EXPECT_EQ(m.read_by(opened + 50), 0);
    const GameTime done = m.first_pass_done();
    EXPECT_GE(done - opened, 2000);
    EXPECT_LE(done - opened, 40000);
    passes.push_back(done - opened);
    EXPECT_EQ(m.read_by(done), kDice);
    EXPECT_EQ(m.read_by(done - 1), kDice - 1);
    int last = 0;
    for (GameTime t = opened; t <= done; t += 50) {
      const int n = m.read_by(t);
      ASSERT_GE(n, last);
      ASSERT_LE(n, last + 1) << "two dice read in 50 ms";
      last = n;
    }
  }
  std::sort(passes.begin(), passes.end());
  EXPECT_GE(passes[100], 6000);
  EXPECT_LE(passes[100], 12000);
}

// A bot that saw the book for a short time knows fewer dice than one that saw it for long:
// what she had not read when the book left her sight she never recalls.
TEST(DuBalaiBotMemory, AShortLookLeavesFewerDiceInMemoryThanALongOne) {
  const ReaderParams reader = simple_level(Level::Normal);
  int short_known = 0, long_known = 0;
  for (uint64_t book = 0; book < 200; ++book) {
    Rng rng(book), same(book);
    const auto faces = random_faces(rng);
    BookMemory brief, long_look;
    brief.look(1, false, 0, faces, reader, rng);
    long_look.look(1, false, 0, faces, reader, same);
    brief.lose_sight(2500);
    long_look.lose_sight(60000);
    const int a = known(brief.recall(70000)), b = known(long_look.recall(70000));
    EXPECT_LE(a, b);
    EXPECT_EQ(b, kDice);
    short_known += a, long_known += b;
  }
  EXPECT_LT(short_known * 2, long_known) << short_known << " dice against " << long_known;
  std::printf("dice recalled after a 2.5 s look: %.1f; after 20 s: %.1f\n", short_known / 200.0,
              long_known / 200.0);
}

// Through the bot: when another witch closes the book 1.5 s after it opened, the normal bot's
// formulas are perfect far less often than when the book stays open 15 s (a die or two is
// enough for a small valid formula, not for a perfect one).
TEST(DuBalaiBotMemory, AFormulaWrittenAfterAShortLookIsLessOftenPerfect) {
  auto perfect_after = [](GameTime look) {
    int valid = 0;
    for (uint64_t g = 0; g < 200; ++g) {
      auto state = new_game(2, Rng::mix(5, g));
      const auto& s = dynamic_cast<const DuBalaiState&>(*state);
      EXPECT_EQ(s.phase(), Phase::BookOpen);
      auto bot = make_named_bot("normal");
      Rng rng(g);
      EXPECT_TRUE(bot->propose(*state, 0, rng).has_value());  // she sees the book open
      EXPECT_TRUE(state->apply(1, act::close_book(), s.book_opened() + look).ok());
      const auto p = bot->propose(*state, 0, rng);
      if (!p) continue;
      const Move m = decode(p->action);
      valid += m.kind == Kind::Write && judge(m.formula.mask, s.book()).verdict == Verdict::Perfect;
    }
    return valid;
  };
  const int brief = perfect_after(1500), long_look = perfect_after(15000);
  EXPECT_LT(brief * 3, long_look) << brief << " perfect formulas against " << long_look;
  std::printf("perfect formulas of 200: %d after a 1.5 s look, %d after 15 s\n", brief, long_look);
}

// Errors grow with the number of dice held: with nothing fading, a die is misremembered more
// often when she holds all nine than when she holds three (memory holds about four).
TEST(DuBalaiBotMemory, MoreDiceHeldMeansMoreSlips) {
  ReaderParams reader = simple_level(Level::Normal);
  reader.fade = 0;
  EXPECT_EQ(BookMemory{}.slip(1, 0), BookMemory{}.slip(4, 0));
  int wrong3 = 0, held3 = 0, wrong9 = 0, held9 = 0;
  for (uint64_t book = 0; book < 3000; ++book) {
    Rng rng(book), same(book);
    const auto faces = random_faces(rng);
    BookMemory three, nine;
    three.look(1, false, 0, faces, reader, rng);
    nine.look(1, false, 0, faces, reader, same);
    GameTime t = 0;
    while (three.read_by(t) < 3) t += 10;
    three.lose_sight(t);
    nine.lose_sight(nine.first_pass_done());
    const auto r3 = three.recall(t), r9 = nine.recall(nine.first_pass_done());
    ASSERT_EQ(known(r3), 3);
    held3 += 3, wrong3 += wrong(r3, faces);
    held9 += kDice, wrong9 += wrong(r9, faces);
  }
  const double rate3 = double(wrong3) / held3, rate9 = double(wrong9) / held9;
  EXPECT_GT(rate3, 0.0);
  EXPECT_GT(rate9, 1.8 * rate3);
  std::printf("slips per die: %.3f holding three dice, %.3f holding nine\n", rate3, rate9);
}

// Errors grow with the time since a die was seen: the same memory recalls more wrong dice 20 s
// after the book closed than at the moment it closed.
TEST(DuBalaiBotMemory, DiceFadeInTheSecondsAfterTheBookCloses) {
  const ReaderParams reader = simple_level(Level::Normal);
  int at_close = 0, later = 0;
  for (uint64_t book = 0; book < 2000; ++book) {
    Rng rng(book);
    const auto faces = random_faces(rng);
    BookMemory m;
    m.look(1, false, 0, faces, reader, rng);
    const GameTime closed = m.first_pass_done();
    m.lose_sight(closed);
    const int a = wrong(m.recall(closed), faces), b = wrong(m.recall(closed + 20000), faces);
    EXPECT_LE(a, b) << "a slip undone by waiting";
    at_close += a, later += b;
  }
  EXPECT_GT(later, at_close * 3 / 2);
  std::printf("wrong dice in 2000 books: %d at the close, %d 20 s later\n", at_close, later);
}

// "the random bot should be paced like a person": it closes the book only after a person's
// reading time (never within 2 s, half the time after 5 s) and writes seconds after the book
// closed, where the instant random player acts at once.
TEST(DuBalaiBot, TheRandomPlayerTakesAPersonsTime) {
  const Game& game = *registry().find("du-balai");
  std::vector<GameTime> closes;
  for (uint64_t g = 0; g < 100; ++g) {
    auto state = new_game(2, Rng::mix(9, g));
    const auto& s = dynamic_cast<const DuBalaiState&>(*state);
    auto named = make_bot("random", game);
    ASSERT_TRUE(named.ok());
    auto bot = std::move(named.value());
    Rng rng(g);
    const auto close = bot->propose(*state, 0, rng);
    ASSERT_TRUE(close.has_value());
    const GameTime waited = close->at - s.book_opened();
    EXPECT_GE(waited, 2000);
    closes.push_back(waited);
    ASSERT_TRUE(state->apply(1, act::close_book(), s.book_opened() + 100).ok());
    const auto write = bot->propose(*state, 0, rng);
    ASSERT_TRUE(write.has_value());
    EXPECT_GE(write->at - s.now(), simple_level(Level::Normal).write_min);
    RandomBot instant;
    EXPECT_EQ(instant.propose(*state, 0, rng)->at, s.now());
  }
  std::sort(closes.begin(), closes.end());
  EXPECT_GE(closes[closes.size() / 2], 5000);
  std::printf("the random player closes the book %.1f s after it opens (median)\n",
              double(closes[closes.size() / 2]) / 1000.0);
}

}  // namespace
}  // namespace sabbat::du_balai
