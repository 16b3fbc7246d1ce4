#pragma once
// The 52 cards of a standard deck, as small integers: card = (rank - 2) * 4 + suit.
// Cards 0..35 (ranks 2..10) form the Sortilèges pile; cards 36..51 (J, Q, K, A) the Gratin.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sabbat::sortileges {

using Card = uint8_t;
inline constexpr Card kNoCard = 255;
inline constexpr int kDeckSize = 52;
inline constexpr int kPileSize = 36;    // the Sortilèges pile: 2..10 of every suit
inline constexpr int kGratinSize = 16;  // the Gratin: J, Q, K and A of every suit

// Suits in their order of strength, strongest first: pique > cœur > trèfle > carreau.
enum Suit : uint8_t { kSpades = 0, kHearts = 1, kClubs = 2, kDiamonds = 3 };
inline constexpr int kJack = 11, kQueen = 12, kKing = 13, kAce = 14;

constexpr Card make_card(int rank, int suit) {
  return Card((rank - 2) * 4 + suit);
}
constexpr int rank_of(Card c) {
  return c / 4 + 2;
}
constexpr int suit_of(Card c) {
  return c % 4;
}
// 3 for spades down to 0 for diamonds: bigger is stronger.
constexpr int suit_strength(int suit) {
  return 3 - suit;
}
constexpr bool is_gratin_card(Card c) {
  return c >= kPileSize && c < kDeckSize;
}
constexpr bool is_pile_card(Card c) {
  return c < kPileSize;
}
constexpr bool is_red(Card c) {
  return suit_of(c) == kHearts || suit_of(c) == kDiamonds;
}

// Canonical text: "7H", "10S", "QD", "AC".
std::string card_text(Card c);
// With a suit symbol ("7♥"), in red (ANSI) for hearts and diamonds when `color`.
std::string card_pretty(Card c, bool color);
// Accepts "7h", "10S", "T♠", "qd"... case-insensitive; nothing for anything else.
std::optional<Card> parse_card(std::string_view text);
// "spades", "hearts", "clubs", "diamonds".
std::string_view suit_name(int suit);

}  // namespace sabbat::sortileges
