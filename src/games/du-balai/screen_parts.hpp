#pragma once
// Pieces of the Du Balai ! table as text, shared by the line rendering (render.cpp) and the
// one-key screen (screen.cpp). A colour is always written as a word too, so that the text
// means the same without ANSI colours (colour-blind safe, NO_COLOR, pipes).
#include <string>
#include <string_view>

#include "core/game.hpp"
#include "core/text_columns.hpp"

namespace sabbat::du_balai {

struct Style {
  bool color = false;
  SeatNumbers seats = kSeatIndices;  // the screen counts seats as people do, from 1
  std::string wrap(std::string_view code, const std::string& s) const;
  std::string bold(const std::string& s) const { return wrap("1", s); }
  std::string dim(const std::string& s) const { return wrap("2", s); }
  std::string orange(const std::string& s) const { return wrap("1;38;5;208", s); }
  std::string black(const std::string& s) const { return wrap("1;97;40", s); }
  // `colour` is "orange" or "black", as in the view.
  std::string paint(const std::string& colour, const std::string& s) const;
  // "ORANGE" or "BLACK", painted in its colour.
  std::string colour_word(const std::string& colour) const;
};

// Columns on a terminal (display_width, pad_left, pad_right): core/text_columns.hpp.

// Symbols by their syllable (as the view gives them).
int symbol_index(std::string_view syllable);            // 0..8, or -1
std::string symbol_label(const std::string& syllable);  // "Zââm (oreille)"
// Magie noire cards by their id.
std::string card_label(const std::string& id);  // "Vent arrière"
// What a Magie noire card does and when it is played, by its id (card_words.cpp):
// "nobody may pass you for the rest of this turn", "after your own move".
std::string card_effect(const std::string& id);
std::string card_moment(const std::string& id);
// Every card, one line each: "  Blocage (after your own move): nobody may pass you ...".
std::string card_list();
// `text` wrapped at spaces to `columns`, each further line indented by `indent` spaces.
std::string wrap(const std::string& text, size_t columns, size_t indent);
// "a, b, c" by `f`, or "-" for an empty list.
std::string labels(const json& list, std::string (*f)(const std::string&));

// The nine dice of the open book, large: a 3×3 grid of boxes 79 columns wide. Each box shows
// the symbol's syllable and name, the key that picks its card (1–9) and its colour as a word;
// orange dice have a thin border, black dice a double one. Boxes are five lines tall with a
// picture of the symbol, or three when `compact` (for a short terminal).
std::string big_dice(const json& dice, const Style& st, bool compact = false);
// The dice after the reveal, three to a line.
std::string dice_lines(const json& dice, const Style& st);
// The valid symbols of each colour and those shown in both (after the reveal).
std::string book_lines(const json& book, const Style& st);

// The track −2 … 22 and the finish line, 79 columns wide: every witch (@ marks the viewer's),
// the curse token, and a line of legend.
std::string track_lines(const json& view, Seat viewer, const Style& st);

// The goal of phase 1, in one line: which symbols make a valid formula.
inline constexpr const char* kGoal =
    "Goal: symbols shown in ONE colour only, not in both, make a valid formula.";
// "Final scores: seat 0: 28 (25 race + 3 acrobatics) ..." from an ended race's view, one line
// per witch.
std::string final_scores(const json& view, Seat viewer, const Style& st);

// One line per witch, and lines for her formulas, their outcome and the viewer's hand.
// `compact` (the screen): formulas and outcome on one line, the outcome only from the reveal
// to the next turn, no empty hand.
std::string witch_lines(const json& view, Seat viewer, const Style& st, bool compact = false);

}  // namespace sabbat::du_balai
