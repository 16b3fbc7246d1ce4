// The dice of the book, large while it is open, and as short lines after the reveal.
#include <algorithm>
#include <array>
#include <vector>

#include "games/du-balai/data.hpp"
#include "games/du-balai/screen_parts.hpp"

namespace sabbat::du_balai {

namespace {

// A small picture of each symbol, three lines of seven columns, in kSymbolTable's order.
constexpr std::array<std::array<std::string_view, 3>, kSymbols> kPictures{{
    {"  ,--. ", " ( (  )", "  `--' "},      // oreille
    {"\\  |  /", "-+-+-+-", "/  |  \\"},    // toile
    {"  .-.  ", " (o o) ", "  |=|  "},      // tête de mort
    {"   /|  ", "  / '/ ", "   |/  "},      // éclair
    {"  \\ /  ", "   Y   ", "  / \\  "},    // éclair fourchu
    {"  .--. ", " (    )", "(__.__)"},      // nuage
    {" .---. ", "( (o) )", " '---' "},      // œil
    {"\\/ _ \\/", "-(_o_)-", "/\\   /\\"},  // araignée
    {"  \\|/  ", " --*-- ", "  /|\\  "},    // étoile
}};

// Thin border for orange, double for black: the colour shows in the shape as well.
struct Border {
  std::string_view top_left, top_right, bottom_left, bottom_right, across, side;
};
constexpr Border kThin{"\u256d", "\u256e", "\u2570", "\u256f", "\u2500", "\u2502"};
constexpr Border kDouble{"\u2554", "\u2557", "\u255a", "\u255d", "\u2550", "\u2551"};

constexpr size_t kInside = 23;  // three boxes of 25 and two gaps of 2: 79 columns

std::string repeat(std::string_view s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

// The lines of one die: five with its picture, or three when `compact`.
std::vector<std::string> die_box(const json& die, bool compact, const Style& st) {
  const std::string colour = die["colour"].get<std::string>();
  const int sym = std::max(0, symbol_index(die["syllable"].get<std::string>()));
  const auto& info = kSymbolTable[size_t(sym)];
  const Border& b = colour == "orange" ? kThin : kDouble;
  const std::string key = "[" + std::to_string(sym + 1) + "]";
  const std::string word = colour == "orange" ? "ORANGE" : "BLACK";
  const std::string side(b.side);
  std::vector<std::string> out;
  if (compact) {
    const std::string label = key + repeat(b.across, 1) + " " + word + " ";
    out.push_back(std::string(b.top_left) + label +
                  repeat(b.across, kInside - display_width(label)) + std::string(b.top_right));
    out.push_back(
        side + pad_left(" " + std::string(info.spoken) + "  " + std::string(info.name), kInside) +
        side);
  } else {
    out.push_back(std::string(b.top_left) + key + repeat(b.across, kInside - key.size()) +
                  std::string(b.top_right));
    const std::array<std::string, 3> text{std::string(info.spoken), std::string(info.name), word};
    for (size_t r = 0; r < 3; ++r)
      out.push_back(side + " " + std::string(kPictures[size_t(sym)][r]) + " " +
                    pad_left(text[r], kInside - 9) + side);
  }
  out.push_back(std::string(b.bottom_left) + repeat(b.across, kInside) +
                std::string(b.bottom_right));
  for (auto& line : out) line = st.paint(colour, line);
  return out;
}

}  // namespace

std::string big_dice(const json& dice, const Style& st, bool compact) {
  std::string out;
  for (size_t row = 0; row * 3 < dice.size(); ++row) {
    std::vector<std::vector<std::string>> boxes;
    for (size_t i = row * 3; i < dice.size() && i < row * 3 + 3; ++i)
      boxes.push_back(die_box(dice[i], compact, st));
    for (size_t line = 0; line < boxes[0].size(); ++line) {
      for (size_t i = 0; i < boxes.size(); ++i) out += (i ? "  " : "") + boxes[i][line];
      out += "\n";
    }
  }
  return out;
}

std::string dice_lines(const json& dice, const Style& st) {
  std::string out;
  for (size_t i = 0; i < dice.size(); ++i) {
    const auto& d = dice[i];
    const std::string colour = d["colour"].get<std::string>();
    const int sym = symbol_index(d["syllable"].get<std::string>());
    const std::string cell = std::string(kSymbolTable[size_t(sym < 0 ? 0 : sym)].spoken) + " " +
                             (colour == "orange" ? "ORANGE" : "BLACK");
    out += "  " + st.paint(colour, cell);
    out += i % 3 == 2 || i + 1 == dice.size() ? "\n" : std::string(16 - display_width(cell), ' ');
  }
  return out;
}

}  // namespace sabbat::du_balai
