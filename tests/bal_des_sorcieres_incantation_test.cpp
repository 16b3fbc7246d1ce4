// Le Bal des Sorcières in the incantation mode, the rule book's "Lecture des cartes": each card
// played is read aloud, and a slip cancels the move.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "bots/bot.hpp"
#include "bots/scheduler.hpp"
#include "core/record.hpp"
#include "core/registry.hpp"
#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/bal-des-sorcieres/bot.hpp"
#include "games/bal-des-sorcieres/incantation.hpp"
#include "games/bal-des-sorcieres/render.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/bal_cards.hpp"
#include "support/random_games.hpp"

namespace sabbat::bal {
namespace {

BalState new_game(int players, bool incantation, uint64_t seed = 1,
                  const std::string& level = "hard") {
  auto s = new_bal_game(players,
                        {{"level", level}, {"incantation", incantation ? "true" : "false"}}, seed);
  return dynamic_cast<BalState&>(*s);
}

Status play(BalState& s, Seat seat, const std::string& text) {
  pass_windows(s);
  auto a = s.parse_action(seat, text);
  if (!a) return fail(a.error());
  return s.apply(seat, *a, s.now());
}

void expect_refused(BalState& s, Seat seat, const std::string& text, const std::string& why) {
  pass_windows(s);
  const BalState before = s;
  auto st = play(s, seat, text);
  ASSERT_FALSE(st.ok()) << text;
  EXPECT_NE(st.error().find(why), std::string::npos) << st.error();
  EXPECT_TRUE(s == before);
}

// Seats 0, 1, 2; seat 0 holds Carabosse. Hands of five so that nobody runs short.
BalState table(std::initializer_list<Card> h0, std::initializer_list<Card> h1,
               std::initializer_list<Card> h2, bool incantation = true) {
  BalState s = new_game(3, incantation);
  EXPECT_TRUE(s.set_hand(0, h0).ok());
  EXPECT_TRUE(s.set_hand(1, h1).ok());
  EXPECT_TRUE(s.set_hand(2, h2).ok());
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
  return s;
}

std::string read(Card c) {
  return std::string(formula(c));
}

bool in_discard(const BalState& s, Card c) {
  for (int i = 0; i < s.discard_size(); ++i)
    if (s.discard_at(i) == c) return true;
  return false;
}

// Rouge potions 0, 2 and 3: Sang de chauve-souris, Queue de lézard, Patte d'araignée.
const Card kSang = potion(Colour::Rouge, 0);
const Card kQueue = potion(Colour::Rouge, 2);
const Card kPatte = potion(Colour::Rouge, 3);

BalState fantome_table() {
  return table({kSang, kQueue, kPatte, spell(Spell::Fantome), potion(Colour::Jaune, 0)},
               {potion(Colour::Jaune, 1), potion(Colour::Jaune, 2), potion(Colour::Vert, 0),
                potion(Colour::Vert, 1), potion(Colour::Bleu, 0)},
               {potion(Colour::Jaune, 3), potion(Colour::Jaune, 4), potion(Colour::Vert, 2),
                potion(Colour::Vert, 3), potion(Colour::Bleu, 1)});
}

TEST(BalIncantation, EachPotionReadsItsIngredientAndEachSpellItsName) {
  EXPECT_EQ(read(kQueue), "Queue de l\u00e9zard");
  EXPECT_EQ(read(kPatte), "Patte d'araign\u00e9e");
  EXPECT_EQ(read(spell(Spell::TresorMagique)), "Tr\u00e9sor magique");
  for (Card c = 0; c < kPotions; ++c) {
    const Kind colour = card_kind(c);
    ASSERT_LT(ingredient_of(c), ingredient_count(colour));
    EXPECT_EQ(ingredient_name(colour, ingredient_of(c)), formula(c));
  }
}

TEST(BalIncantation, RightFormulasPlayTheMoveWithTheCardsTheyName) {
  BalState s = fantome_table();
  ASSERT_TRUE(play(s, 0,
                   "attack 1 with 2 rouge + fantome : Queue de l\u00e9zard; Patte d'araign\u00e9e; "
                   "Fant\u00f4me")
                  .ok());
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Parry);
  EXPECT_EQ(s.exchange().defender, 1);
  EXPECT_EQ(s.exchange().spell, uint8_t(Spell::Fantome));
  // The potions read are the ones on the table; the Sang de chauve-souris stays in the hand.
  EXPECT_TRUE(s.witch_at(0).hand.has(kSang));
  EXPECT_FALSE(s.witch_at(0).hand.has(kQueue));
  EXPECT_FALSE(s.witch_at(0).hand.has(kPatte));
}

TEST(BalIncantation, AFormulaIsReadInAnyOrderWhateverItsCaseAndSpaces) {
  BalState a = fantome_table();
  BalState b = fantome_table();
  auto right = a.parse_action(0, "attack 1 with 2 rouge + fantome : " + read(kQueue) + "; " +
                                     read(kPatte) + "; " + read(spell(Spell::Fantome)));
  auto loose = b.parse_action(
      0,
      "attack 1 with 2 rouge + fantome:  fant\u00d4me ;PATTE D\u2019ARAIGN\u00c9E;  queue  de "
      "l\u00e9zard ");
  ASSERT_TRUE(right.ok()) << right.error();
  ASSERT_TRUE(loose.ok()) << loose.error();
  EXPECT_EQ(right->code, loose->code);
  EXPECT_FALSE(mispronounced(*right));
  // An accent is pronounced: without it the formula is wrong.
  auto flat = a.parse_action(0, "attack 1 with 2 rouge + fantome : Queue de lezard; " +
                                    read(kPatte) + "; " + read(spell(Spell::Fantome)));
  ASSERT_TRUE(flat.ok()) << flat.error();
  EXPECT_TRUE(mispronounced(*flat));
}

TEST(BalIncantation, AWrongPotionFormulaCancelsTheAttack) {
  BalState s = fantome_table();
  ASSERT_TRUE(play(s, 0,
                   "attack 1 with 2 rouge + fantome : Queue de lezard; " + read(kPatte) + "; " +
                       read(spell(Spell::Fantome)))
                  .ok());
  // "Le coup est entièrement annulé": nobody is attacked, nobody wins a card or a loss.
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.exchange().attacker, kNobody);
  for (Seat o = 0; o < 3; ++o) EXPECT_EQ(s.witch_at(o).alive(), kCrapzouilles);
  EXPECT_EQ(s.witch_at(1).hand.size(), 5);
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
}

