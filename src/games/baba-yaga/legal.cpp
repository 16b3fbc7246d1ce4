// Who acts and the legal actions, counted and indexed by arithmetic so that random playouts
// build no list.
#include "games/baba-yaga/state.hpp"

namespace sabbat::baba_yaga {

namespace {

// The index-th set bit of `bits` (lowest first).
int nth_bit(uint32_t bits, uint32_t index) {
  for (; index > 0; --index) bits &= bits - 1;
  return __builtin_ctz(bits);
}

constexpr int kSwaps = kForestTiles * (kForestTiles - 1) / 2;

// Swap number `index` in the order (0,1), (0,2) ... (14,15) of forest indices.
Action swap_at(uint32_t index) {
  int i = 0;
  uint32_t row = kForestTiles - 1;
  while (index >= row) index -= row--, ++i;
  return act::swap(kForestCells[size_t(i)], kForestCells[size_t(i + 1 + int(index))]);
}

}  // namespace

SeatSet BabaYagaState::actors() const {
  SeatSet out;
  switch (phase_) {
    case Phase::Study:
      for (Seat s = 0; s < o_.players; ++s)
        if (!p_[size_t(s)].ready) out.add(s);
      break;
    case Phase::MaisonStart:
    case Phase::Effect:
    case Phase::HomeMove:
      out.add(searcher_);
      break;
    case Phase::Place:
      out.add(placer());
      break;
    case Phase::Race:
      if (turnable() | backable()) out.add(searcher_);
      out.add(mover());
      break;
    case Phase::Over:
      break;
  }
  return out;
}

uint32_t BabaYagaState::count_for(Seat seat) const {
  if (seat < 0 || seat >= o_.players) return 0;
  switch (phase_) {
    case Phase::Study:
      return p_[size_t(seat)].ready ? 0 : 1;
    case Phase::MaisonStart:
    case Phase::HomeMove:
      return seat == searcher_ ? kForestTiles : 0;
    case Phase::Place:
      return seat == placer() ? kEnds : 0;
    case Phase::Race:
      if (seat == searcher_) return uint32_t(__builtin_popcount(turnable() | backable()));
      if (seat == mover()) return o_.players == 2 && flight_.last_hand == Hand::None ? 2 : 1;
      return 0;
    case Phase::Effect: {
      if (seat != searcher_) return 0;
      switch (card(effect_card_).effect) {
        case Effect::BrouillardBizarre:
          return kSwaps;
        case Effect::PattesDePoulet:
          return kForestTiles + 1;
        default: {
          uint32_t n = 0;
          for (Seat t = 0; t < o_.players; ++t) n += may_target(t);
          return n;
        }
      }
    }
    case Phase::Over:
      break;
  }
  return 0;
}

Action BabaYagaState::action_for(Seat seat, uint32_t i) const {
  switch (phase_) {
    case Phase::Study:
      return act::ready();
    case Phase::MaisonStart:
    case Phase::HomeMove:
      return act::maison(kForestCells[size_t(i)]);
    case Phase::Place:
      return act::place(End(i));
    case Phase::Race:
      if (seat == searcher_) {
        // The tiles to turn, then the tile to turn back (only one of the two is ever offered).
        const uint32_t t = turnable();
        const uint32_t nt = uint32_t(__builtin_popcount(t));
        return i < nt ? act::turn(nth_bit(t, i)) : act::back(wrong_);
      }
      if (o_.players != 2) return act::move();
      if (flight_.last_hand == Hand::None) return act::move(i == 0 ? Hand::Left : Hand::Right);
      return act::move(flight_.last_hand == Hand::Left ? Hand::Right : Hand::Left);
    case Phase::Effect:
      switch (card(effect_card_).effect) {
        case Effect::BrouillardBizarre:
          return swap_at(i);
        case Effect::PattesDePoulet:
          return i < kForestTiles ? act::maison(kForestCells[size_t(i)]) : act::later();
        default:
          for (Seat t = 0; t < o_.players; ++t)
            if (may_target(t) && i-- == 0) return act::target(t);
          break;
      }
      break;
    case Phase::Over:
      break;
  }
  return Action{};
}

void BabaYagaState::legal_actions(Seat seat, ActionList& out) const {
  out.clear();
  const uint32_t n = count_for(seat);
  for (uint32_t i = 0; i < n; ++i) out.push_back(action_for(seat, i));
}

uint32_t BabaYagaState::legal_count(Seat seat) const {
  return count_for(seat);
}

Action BabaYagaState::legal_at(Seat seat, uint32_t index) const {
  return action_for(seat, index);
}

MaybeAction BabaYagaState::random_legal(Seat seat, Rng& rng) const {
  const uint32_t n = count_for(seat);
  if (n == 0) return std::nullopt;
  return action_for(seat, rng.below(n));
}

}  // namespace sabbat::baba_yaga
