// The witches, and each potion's ingredient (the box's kinds and counts are in data.hpp).
#include "games/bal-des-sorcieres/data.hpp"

namespace sabbat::bal {

namespace {

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

int kind_from_slug(std::string_view slug) {
  for (int k = 0; k < kKinds; ++k)
    if (kKindsInfo[size_t(k)].slug == slug) return k;
  return -1;
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
