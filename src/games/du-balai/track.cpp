#include "games/du-balai/track.hpp"

#include <algorithm>

namespace sabbat::du_balai {

int Track::rank(int seat) const {
  int ahead = 0;
  for (int s = 0; s < players; ++s)
    if (square[size_t(s)] > square[size_t(seat)]) ++ahead;
  return 1 + ahead;
}

int Track::leading_square() const {
  int best = kNoCurse;
  for (int s = 0; s < players; ++s)
    if (!finished(s)) best = std::max(best, int(square[size_t(s)]));
  return best;
}

void Track::advance(int seat, int n) {
  if (n <= 0 || finished(seat)) return;
  int to = square[size_t(seat)] + n;
  // Blocage: "Aucun joueur ne peut vous dépasser ce tour-ci."
  if (blocker >= 0 && blocker != seat && square[size_t(seat)] <= square[size_t(blocker)])
    to = std::min(to, int(square[size_t(blocker)]));
  if (to >= kFinish) {
    square[size_t(seat)] = kFinish;
    finish_order[size_t(seat)] = ++finishers;
  } else {
    square[size_t(seat)] = int8_t(to);
  }
}

void Track::retreat(int seat, int n) {
  if (n <= 0 || finished(seat)) return;
  square[size_t(seat)] = int8_t(std::max(kBackmost, square[size_t(seat)] - n));
}

}  // namespace sabbat::du_balai
