// The rules in short, for the `rules` command of `sabbat play`: the round, the spells from the
// strongest, the ties and the scoring (docs/rules/sortileges.md has them in full).
#include "games/sortileges/render.hpp"

namespace sabbat::sortileges {

std::string rules_summary() {
  return "Sortil\u00e8ges in short\n"
         "Each round two Gratin cards lie face down: the LEFT and RIGHT couple cards. On your\n"
         "turn you draw 2 cards, place one face up under LEFT or RIGHT and discard the other;\n"
         "everyone places 3 cards a round. Then the couple cards are turned over, and under\n"
         "each one the best spell wins it.\n"
         "\n"
         "Spells, from the strongest (the couple card's suit is only known at the reveal):\n"
         "  Demonicus        three sixes: takes BOTH couple cards\n"
         "  Corromptus       3 cards of the couple card's suit\n"
         "  Fingus           3 consecutive ranks of one suit (4\u2663 5\u2663 6\u2663)\n"
         "  Semi-Corromptus  2 cards of the couple card's suit (the third is free)\n"
         "  Triplus          3 cards of one rank\n"
         "  Sequencia        3 consecutive ranks (4\u2660 5\u2665 6\u2666; no wrapping)\n"
         "  Deuus            2 cards of one rank (the third is free)\n"
         "  Plumpus          anything else, a lone card included\n"
         "Ties in a category: the highest card, then the next, then the third (a missing\n"
         "card is lowest); then the suit of the highest card: \u2660 > \u2665 > \u2663 > \u2666.\n"
         "\n"
         "Scoring, at the end (when the Gratin is empty): K 3, Q 2, J 1, A 1, unless cards\n"
         "form alliances (each card in one at most; your best split counts):\n"
         "  J + Q + K of one suit 10   two aces 5   four kings, queens, jacks or aces 12\n"
         "The highest score wins.\n";
}

}  // namespace sabbat::sortileges