TEST(BalIncantation, AMispronouncedAttackDiscardsItsSpellsAndReturnsItsPotions) {
  BalState s = fantome_table();
  ASSERT_TRUE(
      play(s, 0,
           "attack 1 with 2 rouge + fantome : " + read(kQueue) + "; " + read(kPatte) + "; Fantome")
          .ok());
  // "Les cartes Sort sont défaussées et les cartes Potion retournent dans votre main."
  EXPECT_TRUE(in_discard(s, spell(Spell::Fantome)));
  EXPECT_EQ(s.count_in_hand(0, kind_of(Spell::Fantome)), 0);
  EXPECT_EQ(s.count_in_hand(0, kind_of(Colour::Rouge)), 3);
  EXPECT_EQ(s.witch_at(0).hand.size(), 4);
  // Everyone saw two red potions go back into her hand.
  EXPECT_EQ((s.witch_at(0).known & kind_cards(kind_of(Colour::Rouge))).size(), 2);
}

TEST(BalIncantation, AMispronouncedAttackPassesTheTurn) {
  BalState s = fantome_table();
  ASSERT_EQ(s.carabosse(), 0);
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 rouge : Sang de vampire").ok());
  // "... et vous passez votre tour": Carabosse goes to the left.
  EXPECT_EQ(s.carabosse(), 1);
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.count_in_hand(0, kind_of(Colour::Rouge)), 3);
}

