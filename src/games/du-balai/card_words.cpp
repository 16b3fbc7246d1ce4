// What each Magie noire card does and when it is played, in words short enough for a screen
// line: shown when a card is offered (the keep choice), when it can be played, and in help.
#include "games/du-balai/data.hpp"
#include "games/du-balai/screen_parts.hpp"

namespace sabbat::du_balai {

namespace {

const CardInfo* find_card(const std::string& id) {
  for (const auto& c : kCardTable)
    if (c.id == id) return &c;
  return nullptr;
}

}  // namespace

std::string card_effect(const std::string& id) {
  const CardInfo* c = find_card(id);
  if (!c) return "";
  switch (c->card) {
    case Card::OubliRepare:
      return "adds a card from your hand to your formula";
    case Card::Rectification:
      return "swaps a card of your formula for one from your hand";
    case Card::VentArriere:
      return "you move forward as many squares as your rank in the race";
    case Card::Brouillard:
      return "cancels the spell an opponent has just played";
    case Card::Decret:
      return "you look at the open book 10 s (expert 5 s), then write";
    case Card::DoubleJeu:
      return "your second formula counts too: one ORANGE and one BLACK, or you fall";
    case Card::MauvaisSort:
      return "the leading witch moves back 3 squares";
    case Card::Attraction:
      return "every other witch moves 1 or 2 squares towards you";
    case Card::Blocage:
      return "nobody may pass you for the rest of this turn";
    default:
      return std::to_string(c->points) + (c->points == 1 ? " point" : " points") +
             " at the end of the race";
  }
}

std::string card_moment(const std::string& id) {
  const CardInfo* c = find_card(id);
  if (!c) return "";
  switch (c->moment) {
    case Moment::Formula:
      return "when your formula takes effect";
    case Moment::AfterMove:
      return "after your own move";
    case Moment::Decret:
      return "in phase 2, once all the others have written";
    case Moment::Reaction:
      return "when an opponent plays a spell";
    case Moment::Never:
      break;
  }
  return "never played";
}

std::string card_list() {
  std::string out;
  for (const auto& c : kCardTable) {
    if (c.moment == Moment::Never && c.card != Card::Acrobatie1) continue;
    const std::string id(c.id);
    out += c.moment == Moment::Never
               ? "  Acrobatie a\u00e9rienne (1, 2, 3): 1, 2 or 3 points at the end, never played\n"
               : wrap("  " + std::string(c.name) + " (" + card_moment(id) + "): " + card_effect(id),
                      79, 4) +
                     "\n";
  }
  return out;
}

std::string wrap(const std::string& text, size_t columns, size_t indent) {
  std::string out, rest = text;
  while (display_width(rest) > columns) {
    // The last space that leaves the head within `columns`.
    size_t cut = std::string::npos;
    for (size_t i = 0; i < rest.size(); ++i)
      if (rest[i] == ' ' && display_width(rest.substr(0, i)) <= columns && i > indent) cut = i;
    if (cut == std::string::npos) break;
    out += rest.substr(0, cut) + "\n";
    rest = std::string(indent, ' ') + rest.substr(cut + 1);
  }
  return out + rest;
}

}  // namespace sabbat::du_balai
