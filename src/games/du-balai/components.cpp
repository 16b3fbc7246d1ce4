// The components of Du Balai ! and what a witch plays and holds of them.
#include "games/du-balai/components.hpp"

#include <string>

#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

std::vector<Component> components() {
  std::vector<Component> out;
  out.reserve(kComponents);
  for (const CardInfo& c : kCardTable)
    out.push_back({std::string(c.id), std::string(c.name), "card"});
  out.push_back({"close-book", "Fermer le couvercle", "move"});
  out.push_back({"second-formula", "Seconde formule", "move"});
  return out;
}

// A spell when it is played (Brouillard magique in a reaction window included), an acrobatics
// when it is kept (it is never played: keeping it is its one use), the lid closed in phase 1
// (not the end of a Décret look), and a formula written with a second one.
void DuBalaiState::components_played(Seat seat, Action action, std::vector<int>& out) const {
  if (seat < 0 || seat >= o_.players || !valid_code(action)) return;
  const Move m = decode(action);
  switch (m.kind) {
    case Kind::Play:
      out.push_back(int(m.card));
      break;
    case Kind::Brouillard:
      out.push_back(int(Card::Brouillard));
      break;
    case Kind::Keep:
      if (info(m.card).moment == Moment::Never) out.push_back(int(m.card));
      break;
    case Kind::CloseBook:
      if (phase_ == Phase::BookOpen) out.push_back(kCloseBookComponent);
      break;
    case Kind::Write:
      if (m.second != 0) out.push_back(kSecondFormulaComponent);
      break;
    default:
      break;
  }
}

// Her Magie noire hand, each kind she holds once (empty at the start of a race).
void DuBalaiState::components_held(Seat seat, std::vector<int>& out) const {
  if (seat < 0 || seat >= o_.players) return;
  const Hand& hand = witches_[size_t(seat)].hand;
  for (int k = 0; k < kCardKinds; ++k)
    if (hand[size_t(k)] > 0) out.push_back(k);
}

}  // namespace sabbat::du_balai
