// The cards of the box, the witches, and each potion's ingredient.
#include "games/bal-des-sorcieres/data.hpp"

namespace sabbat::bal {

namespace {

// Counts from the rule book (its "85 potions" is a misprint for 84: 3 + 8 + 15 + 23 + 35).
constexpr std::array<KindInfo, kKinds> kKindsInfo{{
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

constexpr std::array<Card, kKinds> kFirst = [] {
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

constexpr std::array<Kind, kCards> kCardKinds = [] {
  std::array<Kind, kCards> kinds{};
  for (int k = 0; k < kKinds; ++k)
    for (int i = 0; i < kKindsInfo[size_t(k)].count; ++i)
      kinds[size_t(kFirst[size_t(k)] + i)] = Kind(k);
  return kinds;
}();

// The ingredients of each colour, dealt in turn to its cards: rare colours, rare ingredients.
constexpr std::array<std::string_view, 3> kGris{"Larme de dragon", "Poussi\u00e8re de lune",
                                                "Cendre de ph\u00e9nix"};
constexpr std::array<std::string_view, 4> kBleu{"Plume de lapin volant",
                                                "\u00c9caille de sir\u00e8ne", "Bave de licorne",
                                                "Brume de mar\u00e9cage"};
constexpr std::array<std::string_view, 5> kVert{"Soupe de chat noir", "Jus de limace",
                                                "Mousse de tombeau", "Ortie pil\u00e9e",
                                                "\u0152il de crapaud"};
constexpr std::array<std::string_view, 6> kJaune{"Poil de verrue",       "Soufre fum\u00e9",
                                                 "Miel de gu\u00eape",   "Dent de rat",
                                                 "Pollen de mandragore", "Cire de chandelle noire"};
constexpr std::array<std::string_view, 7> kRouge{"Sang de chauve-souris", "Piment de sorci\u00e8re",
                                                 "Queue de l\u00e9zard",  "Patte d'araign\u00e9e",
                                                 "Ongle de gobelin",      "Crotte de hibou",
                                                 "Langue de vip\u00e8re"};

constexpr std::array<WitchInfo, kMaxPlayers> kWitches{{
    {"Hilda Bigleuse"},
    {"Edm\u00e9e Nez Crochu"},
    {"Ursule Pustule"},
    {"Daphn\u00e9 Menton Poilu"},
    {"Honorine Bossu"},
    {"Gervaise Mauvaise Haleine"},
}};

}  // namespace

const KindInfo& kind_info(Kind k) {
  return kKindsInfo[k];
}

int kind_from_slug(std::string_view slug) {
  for (int k = 0; k < kKinds; ++k)
    if (kKindsInfo[size_t(k)].slug == slug) return k;
  return -1;
}

Kind card_kind(Card c) {
  return kCardKinds[c];
}

Card first_card(Kind k) {
  return kFirst[k];
}

std::string_view card_name(Card c) {
  const Kind k = card_kind(c);
  const size_t i = size_t(c - kFirst[k]);
  switch (Colour(k)) {
    case Colour::Gris:
      return kGris[i % kGris.size()];
    case Colour::Bleu:
      return kBleu[i % kBleu.size()];
    case Colour::Vert:
      return kVert[i % kVert.size()];
    case Colour::Jaune:
      return kJaune[i % kJaune.size()];
    case Colour::Rouge:
      return kRouge[i % kRouge.size()];
  }
  return kKindsInfo[k].name;
}

const WitchInfo& witch(int i) {
  return kWitches[size_t(i)];
}

}  // namespace sabbat::bal
