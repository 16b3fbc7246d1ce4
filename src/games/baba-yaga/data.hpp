#pragma once
// The content of Baba Yaga as data: the forest (a 5×5 grid whose middle row and column are
// Baba Yaga's path), the 16 ingredients with the hint on each forest face, the 20 spell cards
// and their effects. An edition with other names or cards is a change here only.
#include <array>
#include <cstdint>
#include <string_view>

namespace sabbat::baba_yaga {

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 5;
inline constexpr int kSide = 5;
inline constexpr int kCells = kSide * kSide;
inline constexpr int kForestTiles = 16;
inline constexpr int kIngredients = 16;
inline constexpr int kHints = 8;
inline constexpr int kCards = 20;
inline constexpr int kCardsEach = 3;
inline constexpr int kIngredientsPerCard = 4;
inline constexpr int kEnds = 4;
// The line of her flight: 5 path tiles, and the extra path tile beyond the far end.
inline constexpr int kLine = 5;
inline constexpr int kExtraTile = 5;

// Cells are numbered row by row: cell = row * 5 + column; named column letter + row number,
// "A1" top left to "E5" bottom right. The middle row (3) and column (C) are the path.
constexpr bool is_path(int cell) {
  return cell / kSide == 2 || cell % kSide == 2;
}
constexpr bool is_forest(int cell) {
  return cell >= 0 && cell < kCells && !is_path(cell);
}
// The forest cells as bits of cell numbers.
inline constexpr uint32_t kForestMask = [] {
  uint32_t m = 0;
  for (int cell = 0; cell < kCells; ++cell)
    if (!is_path(cell)) m |= 1u << cell;
  return m;
}();
// The forest cells in reading order, and back.
extern const std::array<int8_t, kForestTiles> kForestCells;
int forest_index(int cell);  // -1 for a path cell

enum class End : uint8_t { North, East, South, West };
std::string_view end_name(End e);  // "north"...
// The cells of the line from end `e` to the opposite end (5 cells).
const std::array<int8_t, kLine>& line_from(End e);

struct IngredientInfo {
  std::string_view name;        // French, from the tale: "Plume de corbeau"
  std::string_view short_name;  // two letters, for the small forest of Tout petit !
  uint8_t hint;                 // the hint on the forest face; two ingredients share each hint
};
const IngredientInfo& ingredient(int i);
// What the forest face shows: "Un nid dans les branches".
std::string_view hint_text(int hint);

enum class Effect : uint8_t {
  DoigtDansLeNez,     // her next turn as searcher: one ingredient fewer needed
  BrouillardBizarre,  // now: swap two forest tiles
  LumiereAveuglante,  // an opponent's next turn: half the forest hidden
  ToutPetit,          // an opponent's next turn: the forest drawn small and low
  GrosseFatigue,      // an opponent's next turn: the flight one tile shorter
  PlusViteQueLeVent,  // her next turn: the flight one tile longer
  PattesDePoulet,     // now or at her next turn: the Maison on a forest tile
};
inline constexpr int kEffects = 7;
std::string_view effect_name(Effect e);  // "Doigt dans le nez !"
std::string_view effect_id(Effect e);    // "doigt-dans-le-nez"

struct CardInfo {
  std::array<uint8_t, kIngredientsPerCard> ingredients;
  uint16_t mask;  // the same, as bits
  Effect effect;
};
// Card k (0..19). Construction (docs/rules/baba-yaga.md): cards 0–15 hold ingredients
// k, k+1, k+3, k+7 (mod 16), a cyclic difference set, so two of them share at most one
// ingredient; cards 16–19 hold 4m..4m+3; every ingredient is on exactly 5 cards. The effect of
// card k is effect number k mod 7: three of each, and Pattes de poulet on two.
const CardInfo& card(int k);

}  // namespace sabbat::baba_yaga
