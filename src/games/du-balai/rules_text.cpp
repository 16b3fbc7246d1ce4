// The rules in short, for the `rules` command of `sabbat play`: the goal, a turn, the formulas,
// the scores and what each Magie noire card does (docs/rules/du-balai.md has them in full).
#include "games/du-balai/render.hpp"
#include "games/du-balai/screen_parts.hpp"

namespace sabbat::du_balai {

std::string rules_summary() {
  return "Du Balai ! in short\n"
         "A race of witches on brooms from square 0 to the finish line, past square 22.\n"
         "1. The book opens: nine dice, each showing a symbol in ORANGE or BLACK. Memorise\n"
         "   them. Anyone (not on square -2) may close the book: she is the closer.\n"
         "2. With the book closed, everyone writes a formula: some of her nine symbol cards\n"
         "   (formula zaam glou). The closer must write at least one card.\n"
         "3. The dice are shown. A symbol shown in both colours is forbidden; the others are\n"
         "   valid in the colour they show. A formula whose symbols are all valid in ONE\n"
         "   colour is valid: 1 square per card. Holding every valid symbol of its colour it\n"
         "   is perfect: ORANGE 2 squares more, BLACK draw a Magie noire card per symbol and\n"
         "   keep one. Any other formula is forbidden: no move, and the closer goes back 2.\n"
         "   No bonus on the curse square (where the leaders stood) nor for an expert.\n"
         "4. The race ends when a witch crosses the line. Scores: 25, 24, then 23 across\n"
         "   the line, else your square; plus your acrobatics.\n"
         "Magie noire cards:\n" +
         card_list();
}

}  // namespace sabbat::du_balai
