// Redrawing what a viewer cannot see, the game's invariants, and the test hooks.
//
// Hidden from everyone: the order of the face-down spell cards (but the failed spells seen
// going under a pile) and the box; the ingredient faces of the face-down forest tiles, of
// which a viewer sees only the forest faces (hints) it can see. A redraw keeps every visible
// hint on an ingredient of that hint.
#include <algorithm>

#include "games/baba-yaga/state.hpp"

namespace sabbat::baba_yaga {

std::unique_ptr<State> BabaYagaState::sample_hidden(Seat viewer, Rng& rng) const {
  auto out = std::make_unique<BabaYagaState>(*this);
  BabaYagaState& s = *out;
  s.rng_.reseed(rng.next());
  // The unseen cards: the box and the top of every pile above its seen cards.
  std::array<int8_t, kCards> pool{};
  int n = 0;
  for (int k = 0; k < box_n_; ++k) pool[size_t(n++)] = box_[size_t(k)];
  for (Seat p = 0; p < o_.players; ++p) {
    const Player& pl = p_[size_t(p)];
    for (int k = 0; k < pl.pile_n - pl.known; ++k) pool[size_t(n++)] = pl.pile[size_t(k)];
  }
  // Sorted before every shuffle: a redraw depends on which cards and ingredients are hidden,
  // never on where they lie.
  std::sort(pool.begin(), pool.begin() + n);
  rng.shuffle(pool.begin(), pool.begin() + n);
  n = 0;
  for (int k = 0; k < box_n_; ++k) s.box_[size_t(k)] = pool[size_t(n++)];
  for (Seat p = 0; p < o_.players; ++p) {
    Player& pl = s.p_[size_t(p)];
    for (int k = 0; k < pl.pile_n - pl.known; ++k) pl.pile[size_t(k)] = pool[size_t(n++)];
  }
  if (phase_ == Phase::Study || phase_ == Phase::Over) return out;
  // The face-down tiles: per hint, its ingredients go first to the tiles showing that hint to
  // the viewer; the rest, shuffled, to the tiles whose forest face the viewer cannot see.
  std::array<int8_t, kForestTiles> wild_cells{}, wild_ings{};
  int wild_c = 0, wild_i = 0;
  for (int h = 0; h < kHints; ++h) {
    std::array<int8_t, kForestTiles> cells{}, ings{};
    int nc = 0, ni = 0;
    for (int cell : kForestCells) {
      if (face_up(cell)) continue;
      const int ing = tiles_[size_t(cell)];
      if (ingredient(ing).hint != h) continue;
      ings[size_t(ni++)] = int8_t(ing);
      if (hint_visible(viewer, cell))
        cells[size_t(nc++)] = int8_t(cell);
      else
        wild_cells[size_t(wild_c++)] = int8_t(cell);
    }
    std::sort(ings.begin(), ings.begin() + ni);
    rng.shuffle(ings.begin(), ings.begin() + ni);
    for (int k = 0; k < nc; ++k) s.tiles_[size_t(cells[size_t(k)])] = ings[size_t(k)];
    for (int k = nc; k < ni; ++k) wild_ings[size_t(wild_i++)] = ings[size_t(k)];
  }
  std::sort(wild_cells.begin(), wild_cells.begin() + wild_c);
  std::sort(wild_ings.begin(), wild_ings.begin() + wild_i);
  rng.shuffle(wild_ings.begin(), wild_ings.begin() + wild_i);
  for (int k = 0; k < wild_c; ++k) s.tiles_[size_t(wild_cells[size_t(k)])] = wild_ings[size_t(k)];
  return out;
}

Status BabaYagaState::audit() const {
  // Every ingredient on exactly one forest tile, nothing on the path.
  uint32_t seen = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    const int ing = tiles_[size_t(cell)];
    if (!is_forest(cell)) {
      if (ing != -1) return fail("an ingredient lies on the path at " + cell_name(cell));
      continue;
    }
    if (ing < 0 || ing >= kIngredients || ((seen >> ing) & 1u))
      return fail("forest tile " + cell_name(cell) + " holds a bad or repeated ingredient");
    seen |= 1u << ing;
  }
  // Every spell card in exactly one place: a pile, cast, in play, or the box.
  uint32_t cards = 0;
  int count = 0;
  auto put = [&](int k) {
    if (k >= 0 && k < kCards && !((cards >> k) & 1u))
      cards |= 1u << k, ++count;
    else
      count = -100;
  };
  for (int k = 0; k < box_n_; ++k) put(box_[size_t(k)]);
  if (card_ >= 0) put(card_);
  for (Seat p = 0; p < o_.players; ++p) {
    const Player& pl = p_[size_t(p)];
    if (pl.known > pl.pile_n) return fail("more seen cards than cards in a pile");
    if (pl.pile_n + pl.cast_n + (card_ >= 0 && p == searcher_) != kCardsEach)
      return fail("seat " + std::to_string(p) + " does not hold her 3 spells");
    for (int k = 0; k < pl.pile_n; ++k) put(pl.pile[size_t(k)]);
    for (int k = 0; k < pl.cast_n; ++k) put(pl.cast[size_t(k)]);
  }
  if (count != kCards) return fail("the 20 spell cards are not each in exactly one place");
  // Tiles face up only during a race; at most one wrong one, and it is the one recorded.
  if (phase_ != Phase::Race && (up_ || flips_ || card_ >= 0))
    return fail("tiles face up or a card in play outside a race");
  int wrong = -1, wrongs = 0;
  if (card_ >= 0)
    for (uint32_t up = up_; up; up &= up - 1) {
      const int cell = __builtin_ctz(up);
      if (!((card(card_).mask >> tiles_[size_t(cell)]) & 1u)) wrong = cell, ++wrongs;
    }
  if (wrongs > 1 || wrong != wrong_) return fail("the wrong face-up ingredient is not tracked");
  if (maison_ >= 0 && !is_forest(maison_)) return fail("the Maison is off the forest");
  if (lifted_ && (maison_ < 0 || !face_up(maison_)))
    return fail("the Maison is lifted off a face-down tile");
  if (phase_ == Phase::Race && flight_.moves >= flight_.total())
    return fail("the flight is over in a race");
  if (flight_.length < kLine - 1 || flight_.length > kLine + 1)
    return fail("a flight of a bad length");
  if (phase_ == Phase::Effect && effect_card_ < 0) return fail("an effect phase without a spell");
  return {};
}