// "Vous passez votre tour" is said to whoever attacks: a witch playing in the holder's place
// through À moi, nananère ! who mispronounces her attack passes the turn she took.
TEST(BalIncantation, AMispronouncedAttackPassesTheTurnOfAStandInToo) {
  BalState s = table({potion(Colour::Jaune, 0), potion(Colour::Jaune, 1), potion(Colour::Vert, 0),
                      potion(Colour::Vert, 1), potion(Colour::Bleu, 0)},
                     {potion(Colour::Jaune, 2), potion(Colour::Jaune, 3), potion(Colour::Vert, 2),
                      potion(Colour::Vert, 3), potion(Colour::Bleu, 1)},
                     {kSang, kQueue, kPatte, spell(Spell::AMoiNananere), potion(Colour::Jaune, 4)});
  ASSERT_EQ(s.phase(), Phase::Window);
  // Only seat 2 holds an answer, so only she is asked; the window closes at its minimum.
  ASSERT_EQ(s.actors(), SeatSet::only(2));
  auto nananere = s.parse_action(2, "nananere : " + read(spell(Spell::AMoiNananere)));
  ASSERT_TRUE(nananere.ok()) << nananere.error();
  ASSERT_TRUE(s.apply(2, *nananere, 0).ok());
  ASSERT_TRUE(s.deadline().has_value());
  const GameTime close = s.deadline()->at;
  ASSERT_TRUE(s.apply(kClock, s.deadline()->action, close).ok());
  ASSERT_EQ(s.stand_in(), 2);
  auto slip = s.parse_action(2, "attack 1 with 1 rouge : Sang de vampire");
  ASSERT_TRUE(slip.ok()) << slip.error();
  ASSERT_TRUE(s.apply(2, *slip, close).ok());
  // Seat 0 has lost her turn to the stand-in, who has passed it: Carabosse goes to seat 1.
  EXPECT_EQ(s.stand_in(), kNobody);
  EXPECT_EQ(s.carabosse(), 1);
  EXPECT_EQ(s.last_nananere(), 2);
  pass_windows(s);
  EXPECT_EQ(s.actors(), SeatSet::only(1));
  EXPECT_EQ(s.count_in_hand(2, kind_of(Colour::Rouge)), 3);
}

TEST(BalIncantation, TheMispronouncedFormIsWrittenWithAQuestionMark) {
  BalState s = fantome_table();
  auto slip = s.parse_action(0, "attack 1 with 1 rouge : Sang de vampire");
  ASSERT_TRUE(slip.ok()) << slip.error();
  EXPECT_EQ(s.action_text(*slip), "attack 1 with 1 rouge : ?");
  auto again = s.parse_action(0, "attack 1 with 1 rouge : ?");
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(again->code, slip->code);
}

TEST(BalIncantation, ALutinFarceurIsPlayedEvenMispronounced) {
  BalState s = table({spell(Spell::LutinFarceur), spell(Spell::TresorMagique), kSang, kQueue,
                      potion(Colour::Jaune, 0)},
                     {potion(Colour::Jaune, 1), potion(Colour::Jaune, 2), potion(Colour::Vert, 0),
                      potion(Colour::Vert, 1), potion(Colour::Bleu, 0)},
                     {potion(Colour::Jaune, 3), potion(Colour::Jaune, 4), potion(Colour::Vert, 2),
                      potion(Colour::Vert, 3), potion(Colour::Bleu, 1)});
  Events events;
  auto a = s.parse_action(0, "lutin + tresor : Lutin farcceur; Tr\u00e9sor magique");
  ASSERT_TRUE(a.ok()) << a.error();
  ASSERT_TRUE(mispronounced(*a));
  pass_windows(s);
  ASSERT_TRUE(s.apply(0, *a, s.now(), &events).ok());
  // "Une carte Lutin Farceur est toujours jouée même si elle est mal prononcée": its farce
  // comes; the Trésor magique beside it is thrown without its two cards.
  EXPECT_EQ(s.count_in_hand(0, kind_of(Spell::LutinFarceur)), 0);
  EXPECT_TRUE(in_discard(s, spell(Spell::TresorMagique)));
  EXPECT_EQ(s.witch_at(0).hand.size(), 3);
  EXPECT_TRUE(
      std::any_of(events.begin(), events.end(), [](const Event& e) { return e.kind == "farce"; }));
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
}

