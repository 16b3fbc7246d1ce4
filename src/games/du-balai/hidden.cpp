// Redrawing what a viewer cannot see, for bots that search (IS-MCTS).
//
// What stays: everything in the viewer's view, and what the others may infer from it. Both
// formulas are written in one action, so nothing before the reveal tells who holds
// Double-jeu; after it, a witch who wrote a second formula holds one until she plays one.
#include <algorithm>

#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

namespace {

constexpr uint32_t kThreeToTheSymbols = 19683;  // 3^9: each card in her hand or one formula

// A revealed second formula that Double-jeu has not yet been played on: she holds the card.
bool shows_double_jeu(const DuBalaiState& s, const Witch& w) {
  return s.formulas_revealed() && w.second == Second::Written;
}

}  // namespace

std::unique_ptr<State> DuBalaiState::sample_hidden(Seat viewer, Rng& rng) const {
  auto out = std::make_unique<DuBalaiState>(*this);
  DuBalaiState& s = *out;
  // The dice, while the book is closed to the viewer.
  if (!dice_visible_to(viewer) && phase_ != Phase::Setup)
    for (auto& d : s.dice_) d = uint8_t(rng.below(kFaces));

  // The others' Magie noire hands, the cards drawn by someone else, the deck order.
  if (phase_ != Phase::Over) {
    std::array<Card, kDeckSize> pool{};
    int n = 0;
    for (int i = 0; i < deck_n_; ++i) pool[size_t(n++)] = deck_[size_t(i)];
    const bool drawn_hidden = resolving() != viewer;
    if (drawn_hidden)
      for (int i = 0; i < drawn_n_; ++i) pool[size_t(n++)] = drawn_[size_t(i)];
    for (int p = 0; p < o_.players; ++p) {
      if (p == viewer) continue;
      for (int c = 0; c < kCardKinds; ++c)
        for (int k = 0; k < witches_[size_t(p)].hand[size_t(c)]; ++k) pool[size_t(n++)] = Card(c);
    }
    // Sorted before the shuffle: the deal depends on which cards are hidden, never on where.
    std::sort(pool.begin(), pool.begin() + n);
    rng.shuffle(pool.begin(), pool.begin() + n);
    // Deals the first card of the pool that passes `fits`; the true hands prove one exists.
    int dealt = 0;
    auto deal = [&](auto fits) {
      for (int i = dealt; i < n; ++i)
        if (fits(pool[size_t(i)])) {
          std::swap(pool[size_t(i)], pool[size_t(dealt)]);
          break;
        }
      return pool[size_t(dealt++)];
    };
    auto any = [](Card) { return true; };
    auto double_jeu = [](Card c) { return c == Card::DoubleJeu; };
    std::array<int, kMaxPlayers> left{};
    for (int p = 0; p < o_.players; ++p) {
      if (p == viewer) continue;
      Witch& w = s.witches_[size_t(p)];
      left[size_t(p)] = w.hand_count();
      w.hand = Hand{};
      if (shows_double_jeu(*this, w) && left[size_t(p)] > 0) {
        ++w.hand[size_t(deal(double_jeu))];
        --left[size_t(p)];
      }
    }
    for (int p = 0; p < o_.players; ++p) {
      if (p == viewer) continue;
      for (; left[size_t(p)] > 0; --left[size_t(p)])
        ++s.witches_[size_t(p)].hand[size_t(deal(any))];
    }
    if (drawn_hidden)
      for (int k = 0; k < drawn_n_; ++k) s.drawn_[size_t(k)] = deal(any);
    for (int k = 0; k < deck_n_; ++k) s.deck_[size_t(k)] = deal(any);
  }

  // The others' formulas, until the reveal: any they could have written with the hand just
  // drawn (a second one only with Double-jeu in it). The viewer sees only who has written.
  if (!formulas_revealed())
    for (int p = 0; p < o_.players; ++p) {
      Witch& w = s.witches_[size_t(p)];
      if (p == viewer || !w.written) continue;
      SymbolMask first = 0, second = 0;
      if (w.hand[size_t(Card::DoubleJeu)]) {
        // Each card in her hand, her formula or her second one; no second without a first.
        do {
          first = second = 0;
          uint32_t code = rng.below(kThreeToTheSymbols);
          for (int sym = 0; sym < kSymbols; ++sym, code /= 3) {
            const SymbolMask bit = SymbolMask(1u << sym);
            if (code % 3 == 1) first |= bit;
            if (code % 3 == 2) second |= bit;
          }
        } while ((first == 0 && second != 0) || (first == 0 && p == closer_));
      } else {
        // `formula none` or any formula; the closer's holds at least one card.
        first = p == closer_ ? SymbolMask(1 + rng.below(kAllSymbols))
                             : SymbolMask(rng.below(kAllSymbols + 1));
      }
      w.formula = {};
      w.formula[0].mask = first;
      w.formula[1].mask = second;
      w.formulas = uint8_t(first ? (second ? 2 : 1) : 0);
      w.second = second ? Second::Written : Second::Unavailable;
    }
  s.rng_.reseed(rng.next());
  return out;
}

}  // namespace sabbat::du_balai