bool BabaYagaState::Hooks::stack(Seat seat, int k) {
  // Take the card from wherever it lies face down (a pile's unseen part or the box).
  for (Seat p = 0; p < s.o_.players; ++p) {
    Player& pl = s.p_[size_t(p)];
    for (int i = 0; i < pl.pile_n - pl.known; ++i)
      if (pl.pile[size_t(i)] == k) {
        Player& me = s.p_[size_t(seat)];
        if (me.pile_n == me.known) return false;
        std::swap(pl.pile[size_t(i)], me.pile[0]);
        return true;
      }
  }
  for (int i = 0; i < s.box_n_; ++i)
    if (s.box_[size_t(i)] == k) {
      Player& me = s.p_[size_t(seat)];
      if (me.pile_n == me.known) return false;
      std::swap(s.box_[size_t(i)], me.pile[0]);
      return true;
    }
  return false;
}

void BabaYagaState::Hooks::set_cast(Seat seat, int n) {
  Player& me = s.p_[size_t(seat)];
  while (me.cast_n < n && me.pile_n > 0) {
    // The bottom card of her pile goes to her cast spells.
    me.cast[me.cast_n++] = me.pile[size_t(--me.pile_n)];
    me.known = std::min(me.known, me.pile_n);
  }
}

void BabaYagaState::Hooks::shuffle_unseen(Rng& rng) {
  for (Seat p = 0; p < s.o_.players; ++p) {
    Player& pl = s.p_[size_t(p)];
    rng.shuffle(pl.pile.begin(), pl.pile.begin() + (pl.pile_n - pl.known));
  }
}

}  // namespace sabbat::baba_yaga
