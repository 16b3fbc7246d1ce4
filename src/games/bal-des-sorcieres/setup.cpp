// Setup: the level's cards shuffled, ten to each witch, ten Crapzouilles in each coffre.
#include "games/bal-des-sorcieres/rules.hpp"
#include "games/bal-des-sorcieres/state.hpp"

namespace sabbat::bal {

BalState::BalState(const Options& options, uint64_t seed) : options_(options), rng_(seed) {
  // "On mélange ensemble les cartes choisies suivant le niveau de difficulté."
  for (int c = 0; c < kCards; ++c) {
    if (kind_info(card_kind(Card(c))).level <= options_.level)
      pile_[pile_size_++] = Card(c);
    else
      box_[box_size_++] = Card(c);
  }
  for (Seat s = 0; s < options_.players; ++s) witches_[size_t(s)].coffre[size_t(s)] = kCrapzouilles;
  first_ = tour_start_ = carabosse_ = options_.first_seat;
  deal();
  // "Plus assez de cartes ... avant ou après une attaque": a hand dealt without a potion is
  // mended before the first attack.
  Rules{*this, nullptr}.restock(first_, false);
  begin_turn(0);
}

void BalState::deal() {
  // "Chacun reçoit 10 cartes"; drawing a uniform card from a set is drawing from a shuffle.
  for (Seat s = 0; s < options_.players; ++s)
    for (int i = 0; i < kHandSize; ++i) {
      const auto at = rng_.below(pile_size_);
      witches_[size_t(s)].hand.add(pile_[at]);
      pile_[at] = pile_[--pile_size_];
    }
}

}  // namespace sabbat::bal
