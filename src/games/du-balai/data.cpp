#include "games/du-balai/data.hpp"

namespace sabbat::du_balai {

std::string_view colour_name(Colour c) {
  return c == Colour::Orange ? "orange" : "black";
}

// Five syllables are printed in the rule book (Zââm, Boulgâ, Foulzz, Gloû, Bîîî); the other
// four are ours, in the same spirit.
const std::array<SymbolInfo, kSymbols> kSymbolTable{{
    {"oreille", "oreille", "zaam", "Z\u00e2\u00e2m"},
    {"toile", "toile", "boulga", "Boulg\u00e2"},
    {"tete-de-mort", "t\u00eate de mort", "foulzz", "Foulzz"},
    {"eclair", "\u00e9clair", "glou", "Glo\u00fb"},
    {"eclair-fourchu", "\u00e9clair fourchu", "biii", "B\u00ee\u00ee\u00ee"},
    {"nuage", "nuage", "nebulo", "N\u00e9bul\u00f4"},
    {"oeil", "\u0153il", "zyeux", "Zye\u00fbx"},
    {"araignee", "araign\u00e9e", "arakna", "Arakn\u00e2"},
    {"etoile", "\u00e9toile", "stella", "Stell\u00e2"},
}};

namespace {
constexpr std::array<std::array<Face, kFaces>, kDice> make_dice() {
  std::array<std::array<Face, kFaces>, kDice> dice{};
  for (int d = 0; d < kDice; ++d)
    for (int k = 0; k < kFaces; ++k)
      dice[size_t(d)][size_t(k)] =
          Face{uint8_t((d + k) % kSymbols), k % 2 == 0 ? Colour::Orange : Colour::Black};
  return dice;
}
}  // namespace

const std::array<std::array<Face, kFaces>, kDice> kDiceTable = make_dice();

const std::array<CardInfo, kCardKinds> kCardTable{{
    {Card::OubliRepare, "oubli-repare", "Oubli r\u00e9par\u00e9", 2, 0, Moment::Formula,
     "Add a card from your hand to your formula."},
    {Card::Rectification, "rectification", "Rectification", 2, 0, Moment::Formula,
     "Swap a card of your formula with a card from your hand."},
    {Card::VentArriere, "vent-arriere", "Vent arri\u00e8re", 3, 0, Moment::AfterMove,
     "Move forward as many squares as your rank in the race (3rd: 3 squares)."},
    {Card::Brouillard, "brouillard", "Brouillard magique", 2, 0, Moment::Reaction,
     "Cancel the spell an opponent has just played."},
    {Card::Decret, "decret", "D\u00e9cret", 2, 0, Moment::Decret,
     "Once all the others have written, look at the open book for 10 s (expert: 5 s) before "
     "writing your formula."},
    {Card::DoubleJeu, "double-jeu", "Double-jeu", 3, 0, Moment::Formula,
     "Holding it, write a second formula after your first (phase 2); play it when your formula "
     "takes effect to make the second count: one orange and one black, both bonuses if both "
     "are perfect, you move by the cards of both."},
    {Card::MauvaisSort, "mauvais-sort", "Mauvais sort", 1, 0, Moment::AfterMove,
     "The leading witch moves back 3 squares."},
    {Card::Attraction, "attraction", "Attraction", 2, 0, Moment::AfterMove,
     "Every other witch moves 1 or 2 squares (your choice, the same for all) towards you."},
    {Card::Blocage, "blocage", "Blocage", 1, 0, Moment::AfterMove,
     "Nobody may pass you for the rest of this turn."},
    {Card::Acrobatie1, "acrobatie-1", "Acrobatie a\u00e9rienne (1)", 3, 1, Moment::Never,
     "1 point at the end of the game."},
    {Card::Acrobatie2, "acrobatie-2", "Acrobatie a\u00e9rienne (2)", 3, 2, Moment::Never,
     "2 points at the end of the game."},
    {Card::Acrobatie3, "acrobatie-3", "Acrobatie a\u00e9rienne (3)", 3, 3, Moment::Never,
     "3 points at the end of the game."},
}};

}  // namespace sabbat::du_balai
