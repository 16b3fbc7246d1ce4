#pragma once
// The content of the box, as data: symbols and their syllables, the faces of the 9 dice, the
// 27 Magie noire cards. An edition with other counts is a change of these tables only.
#include <array>
#include <cstdint>
#include <string_view>

namespace sabbat::du_balai {

inline constexpr int kMaxPlayers = 6;
inline constexpr int kSymbols = 9;
inline constexpr int kDice = 9;
inline constexpr int kFaces = 6;

enum class Colour : uint8_t { Orange = 0, Black = 1 };
inline constexpr Colour other(Colour c) {
  return c == Colour::Orange ? Colour::Black : Colour::Orange;
}
std::string_view colour_name(Colour c);  // "orange", "black"

// A set of symbols, one bit per symbol (9 bits).
using SymbolMask = uint16_t;
inline constexpr SymbolMask kAllSymbols = (1u << kSymbols) - 1;

struct SymbolInfo {
  std::string_view id;        // "tete-de-mort": the symbol drawn on the dice and cards
  std::string_view name;      // "tête de mort"
  std::string_view syllable;  // "foulzz": what the card says aloud, the canonical action word
  std::string_view spoken;    // "Foulzz" with its accents, for display
};
extern const std::array<SymbolInfo, kSymbols> kSymbolTable;

struct Face {
  uint8_t symbol = 0;
  Colour colour = Colour::Orange;
  bool operator==(const Face&) const = default;
};
// Die d, face k. Default dice (rules/README.md): symbol (d + k) mod 9, orange for even k.
extern const std::array<std::array<Face, kFaces>, kDice> kDiceTable;

// Magie noire: 18 spells and 9 acrobatics.
enum class Card : uint8_t {
  OubliRepare,
  Rectification,
  VentArriere,
  Brouillard,
  Decret,
  DoubleJeu,
  MauvaisSort,
  Attraction,
  Blocage,
  Acrobatie1,
  Acrobatie2,
  Acrobatie3,
};
inline constexpr int kCardKinds = 12;
inline constexpr int kDeckSize = 27;

// When a card may be played.
enum class Moment : uint8_t {
  Formula,    // when its holder applies the effect of her formula (phase 4, before moving)
  AfterMove,  // after its holder's own move (phase 4)
  Decret,     // in phase 2, once every other witch has written
  Reaction,   // when an opponent plays a spell
  Never,      // acrobatics: points at the end
};

struct CardInfo {
  Card card;
  std::string_view id;    // "vent-arriere": the canonical action word
  std::string_view name;  // "Vent arrière"
  int count = 0;          // copies in the deck
  int points = 0;         // acrobatics only
  Moment moment = Moment::Never;
  std::string_view text;  // what it does, in English
};
extern const std::array<CardInfo, kCardKinds> kCardTable;

inline const CardInfo& info(Card c) {
  return kCardTable[size_t(c)];
}

}  // namespace sabbat::du_balai
