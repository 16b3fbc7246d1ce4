#pragma once
// The content of Le Bal des Sorcières as data: 121 cards (84 potions in five colours, 37
// spells on three levels), the six witches, the 25 farce tokens. An edition with other counts
// is a change here only.
#include <array>
#include <cstdint>
#include <string_view>

namespace sabbat::bal {

inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 6;
inline constexpr int kCards = 121;
inline constexpr int kPotions = 84;
inline constexpr int kCrapzouilles = 10;  // per witch
inline constexpr int kHandSize = 10;      // dealt, and the Grand Sabbat's ceiling
inline constexpr int kFarceTokens = 25;

// Potion colours, rarest first: the rarer, the harder to parry.
enum class Colour : uint8_t { Gris, Bleu, Vert, Jaune, Rouge };
inline constexpr int kColours = 5;

enum class Spell : uint8_t {
  Abracadabra,
  TresorMagique,
  Sortilege,
  DuBalai,
  MonBeauMiroir,
  AMoiNananere,
  Remede,
  BaguetteMagique,
  Envoutement,
  Enchantement,
  TourDeMagie,
  Fantome,
  BouleDeCristal,
  LutinFarceur,
  Diablotin,
};
inline constexpr int kSpells = 15;

// A card's kind: its colour (0..4) for a potion, 5 + spell for a spell. Cards of one kind
// are alike for the rules; potions differ only by the ingredient written on them.
using Kind = uint8_t;
inline constexpr int kKinds = kColours + kSpells;
constexpr Kind kind_of(Colour c) {
  return Kind(c);
}
constexpr Kind kind_of(Spell s) {
  return Kind(kColours + int(s));
}
constexpr bool is_potion_kind(Kind k) {
  return k < kColours;
}

enum class Level : uint8_t { Facile, Moyen, Difficile };

struct KindInfo {
  std::string_view name;  // French, as printed: "Trésor magique", "Rouge"
  std::string_view slug;  // in action texts: "tresor", "rouge"
  uint8_t count;          // copies in the box
  Level level;            // the first level that plays it (potions: every level)
};

// Counts from the rule book (its "85 potions" is a misprint for 84: 3 + 8 + 15 + 23 + 35).
// In the header so that the rules' lookups are inlined.
inline constexpr std::array<KindInfo, kKinds> kKindsInfo{{
    {"Gris", "gris", 3, Level::Facile},
    {"Bleu", "bleu", 8, Level::Facile},
    {"Vert", "vert", 15, Level::Facile},
    {"Jaune", "jaune", 23, Level::Facile},
    {"Rouge", "rouge", 35, Level::Facile},
    {"Abracadabra", "abracadabra", 5, Level::Facile},
    {"Tr\u00e9sor magique", "tresor", 5, Level::Facile},
    {"Sortil\u00e8ge", "sortilege", 4, Level::Facile},
    {"Du balai", "balai", 3, Level::Facile},
    {"Mon beau miroir", "miroir", 3, Level::Facile},
    {"\u00c0 moi, nanan\u00e8re !", "nananere", 2, Level::Facile},
    {"Rem\u00e8de", "remede", 1, Level::Moyen},
    {"Baguette magique", "baguette", 2, Level::Moyen},
    {"Envo\u00fbtement", "envoutement", 1, Level::Moyen},
    {"Enchantement", "enchantement", 4, Level::Moyen},
    {"Tour de magie", "tour", 1, Level::Moyen},
    {"Fant\u00f4me", "fantome", 1, Level::Moyen},
    {"Boule de cristal", "boule", 2, Level::Moyen},
    {"Lutin farceur", "lutin", 2, Level::Difficile},
    {"Diablotin", "diablotin", 1, Level::Difficile},
}};

using Card = uint8_t;  // 0..120: the potions by colour, rarest first, then the spells

inline constexpr std::array<Card, kKinds> kFirst = [] {
  std::array<Card, kKinds> first{};
  int at = 0;
  for (int k = 0; k < kKinds; ++k) {
    first[size_t(k)] = Card(at);
    at += kKindsInfo[size_t(k)].count;
  }
  return first;
}();
static_assert(kFirst[kKinds - 1] + 1 == kCards, "121 cards in the box");
static_assert(kFirst[kColours] == kPotions, "84 potions");

inline constexpr std::array<Kind, kCards> kCardKinds = [] {
  std::array<Kind, kCards> kinds{};
  for (int k = 0; k < kKinds; ++k)
    for (int i = 0; i < kKindsInfo[size_t(k)].count; ++i)
      kinds[size_t(kFirst[size_t(k)] + i)] = Kind(k);
  return kinds;
}();

inline const KindInfo& kind_info(Kind k) {
  return kKindsInfo[k];
}
// Parses a slug; -1 when unknown.
int kind_from_slug(std::string_view slug);

inline Kind card_kind(Card c) {
  return kCardKinds[c];
}
constexpr bool is_potion_card(Card c) {
  return c < kPotions;
}
// What a card says: a potion's ingredient ("Soupe de chat noir"), a spell's name.
std::string_view card_name(Card c);
// The first card of a kind; its copies follow.
inline Card first_card(Kind k) {
  return kFirst[k];
}

// Farce tokens: a colour, or white (the lutin forgot to put anything in).
inline constexpr int kWhite = kColours;
// How many tokens of each colour, then white: 1 grey, 2 blue, 4 green, 6 yellow, 10 red, 2 white.
inline constexpr std::array<uint8_t, kColours + 1> kFarceCounts{1, 2, 4, 6, 10, 2};

struct WitchInfo {
  std::string_view name;
};
// The six witch sheets; seat s plays witch s.
const WitchInfo& witch(int i);

}  // namespace sabbat::bal
