#include "games/sortileges/spells.hpp"

#include <algorithm>
#include <array>

namespace sabbat::sortileges {

namespace {

constexpr std::array<std::string_view, kSpellCount> kSpellNames{
    "Plumpus",         "Deuus",  "Sequencia",  "Triplus",
    "Semi-Corromptus", "Fingus", "Corromptus", "Demonicus"};

// Highest rank first; among equal ranks the stronger suit first.
constexpr int card_order(Card c) {
  return rank_of(c) * 4 + suit_strength(suit_of(c));
}

// Up to three cards, strongest first. A sorting network: this runs for every spell of every
// round of every simulated game.
struct Sorted {
  std::array<Card, 3> c{kNoCard, kNoCard, kNoCard};
  size_t n = 0;
};

Sorted sorted(std::span<const Card> cards) {
  Sorted s;
  s.n = std::min<size_t>(cards.size(), 3);
  for (size_t i = 0; i < s.n; ++i) s.c[i] = cards[i];
  auto order = [&](size_t a, size_t b) {
    if (card_order(s.c[a]) < card_order(s.c[b])) std::swap(s.c[a], s.c[b]);
  };
  if (s.n >= 2) order(0, 1);
  if (s.n == 3) {
    order(1, 2);
    order(0, 1);
  }
  return s;
}

Spell spell_of_sorted(const Sorted& s, int couple_suit) {
  const auto& c = s.c;
  int of_couple_suit = 0;
  for (size_t i = 0; i < s.n; ++i) of_couple_suit += suit_of(c[i]) == couple_suit;
  if (s.n == 3) {
    const int r0 = rank_of(c[0]), r1 = rank_of(c[1]), r2 = rank_of(c[2]);
    const bool one_suit = suit_of(c[0]) == suit_of(c[1]) && suit_of(c[1]) == suit_of(c[2]);
    const bool run = r0 == r1 + 1 && r1 == r2 + 1;
    if (r0 == 6 && r1 == 6 && r2 == 6) return Spell::Demonicus;
    if (of_couple_suit == 3) return Spell::Corromptus;
    if (run && one_suit) return Spell::Fingus;
    if (of_couple_suit == 2) return Spell::SemiCorromptus;
    if (r0 == r2) return Spell::Triplus;
    if (run) return Spell::Sequencia;
    if (r0 == r1 || r1 == r2) return Spell::Deuus;
    return Spell::Plumpus;
  }
  if (s.n == 2) {
    if (of_couple_suit == 2) return Spell::SemiCorromptus;
    if (rank_of(c[0]) == rank_of(c[1])) return Spell::Deuus;
  }
  return Spell::Plumpus;
}

}  // namespace

std::string_view spell_name(Spell spell) {
  return kSpellNames[size_t(spell)];
}

Spell best_spell(std::span<const Card> cards, int couple_suit) {
  return spell_of_sorted(sorted(cards), couple_suit);
}

uint32_t spell_strength(std::span<const Card> cards, int couple_suit) {
  const Sorted s = sorted(cards);
  if (s.n == 0) return 0;
  uint32_t key = uint32_t(spell_of_sorted(s, couple_suit)) << 20;
  for (size_t i = 0; i < s.n; ++i) key |= uint32_t(rank_of(s.c[i])) << (16 - 4 * i);
  key |= uint32_t(suit_strength(suit_of(s.c[0])));
  return key;
}

}  // namespace sabbat::sortileges
