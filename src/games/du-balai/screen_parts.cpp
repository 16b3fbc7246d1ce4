// Styles, labels and the witches' lines.
#include "games/du-balai/screen_parts.hpp"

#include "games/du-balai/data.hpp"
#include "games/du-balai/track.hpp"

namespace sabbat::du_balai {

std::string Style::wrap(std::string_view code, const std::string& s) const {
  return color ? "\x1b[" + std::string(code) + "m" + s + "\x1b[0m" : s;
}

std::string Style::paint(const std::string& colour, const std::string& s) const {
  return colour == "orange" ? orange(s) : black(s);
}

std::string Style::colour_word(const std::string& colour) const {
  return paint(colour, colour == "orange" ? "ORANGE" : "BLACK");
}

int symbol_index(std::string_view syllable) {
  for (size_t i = 0; i < kSymbolTable.size(); ++i)
    if (kSymbolTable[i].syllable == syllable) return int(i);
  return -1;
}

std::string symbol_label(const std::string& syllable) {
  const int i = symbol_index(syllable);
  if (i < 0) return syllable;
  const auto& s = kSymbolTable[size_t(i)];
  return std::string(s.spoken) + " (" + std::string(s.name) + ")";
}

std::string card_label(const std::string& id) {
  for (const auto& c : kCardTable)
    if (c.id == id) return std::string(c.name);
  return id;
}

std::string labels(const json& list, std::string (*f)(const std::string&)) {
  std::string out;
  for (const auto& x : list) {
    if (!out.empty()) out += ", ";
    out += f(x.get<std::string>());
  }
  return out.empty() ? "-" : out;
}

std::string book_lines(const json& book, const Style& st) {
  return "  valid " + st.colour_word("orange") + ": " + labels(book["valid_orange"], symbol_label) +
         "\n  valid " + st.colour_word("black") + ":  " +
         labels(book["valid_black"], symbol_label) +
         "\n  forbidden (shown in both colours): " + labels(book["in_both_colours"], symbol_label) +
         "\n";
}

namespace {

// "perfect ORANGE: 3 to 7": the verdicts, with the colour the dice gave a formula that holds.
std::string outcome_text(const Style& st, const json& o) {
  std::string verdicts;
  for (size_t i = 0; i < o["verdicts"].size(); ++i) {
    const std::string v = o["verdicts"][i].get<std::string>();
    verdicts += std::string(verdicts.empty() ? "" : ", ") + v;
    const std::string colour =
        i < o["formulas"].size() ? o["formulas"][i].value("colour", std::string()) : "";
    if ((v == "valid" || v == "perfect") && !colour.empty())
      verdicts += " " + st.colour_word(colour);
  }
  std::string out = verdicts.empty() ? std::string("nothing written") : verdicts;
  if (o.value("fell", false)) out += ", fell off her broom";
  if (o["bonus_cancelled"].get<bool>()) out += ", bonus lost";
  if (o["penalty"].get<bool>()) out += ", closer's penalty";
  const int to = o["to"].get<int>();
  return out + ": " + std::to_string(o["from"].get<int>()) + " to " +
         (to >= kFinish ? std::string("across the line") : std::to_string(to));
}

}  // namespace

std::string final_scores(const json& v, Seat viewer, const Style& st) {
  std::string out = "Final scores (race points + acrobatics):\n";
  for (size_t i = 0; i < v["scores"].size(); ++i) {
    const json& parts = v["score_parts"][i];
    std::string line = "  seat " + st.seats.text(int(i)) + (Seat(i) == viewer ? " (you)" : "") +
                       ": " + std::to_string(v["scores"][i].get<int>()) + " = " +
                       std::to_string(parts["race"].get<int>()) + " race + " +
                       std::to_string(parts["acrobatics"].get<int>()) + " acrobatics, rank " +
                       std::to_string(v["ranks"][i].get<int>());
    out += (Seat(i) == viewer ? st.bold(line) : line) + "\n";
  }
  return out;
}

std::string witch_lines(const json& v, Seat viewer, const Style& st, bool compact) {
  const std::string phase = v["phase"].get<std::string>();
  const bool revealed = phase == "resolving" || phase == "over";
  std::string out;
  for (const auto& w : v["witches"]) {
    const int seat = w["seat"].get<int>();
    std::string line = (seat == viewer ? "> " : "  ") + std::string("seat ") + st.seats.text(seat);
    if (seat == viewer) line += " (you)";
    if (w["pilot"] != "normal") line += " [" + w["pilot"].get<std::string>() + "]";
    const int square = w["square"].get<int>();
    line += square >= kFinish
                ? "  across the line (#" + std::to_string(w["finish_order"].get<int>()) + ")"
                : "  square " + std::to_string(square);
    line += "  Magie noire: " + std::to_string(w["magie_noire"].get<int>());
    if (v["closer"] == seat) line += "  closed the book";
    if (v["blocker"] == seat) line += "  BLOCAGE";
    if (v["resolving"] == seat) line += "  <- resolving";
    if (phase == "writing" || phase == "decret-look")
      line += w["written"].get<bool>() ? "  written" : "  writing...";
    out += (seat == viewer ? st.bold(line) : line) + "\n";
    // A formula is cards only; the dice give it a colour at the reveal (see the outcome).
    std::string formulas;
    if (w.contains("formulas")) {
      for (size_t i = 0; i < w["formulas"].size(); ++i)
        formulas += std::string(i == 0    ? ""
                                : compact ? "; "
                                          : "\n      ") +
                    (i ? "second formula: " : "formula: ") +
                    labels(w["formulas"][i]["cards"], symbol_label);
      if (w["formulas"].empty() && (w["written"].get<bool>() || phase == "resolving"))
        formulas = "no formula";
    }
    // The screen keeps last turn's outcome out of the way until the next reveal.
    const bool outcome = w.contains("outcome") && (revealed || !compact);
    if (compact && outcome) formulas += " -> " + outcome_text(st, w["outcome"]);
    if (!formulas.empty()) out += "      " + formulas + "\n";
    if (!compact && outcome) out += "      -> " + outcome_text(st, w["outcome"]) + "\n";
    if (w.contains("hand") && (!compact || !w["hand"].empty()))
      out += "      hand: " + labels(w["hand"], card_label) + "\n";
    if (w.contains("acrobatics") && !w["acrobatics"].empty())
      out += "      acrobatics: " + labels(w["acrobatics"], card_label) + "\n";
  }
  return out;
}

}  // namespace sabbat::du_balai
