// The components of Baba Yaga and what a player casts and holds of them.
#include "games/baba-yaga/components.hpp"

#include <string>

#include "games/baba-yaga/state.hpp"

namespace sabbat::baba_yaga {

std::vector<Component> components() {
  std::vector<Component> out;
  out.reserve(kEffects);
  for (int e = 0; e < kEffects; ++e)
    out.push_back(
        {std::string(effect_id(Effect(e))), std::string(effect_name(Effect(e))), "spell"});
  return out;
}

// A spell is cast when Baba Yaga comes home, by a mover's move or the clock: not an action of
// its caster. It is counted for the searcher at the tile she turns that shows the last
// ingredient it needs (none wrong showing): that turn of hers casts it, unless she turns a
// wrong ingredient afterwards and leaves it face up until Baba Yaga is home.
void BabaYagaState::components_played(Seat seat, Action action, std::vector<int>& out) const {
  if (phase_ != Phase::Race || seat != searcher_ || card_ < 0 || wrong_ >= 0) return;
  if (act::kind(action) != Kind::Turn) return;
  const int cell = act::a(action);
  if (!is_forest(cell) || face_up(cell)) return;
  const uint32_t wanted = card(card_).mask;
  if (!((wanted >> tiles_[size_t(cell)]) & 1u)) return;
  int shown = 0;
  for (int c : kForestCells)
    if (face_up(c) && ((wanted >> tiles_[size_t(c)]) & 1u)) ++shown;
  if (shown + 1 == need_) out.push_back(int(card(card_).effect));
}

// The three spell cards dealt to her pile, face down: she holds them without having seen them.
void BabaYagaState::components_held(Seat seat, std::vector<int>& out) const {
  if (seat < 0 || seat >= o_.players) return;
  const Player& p = p_[size_t(seat)];
  for (int i = 0; i < p.pile_n; ++i) out.push_back(int(card(p.pile[size_t(i)]).effect));
}

}  // namespace sabbat::baba_yaga
