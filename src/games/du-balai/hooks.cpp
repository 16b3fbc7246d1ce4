// Test hooks: positions built by hand, with every Magie noire card still accounted for.
#include <algorithm>

#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

bool DuBalaiState::Hooks::set_die(int d, int symbol, Colour colour) {
  for (int k = 0; k < kFaces; ++k)
    if (kDiceTable[size_t(d)][size_t(k)] == Face{uint8_t(symbol), colour}) {
      s.dice_[size_t(d)] = uint8_t(k);
      return true;
    }
  return false;
}

void DuBalaiState::Hooks::set_hand(Seat seat, const Hand& hand) {
  // Cards move between the hand and the deck, so that every card stays accounted for.
  Hand& h = s.witches_[size_t(seat)].hand;
  for (int c = 0; c < kCardKinds; ++c) {
    while (h[size_t(c)] > hand[size_t(c)]) {
      --h[size_t(c)];
      s.deck_[s.deck_n_++] = Card(c);
    }
    while (h[size_t(c)] < hand[size_t(c)]) give(seat, Card(c));
  }
}

void DuBalaiState::Hooks::give(Seat seat, Card c, int n) {
  for (int k = 0; k < n; ++k) {
    for (int i = 0; i < s.deck_n_; ++i)
      if (s.deck_[size_t(i)] == c) {
        std::copy(s.deck_.begin() + i + 1, s.deck_.begin() + s.deck_n_, s.deck_.begin() + i);
        --s.deck_n_;
        ++s.witches_[size_t(seat)].hand[size_t(c)];
        break;
      }
  }
}

void DuBalaiState::Hooks::stack_deck(std::initializer_list<Card> top) {
  // The top of the deck is its end: deck_[deck_n_ - 1] is drawn first.
  for (Card c : top) {
    for (int i = 0; i < s.deck_n_; ++i)
      if (s.deck_[size_t(i)] == c) {
        std::copy(s.deck_.begin() + i + 1, s.deck_.begin() + s.deck_n_, s.deck_.begin() + i);
        --s.deck_n_;
        break;
      }
  }
  // Insert at the top in reverse so that the first listed is drawn first.
  std::array<Card, kDeckSize> rest = s.deck_;
  const int n = s.deck_n_;
  int k = 0;
  for (int i = 0; i < n; ++i) s.deck_[size_t(k++)] = rest[size_t(i)];
  std::array<Card, kDeckSize> t{};
  int tn = 0;
  for (Card c : top) t[size_t(tn++)] = c;
  for (int i = tn - 1; i >= 0; --i) s.deck_[size_t(k++)] = t[size_t(i)];
  s.deck_n_ = uint8_t(k);
}

void DuBalaiState::Hooks::set_formulas(Seat seat, SymbolMask first, SymbolMask second) {
  Witch& w = s.witches_[size_t(seat)];
  if (!first) second = 0;
  w.formula = {};
  w.formula[0].mask = first;
  w.formula[1].mask = second;
  w.formulas = uint8_t(first ? (second ? 2 : 1) : 0);
  w.second = second ? Second::Written : Second::Unavailable;
  if (s.formulas_revealed()) s.colour_formulas(seat);
}

}  // namespace sabbat::du_balai
