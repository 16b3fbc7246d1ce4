// The open book, the track and your cards, as text. Colours are always written as words too,
// so that the text is colour-blind safe and reads the same without ANSI colours.
#include "games/du-balai/render.hpp"

#include <string>

#include "games/du-balai/data.hpp"
#include "games/du-balai/track.hpp"

namespace sabbat::du_balai {

namespace {

struct Style {
  bool color;
  std::string wrap(const std::string& code, const std::string& s) const {
    return color ? "\x1b[" + code + "m" + s + "\x1b[0m" : s;
  }
  std::string bold(const std::string& s) const { return wrap("1", s); }
  std::string orange(const std::string& s) const { return wrap("1;38;5;208", s); }
  std::string black(const std::string& s) const { return wrap("1;97;40", s); }
  std::string paint(const std::string& colour, const std::string& s) const {
    return colour == "orange" ? orange(s) : black(s);
  }
};

std::string pad(std::string s, size_t w) {
  while (s.size() < w) s = " " + s;
  return s;
}

std::string symbol_label(const std::string& syllable) {
  for (const auto& s : kSymbolTable)
    if (s.syllable == syllable) return std::string(s.spoken) + " (" + std::string(s.name) + ")";
  return syllable;
}

std::string card_label(const std::string& id) {
  for (const auto& c : kCardTable)
    if (c.id == id) return std::string(c.name);
  return id;
}

std::string list(const json& a, std::string (*f)(const std::string&)) {
  std::string out;
  for (const auto& x : a) {
    if (!out.empty()) out += ", ";
    out += f(x.get<std::string>());
  }
  return out.empty() ? "-" : out;
}

std::string phase_line(const std::string& phase, const json& v) {
  if (phase == "setup") return "setup: novice pilots choose their square (start 5, 6 or 7)";
  if (phase == "book-open") return "phase 1: the book is open - memorise, then close-book";
  if (phase == "writing") return "phase 2: write your formula (formula orange: ... / formula none)";
  if (phase == "decret-look") return "phase 2: Decret - a witch looks at the open book";
  if (phase == "resolving")
    return "phase 4: formulas take effect (" + v["step"].get<std::string>() + ", seat " +
           std::to_string(v["resolving"].get<int>()) + ")";
  return "the race is over";
}

}  // namespace

std::string render_view_text(const json& v, Seat viewer, bool color) {
  const Style st{color};
  std::string out;
  const std::string phase = v["phase"].get<std::string>();
  out += st.bold("Du Balai !") + "  turn " + std::to_string(v["turn"].get<int>()) + "  at " +
         std::to_string(v["now"].get<long long>()) + " ms\n";
  out += phase_line(phase, v) + "\n";
  if (!v["deadline"].is_null())
    out += "deadline: " + std::to_string(v["deadline"]["at"].get<long long>()) + " ms (then " +
           v["deadline"]["action"].get<std::string>() + ")\n";
  if (!v["pending"].is_null())
    out += "spell waiting for reactions: seat " +
           std::to_string(v["pending"]["caster"].get<int>()) + " " +
           v["pending"]["spell"].get<std::string>() +
           " (Brouillards: " + std::to_string(v["pending"]["brouillards"].get<int>()) +
           ") - brouillard or pass\n";

  // The book.
  out += "\n";
  if (v["dice"].is_null()) {
    out += "The book is closed: the dice are hidden.\n";
  } else {
    out += v["book_open_to_you"].get<bool>() ? "The book is OPEN:\n" : "The dice:\n";
    for (const auto& d : v["dice"]) {
      const std::string colour = d["colour"].get<std::string>();
      const std::string label = symbol_label(d["syllable"].get<std::string>());
      out += "  die " + std::to_string(d["die"].get<int>() + 1) + ": " +
             st.paint(colour, label + " " + (colour == "orange" ? "ORANGE" : "BLACK")) + "\n";
    }
  }
  if (!v["book"].is_null()) {
    out += "  valid " + st.orange("ORANGE") + ": " + list(v["book"]["valid_orange"], symbol_label) +
           "\n";
    out += "  valid " + st.black("BLACK") + ":  " + list(v["book"]["valid_black"], symbol_label) +
           "\n";
    out += "  forbidden (both colours): " + list(v["book"]["in_both_colours"], symbol_label) + "\n";
  }

  // The track.
  out += "\nThe track (S = start, FIN = past the line; C = curse token):\n";
  std::string ruler = "         ";
  for (int sq = kBackmost; sq <= kLastSquare; ++sq)
    ruler += pad(sq == 0 ? "S" : std::to_string(sq), 3);
  ruler += "  FIN";
  out += ruler + "\n";
  for (const auto& w : v["witches"]) {
    const int seat = w["seat"].get<int>();
    const int square = w["square"].get<int>();
    std::string row = pad("seat " + std::to_string(seat), 8) + " ";
    for (int sq = kBackmost; sq <= kLastSquare; ++sq)
      row += pad(sq == square ? (seat == viewer ? st.bold("@" + std::to_string(seat))
                                                : "W" + std::to_string(seat))
                              : ".",
                 sq == square && seat == viewer && color ? 3 + 8 : 3);
    row += square >= kFinish ? "  #" + std::to_string(w["finish_order"].get<int>()) : "";
    out += row + "\n";
  }
  if (!v["curse_square"].is_null()) {
    std::string row = "   curse ";
    for (int sq = kBackmost; sq <= kLastSquare; ++sq)
      row += pad(sq == v["curse_square"].get<int>() ? "C" : " ", 3);
    out += row + "\n";
  }

  // The witches.
  out += "\n";
  for (const auto& w : v["witches"]) {
    const int seat = w["seat"].get<int>();
    out += (seat == viewer ? "> " : "  ") + std::string("seat ") + std::to_string(seat);
    if (w["pilot"] != "normal") out += " [" + w["pilot"].get<std::string>() + "]";
    const int square = w["square"].get<int>();
    out += square >= kFinish
               ? "  across the line (#" + std::to_string(w["finish_order"].get<int>()) + ")"
               : "  square " + std::to_string(square);
    out += "  Magie noire: " + std::to_string(w["magie_noire"].get<int>());
    if (v["closer"] == seat) out += "  closed the book";
    if (v["blocker"] == seat) out += "  BLOCAGE";
    if (phase == "writing" || phase == "decret-look")
      out += w["written"].get<bool>() ? "  written" : "  writing...";
    out += "\n";
    if (w.contains("formulas")) {
      for (const auto& f : w["formulas"]) {
        const std::string colour = f["colour"].get<std::string>();
        out += "      formula " + st.paint(colour, colour == "orange" ? "ORANGE" : "BLACK") + ": " +
               list(f["cards"], symbol_label) + "\n";
      }
      if (w["formulas"].empty() && (w["written"].get<bool>() || phase == "resolving"))
        out += "      no formula\n";
    }
    if (w.contains("outcome")) {
      const auto& o = w["outcome"];
      std::string verdicts;
      for (const auto& x : o["verdicts"])
        verdicts += (verdicts.empty() ? "" : ", ") + x.get<std::string>();
      out += "      -> " + (verdicts.empty() ? std::string("nothing written") : verdicts);
      if (o["bonus_cancelled"].get<bool>()) out += ", bonus lost";
      if (o["penalty"].get<bool>()) out += ", closer's penalty";
      out += ": " + std::to_string(o["from"].get<int>()) + " to " +
             std::to_string(o["to"].get<int>()) + "\n";
    }
    if (w.contains("hand")) out += "      hand: " + list(w["hand"], card_label) + "\n";
  }
  if (v.contains("drawn")) out += "\nYou drew: " + list(v["drawn"], card_label) + " - keep one\n";
  out += "\nMagie noire deck: " + std::to_string(v["deck"].get<int>()) + " cards\n";
  if (viewer >= 0) {
    out += "Your symbol cards: ";
    for (size_t i = 0; i < kSymbolTable.size(); ++i)
      out += (i ? ", " : "") + std::string(kSymbolTable[i].syllable) + " (" +
             std::string(kSymbolTable[i].name) + ")";
    out += "\n";
  }
  if (v.contains("scores")) {
    out += "\nFinal scores:";
    for (size_t i = 0; i < v["scores"].size(); ++i)
      out += "  seat " + std::to_string(i) + ": " + std::to_string(v["scores"][i].get<int>()) +
             " (rank " + std::to_string(v["ranks"][i].get<int>()) + ")";
    out += "\n";
  }
  return out;
}

}  // namespace sabbat::du_balai
