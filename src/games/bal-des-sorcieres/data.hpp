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
const KindInfo& kind_info(Kind k);
// Parses a slug; -1 when unknown.
int kind_from_slug(std::string_view slug);

using Card = uint8_t;  // 0..120: the potions by colour, rarest first, then the spells
Kind card_kind(Card c);
// What a card says: a potion's ingredient ("Soupe de chat noir"), a spell's name.
std::string_view card_name(Card c);
// The first card of a kind; its copies follow.
Card first_card(Kind k);

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
