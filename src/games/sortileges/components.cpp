// The components of Sortilèges and what a seat plays and holds of them.
#include "games/sortileges/components.hpp"

#include <cctype>
#include <string>

#include "games/sortileges/state.hpp"

namespace sabbat::sortileges {

std::vector<Component> components() {
  std::vector<Component> out;
  out.reserve(kComponents);
  for (Card c = 0; c < kPileSize; ++c) out.push_back({card_text(c), card_pretty(c, false), "card"});
  for (int s = 0; s < kSpellCount; ++s) {
    const std::string name(spell_name(Spell(s)));
    std::string id;
    for (char ch : name) id += char(std::tolower(static_cast<unsigned char>(ch)));
    out.push_back({id, name, "spell"});
  }
  return out;
}

// The card placed; and with the third placement of her round, the spells her cards make
// under each couple card (judged with its suit, as the reveal will judge them): her spells
// are then complete.
void SortilegesState::components_played(Seat seat, Action action, std::vector<int>& out) const {
  if (terminal_ || seat != current_ || action.code >= kActionCodes) return;
  const Card card = Card(action.code / 2);
  const int side = int(action.code % 2);
  const PlayerArea& area = areas_[size_t(seat)];
  if (!is_pile_card(card) || !area.hand.contains(card) || side >= sides()) return;
  out.push_back(card);
  if (area.placements_left() != 1) return;
  for (int s = 0; s < sides(); ++s) {
    CardList<kPlacementsPerRound> cards = area.placed[size_t(s)];
    if (s == side) cards.push(card);
    if (cards.size > 0)
      out.push_back(component_of(best_spell(cards.span(), suit_of(couple_[size_t(s)]))));
  }
}

// Only the first player holds cards when the game starts: her two drawn cards.
void SortilegesState::components_held(Seat seat, std::vector<int>& out) const {
  if (seat < 0 || seat >= options_.players) return;
  for (Card c : areas_[size_t(seat)].hand.span()) out.push_back(c);
}

}  // namespace sabbat::sortileges
