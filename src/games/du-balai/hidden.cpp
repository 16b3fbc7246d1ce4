// Redrawing what a viewer cannot see, for bots that search (IS-MCTS).
#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

std::unique_ptr<State> DuBalaiState::sample_hidden(Seat viewer, Rng& rng) const {
  auto out = std::make_unique<DuBalaiState>(*this);
  DuBalaiState& s = *out;
  // The dice, while the book is closed to the viewer.
  if (!dice_visible_to(viewer) && phase_ != Phase::Setup)
    for (auto& d : s.dice_) d = uint8_t(rng.below(kFaces));
  // The others' formulas, until the reveal: any formula they could have written.
  if (!formulas_revealed())
    for (int p = 0; p < o_.players; ++p) {
      Witch& w = s.witches_[size_t(p)];
      if (p == viewer || !w.written) continue;
      // The closer writes 1 of 1022 formulas; the others may also have written none.
      const uint32_t pick = rng.below(p == closer_ ? 1022u : 1023u);
      w.formula = {};
      w.formulas = pick < 1022u ? 1 : 0;
      if (pick < 1022u) w.formula[0] = Formula{SymbolMask(1 + pick % 511), Colour(pick / 511)};
    }
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
    rng.shuffle(pool.begin(), pool.begin() + n);
    int i = 0;
    for (int p = 0; p < o_.players; ++p) {
      if (p == viewer) continue;
      Witch& w = s.witches_[size_t(p)];
      const int count = w.hand_count();
      w.hand = Hand{};
      for (int k = 0; k < count; ++k) ++w.hand[size_t(pool[size_t(i++)])];
    }
    if (drawn_hidden)
      for (int k = 0; k < drawn_n_; ++k) s.drawn_[size_t(k)] = pool[size_t(i++)];
    for (int k = 0; k < deck_n_; ++k) s.deck_[size_t(k)] = pool[size_t(i++)];
  }
  s.rng_.reseed(rng.next());
  return out;
}

}  // namespace sabbat::du_balai