TEST(BalIncantation, ALutinFarceurReadRightWithATresorDrawsTwoCards) {
  BalState s = table({spell(Spell::LutinFarceur), spell(Spell::TresorMagique), kSang, kQueue,
                      potion(Colour::Jaune, 0)},
                     {potion(Colour::Jaune, 1), potion(Colour::Jaune, 2), potion(Colour::Vert, 0),
                      potion(Colour::Vert, 1), potion(Colour::Bleu, 0)},
                     {potion(Colour::Jaune, 3), potion(Colour::Jaune, 4), potion(Colour::Vert, 2),
                      potion(Colour::Vert, 3), potion(Colour::Bleu, 1)});
  ASSERT_TRUE(play(s, 0, "lutin + tresor : Tr\u00e9sor magique; Lutin farceur").ok());
  EXPECT_GE(s.witch_at(0).hand.size(), 5);  // 5 - 2 + 2, and a farce parried may add one
}

// Seat 0 attacks seat 1 with Sang de chauve-souris; seat 1 holds a red potion and a Trésor.
BalState attacked() {
  BalState s = table(
      {kSang, kQueue, potion(Colour::Jaune, 0), potion(Colour::Jaune, 1), potion(Colour::Vert, 0)},
      {kPatte, spell(Spell::TresorMagique), spell(Spell::DuBalai), spell(Spell::BaguetteMagique),
       potion(Colour::Bleu, 0)},
      {potion(Colour::Jaune, 3), potion(Colour::Jaune, 4), potion(Colour::Vert, 2),
       potion(Colour::Vert, 3), potion(Colour::Bleu, 1)});
  EXPECT_TRUE(play(s, 0, "attack 1 with 1 rouge : " + read(kSang)).ok());
  return s;
}

TEST(BalIncantation, AParryReadRightParries) {
  BalState s = attacked();
  ASSERT_TRUE(play(s, 1, "parry + tresor : " + read(kPatte) + "; Tr\u00e9sor magique").ok());
  EXPECT_EQ(s.witch_at(1).alive(), kCrapzouilles);
  EXPECT_TRUE(in_discard(s, kPatte));
}

TEST(BalIncantation, AMispronouncedParryFailsAndTheDefenderTakesTheAttack) {
  BalState s = attacked();
  ASSERT_TRUE(play(s, 1, "parry + tresor : Pate d'araign\u00e9e; Tr\u00e9sor magique").ok());
  // The parry is cancelled: its potion goes back to her hand, its spell to the discard, and
  // the attack stands.
  EXPECT_EQ(s.witch_at(1).alive(), kCrapzouilles - 1);
  EXPECT_TRUE(s.witch_at(1).hand.has(kPatte));
  EXPECT_TRUE(s.witch_at(1).known.has(kPatte));
  EXPECT_TRUE(in_discard(s, spell(Spell::TresorMagique)));
  EXPECT_EQ(s.witch_at(0).hand.size(), 5);  // 4 and the card of a successful attack
  EXPECT_EQ(s.carabosse(), 1);
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
}

