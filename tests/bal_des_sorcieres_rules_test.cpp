// Le Bal des Sorcières, rule by rule and card by card, on hands set up by hand.
#include <gtest/gtest.h>

#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/bal-des-sorcieres/state.hpp"
#include "support/bal_cards.hpp"

namespace sabbat::bal {
namespace {

BalState new_game(int players, const std::string& level = "hard", uint64_t seed = 1,
                  const std::string& heritage = "false") {
  auto game = make_game();
  auto setup = game->setup(
      players, {{"level", level}, {"heritage", heritage}, {"forced_moves", "asked"}}, seed);
  EXPECT_TRUE(setup.ok());
  auto state = game->new_state(*setup);
  EXPECT_TRUE(state.ok());
  return dynamic_cast<BalState&>(**state);
}

Status play(BalState& s, Seat seat, const std::string& text) {
  auto a = s.parse_action(seat, text);
  if (!a) return fail(a.error());
  pass_windows(s);
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
               std::initializer_list<Card> h2, const std::string& level = "hard",
               const std::string& heritage = "false") {
  BalState s = new_game(3, level, 1, heritage);
  EXPECT_TRUE(s.set_hand(0, h0).ok());
  EXPECT_TRUE(s.set_hand(1, h1).ok());
  EXPECT_TRUE(s.set_hand(2, h2).ok());
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
  pass_windows(s);
  return s;
}

// The slug of some potion colour `seat` holds.
std::string some_colour(const BalState& s, Seat seat) {
  for (int c = kColours - 1; c >= 0; --c)
    if (s.count_in_hand(seat, Kind(c)) > 0) return std::string(kind_info(Kind(c)).slug);
  return "none";
}

// The defender parries when she can, else takes the loss; true when she parried.
bool parry_or_take(BalState& s) {
  pass_windows(s);
  const Seat d = s.exchange().defender;
  if (play(s, d, "parry").ok()) return true;
  EXPECT_TRUE(play(s, d, "take").ok());
  return false;
}

// Answers an attack that waits for a parry: a parry when she can, else the loss.
void answer_if_attacked(BalState& s) {
  pass_windows(s);
  if (s.phase() == Phase::Parry) parry_or_take(s);
}

// `seat` attacks `target` with one potion of a colour `target` lacks, so that she takes the loss.
void attack_unparried(BalState& s, Seat seat, Seat target) {
  for (int c = 0; c < kColours; ++c)
    if (s.count_in_hand(seat, Kind(c)) > 0 && s.count_in_hand(target, Kind(c)) == 0) {
      const std::string slug(kind_info(Kind(c)).slug);
      ASSERT_TRUE(play(s, seat, "attack " + std::to_string(target) + " with 1 " + slug).ok());
      ASSERT_TRUE(play(s, target, "take").ok());
      return;
    }
  FAIL() << "seat " << seat << " holds no colour that seat " << target << " lacks";
}

TEST(BalLevels, EachLevelShufflesItsSpellsWithAllPotions) {
  for (auto [level, cards] : {std::pair{"easy", 84 + 22}, {"medium", 84 + 34}, {"hard", 121}}) {
    BalState s = new_game(4, level);
    EXPECT_EQ(s.pile_size() + 4 * kHandSize, cards) << level;
  }
  EXPECT_FALSE(make_game()->setup(4, {{"level", "expert"}}, 1).ok());
}

TEST(BalSetup, TenCardsAndTenCrapzouillesEachAndTheYoungestHoldsCarabosse) {
  auto game = make_game();
  auto setup = game->setup(5, {{"first_seat", "3"}}, 9);
  ASSERT_TRUE(setup.ok());
  auto st = game->new_state(*setup);
  ASSERT_TRUE(st.ok());
  const auto& s = dynamic_cast<const BalState&>(**st);
  EXPECT_EQ(s.carabosse(), 3);
  EXPECT_EQ(s.first_player(), 3);
  EXPECT_EQ(s.tour(), 1);
  for (Seat p = 0; p < 5; ++p) {
    EXPECT_EQ(s.witch_at(p).hand.size(), 10);
    EXPECT_EQ(s.witch_at(p).alive(), 10);
  }
  auto three = game->setup(3, {{"first_seat", "4"}}, 1);
  ASSERT_TRUE(three.ok());
  EXPECT_FALSE(game->new_state(*three).ok());
  EXPECT_FALSE(game->setup(2, {}, 1).ok());
}

TEST(BalAttack, OnePotionOrTwoOfOneColourNeverASpellAlone) {
  BalState s = table(
      {potion(Colour::Rouge), potion(Colour::Bleu), spell(Spell::Fantome), potion(Colour::Jaune)},
      {potion(Colour::Vert), potion(Colour::Jaune, 1), potion(Colour::Jaune, 2)},
      {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)});
  expect_refused(s, 0, "attack 1 with 2 rouge", "you hold 1 Rouge potion(s), not 2");
  expect_refused(s, 0, "attack 0 with 1 rouge", "attack another witch");
  expect_refused(s, 0, "attack 1 with 1 rouge + tresor", "you hold no Tr\u00e9sor magique");
  expect_refused(s, 1, "attack 0 with 1 vert", "seat 0 holds Carabosse");
  expect_refused(s, 0, "take", "you hold Carabosse");
  expect_refused(s, 0, "pass", "must always attack");
  EXPECT_FALSE(s.parse_action(0, "attack 1 with fantome").ok());
  EXPECT_FALSE(s.parse_action(0, "attack 1 with 3 rouge").ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 rouge + fantome").ok());
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Parry);
  EXPECT_EQ(s.actors(), SeatSet::only(1));
}

TEST(BalParry, EachAttackingPotionIsAnsweredWithItsColour) {
  BalState s = table({potion(Colour::Rouge), potion(Colour::Rouge, 1), potion(Colour::Jaune),
                      potion(Colour::Jaune, 5)},
                     {potion(Colour::Rouge, 2), potion(Colour::Rouge, 3), potion(Colour::Vert),
                      potion(Colour::Jaune, 1)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 2 rouge").ok());
  ASSERT_TRUE(play(s, 1, "parry").ok());
  // Two reds paid, one card won: "en cas de parade réussie, le joueur gagne 1 carte".
  EXPECT_EQ(s.witch_at(1).hand.size(), 3);
  EXPECT_EQ(s.count_in_hand(1, kind_of(Colour::Rouge)), 0);
  EXPECT_EQ(s.witch_at(1).alive(), 10);
  EXPECT_EQ(s.witch_at(0).hand.size(), 2 + 2);  // two left, then "plus assez de cartes"
  EXPECT_EQ(s.carabosse(), 1);
}

TEST(BalParry, AFailedParryCostsACrapzouilleAndWinsTheAttackerACard) {
  BalState s = table({potion(Colour::Bleu), potion(Colour::Jaune), potion(Colour::Jaune, 5),
                      potion(Colour::Vert, 4)},
                     {potion(Colour::Rouge, 2), potion(Colour::Vert), potion(Colour::Jaune, 1)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu").ok());
  expect_refused(s, 1, "parry", "you lack 1 potion");
  ASSERT_TRUE(play(s, 1, "take").ok());
  EXPECT_EQ(s.witch_at(1).alive(), 9);
  EXPECT_EQ(s.witch_at(1).dead, 1);
  EXPECT_EQ(s.witch_at(0).hand.size(), 4);  // one played, one won
}

TEST(BalAbracadabra, ReplacesOneMissingPotionButNeverGrey) {
  BalState s =
      table({potion(Colour::Rouge), potion(Colour::Rouge, 1), potion(Colour::Gris),
             potion(Colour::Jaune)},
            {potion(Colour::Rouge, 2), spell(Spell::Abracadabra), potion(Colour::Vert),
             potion(Colour::Jaune, 1)},
            {spell(Spell::Abracadabra, 1), potion(Colour::Jaune, 3), potion(Colour::Vert, 2)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 2 rouge").ok());
  ASSERT_TRUE(play(s, 1, "parry with abracadabra").ok());
  EXPECT_EQ(s.witch_at(1).alive(), 10);
  EXPECT_EQ(s.count_in_hand(1, kind_of(Spell::Abracadabra)), 0);
  // Seat 1 attacks seat 2 and seat 2 attacks back... set seat 2 to face grey instead.
  BalState g = table({potion(Colour::Gris), potion(Colour::Jaune), potion(Colour::Jaune, 5)},
                     {spell(Spell::Abracadabra), potion(Colour::Vert), potion(Colour::Jaune, 1)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)});
  ASSERT_TRUE(play(g, 0, "attack 1 with 1 gris").ok());
  expect_refused(g, 1, "parry with abracadabra", "never replaces a grey potion");
}

// A parry short of potions is refused with what is true of her hand: Abracadabra « remplace
// une potion manquante », one and never grey, and only if she holds it.
TEST(BalAbracadabra, ARefusedParrySaysSheHoldsNoAbracadabra) {
  BalState s = table({potion(Colour::Bleu), potion(Colour::Jaune), potion(Colour::Jaune, 5)},
                     {potion(Colour::Rouge, 2), potion(Colour::Vert), potion(Colour::Jaune, 1)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu").ok());
  expect_refused(s, 1, "parry",
                 "you lack 1 potion to parry the attack (1 bleu): 1 bleu; you hold no "
                 "Abracadabra: take");
}

TEST(BalAbracadabra, ARefusedParrySaysAbracadabraCoversOnlyOneMissingPotion) {
  BalState s = table({potion(Colour::Rouge), potion(Colour::Rouge, 1), potion(Colour::Jaune)},
                     {spell(Spell::Abracadabra), potion(Colour::Vert), potion(Colour::Jaune, 1)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 2 rouge").ok());
  expect_refused(s, 1, "parry",
                 "you lack 2 potions to parry the attack (2 rouge): 2 rouge; Abracadabra covers "
                 "only one missing potion: take");
  expect_refused(s, 1, "parry with abracadabra", "Abracadabra replaces one missing potion");
}

TEST(BalAbracadabra, ARefusedParrySaysAbracadabraNeverReplacesGrey) {
  BalState s = table({potion(Colour::Gris), potion(Colour::Jaune), potion(Colour::Jaune, 5)},
                     {spell(Spell::Abracadabra), potion(Colour::Vert), potion(Colour::Jaune, 1)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 gris").ok());
  expect_refused(s, 1, "parry",
                 "you lack 1 potion to parry the attack (1 gris): 1 gris; Abracadabra never "
                 "replaces a grey potion: take");
}

TEST(BalAbracadabra, ARefusedParryOffersAbracadabraWhenItCoversTheMissingPotion) {
  BalState s = table({potion(Colour::Rouge), potion(Colour::Rouge, 1), potion(Colour::Jaune)},
                     {potion(Colour::Rouge, 2), spell(Spell::Abracadabra), spell(Spell::DuBalai),
                      potion(Colour::Jaune, 1)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 2 rouge").ok());
  expect_refused(s, 1, "parry",
                 "you lack 1 potion to parry the attack (2 rouge): 1 rouge; parry with "
                 "abracadabra, balai <seat> or take");
}

// A farce of two colours: the refusal names both and the one she lacks.
TEST(BalLutinFarceur, ARefusedParryNamesTheFarcesColours) {
  for (uint64_t seed = 1; seed < 500; ++seed) {
    BalState s = new_game(3, "hard", seed);
    ASSERT_TRUE(s.set_hand(0, {spell(Spell::LutinFarceur), potion(Colour::Vert),
                               potion(Colour::Jaune), potion(Colour::Jaune, 1)})
                    .ok());
    ASSERT_TRUE(
        s.set_hand(1, {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)})
            .ok());
    ASSERT_TRUE(
        s.set_hand(2, {potion(Colour::Vert, 2), potion(Colour::Jaune, 5), potion(Colour::Jaune, 6)})
            .ok());
    ASSERT_TRUE(play(s, 0, "lutin").ok());
    const Exchange& x = s.exchange();
    if (s.phase() != Phase::Parry || x.potions != 2 ||
        std::minmax(x.colours[0], x.colours[1]) !=
            std::minmax(uint8_t(Colour::Vert), uint8_t(Colour::Rouge)))
      continue;
    expect_refused(s, 0, "parry",
                   "you lack 1 potion to parry the farce (1 vert + 1 rouge): 1 rouge; you hold "
                   "no Abracadabra: take");
    return;
  }
  FAIL() << "no seed draws a green and a red farce token";
}

TEST(BalTresorMagique, DrawsTwoCardsInAttackOrDefence) {
  BalState s = table({potion(Colour::Rouge), spell(Spell::TresorMagique), potion(Colour::Jaune),
                      potion(Colour::Vert)},
                     {potion(Colour::Rouge, 2), spell(Spell::TresorMagique, 1),
                      potion(Colour::Vert, 3), potion(Colour::Jaune, 1)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 rouge + tresor").ok());
  ASSERT_TRUE(play(s, 1, "parry + tresor").ok());
  EXPECT_EQ(s.witch_at(1).hand.size(), 4 - 2 + 2 + 1);  // paid 2, Trésor 2, parry 1
  EXPECT_EQ(s.witch_at(0).hand.size(), 4 - 2 + 2);      // paid 2, Trésor 2, no gain
}

TEST(BalSortilege, AttacksEveryWitchAndTheAttackerWinsAtMostOneCard) {
  BalState s = new_game(4);
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Bleu), spell(Spell::Sortilege), potion(Colour::Jaune),
                             potion(Colour::Vert)})
                  .ok());
  ASSERT_TRUE(
      s.set_hand(1, {spell(Spell::DuBalai, 2), potion(Colour::Vert, 1), potion(Colour::Jaune, 1)})
          .ok());
  ASSERT_TRUE(
      s.set_hand(2, {potion(Colour::Bleu, 1), potion(Colour::Vert, 2), potion(Colour::Jaune, 2)})
          .ok());
  ASSERT_TRUE(
      s.set_hand(3, {potion(Colour::Rouge, 1), potion(Colour::Vert, 3), potion(Colour::Jaune, 3)})
          .ok());
  expect_refused(s, 0, "attack 1 with 1 bleu + sortilege", "write \"attack all\"");
  ASSERT_TRUE(play(s, 0, "attack all with 1 bleu + sortilege").ok());
  EXPECT_EQ(s.actors(), SeatSet::only(1));  // clockwise from the attacker
  expect_refused(s, 1, "balai 2", "does not send back a Sortil\u00e8ge");
  ASSERT_TRUE(play(s, 1, "take").ok());
  EXPECT_EQ(s.actors(), SeatSet::only(2));
  ASSERT_TRUE(play(s, 2, "parry").ok());
  ASSERT_TRUE(play(s, 3, "take").ok());
  EXPECT_EQ(s.witch_at(1).alive(), 9);
  EXPECT_EQ(s.witch_at(2).alive(), 10);
  EXPECT_EQ(s.witch_at(3).alive(), 9);
  EXPECT_EQ(s.witch_at(2).hand.size(), 3);      // paid 1, won 1
  EXPECT_EQ(s.witch_at(0).hand.size(), 2 + 1);  // two failed parries, one card
  EXPECT_EQ(s.carabosse(), 1);
}

TEST(BalDuBalai, SendsTheAttackOnButNeverBackToItsSender) {
  BalState s = new_game(4);
  ASSERT_TRUE(
      s.set_hand(0, {potion(Colour::Bleu), potion(Colour::Jaune), potion(Colour::Vert)}).ok());
  ASSERT_TRUE(
      s.set_hand(1, {spell(Spell::DuBalai), potion(Colour::Vert, 1), potion(Colour::Jaune, 1)})
          .ok());
  ASSERT_TRUE(
      s.set_hand(2, {spell(Spell::DuBalai, 1), potion(Colour::Vert, 2), potion(Colour::Jaune, 2)})
          .ok());
  ASSERT_TRUE(
      s.set_hand(3, {potion(Colour::Rouge, 1), potion(Colour::Vert, 3), potion(Colour::Jaune, 3)})
          .ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu").ok());
  expect_refused(s, 1, "balai 0", "who sent it");
  ASSERT_TRUE(play(s, 1, "balai 2").ok());
  EXPECT_EQ(s.actors(), SeatSet::only(2));
  expect_refused(s, 2, "balai 1", "who sent it");
  // "Ainsi l'attaque peut revenir sur la personne qui l'a posée au départ."
  ASSERT_TRUE(play(s, 2, "balai 0").ok());
  EXPECT_EQ(s.actors(), SeatSet::only(0));
  ASSERT_TRUE(play(s, 0, "take").ok());
  EXPECT_EQ(s.witch_at(0).alive(), 9);
  EXPECT_EQ(s.witch_at(1).alive(), 10);
}

TEST(BalBaguetteMagique, CancelsTheAttackAndHandsTheAttackerHerCards) {
  BalState s = table(
      {potion(Colour::Bleu), potion(Colour::Bleu, 1), spell(Spell::Fantome), potion(Colour::Vert)},
      {spell(Spell::BaguetteMagique), potion(Colour::Vert, 1), potion(Colour::Jaune, 1)},
      {potion(Colour::Vert, 2), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 2 bleu + fantome").ok());
  ASSERT_TRUE(play(s, 1, "baguette").ok());
  EXPECT_EQ(s.witch_at(0).hand.size(), 4);
  EXPECT_EQ(s.witch_at(0).known.size(), 3);  // everyone saw them come back
  EXPECT_EQ(s.witch_at(1).alive(), 10);
  EXPECT_EQ(s.carabosse(), 1);
  // The cards everyone saw stay where they are in a redraw for another seat.
  Rng rng(3);
  auto other = s.sample_hidden(2, rng);
  const auto& o = dynamic_cast<const BalState&>(*other);
  EXPECT_TRUE(o.witch_at(0).hand.has(spell(Spell::Fantome)));
}

TEST(BalRemede, RaisesOneOfYourDeadCrapzouilles) {
  BalState s = table({potion(Colour::Bleu), spell(Spell::Remede), potion(Colour::Vert)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
                     {potion(Colour::Vert, 2), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  expect_refused(s, 0, "attack 1 with 1 bleu + remede", "needs one of your Crapzouilles dead");
  ASSERT_TRUE(s.set_alive(0, 7).ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + remede").ok());
  ASSERT_TRUE(play(s, 1, "take").ok());
  EXPECT_EQ(s.witch_at(0).alive(), 8);
  EXPECT_EQ(s.witch_at(0).dead, 2);
}

TEST(BalEnvoutement, CapturesACrapzouilleWhichGoesHomeDeadWhenLost) {
  BalState s = table({potion(Colour::Bleu), spell(Spell::Envoutement), potion(Colour::Vert),
                      potion(Colour::Jaune, 6)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
                     {potion(Colour::Rouge), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  expect_refused(s, 0, "attack 1 with 1 bleu + envoutement", "needs one of your Crapzouilles dead");
  ASSERT_TRUE(s.set_alive(0, 9).ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + envoutement").ok());
  ASSERT_TRUE(play(s, 1, "take").ok());
  EXPECT_EQ(s.witch_at(0).alive(), 10);
  EXPECT_EQ(s.witch_at(0).coffre[1], 1);
  EXPECT_EQ(s.witch_at(1).alive(), 9);
  EXPECT_EQ(s.witch_at(1).dead, 0);  // captured, not dead
  // Seat 1 attacks seat 2 (no parry); then seat 2 attacks seat 0, who gives up the captive.
  ASSERT_TRUE(play(s, 1, "attack 2 with 1 vert").ok());
  ASSERT_TRUE(play(s, 2, "take").ok());
  ASSERT_TRUE(play(s, 2, "attack 0 with 1 rouge").ok());
  ASSERT_TRUE(play(s, 0, "take").ok());
  ASSERT_EQ(s.phase(), Phase::Lose);
  ASSERT_TRUE(play(s, 0, "lose 1").ok());
  EXPECT_EQ(s.witch_at(0).coffre[1], 0);
  EXPECT_EQ(s.witch_at(0).coffre[0], 9);
  EXPECT_EQ(s.witch_at(1).dead, 1);
}

// What everyone is told of a move besides the move itself ("played"), one "kind: text" a line.
std::string told(BalState& s, Seat seat, const std::string& text) {
  pass_windows(s);
  auto a = s.parse_action(seat, text);
  EXPECT_TRUE(a.ok()) << text;
  if (!a) return {};
  Events events;
  EXPECT_TRUE(s.apply(seat, *a, s.now(), &events).ok()) << text;
  std::string out;
  for (const Event& e : events)
    if (e.kind != "played") {
      EXPECT_TRUE(e.audience.spectators && e.audience.seats == SeatSet::first(s.players()));
      out += e.kind + ": " + e.text + "\n";
    }
  return out;
}

// Each outcome of an exchange is told: "en cas de parade réussie (d'attaque réussie), le joueur
// gagne 1 carte", the Crapzouille lost and how many are left, the one Envoûtement captures and
// the captive that goes home dead.
TEST(BalOutcomes, CardsWonCrapzouillesLostAndCapturesAreToldToEveryone) {
  BalState s = table({potion(Colour::Bleu), spell(Spell::Envoutement), potion(Colour::Vert),
                      potion(Colour::Jaune, 6)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
                     {potion(Colour::Rouge), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  ASSERT_TRUE(s.set_alive(0, 9).ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + envoutement").ok());
  EXPECT_EQ(told(s, 1, "take"),
            "card-won: Seat 0 wins a card: the attack succeeds.\n"
            "captured: Seat 0 captures a Crapzouille from seat 1.\n");
  ASSERT_TRUE(play(s, 1, "attack 2 with 1 vert").ok());
  EXPECT_EQ(told(s, 2, "take"),
            "card-won: Seat 1 wins a card: the attack succeeds.\n"
            "crapzouille-lost: Seat 2 loses a Crapzouille; 9 left.\n");
  ASSERT_TRUE(play(s, 2, "attack 0 with 1 rouge").ok());
  EXPECT_EQ(told(s, 0, "take"), "card-won: Seat 2 wins a card: the attack succeeds.\n");
  ASSERT_EQ(s.phase(), Phase::Lose);
  // Then Carabosse comes back to seat 0, who opened the Tour: the Chat Noir turns.
  EXPECT_EQ(told(s, 0, "lose 1"),
            "crapzouille-lost: Seat 0 loses a captive Crapzouille, back dead to seat 1; 9 "
            "left.\n"
            "tour: The Chat Noir turns: second Tour de Table.\n");
  BalState p = table({potion(Colour::Rouge), potion(Colour::Rouge, 1), potion(Colour::Jaune)},
                     {potion(Colour::Rouge, 2), potion(Colour::Jaune, 1), potion(Colour::Vert)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)});
  ASSERT_TRUE(play(p, 0, "attack 1 with 1 rouge").ok());
  EXPECT_EQ(told(p, 1, "parry").rfind("card-won: Seat 1 parries and wins a card.\n", 0), 0u);
}

TEST(BalFantome, KillsTwoOrCostsTheAttackerOneWhenParried) {
  BalState s = table(
      {potion(Colour::Bleu), spell(Spell::Fantome), potion(Colour::Vert), potion(Colour::Rouge, 9)},
      {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
      {potion(Colour::Rouge), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + fantome").ok());
  ASSERT_TRUE(play(s, 1, "take").ok());
  EXPECT_EQ(s.witch_at(1).alive(), 8);
  BalState p = table(
      {potion(Colour::Bleu), spell(Spell::Fantome), potion(Colour::Vert), potion(Colour::Rouge, 9)},
      {potion(Colour::Bleu, 1), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
      {potion(Colour::Rouge), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  ASSERT_TRUE(play(p, 0, "attack 1 with 1 bleu + fantome").ok());
  ASSERT_TRUE(play(p, 1, "parry").ok());
  EXPECT_EQ(p.witch_at(0).alive(), 9);
  EXPECT_EQ(p.witch_at(1).alive(), 10);
}

TEST(BalEnchantement, TheTargetLosesARandomCardFaceUpBeforeTheAttack) {
  BalState s = table({potion(Colour::Bleu), spell(Spell::Enchantement), potion(Colour::Vert),
                      potion(Colour::Rouge, 9)},
                     {potion(Colour::Bleu, 1)},
                     {potion(Colour::Rouge), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  const int discards = s.discard_size();
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + enchantement").ok());
  EXPECT_EQ(s.discard_size(), discards + 1);
  EXPECT_EQ(s.discard_at(discards), potion(Colour::Bleu, 1));
  expect_refused(s, 1, "parry", "you lack 1 potion");
}

TEST(BalTourDeMagie, ThrowsTheCardsSheDoesNotLikeAndDrawsAsMany) {
  BalState s =
      table({potion(Colour::Rouge), spell(Spell::TourDeMagie), potion(Colour::Jaune),
             potion(Colour::Jaune, 1), potion(Colour::Vert)},
            {potion(Colour::Jaune, 2), potion(Colour::Jaune, 4), potion(Colour::Vert, 1)},
            {potion(Colour::Rouge, 1), potion(Colour::Jaune, 5), potion(Colour::Jaune, 3)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 rouge + tour").ok());
  ASSERT_TRUE(play(s, 1, "take").ok());
  // The exchange is over (one card won: four in hand); now she remakes her hand.
  EXPECT_EQ(s.phase(), Phase::Remake);
  EXPECT_EQ(s.actors(), SeatSet::only(0));
  EXPECT_EQ(s.witch_at(0).hand.size(), 4);
  expect_refused(s, 0, "throw tour", "you hold no Tour de magie");  // its one copy is played
  expect_refused(s, 1, "keep", "remaking her hand");
  const int discards = s.discard_size();
  ASSERT_TRUE(play(s, 0, "throw jaune").ok());
  ASSERT_TRUE(play(s, 0, "throw jaune").ok());
  EXPECT_EQ(s.witch_at(0).hand.size(), 2);
  EXPECT_EQ(s.discard_size(), discards + 2);  // thrown face up
  ASSERT_TRUE(play(s, 0, "keep").ok());
  // As many drawn as thrown, the Tour de magie itself not counted.
  EXPECT_EQ(s.witch_at(0).hand.size(), 4);
  EXPECT_EQ(s.count_in_hand(0, kind_of(Spell::TourDeMagie)), 0);
  EXPECT_EQ(s.carabosse(), 1);
}

TEST(BalLutinFarceur, MustBePlayedInsteadOfAnAttackAsAFarceOnHerself) {
  BalState s = table({potion(Colour::Bleu), spell(Spell::LutinFarceur), potion(Colour::Vert),
                      potion(Colour::Rouge, 9)},
                     {potion(Colour::Bleu, 1), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
                     {potion(Colour::Rouge), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  expect_refused(s, 0, "attack 1 with 1 bleu", "must be played instead of your attack");
  ASSERT_TRUE(play(s, 0, "lutin").ok());
  int tokens = 0;
  for (uint8_t n : s.bowl()) tokens += n;
  if (s.phase() == Phase::Parry) {
    EXPECT_EQ(tokens, kFarceTokens - 2);
    EXPECT_EQ(s.actors(), SeatSet::only(0));
    EXPECT_TRUE(s.exchange().farce);
    expect_refused(s, 0, "baguette", "not a farce");
    ASSERT_TRUE(play(s, 0, "take").ok());
    EXPECT_EQ(s.witch_at(0).alive(), 9);
  } else {
    EXPECT_EQ(tokens, kFarceTokens);  // two whites: the farce failed, tokens back
  }
  for (uint8_t n : s.bowl()) tokens -= n;
  EXPECT_EQ(s.carabosse(), 1);
}

TEST(BalDiablotin, ItsFarceFollowsTheAttackOnTheSameWitch) {
  BalState s = table({potion(Colour::Bleu), spell(Spell::Diablotin), potion(Colour::Vert),
                      potion(Colour::Rouge, 9)},
                     {potion(Colour::Jaune, 1), potion(Colour::Jaune, 4), potion(Colour::Vert, 1)},
                     {potion(Colour::Rouge), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + diablotin").ok());
  ASSERT_TRUE(play(s, 1, "take").ok());
  if (s.phase() == Phase::Parry) {
    EXPECT_TRUE(s.exchange().farce);
    EXPECT_EQ(s.actors(), SeatSet::only(1));
    ASSERT_TRUE(play(s, 1, "take").ok());
    EXPECT_EQ(s.witch_at(1).alive(), 8);
  }
  EXPECT_EQ(s.carabosse(), 1);
  // Two cards left, one won however many attacks: three, so no refill.
  EXPECT_EQ(s.witch_at(0).hand.size(), 2 + 1);
}

TEST(BalTourDeTable, CarabossePassesLeftTheChatNoirTurnsAndTheFirstPlayerMovesOn) {
  BalState s = new_game(3, "easy");
  ActionList legal;
  for (int turn = 0; turn < 3; ++turn) {
    EXPECT_EQ(s.tour(), 1);
    EXPECT_EQ(s.carabosse(), turn);
    const Seat target = (turn + 1) % 3;
    ASSERT_TRUE(
        play(s, turn, "attack " + std::to_string(target) + " with 1 " + some_colour(s, turn)).ok());
    parry_or_take(s);
  }
  EXPECT_EQ(s.tour(), 2);
  EXPECT_EQ(s.carabosse(), 0);
  EXPECT_EQ(s.round(), 1);
  for (int turn = 0; turn < 3; ++turn) {
    pass_windows(s);
    s.legal_actions(turn, legal);
    ASSERT_FALSE(legal.empty());
    ASSERT_TRUE(s.apply(turn, legal.front(), s.now()).ok());
    answer_if_attacked(s);
  }
  EXPECT_EQ(s.round(), 2);
  EXPECT_EQ(s.tour(), 1);
  EXPECT_EQ(s.first_player(), 1);
  EXPECT_EQ(s.carabosse(), 1);
}

TEST(BalGrandSabbat, OneCardPerLivingCrapzouilleUpToTen) {
  BalState s = new_game(3, "easy");
  // Seat 0 holds the three greys, which nobody else can parry.
  ASSERT_TRUE(
      s.set_hand(0, {potion(Colour::Gris), potion(Colour::Gris, 1), potion(Colour::Gris, 2),
                     potion(Colour::Rouge, 3), potion(Colour::Rouge, 4), potion(Colour::Rouge, 5)})
          .ok());
  ASSERT_TRUE(s.set_hand(1, {potion(Colour::Bleu), potion(Colour::Bleu, 1), potion(Colour::Vert, 5),
                             potion(Colour::Jaune, 5), potion(Colour::Jaune, 6)})
                  .ok());
  ASSERT_TRUE(
      s.set_hand(2, {potion(Colour::Vert), potion(Colour::Vert, 1), potion(Colour::Vert, 2),
                     potion(Colour::Vert, 3), potion(Colour::Vert, 4), potion(Colour::Jaune),
                     potion(Colour::Jaune, 1), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3),
                     potion(Colour::Jaune, 4)})
          .ok());
  ASSERT_TRUE(s.set_alive(1, 2).ok());
  for (int i = 0; i < 6; ++i) {
    const Seat me = s.carabosse();
    attack_unparried(s, me, me == 0 ? 2 : 0);
  }
  ASSERT_EQ(s.round(), 2);
  // Seat 0 played two potions from six and won two cards: six, and six Crapzouilles left: ten.
  EXPECT_EQ(s.witch_at(0).hand.size(), 10);
  // Seat 1 played two from five and won two: five, and two Crapzouilles: seven.
  EXPECT_EQ(s.witch_at(1).hand.size(), 7);
  // Seat 2 holds ten: she draws nothing.
  EXPECT_EQ(s.witch_at(2).hand.size(), 10);
}

TEST(BalPlusAssezDeCartes, TwoCardsLeftDrawTwoAfterTheAttackNeverDuring) {
  BalState s =
      table({potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune)},
            {potion(Colour::Rouge, 2), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
            {potion(Colour::Rouge, 1), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 rouge").ok());
  EXPECT_EQ(s.witch_at(0).hand.size(), 2);  // "mais jamais pendant"
  ASSERT_TRUE(play(s, 1, "parry").ok());
  EXPECT_EQ(s.witch_at(0).hand.size(), 2 + 2);
  EXPECT_EQ(s.witch_at(1).hand.size(), 3);  // paid one, won one: three, no refill
}

// « Se défausse de 2 cartes Sort (faces visibles) et en repioche 2 »: which two is hers to say,
// after the exchange, before Carabosse passes on.
TEST(BalPlusAssezDeCartes, NoPotionThrowsTwoSpellsOfHerChoiceFaceUpAndDrawsTwo) {
  BalState s =
      table({potion(Colour::Rouge), potion(Colour::Vert), potion(Colour::Jaune)},
            {spell(Spell::Sortilege), spell(Spell::DuBalai), spell(Spell::TresorMagique),
             spell(Spell::Fantome)},
            {potion(Colour::Rouge, 1), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 rouge").ok());
  const int discards = s.discard_size();
  ASSERT_TRUE(play(s, 1, "take").ok());
  ASSERT_EQ(s.phase(), Phase::Restock);
  EXPECT_EQ(s.actors(), SeatSet::only(1));
  EXPECT_EQ(s.carabosse(), 0);  // Carabosse waits
  EXPECT_EQ(s.view(2)["restock"]["witch"], 1);
  ActionList legal;
  s.legal_actions(1, legal);
  std::vector<std::string> texts;
  for (Action a : legal) texts.push_back(s.action_text(a));
  EXPECT_EQ(texts, (std::vector<std::string>{"discard tresor", "discard sortilege", "discard balai",
                                             "discard fantome"}));
  expect_refused(s, 1, "take", "discard <spell> for each of the two spells");
  expect_refused(s, 1, "discard remede", "you hold no Rem\u00e8de");
  expect_refused(s, 2, "discard balai", "is throwing two spells");
  ASSERT_TRUE(play(s, 1, "discard fantome").ok());
  EXPECT_EQ(s.phase(), Phase::Restock);
  EXPECT_EQ(s.witch_at(1).hand.size(), 3);
  ASSERT_TRUE(play(s, 1, "discard balai").ok());
  // Thrown face up, the red of the attack first; two drawn; the two she kept still held.
  EXPECT_EQ(s.discard_at(discards), potion(Colour::Rouge));
  EXPECT_EQ(s.discard_at(discards + 1), spell(Spell::Fantome));
  EXPECT_EQ(s.discard_at(discards + 2), spell(Spell::DuBalai));
  EXPECT_EQ(s.witch_at(1).hand.size(), 4);
  EXPECT_TRUE(s.witch_at(1).hand.has(spell(Spell::Sortilege)));
  EXPECT_TRUE(s.witch_at(1).hand.has(spell(Spell::TresorMagique)));
  // "L'opération est renouvelée jusqu'à ce que le joueur puisse jouer."
  while (s.phase() == Phase::Restock) {
    s.legal_actions(1, legal);
    ASSERT_FALSE(legal.empty());
    ASSERT_TRUE(s.apply(1, legal.front(), s.now()).ok());
  }
  bool potion_held = false;
  for (int c = 0; c < kColours; ++c) potion_held = potion_held || s.count_in_hand(1, Kind(c));
  EXPECT_TRUE(potion_held);
  EXPECT_EQ(s.witch_at(1).hand.size(), 4);
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.carabosse(), 1);
  EXPECT_TRUE(s.audit().ok());
}

TEST(BalElimination, TheLastCrapzouilleLostDiscardsTheHandAndTheLastWitchWins) {
  BalState s = table(
      {potion(Colour::Bleu), potion(Colour::Vert), potion(Colour::Jaune), potion(Colour::Vert, 5)},
      {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
      {potion(Colour::Rouge), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  ASSERT_TRUE(s.set_alive(1, 1).ok());
  ASSERT_TRUE(s.set_alive(2, 1).ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu").ok());
  ASSERT_TRUE(play(s, 1, "take").ok());
  EXPECT_TRUE(s.eliminated(1));
  EXPECT_EQ(s.witch_at(1).hand.size(), 0);
  // Seat 1 is skipped: Carabosse goes on to seat 2.
  EXPECT_EQ(s.carabosse(), 2);
  expect_refused(s, 2, "attack 1 with 1 rouge", "has left the ball");
  ASSERT_TRUE(play(s, 2, "attack 0 with 1 rouge").ok());
  ASSERT_TRUE(play(s, 0, "take").ok());
  ASSERT_TRUE(play(s, 0, "attack 2 with 1 vert").ok());
  ASSERT_TRUE(play(s, 2, "take").ok());
  EXPECT_TRUE(s.terminal());
  EXPECT_EQ(s.scores(), (std::vector<int>{2, 0, 1}));
  EXPECT_EQ(s.view(kSpectator)["winner"], 0);
  EXPECT_TRUE(s.audit().ok());
}

// "Il doit avoir autant de cartes qu'il en avait avant de prendre le jeu": she drops as many
// cards as she took; the card she wins for the attack is hers, not the eliminated witch's.
TEST(BalHeritage, TheEliminatorTakesTheHandAndDropsAsManyAsSheTookKeepingTheCardSheWon) {
  BalState s = table(
      {potion(Colour::Bleu), potion(Colour::Vert), potion(Colour::Jaune), potion(Colour::Rouge, 5)},
      {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Gris)},
      {potion(Colour::Rouge), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)}, "hard", "true");
  ASSERT_TRUE(s.set_alive(1, 1).ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu").ok());
  ASSERT_TRUE(play(s, 1, "take").ok());
  // She held three cards, won one for the attack and took three: seven, three to drop.
  EXPECT_EQ(s.phase(), Phase::Inherit);
  EXPECT_EQ(s.actors(), SeatSet::only(0));
  EXPECT_EQ(s.witch_at(0).hand.size(), 3 + 1 + 3);
  EXPECT_TRUE(s.witch_at(0).hand.has(potion(Colour::Gris)));
  EXPECT_EQ(s.view(2)["inherit"]["to_drop"], 3);
  expect_refused(s, 0, "attack 2 with 1 rouge", "drop <card kind> until you hold 4 cards");
  ASSERT_TRUE(play(s, 0, "drop vert").ok());
  ASSERT_TRUE(play(s, 0, "drop vert").ok());
  EXPECT_EQ(s.phase(), Phase::Inherit);
  ASSERT_TRUE(play(s, 0, "drop jaune").ok());
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.witch_at(0).hand.size(), 4);
  EXPECT_TRUE(s.witch_at(0).hand.has(potion(Colour::Gris)));
  EXPECT_EQ(s.carabosse(), 2);
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
}

// "OPTION (niveau difficile)": the heritage is refused at the easy and medium levels.
TEST(BalHeritage, IsAnOptionOfTheHardLevelOnly) {
  auto game = make_game();
  for (const char* level : {"easy", "medium"}) {
    auto setup = game->setup(4, {{"level", level}, {"heritage", "true"}}, 1);
    ASSERT_TRUE(setup.ok());
    auto st = game->new_state(*setup);
    ASSERT_FALSE(st.ok()) << level;
    EXPECT_NE(st.error().find("set level=hard, or heritage=false"), std::string::npos)
        << st.error();
  }
  auto hard = game->setup(4, {{"level", "hard"}, {"heritage", "true"}}, 1);
  ASSERT_TRUE(hard.ok());
  EXPECT_TRUE(game->new_state(*hard).ok());
}

// « Le Crapzouille capturé vient en remplacer un des vôtres mort »: one of hers held captive
// elsewhere is not dead, and leaves no place for a captive of her own.
TEST(BalEnvoutement, NeedsADeadCrapzouilleToReplaceNotOneHeldCaptiveElsewhere) {
  BalState s = new_game(4);
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Rouge), potion(Colour::Jaune), potion(Colour::Jaune, 1),
                             potion(Colour::Vert), potion(Colour::Vert, 1)})
                  .ok());
  ASSERT_TRUE(
      s.set_hand(1, {potion(Colour::Bleu), spell(Spell::Envoutement), potion(Colour::Jaune, 2),
                     potion(Colour::Jaune, 3), potion(Colour::Jaune, 4)})
          .ok());
  ASSERT_TRUE(
      s.set_hand(2, {potion(Colour::Vert, 3), potion(Colour::Jaune, 5), potion(Colour::Jaune, 6),
                     potion(Colour::Jaune, 7), potion(Colour::Gris)})
          .ok());
  ASSERT_TRUE(
      s.set_hand(3, {potion(Colour::Bleu, 2), potion(Colour::Jaune, 8), potion(Colour::Jaune, 9),
                     potion(Colour::Jaune, 10), potion(Colour::Jaune, 11)})
          .ok());
  ASSERT_TRUE(s.set_alive(1, 9).ok());
  ASSERT_TRUE(play(s, 0, "attack 3 with 1 rouge").ok());
  ASSERT_TRUE(play(s, 3, "take").ok());
  ASSERT_TRUE(
      s.set_hand(0, {potion(Colour::Rouge, 1), potion(Colour::Jaune), potion(Colour::Jaune, 1),
                     potion(Colour::Vert), potion(Colour::Vert, 1)})
          .ok());
  ASSERT_TRUE(play(s, 1, "attack 0 with 1 bleu + envoutement").ok());
  ASSERT_TRUE(play(s, 0, "take").ok());
  ASSERT_EQ(s.witch_at(1).coffre[0], 1);  // one of seat 0's, captive
  ASSERT_EQ(s.witch_at(0).alive(), 9);
  ASSERT_EQ(s.witch_at(0).dead, 0);
  // Seats 2 and 3 attack each other; then Carabosse comes back to seat 0.
  ASSERT_TRUE(play(s, 2, "attack 3 with 1 vert").ok());
  ASSERT_TRUE(play(s, 3, "take").ok());
  ASSERT_TRUE(s.set_hand(2, {potion(Colour::Jaune, 5), potion(Colour::Jaune, 6),
                             potion(Colour::Jaune, 7), potion(Colour::Gris)})
                  .ok());
  ASSERT_TRUE(play(s, 3, "attack 2 with 1 bleu").ok());
  ASSERT_TRUE(play(s, 2, "take").ok());
  ASSERT_EQ(s.carabosse(), 0);
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Bleu, 1), spell(Spell::Envoutement),
                             potion(Colour::Jaune), potion(Colour::Vert)})
                  .ok());
  expect_refused(s, 0, "attack 1 with 1 bleu + envoutement", "no captive has taken");
  // Once one of her own is dead, the captive has a place to take.
  ASSERT_TRUE(s.set_alive(0, 8).ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + envoutement").ok());
}

// Du balai sends the attack on, spell included: the Diablotin's farce goes to the witch who
// received the attack, not to the one it was first aimed at.
TEST(BalDiablotin, ItsFarceFollowsAnAttackSentOnWithDuBalai) {
  BalState s = new_game(4);
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Bleu), spell(Spell::Diablotin), potion(Colour::Vert),
                             potion(Colour::Jaune), potion(Colour::Rouge)})
                  .ok());
  ASSERT_TRUE(s.set_hand(1, {spell(Spell::DuBalai), potion(Colour::Vert, 1),
                             potion(Colour::Jaune, 1), potion(Colour::Rouge, 1)})
                  .ok());
  ASSERT_TRUE(s.set_hand(2, {potion(Colour::Vert, 2), potion(Colour::Jaune, 2),
                             potion(Colour::Rouge, 2), potion(Colour::Rouge, 3)})
                  .ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + diablotin").ok());
  ASSERT_TRUE(play(s, 1, "balai 2").ok());
  ASSERT_TRUE(play(s, 2, "take").ok());
  pass_windows(s);
  ASSERT_EQ(s.phase(), Phase::Parry);  // this seed draws a farce with colours
  EXPECT_TRUE(s.exchange().farce);
  EXPECT_EQ(s.exchange().defender, 2);
  EXPECT_EQ(s.actors(), SeatSet::only(2));
}

// A defender's Diablotin launches a farce on the attacker, who stays the attacker: her attack's
// Trésor magique still draws her two cards when the exchange ends.
TEST(BalDiablotin, ADefendersFarceLeavesTheAttackersTresorMagiqueToHer) {
  BalState s = table({potion(Colour::Bleu), spell(Spell::TresorMagique), potion(Colour::Vert),
                      potion(Colour::Jaune), potion(Colour::Rouge)},
                     {potion(Colour::Bleu, 1), spell(Spell::Diablotin), potion(Colour::Vert, 1),
                      potion(Colour::Jaune, 1), potion(Colour::Rouge, 1)},
                     {potion(Colour::Vert, 2), potion(Colour::Jaune, 2), potion(Colour::Rouge, 2)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + tresor").ok());
  ASSERT_TRUE(play(s, 1, "parry + diablotin").ok());
  EXPECT_EQ(s.witch_at(1).hand.size(), 5 - 2 + 1);  // paid two, won one
  int expected = 3 + 2;                             // three left, then her Trésor's two
  if (s.phase() == Phase::Parry) {
    ASSERT_TRUE(s.exchange().farce);
    EXPECT_EQ(s.exchange().defender, 0);
    EXPECT_EQ(s.exchange().attacker, 0);
    EXPECT_EQ(s.exchange().assailant(), 1);
    const int potions = s.exchange().potions;
    if (parry_or_take(s)) expected += 1 - potions;  // paid the farce, won a card
  }
  EXPECT_EQ(s.carabosse(), 1);
  EXPECT_EQ(s.witch_at(0).hand.size(), expected);
  EXPECT_EQ(s.witch_at(1).hand.size(), 4);  // no Trésor, and one card won in all
}

// The first player's parried Fantôme takes her last Crapzouille in her own turn: the Chat Noir
// goes to her left, and the witches after her still play their turn of this Tour de Table.
TEST(BalTourDeTable, AFirstPlayerEliminatedInHerOwnTurnLeavesTheOthersTheirTurns) {
  BalState s = new_game(4, "medium");
  ASSERT_TRUE(
      s.set_hand(0, {potion(Colour::Bleu), spell(Spell::Fantome), potion(Colour::Vert)}).ok());
  ASSERT_TRUE(
      s.set_hand(1, {potion(Colour::Bleu, 1), potion(Colour::Rouge), potion(Colour::Rouge, 1),
                     potion(Colour::Rouge, 2), potion(Colour::Rouge, 3)})
          .ok());
  ASSERT_TRUE(s.set_alive(0, 1).ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + fantome").ok());
  ASSERT_TRUE(play(s, 1, "parry").ok());
  ASSERT_TRUE(s.eliminated(0));
  EXPECT_EQ(s.first_player(), 1);
  for (Seat turn : {1, 2, 3}) {
    EXPECT_EQ(s.tour(), 1);
    ASSERT_EQ(s.carabosse(), turn);
    const Seat target = turn == 3 ? 1 : turn + 1;
    ASSERT_TRUE(
        play(s, turn, "attack " + std::to_string(target) + " with 1 " + some_colour(s, turn)).ok());
    parry_or_take(s);
  }
  // Carabosse comes back to the holder of the Chat Noir: the second Tour de Table.
  EXPECT_EQ(s.tour(), 2);
  EXPECT_EQ(s.carabosse(), 1);
  EXPECT_EQ(s.round(), 1);
}

// « Le défenseur doit réaliser une parade magique »: holding the potions, she may not take
// the loss; the refusal names what she may do. Short of one, she may keep her Abracadabra.
TEST(BalParry, ADefenderWhoHoldsThePotionsMustParry) {
  BalState s = table({potion(Colour::Rouge), potion(Colour::Bleu), potion(Colour::Jaune),
                      potion(Colour::Vert), potion(Colour::Vert, 1)},
                     {potion(Colour::Rouge, 1), spell(Spell::DuBalai), spell(Spell::Abracadabra),
                      potion(Colour::Jaune, 1), potion(Colour::Jaune, 2)},
                     {potion(Colour::Vert, 2), potion(Colour::Jaune, 3), potion(Colour::Jaune, 4),
                      potion(Colour::Jaune, 5), potion(Colour::Jaune, 6)});
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 rouge").ok());
  expect_refused(s, 1, "take",
                 "doit r\u00e9aliser une parade magique\": parry [+ <spell>], balai <seat>");
  ActionList legal;
  s.legal_actions(1, legal);
  for (Action a : legal) EXPECT_NE(s.action_text(a), "take");
  ASSERT_TRUE(play(s, 1, "parry").ok());
  EXPECT_EQ(s.witch_at(1).alive(), 10);
  // Seat 1 attacks seat 2 with yellow; seat 2 lacks one of two and keeps the choice to take.
  ASSERT_TRUE(play(s, 1, "attack 2 with 2 jaune").ok());
  ASSERT_TRUE(s.set_hand(2, {potion(Colour::Jaune, 3), spell(Spell::Abracadabra, 1),
                             potion(Colour::Vert, 2), potion(Colour::Rouge, 2)})
                  .ok());
  ASSERT_TRUE(play(s, 2, "take").ok());
  EXPECT_EQ(s.witch_at(2).alive(), 9);
}

// « Cette carte annule l'attaque portée contre vous »: against a Sortilège it spares its player
// alone; the witches after her still parry, and the attacker's cards stay on the table.
TEST(BalBaguetteMagique, AgainstASortilegeSparesOnlyTheWitchWhoPlaysIt) {
  BalState s = new_game(4);
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Bleu), spell(Spell::Sortilege), potion(Colour::Jaune),
                             potion(Colour::Vert), potion(Colour::Rouge)})
                  .ok());
  ASSERT_TRUE(s.set_hand(1, {spell(Spell::BaguetteMagique), potion(Colour::Vert, 1),
                             potion(Colour::Jaune, 1), potion(Colour::Rouge, 1)})
                  .ok());
  ASSERT_TRUE(s.set_hand(2, {potion(Colour::Vert, 2), potion(Colour::Jaune, 2),
                             potion(Colour::Rouge, 2), potion(Colour::Rouge, 3)})
                  .ok());
  ASSERT_TRUE(s.set_hand(3, {potion(Colour::Bleu, 1), potion(Colour::Jaune, 3),
                             potion(Colour::Rouge, 4), potion(Colour::Rouge, 5)})
                  .ok());
  ASSERT_TRUE(play(s, 0, "attack all with 1 bleu + sortilege").ok());
  const int discards = s.discard_size();
  ASSERT_TRUE(play(s, 1, "baguette").ok());
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Parry);
  EXPECT_EQ(s.actors(), SeatSet::only(2));
  EXPECT_EQ(s.exchange().card_count, 2);  // the blue and the Sortilège, still on the table
  EXPECT_EQ(s.witch_at(0).hand.size(), 3);
  EXPECT_EQ(s.discard_size(), discards + 1);  // the Baguette
  ASSERT_TRUE(play(s, 2, "take").ok());
  ASSERT_TRUE(play(s, 3, "parry").ok());
  EXPECT_EQ(s.witch_at(1).alive(), 10);
  EXPECT_EQ(s.witch_at(2).alive(), 9);
  EXPECT_EQ(s.witch_at(0).hand.size(), 3 + 1);  // the card for seat 2's failed parry
  EXPECT_EQ(s.witch_at(0).known.size(), 0);
  EXPECT_EQ(s.carabosse(), 1);
}

// Trésor magique « peut se jouer ... lorsqu'une carte SORTILEGE ou une carte LUTIN FARCEUR est
// jouée »: as a second spell beside a Sortilège (one potion then, 3 cards at most), whose
// attacker draws two when the exchange ends; beside a Lutin farceur, two cards at once.
TEST(BalTresorMagique, GoesBesideASortilegeOrALutinFarceur) {
  BalState s = new_game(4);
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Bleu), potion(Colour::Bleu, 1), spell(Spell::Sortilege),
                             spell(Spell::TresorMagique), spell(Spell::Fantome)})
                  .ok());
  for (Seat p : {1, 2, 3})
    ASSERT_TRUE(s.set_hand(p, {potion(Colour::Vert, 3 * p), potion(Colour::Jaune, 3 * p),
                               potion(Colour::Rouge, 3 * p), potion(Colour::Rouge, 3 * p + 1)})
                    .ok());
  expect_refused(s, 0, "attack all with 2 bleu + sortilege + tresor", "3 cards at most");
  expect_refused(s, 0, "attack 1 with 1 bleu + fantome + tresor", "beside a Sortil\u00e8ge only");
  ActionList legal;
  s.legal_actions(0, legal);
  int offered = 0;
  for (Action a : legal)
    offered += s.action_text(a) == "attack all with 1 bleu + sortilege + tresor";
  EXPECT_EQ(offered, 1);
  ASSERT_TRUE(play(s, 0, "attack all with 1 bleu + sortilege + tresor").ok());
  EXPECT_EQ(s.exchange().card_count, 3);
  EXPECT_EQ(s.witch_at(0).hand.size(), 2);  // nothing drawn yet
  for (Seat p : {1, 2, 3}) ASSERT_TRUE(play(s, p, "take").ok());
  EXPECT_EQ(s.witch_at(0).hand.size(), 2 + 1 + 2);  // one card won, two from the Trésor
  EXPECT_EQ(s.carabosse(), 1);

  BalState l = table({spell(Spell::LutinFarceur), spell(Spell::TresorMagique), potion(Colour::Vert),
                      potion(Colour::Jaune), potion(Colour::Rouge)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Rouge, 1)},
                     {potion(Colour::Vert, 2), potion(Colour::Jaune, 2), potion(Colour::Rouge, 2)});
  l.legal_actions(0, legal);
  offered = 0;
  for (Action a : legal) offered += l.action_text(a) == "lutin + tresor";
  EXPECT_EQ(offered, 1);
  ASSERT_TRUE(play(l, 0, "lutin + tresor").ok());
  EXPECT_EQ(l.witch_at(0).hand.size(), 3 + 2);  // drawn before the farce
  answer_if_attacked(l);
  EXPECT_EQ(l.carabosse(), 1);
  EXPECT_TRUE(l.audit().ok()) << l.audit().error();
}

// "Plus assez de cartes ... avant ou après une attaque": a hand dealt without a potion throws
// spells and draws before the first attack, as after any exchange.
TEST(BalPlusAssezDeCartes, AHandDealtWithoutAPotionIsMendedBeforeTheFirstAttack) {
  BalState s = new_game(3, "easy");
  pass_windows(s);
  ASSERT_EQ(s.phase(), Phase::Attack);
  ASSERT_TRUE(s.redeal(1, {spell(Spell::Abracadabra), spell(Spell::Abracadabra, 1),
                           spell(Spell::Abracadabra, 2), spell(Spell::Abracadabra, 3),
                           spell(Spell::Abracadabra, 4), spell(Spell::TresorMagique),
                           spell(Spell::TresorMagique, 1), spell(Spell::TresorMagique, 2),
                           spell(Spell::TresorMagique, 3), spell(Spell::TresorMagique, 4)})
                  .ok());
  ASSERT_EQ(s.phase(), Phase::Restock);
  EXPECT_EQ(s.actors(), SeatSet::only(1));
  expect_refused(s, 0, "attack 1 with 1 " + some_colour(s, 0), "is throwing two spells");
  ActionList legal;
  while (s.phase() == Phase::Restock) {
    s.legal_actions(1, legal);
    ASSERT_FALSE(legal.empty());
    ASSERT_TRUE(s.apply(1, legal.front(), s.now()).ok());
  }
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.carabosse(), 0);
  EXPECT_EQ(s.witch_at(1).hand.size(), 10);
  EXPECT_NE(some_colour(s, 1), "none");
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 " + some_colour(s, 0)).ok());
  EXPECT_FALSE(s.redeal(2, {potion(Colour::Rouge)}).ok());
}

// « Le nouveau possesseur peut éliminer ce Crapzouille s'il subit une perte »: "peut" — the
// captor chooses whether she loses the captive or one of her own.
TEST(BalEnvoutement, TheCaptorChoosesWhetherSheLosesTheCaptiveOrOneOfHerOwn) {
  BalState s = table({potion(Colour::Bleu), spell(Spell::Envoutement), potion(Colour::Vert),
                      potion(Colour::Jaune, 6), potion(Colour::Jaune, 7)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
                     {potion(Colour::Rouge), potion(Colour::Jaune, 2), potion(Colour::Jaune, 3)});
  ASSERT_TRUE(s.set_alive(0, 9).ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + envoutement").ok());
  ASSERT_TRUE(play(s, 1, "take").ok());
  ASSERT_EQ(s.witch_at(0).coffre[1], 1);
  ASSERT_TRUE(play(s, 1, "attack 2 with 1 vert").ok());
  ASSERT_TRUE(play(s, 2, "take").ok());
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Vert), potion(Colour::Jaune, 6),
                             potion(Colour::Jaune, 7), potion(Colour::Bleu, 1)})
                  .ok());
  ASSERT_TRUE(play(s, 2, "attack 0 with 1 rouge").ok());
  ASSERT_TRUE(play(s, 0, "take").ok());
  // She holds nine of her own and seat 1's captive: she says which dies.
  ASSERT_EQ(s.phase(), Phase::Lose);
  EXPECT_EQ(s.actors(), SeatSet::only(0));
  EXPECT_EQ(s.view(1)["lose"]["witch"], 0);
  ActionList legal;
  s.legal_actions(0, legal);
  std::vector<std::string> texts;
  for (Action a : legal) texts.push_back(s.action_text(a));
  EXPECT_EQ(texts, (std::vector<std::string>{"lose 0", "lose 1"}));
  // At the terminal, where people count seats from 1: her own, or the second seat's captive.
  const SeatWords words = make_game()->seat_words();
  EXPECT_EQ(action_for_person(words, texts[0]), "lose 1");
  EXPECT_EQ(action_for_person(words, texts[1]), "lose 2");
  EXPECT_EQ(action_from_person(words, "lose 2", 3).value(), "lose 1");
  EXPECT_NE(make_game()->render_for_person(s.view(0), 0, false).find("Seat 1 Hilda Bigleuse (you)"),
            std::string::npos)
      << make_game()->render_for_person(s.view(0), 0, false);
  expect_refused(s, 0, "take", "you lose a Crapzouille: lose <seat>");
  expect_refused(s, 0, "lose 2", "you hold no Crapzouille of seat 2");
  expect_refused(s, 1, "lose 1", "is choosing whose Crapzouille she loses");
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
  ASSERT_TRUE(play(s, 0, "lose 0").ok());
  EXPECT_EQ(s.witch_at(0).coffre[0], 8);
  EXPECT_EQ(s.witch_at(0).dead, 2);
  EXPECT_EQ(s.witch_at(0).coffre[1], 1);  // the captive stays
  EXPECT_EQ(s.witch_at(1).dead, 0);
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.carabosse(), 0);
  EXPECT_EQ(s.tour(), 2);
}

// A Fantôme kills two: a witch who holds a captive is asked for each, as long as she holds
// Crapzouilles of two owners.
TEST(BalFantome, AWitchHoldingACaptiveSaysWhoseForEachOfTheTwo) {
  BalState s = table({potion(Colour::Bleu), spell(Spell::Envoutement), potion(Colour::Vert),
                      potion(Colour::Jaune, 6), potion(Colour::Jaune, 7)},
                     {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Jaune, 4)},
                     {potion(Colour::Rouge), spell(Spell::Fantome), potion(Colour::Jaune, 2),
                      potion(Colour::Jaune, 3)});
  ASSERT_TRUE(s.set_alive(0, 9).ok());
  ASSERT_TRUE(play(s, 0, "attack 1 with 1 bleu + envoutement").ok());
  ASSERT_TRUE(play(s, 1, "take").ok());
  ASSERT_TRUE(play(s, 1, "attack 2 with 1 vert").ok());
  ASSERT_TRUE(play(s, 2, "take").ok());
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Vert), potion(Colour::Jaune, 6),
                             potion(Colour::Jaune, 7), potion(Colour::Bleu, 1)})
                  .ok());
  ASSERT_TRUE(play(s, 2, "attack 0 with 1 rouge + fantome").ok());
  ASSERT_TRUE(play(s, 0, "take").ok());
  ASSERT_EQ(s.phase(), Phase::Lose);
  EXPECT_EQ(s.view(2)["lose"]["losses"], 2);
  ASSERT_TRUE(play(s, 0, "lose 0").ok());
  ASSERT_EQ(s.phase(), Phase::Lose);  // still her own and the captive: asked again
  EXPECT_EQ(s.view(2)["lose"]["losses"], 1);
  ASSERT_TRUE(play(s, 0, "lose 1").ok());
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.witch_at(0).coffre[0], 8);
  EXPECT_EQ(s.witch_at(0).coffre[1], 0);
  EXPECT_EQ(s.witch_at(0).dead, 2);
  EXPECT_EQ(s.witch_at(1).dead, 1);
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
}

// Two witches eliminated by one Sortilège: the heir takes both hands and drops as many cards
// as the two held.
TEST(BalHeritage, TwoHandsTakenInOneSortilegeAddUp) {
  BalState s = new_game(4, "hard", 1, "true");
  ASSERT_TRUE(s.set_hand(0, {potion(Colour::Gris), spell(Spell::Sortilege), potion(Colour::Vert),
                             potion(Colour::Jaune), potion(Colour::Rouge)})
                  .ok());
  ASSERT_TRUE(
      s.set_hand(1, {potion(Colour::Vert, 1), potion(Colour::Jaune, 1), potion(Colour::Rouge, 1)})
          .ok());
  ASSERT_TRUE(s.set_hand(2, {potion(Colour::Vert, 2), potion(Colour::Jaune, 2)}).ok());
  ASSERT_TRUE(s.set_hand(3, {potion(Colour::Vert, 3), potion(Colour::Jaune, 3),
                             potion(Colour::Rouge, 3), potion(Colour::Rouge, 4)})
                  .ok());
  ASSERT_TRUE(s.set_alive(1, 1).ok());
  ASSERT_TRUE(s.set_alive(2, 1).ok());
  ASSERT_TRUE(play(s, 0, "attack all with 1 gris + sortilege").ok());
  for (Seat p : {1, 2, 3}) ASSERT_TRUE(play(s, p, "take").ok());
  ASSERT_TRUE(s.eliminated(1));
  ASSERT_TRUE(s.eliminated(2));
  ASSERT_EQ(s.phase(), Phase::Inherit);
  EXPECT_EQ(s.witch_at(0).hand.size(), 3 + 1 + 3 + 2);  // her three, one won, both hands
  EXPECT_EQ(s.view(3)["inherit"]["to_drop"], 5);
  for (const char* kind : {"vert", "vert", "vert", "jaune", "jaune"}) {
    ASSERT_EQ(s.phase(), Phase::Inherit);
    ASSERT_TRUE(play(s, 0, std::string("drop ") + kind).ok()) << kind;
  }
  pass_windows(s);
  EXPECT_EQ(s.phase(), Phase::Attack);
  EXPECT_EQ(s.witch_at(0).hand.size(), 4);
  EXPECT_EQ(s.carabosse(), 3);
  EXPECT_TRUE(s.audit().ok()) << s.audit().error();
}

}  // namespace
}  // namespace sabbat::bal
