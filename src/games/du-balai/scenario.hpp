#pragma once
// Building positions by hand, for tests and for teaching: a new race, and dice that show a
// chosen book.
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "games/du-balai/du_balai.hpp"
#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

// A race through the Game (as the server makes one); null if the settings are refused.
inline std::unique_ptr<DuBalaiState> new_race(int players,
                                              const std::map<std::string, std::string>& params = {},
                                              uint64_t seed = 1) {
  auto game = make_game();
  auto setup = game->setup(players, params, seed);
  if (!setup) return nullptr;
  auto state = game->new_state(setup.value());
  if (!state) return nullptr;
  return std::unique_ptr<DuBalaiState>(static_cast<DuBalaiState*>(state.value().release()));
}

// Sets the dice so that the valid symbols are exactly `orange` and `black` (the other dice
// show symbols in both colours). False when no roll of the dice gives that book.
inline bool show_book(DuBalaiState& s, SymbolMask orange, SymbolMask black) {
  std::array<uint8_t, kDice> faces{};
  auto allowed = [&](const Face& f) {
    const SymbolMask bit = SymbolMask(1u << f.symbol);
    if (bit & (orange | black)) return bool(bit & (f.colour == Colour::Orange ? orange : black));
    return true;  // a filler: it must end up in both colours
  };
  std::function<bool(int)> search = [&](int d) {
    if (d == kDice) {
      const Book b = read_book(faces);
      return b.valid(Colour::Orange) == orange && b.valid(Colour::Black) == black;
    }
    for (int k = 0; k < kFaces; ++k) {
      if (!allowed(kDiceTable[size_t(d)][size_t(k)])) continue;
      faces[size_t(d)] = uint8_t(k);
      if (search(d + 1)) return true;
    }
    return false;
  };
  if (!search(0)) return false;
  s.hooks().set_dice(faces);
  return true;
}

}  // namespace sabbat::du_balai