TEST(BalIncantation, AMispronouncedDuBalaiOrBaguetteFailsLikeAParry) {
  for (const auto& [move, spent] :
       {std::pair{"balai 2 : Du ballet", Spell::DuBalai},
        std::pair{"baguette : Baguette magic", Spell::BaguetteMagique}}) {
    BalState s = attacked();
    ASSERT_TRUE(play(s, 1, move).ok()) << move;
    EXPECT_EQ(s.witch_at(1).alive(), kCrapzouilles - 1) << move;
    EXPECT_EQ(s.witch_at(2).alive(), kCrapzouilles) << move;
    EXPECT_EQ(s.count_in_hand(1, kind_of(spent)), 0) << move;
    EXPECT_EQ(s.count_in_hand(1, kind_of(Spell::DuBalai)) +
                  s.count_in_hand(1, kind_of(Spell::BaguetteMagique)),
              1)
        << move;
    EXPECT_TRUE(s.audit().ok()) << s.audit().error();
  }
  BalState s = attacked();
  ASSERT_TRUE(play(s, 1, "balai 2 : Du balai").ok());
  EXPECT_EQ(s.exchange().defender, 2);
}

TEST(BalIncantation, AMoveWithoutItsFormulasIsRefusedInTheMode) {
  BalState s = fantome_table();
  expect_refused(s, 0, "attack 1 with 1 rouge", "attack 1 with 1 rouge : " + read(kSang));
  expect_refused(s, 0, "attack 1 with 1 rouge + fantome : " + read(kSang),
                 "read 2 formula(s) after the colon");
  // A move that lays no card down has nothing to read.
  BalState t = attacked();
  expect_refused(t, 1, "take : Patte d'araign\u00e9e", "no formula to read");
  EXPECT_TRUE(t.parse_action(1, "take").ok());
}

TEST(BalIncantation, FormulasAreRefusedOutsideTheMode) {
  BalState s = table({kSang, kQueue, kPatte, spell(Spell::Fantome), potion(Colour::Jaune, 0)},
                     {potion(Colour::Jaune, 1), potion(Colour::Jaune, 2), potion(Colour::Vert, 0),
                      potion(Colour::Vert, 1), potion(Colour::Bleu, 0)},
                     {potion(Colour::Jaune, 3), potion(Colour::Jaune, 4), potion(Colour::Vert, 2),
                      potion(Colour::Vert, 3), potion(Colour::Bleu, 1)},
                     false);
  expect_refused(s, 0, "attack 1 with 1 rouge : " + read(kSang), "only in the incantation mode");
  expect_refused(s, 0, "attack 1 with 1 rouge : ?", "only in the incantation mode");
  // Nor is a code carrying a reading applied.
  auto plain = s.parse_action(0, "attack 1 with 1 rouge");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(s.action_text(*plain), "attack 1 with 1 rouge");
  const BalState before = s;
  EXPECT_FALSE(s.apply(0, Action{plain->code | kSlipBit}, s.now()).ok());
  EXPECT_FALSE(s.apply(0, Action{with_ingredient(plain->code, 0, 1)}, s.now()).ok());
  EXPECT_TRUE(s == before);
  EXPECT_TRUE(play(s, 0, "attack 1 with 1 rouge").ok());
}

TEST(BalIncantation, TheHandInTheViewAndOnTheScreenShowsEachFormula) {
  BalState s = fantome_table();
  const json v = s.view(0);
  EXPECT_TRUE(v.value("incantation", false));
  for (const json& c : v["witches"][0]["hand"])
    EXPECT_EQ(c.value("name", std::string()), formula(Card(c.value("id", 0))));
  EXPECT_FALSE(v["witches"][1].contains("hand"));
  const std::string screen = render_view_text(v, 0, false);
  EXPECT_NE(screen.find(read(kQueue)), std::string::npos) << screen;
  EXPECT_NE(screen.find("Read each card's formula"), std::string::npos) << screen;
  EXPECT_FALSE(new_game(3, false).view(0).contains("incantation"));
}

