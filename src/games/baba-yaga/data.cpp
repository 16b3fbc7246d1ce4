#include "games/baba-yaga/data.hpp"

namespace sabbat::baba_yaga {

namespace {

constexpr std::array<IngredientInfo, kIngredients> kIngredientTable{{
    {"Dent de loup", "Lo", 0},
    {"Griffe d'ours", "Ou", 0},
    {"Plume de corbeau", "Co", 1},
    {"Oeuf de poule noire", "Oe", 1},
    {"Amanite rouge", "Am", 2},
    {"Vesse-de-loup", "Ve", 2},
    {"Crâne lumineux", "Cr", 3},
    {"Fleur de fougère", "Fo", 3},
    {"Toile d'araignée", "To", 4},
    {"Cheveu de roussalka", "Ro", 4},
    {"Clé rouillée", "Cl", 5},
    {"Peigne d'os", "Pe", 5},
    {"Poupée de bois", "Po", 6},
    {"Serviette brodée", "Se", 6},
    {"Pain noir", "Pa", 7},
    {"Miel sauvage", "Mi", 7},
}};

constexpr std::array<std::string_view, kHints> kHintTable{
    "Des griffures sur l'écorce", "Un nid dans les branches", "Un cercle de champignons",
    "Une lueur dans la nuit",     "Des fils d'argent",        "Un coffre entrouvert",
    "Une isba abandonnée",        "Une odeur de four",
};

constexpr std::array<std::string_view, kEffects> kEffectNames{
    "Doigt dans le nez !", "Brouillard bizarre !",    "Lumière aveuglante !", "Tout petit !",
    "Grosse fatigue !",    "Plus vite que le vent !", "Pattes de poulet !",
};
constexpr std::array<std::string_view, kEffects> kEffectIds{
    "doigt-dans-le-nez", "brouillard-bizarre",    "lumiere-aveuglante", "tout-petit",
    "grosse-fatigue",    "plus-vite-que-le-vent", "pattes-de-poulet",
};

constexpr std::array<CardInfo, kCards> build_cards() {
  std::array<CardInfo, kCards> out{};
  constexpr std::array<int, kIngredientsPerCard> offsets{0, 1, 3, 7};
  for (int k = 0; k < kCards; ++k) {
    CardInfo& c = out[size_t(k)];
    for (int j = 0; j < kIngredientsPerCard; ++j) {
      const int i =
          k < kIngredients ? (k + offsets[size_t(j)]) % kIngredients : 4 * (k - kIngredients) + j;
      c.ingredients[size_t(j)] = uint8_t(i);
      c.mask = uint16_t(c.mask | (1u << i));
    }
    c.effect = Effect(k % kEffects);
  }
  return out;
}
constexpr std::array<CardInfo, kCards> kCardTable = build_cards();

constexpr std::array<int8_t, kForestTiles> build_forest() {
  std::array<int8_t, kForestTiles> out{};
  int n = 0;
  for (int cell = 0; cell < kCells; ++cell)
    if (!is_path(cell)) out[size_t(n++)] = int8_t(cell);
  return out;
}

constexpr std::array<std::array<int8_t, kLine>, kEnds> kLines{{
    {2, 7, 12, 17, 22},    // north: C1 down to C5
    {14, 13, 12, 11, 10},  // east: E3 left to A3
    {22, 17, 12, 7, 2},    // south
    {10, 11, 12, 13, 14},  // west
}};

constexpr std::array<std::string_view, kEnds> kEndNames{"north", "east", "south", "west"};

}  // namespace

const std::array<int8_t, kForestTiles> kForestCells = build_forest();

int forest_index(int cell) {
  for (int i = 0; i < kForestTiles; ++i)
    if (kForestCells[size_t(i)] == cell) return i;
  return -1;
}

std::string_view end_name(End e) {
  return kEndNames[size_t(e)];
}
const std::array<int8_t, kLine>& line_from(End e) {
  return kLines[size_t(e)];
}
const IngredientInfo& ingredient(int i) {
  return kIngredientTable[size_t(i)];
}
std::string_view hint_text(int hint) {
  return kHintTable[size_t(hint)];
}
std::string_view effect_name(Effect e) {
  return kEffectNames[size_t(e)];
}
std::string_view effect_id(Effect e) {
  return kEffectIds[size_t(e)];
}
const CardInfo& card(int k) {
  return kCardTable[size_t(k)];
}

}  // namespace sabbat::baba_yaga
