// The components of Le Bal des Sorcières and what a witch plays and holds of them.
#include "games/bal-des-sorcieres/components.hpp"

#include <string>

#include "games/bal-des-sorcieres/incantation.hpp"
#include "games/bal-des-sorcieres/state.hpp"

namespace sabbat::bal {

std::vector<Component> components() {
  std::vector<Component> out;
  out.reserve(kKinds);
  for (Kind k = 0; k < kKinds; ++k)
    out.push_back({std::string(kind_info(k).slug), std::string(kind_info(k).name),
                   is_potion_kind(k) ? "potion" : "spell"});
  return out;
}

// The cards a move lays down (move_cards): its spells, and the potions she lays from her hand
// (a parry lays the colours she holds). A card thrown, dropped, discarded or given for a
// Boule de cristal is not played. In the incantation mode a mispronounced move counts too:
// its cards were laid down before the slip cancelled it.
void BalState::components_played(Seat seat, Action action, std::vector<int>& out) const {
  if (seat < 0 || seat >= options_.players) return;
  const MoveCards cards = move_cards(*this, decode(move_of(action.code)));
  const unsigned filled = filled_slots(*this, seat, cards);
  for (int i = 0; i < cards.potion_count; ++i)
    if ((filled >> i) & 1) out.push_back(cards.potions[size_t(i)]);
  for (int i = 0; i < cards.spell_count; ++i) out.push_back(cards.spells[size_t(i)]);
}

// Her hand, each kind she holds once.
void BalState::components_held(Seat seat, std::vector<int>& out) const {
  if (seat < 0 || seat >= options_.players) return;
  for (Kind k = 0; k < kKinds; ++k)
    if (count_in_hand(seat, k) > 0) out.push_back(k);
}

}  // namespace sabbat::bal
