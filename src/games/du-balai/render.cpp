// The open book, the track and your cards, as text, for `sabbat play` typed line by line.
// Colours are always written as words too (see screen_parts.hpp).
#include "games/du-balai/render.hpp"

#include <algorithm>
#include <string>

#include "games/du-balai/data.hpp"
#include "games/du-balai/screen_parts.hpp"

namespace sabbat::du_balai {

namespace {

std::string phase_line(const std::string& phase, const json& v, Seat viewer, const Style& st) {
  if (phase == "setup") return "setup: novice pilots choose their square (start 5, 6 or 7)";
  if (phase == "book-open")
    return "phase 1: the book is open - memorise, then close-book\n" + std::string(kGoal);
  // The closer must write at least one card.
  if (phase == "writing")
    return v["closer"] == viewer
               ? "phase 2: write your formula (formula zaam glou); you closed the book: at least "
                 "one card"
               : "phase 2: write your formula (formula zaam glou / formula none)";
  if (phase == "decret-look") return "phase 2: Decret - a witch looks at the open book";
  if (phase == "resolving")
    return "phase 4: formulas take effect (" + v["step"].get<std::string>() + ", seat " +
           st.seats.text(v["resolving"].get<int>()) + ")";
  return "the race is over";
}

// "  Blocage (after your own move): nobody may pass you for the rest of this turn"
std::string card_line(const std::string& id) {
  return wrap("  " + card_label(id) + " (" + card_moment(id) + "): " + card_effect(id), 79, 4) +
         "\n";
}

}  // namespace

std::string render_view_text(const json& v, Seat viewer, bool color, SeatNumbers seats) {
  const Style st{color, seats};
  std::string out;
  const std::string phase = v["phase"].get<std::string>();
  const bool over = phase == "over";
  out += st.bold("Du Balai !") + "  turn " + std::to_string(v["turn"].get<int>()) + "  " +
         phase_line(phase, v, viewer, st) + "\n";
  // The time left as of the view's moment (the last action); the prompt counts it down.
  if (!v["deadline"].is_null()) {
    const long long left = v["deadline"]["at"].get<long long>() - v["now"].get<long long>();
    out += "deadline: in " + std::to_string((left + 999) / 1000) + " s (then " +
           v["deadline"]["action"].get<std::string>() + ")\n";
  }
  if (!v["pending"].is_null())
    out += "spell waiting for reactions: seat " + seats.text(v["pending"]["caster"].get<int>()) +
           " " + action_for_person(kSeatWords, v["pending"]["spell"].get<std::string>(), seats) +
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
  if (v.contains("drawn")) {
    out += "\nYou drew (keep one):\n";
    for (const auto& c : v["drawn"]) out += card_line(c.get<std::string>());
  }
  // What the viewer's own cards do, and when they are played.
  if (viewer >= 0 && !over && v["witches"][size_t(viewer)].contains("hand") &&
      !v["witches"][size_t(viewer)]["hand"].empty()) {
    out += "\nYour Magie noire cards:\n";
    json seen = json::array();
    for (const auto& c : v["witches"][size_t(viewer)]["hand"]) {
      if (std::find(seen.begin(), seen.end(), c) != seen.end()) continue;
      seen.push_back(c);
      out += card_line(c.get<std::string>());
    }
  }
  out += "\nMagie noire deck: " + std::to_string(v["deck"].get<int>()) + " cards\n";
  if (viewer >= 0) {
    out += "Your symbol cards: ";
    for (size_t i = 0; i < kSymbolTable.size(); ++i)
      out += (i ? ", " : "") + std::string(kSymbolTable[i].syllable) + " (" +
             std::string(kSymbolTable[i].name) + ")";
    out += "\n";
  }
  if (v.contains("scores")) out += "\n" + final_scores(v, viewer, st);
  return out;
}

}  // namespace sabbat::du_balai
