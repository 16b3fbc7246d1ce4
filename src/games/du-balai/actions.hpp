#pragma once
// Actions as compact codes, and their canonical text.
//
//   close-book                         phase 1 (and the end of a Décret look)
//   start 6                            a novice pilot's starting square (5, 6 or 7)
//   formula orange: zaam boulga        phase 2; `formula none` writes nothing
//   play decret                        phase 2, once every other witch has written
//   play oubli-repare stella to orange         } phase 4, when your formula takes effect
//   play rectification zaam for boulga in black }
//   play double-jeu black: foulzz glou          }
//   play vent-arriere | play blocage | play mauvais-sort on 2 | play attraction 2  (after
//                                      your own move)
//   keep vent-arriere                  the Magie noire card kept after a perfect black formula
//   brouillard                         cancel the spell just played (reaction window)
//   pass                               no (more) spell / no reaction
//   time-up                            the clock, when a limit other than the book's falls
#include <cstdint>
#include <string>
#include <string_view>

#include "core/game.hpp"
#include "games/du-balai/formula.hpp"

namespace sabbat::du_balai {

enum class Kind : uint8_t { CloseBook, TimeUp, Pass, Start, Write, Brouillard, Keep, Play };

// A decoded action. Fields unused by a kind stay zero.
struct Move {
  Kind kind = Kind::CloseBook;
  Formula formula;  // Write (empty: `formula none`), Play double-jeu (the second formula)
  Card card = Card::OubliRepare;   // Play, Keep
  uint8_t a = 0;                   // Start: square; oubli: symbol; rectification: symbol out;
                                   // mauvais-sort: target seat; attraction: distance
  uint8_t b = 0;                   // rectification: symbol in
  Colour colour = Colour::Orange;  // oubli / rectification: the formula they change
};

Action encode(const Move& m);
Move decode(Action a);

// Builders of the actions, by name: act::write(Colour::Orange, mask), act::pass()...
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
inline Action write(Formula f) {
  return encode(of(Kind::Write, Card::OubliRepare, 0, 0, Colour::Orange, f));
}
inline Action write(Colour c, SymbolMask m) {
  return write(Formula{m, c});
}
inline Action write_none() {
  return write(Formula{});
}
inline Action keep(Card c) {
  return encode(of(Kind::Keep, c));
}
inline Action play(Card c) {
  return encode(of(Kind::Play, c));
}
inline Action play_oubli(int symbol, Colour c) {
  return encode(of(Kind::Play, Card::OubliRepare, symbol, 0, c));
}
inline Action play_rectification(int out, int in, Colour c) {
  return encode(of(Kind::Play, Card::Rectification, out, in, c));
}
inline Action play_double_jeu(Colour c, SymbolMask m) {
  return encode(of(Kind::Play, Card::DoubleJeu, 0, 0, Colour::Orange, Formula{m, c}));
}
inline Action play_mauvais_sort(int target) {
  return encode(of(Kind::Play, Card::MauvaisSort, target));
}
inline Action play_attraction(int distance) {
  return encode(of(Kind::Play, Card::Attraction, distance));
}
}  // namespace act

std::string mask_text(SymbolMask m);  // "zaam boulga" in symbol order
std::string move_text(const Move& m);

// Parses canonical text, loosely: any case, accents or not, symbol names or syllables,
// `noir`/`noire`/`rouge` for the colours. `default_colour` fills a missing `to`/`in` colour.
Result<Move> parse_move(std::string_view text, Colour default_colour);

}  // namespace sabbat::du_balai
