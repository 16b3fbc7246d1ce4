// The open book, the track and your cards, as text, for `sabbat play` typed line by line.
// Colours are always written as words too (see screen_parts.hpp).
#include "games/du-balai/render.hpp"

#include <string>

#include "games/du-balai/data.hpp"
#include "games/du-balai/screen_parts.hpp"

namespace sabbat::du_balai {

namespace {

std::string phase_line(const std::string& phase, const json& v) {
  if (phase == "setup") return "setup: novice pilots choose their square (start 5, 6 or 7)";
  if (phase == "book-open") return "phase 1: the book is open - memorise, then close-book";
  if (phase == "writing") return "phase 2: write your formula (formula zaam glou / formula none)";
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
  if (v["dice"].is_null())
    out += "The book is closed: the dice are hidden.\n";
  else if (v["book_open_to_you"].get<bool>())
    out += "The book is OPEN: memorise the dice, then close-book.\n" + big_dice(v["dice"], st);
  else
    out += "The dice:\n" + dice_lines(v["dice"], st);
  if (!v["book"].is_null()) out += book_lines(v["book"], st);

  out += "\nThe track:\n" + track_lines(v, viewer, st) + "\n" + witch_lines(v, viewer, st);
  if (v.contains("drawn")) out += "\nYou drew: " + labels(v["drawn"], card_label) + " - keep one\n";
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