// Every code the mode may meet: the moves of every type over and beyond their fields' ranges.
std::vector<uint32_t> move_universe() {
  std::vector<uint32_t> universe;
  auto add = [&](const Decoded& d) { universe.push_back(encode(d)); };
  for (Seat target = kNobody; target <= kMaxPlayers; ++target)
    for (uint8_t colour = 0; colour <= kColours; ++colour)
      for (uint8_t count = 0; count <= 3; ++count)
        for (int sp = -1; sp <= kSpells; ++sp)
          for (bool tresor : {false, true})
            add({ActionType::Attack, target, colour, count, sp < 0 ? kNoSpell : uint8_t(sp),
                 tresor});
  for (int sp = -1; sp <= kSpells; ++sp)
    add({ActionType::Parry, kNobody, 0, 0, sp < 0 ? kNoSpell : uint8_t(sp)});
  for (Seat target = kNobody; target <= kMaxPlayers; ++target) {
    add({ActionType::Balai, target});
    add({ActionType::Lose, target});
    add({ActionType::Miroir, target});
  }
  for (uint8_t kind = 0; kind <= kKinds; ++kind)
    for (auto type : {ActionType::Throw, ActionType::Drop, ActionType::Discard, ActionType::Give})
      add({type, kNobody, kind});
  for (auto type : {ActionType::Take, ActionType::Baguette, ActionType::Pass, ActionType::Keep,
                    ActionType::Nananere, ActionType::Boule})
    add({type});
  add({ActionType::Lutin});
  add({ActionType::Lutin, kNobody, 0, 0, kNoSpell, true});
  std::sort(universe.begin(), universe.end());
  universe.erase(std::unique(universe.begin(), universe.end()), universe.end());
  return universe;
}

// Plays random games in the mode; `each` sees the state before every action.
template <class F>
void play_random(int games, F&& each) {
  for (const std::string level : {"easy", "hard"})
    for (uint64_t seed = 0; seed < uint64_t(games); ++seed) {
      BalState s = new_game(4, true, seed, level);
      Rng rng(seed);
      ActionList legal;
      for (int n = 0; !s.terminal() && n < 20000; ++n) {
        if (clock_if_nobody(s)) continue;
        const SeatSet actors = s.actors();
        Seat seat = 0;
        while (!actors.contains(seat)) ++seat;
        s.legal_actions(seat, legal);
        ASSERT_FALSE(legal.empty()) << s.full_state().dump();
        each(s, seat, legal, rng);
        const Action a = legal[rng.below(uint32_t(legal.size()))];
        ASSERT_TRUE(s.apply(seat, a, s.now()).ok());
        ASSERT_TRUE(s.audit().ok()) << s.audit().error();
      }
      EXPECT_TRUE(s.terminal()) << level << " seed " << seed;
    }
}

TEST(BalIncantation, TheLegalListInTheModeIsExactlyWhatApplyAccepts) {
  const std::vector<uint32_t> universe = move_universe();
  int states = 0, slips = 0;
  play_random(sabbat::testing::scaled(3), [&](const BalState& st, Seat seat,
                                              const ActionList& legal, Rng& rng) {
    if (rng.below(8) != 0) return;  // a sample of the states, for time
    ++states;
    std::vector<uint32_t> listed;
    for (Action a : legal) listed.push_back(a.code);
    std::sort(listed.begin(), listed.end());
    ASSERT_EQ(std::adjacent_find(listed.begin(), listed.end()), listed.end());
    std::vector<uint32_t> moves;
    for (uint32_t c : listed) moves.push_back(move_of(c));
    auto accepted = [&](uint32_t code) {
      BalState copy = st;
      return copy.apply(seat, Action{code}, st.now()).ok();
    };
    for (uint32_t move : universe) {
      const bool some_reading = std::find(moves.begin(), moves.end(), move) != moves.end();
      // Every reading of a listed move; a few readings of the others.
      for (uint32_t high = 0; high < 128; ++high) {
        if (!some_reading && high != 0 && rng.below(40) != 0) continue;
        const uint32_t code = move | high << 22;  // the slip and the two ingredients
        ASSERT_EQ(accepted(code), std::binary_search(listed.begin(), listed.end(), code))
            << st.action_text(Action{code}) << "\n"
            << st.full_state().dump();
      }
    }
    // Each listed action's text reads back as the same action.
    for (Action a : legal) {
      auto back = st.parse_action(seat, st.action_text(a));
      ASSERT_TRUE(back.ok()) << st.action_text(a) << ": " << back.error();
      ASSERT_EQ(back->code, a.code) << st.action_text(a);
      slips += mispronounced(a);
    }
  });
  EXPECT_GT(states, 10 * sabbat::testing::scaled(3));
  EXPECT_GT(slips, 0);
}

