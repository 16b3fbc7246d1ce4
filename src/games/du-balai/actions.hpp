#pragma once
// Actions as compact codes, and their canonical text.
//
//   start 6                            a novice pilot's starting square (5, 6 or 7)
//   close-book                         phase 1 (and the end of a Décret look)
//   formula zaam boulga                phase 2: the symbol cards, no colour; `formula none`
//   formula zaam boulga second foulzz  phase 2, holding Double-jeu: both formulas in one
//                                        action, so that nobody sees she holds the card
//   play decret                        phase 2, once every other witch has written
//   play oubli-repare stella           } phase 4, when your formula takes effect; Oubli réparé
//   play oubli-repare stella to second }   names the second formula when Double-jeu made it
//   play rectification zaam for boulga }   count
//   play double-jeu                    }   (makes the second formula count)
//   play vent-arriere | play blocage | play mauvais-sort on 2 | play attraction 2  (after
//                                      your own move)
//   keep vent-arriere                  the Magie noire card kept after a perfect black formula
//   brouillard                         cancel the spell just played (reaction window)
//   pass                               no (more) spell / no reaction
//   time-up                            the clock, when a limit other than the book's falls
//   forced auto | forced ask           a seat's setting, at any time: whether the table plays
//                                        her forced moves for her (auto, the default)
#include <cstdint>
#include <string>
#include <string_view>

#include "core/game.hpp"
#include "games/du-balai/formula.hpp"

namespace sabbat::du_balai {

enum class Kind : uint8_t {
  CloseBook,
  TimeUp,
  Pass,
  Start,
  Write,
  Brouillard,
  Keep,
  Play,
  Forced,  // a seat's setting: a = 0 auto, 1 ask
};
inline constexpr int kKinds = int(Kind::Forced) + 1;

// A decoded action. Fields unused by a kind stay zero.
struct Move {
  Kind kind = Kind::CloseBook;
  Formula formula;                 // Write: the cards (empty: `none`); its colour is unused
  SymbolMask second = 0;           // Write: the cards of the second formula (Double-jeu), if any
  Card card = Card::OubliRepare;   // Play, Keep
  uint8_t a = 0;                   // Start: square; oubli: symbol; rectification: symbol out;
                                   // mauvais-sort: target seat; attraction: distance
  uint8_t b = 0;                   // oubli: the formula, 0 first, 1 second; rectification:
                                   // symbol in
  Colour colour = Colour::Orange;  // no action names a colour: formulas have none
};

Action encode(const Move& m);
Move decode(Action a);
// Whether some action of the game has this code: its kind and card exist and the bits its
// kind does not use are zero. Decoders read nothing else.
bool valid_code(Action a);

// Builders of the actions, by name: act::write(mask), act::pass()...
namespace act {
inline Move of(Kind k, Card c = Card::OubliRepare, int a = 0, int b = 0,
               Colour colour = Colour::Orange, Formula f = Formula{}) {
  Move m;
  m.kind = k;
  m.card = c;
  m.a = uint8_t(a);
  m.b = uint8_t(b);
  m.colour = colour;
  m.formula = f;
  return m;
}
inline Action close_book() {
  return encode(of(Kind::CloseBook));
}
inline Action time_up() {
  return encode(of(Kind::TimeUp));
}
inline Action pass() {
  return encode(of(Kind::Pass));
}
inline Action brouillard() {
  return encode(of(Kind::Brouillard));
}
inline Action start_on(int square) {
  return encode(of(Kind::Start, Card::OubliRepare, square));
}
inline Action write(SymbolMask cards) {
  return encode(of(Kind::Write, Card::OubliRepare, 0, 0, Colour::Orange, Formula{cards}));
}
inline Action write_none() {
  return write(0);
}
// Both formulas at once, with Double-jeu in hand; `second` 0 writes no second formula.
inline Action write_both(SymbolMask first, SymbolMask second) {
  Move m = of(Kind::Write, Card::OubliRepare, 0, 0, Colour::Orange, Formula{first});
  m.second = second;
  return encode(m);
}
// `ask`: forced moves are asked of her; else the table plays them.
inline Action forced_setting(bool ask) {
  return encode(of(Kind::Forced, Card::OubliRepare, ask ? 1 : 0));
}
inline Action keep(Card c) {
  return encode(of(Kind::Keep, c));
}
inline Action play(Card c) {
  return encode(of(Kind::Play, c));
}
// `formula`: 0 her first formula, 1 the second one (once Double-jeu has made it count).
inline Action play_oubli(int symbol, int formula = 0) {
  return encode(of(Kind::Play, Card::OubliRepare, symbol, formula));
}
inline Action play_rectification(int out, int in) {
  return encode(of(Kind::Play, Card::Rectification, out, in));
}
inline Action play_mauvais_sort(int target) {
  return encode(of(Kind::Play, Card::MauvaisSort, target));
}
inline Action play_attraction(int distance) {
  return encode(of(Kind::Play, Card::Attraction, distance));
}
}  // namespace act

std::string mask_text(SymbolMask m);  // "zaam boulga" in symbol order
// The canonical text; for a code no game produces, "invalid action code 0x7f000000".
std::string move_text(const Move& m);
std::string invalid_code_text(Action a);
// The text of a formula as written: "formula zaam boulga", "formula none"; with a second
// formula, "formula zaam boulga second foulzz".
std::string formula_text(SymbolMask cards, SymbolMask second = 0);

// Parses canonical text, loosely: any case, accents or not, symbol names or syllables. A
// colour word where a formula is expected is refused: formulas have no colour.
Result<Move> parse_move(std::string_view text);
// The same; the colour is not used (formulas have no colour).
inline Result<Move> parse_move(std::string_view text, Colour) {
  return parse_move(text);
}

}  // namespace sabbat::du_balai