// A game of two heuristic witches and two random ones, who slip now and then, recorded.
Record recorded_game(uint64_t seed) {
  const Game* game = registry().find("bal-des-sorcieres");
  EXPECT_NE(game, nullptr);
  if (!game) return {};
  auto setup = game->setup(4, {{"level", "hard"}, {"incantation", "true"}}, seed);
  EXPECT_TRUE(setup.ok()) << setup.error();
  auto match = Match::start(*game, *setup);
  EXPECT_TRUE(match.ok()) << match.error();
  auto normal = make_heuristic_bot(sabbat::Level::Normal);
  auto novice = make_heuristic_bot(sabbat::Level::Novice);
  RandomBot r1, r2;
  const std::vector<Bot*> seats{normal.get(), &r1, novice.get(), &r2};
  Rng rng(Rng::mix(seed, 3));
  Status st = play_until_end(match->state(), seats, rng, [&](const Step& step) {
    return match->apply(step.seat, step.action, step.at);
  });
  EXPECT_TRUE(st.ok()) << st.error();
  return match->record();
}

TEST(BalIncantation, AGameInTheModeReplaysFromItsRecord) {
  int read_right = 0, slips = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const Record record = recorded_game(seed);
    ASSERT_TRUE(record.result.has_value());
    for (const RecordedAction& a : record.actions) {
      const bool slip = a.action.size() > 4 && a.action.substr(a.action.size() - 4) == " : ?";
      slips += slip;
      read_right += !slip && a.action.find(" : ") != std::string::npos;
    }
    std::istringstream in(record.text());
    auto parsed = parse_record(in);
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    Status check = check_record(*parsed, registry());
    EXPECT_TRUE(check.ok()) << check.error();
  }
  EXPECT_GT(read_right, 0);
  EXPECT_GT(slips, 0);
}

TEST(BalIncantation, TheNormalAndExpertBotsAlwaysReadRightAndTheNoviceSometimesSlips) {
  int novice_slips = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    BalState s = new_game(4, true, seed);
    const std::array<sabbat::Level, 4> levels{sabbat::Level::Novice, sabbat::Level::Normal,
                                              sabbat::Level::Normal, sabbat::Level::Expert};
    std::vector<std::unique_ptr<Bot>> bots;
    for (auto level : levels) bots.push_back(make_heuristic_bot(level));
    Rng rng(seed);
    int read = 0;
    for (int n = 0; !s.terminal() && n < 3000; ++n) {
      if (clock_if_nobody(s)) continue;
      Seat seat = 0;
      while (!s.actors().contains(seat)) ++seat;
      auto p = bots[size_t(seat)]->propose(s, seat, rng);
      ASSERT_TRUE(p.has_value());
      if (levels[size_t(seat)] == sabbat::Level::Novice)
        novice_slips += mispronounced(p->action);
      else
        ASSERT_FALSE(mispronounced(p->action)) << s.action_text(p->action);
      read += (p->action.code & ~kMoveBits) != 0;
      ASSERT_TRUE(s.apply(seat, p->action, s.now()).ok()) << s.action_text(p->action);
    }
    EXPECT_TRUE(s.terminal());
    EXPECT_GT(read, 0);
  }
  EXPECT_GT(novice_slips, 0);
}

}  // namespace
}  // namespace sabbat::bal
