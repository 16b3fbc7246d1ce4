#include "games/sortileges/cards.hpp"

#include <cctype>

namespace sabbat::sortileges {

namespace {

constexpr std::string_view kSuitLetters = "SHCD";
constexpr std::array<std::string_view, 4> kSuitSymbols{"\u2660", "\u2665", "\u2663", "\u2666"};
constexpr std::array<std::string_view, 4> kSuitNames{"spades", "hearts", "clubs", "diamonds"};

std::string rank_text(int rank) {
  switch (rank) {
    case kJack:
      return "J";
    case kQueen:
      return "Q";
    case kKing:
      return "K";
    case kAce:
      return "A";
    default:
      return std::to_string(rank);
  }
}

}  // namespace

std::string card_text(Card c) {
  if (c >= kDeckSize) return "?";
  return rank_text(rank_of(c)) + kSuitLetters[size_t(suit_of(c))];
}

std::string card_pretty(Card c, bool color) {
  if (c >= kDeckSize) return "?";
  std::string text = rank_text(rank_of(c)) + std::string(kSuitSymbols[size_t(suit_of(c))]);
  if (color && is_red(c)) return "\x1b[31m" + text + "\x1b[0m";
  return text;
}

std::optional<Card> parse_card(std::string_view text) {
  if (text.empty()) return std::nullopt;
  // The suit: one letter at the end, or a suit symbol (three bytes of UTF-8).
  int suit = -1;
  std::string_view rank_part;
  for (size_t s = 0; s < kSuitSymbols.size(); ++s) {
    const auto& sym = kSuitSymbols[s];
    if (text.size() > sym.size() && text.substr(text.size() - sym.size()) == sym) {
      suit = int(s);
      rank_part = text.substr(0, text.size() - sym.size());
    }
  }
  if (suit < 0) {
    const char letter = char(std::toupper(static_cast<unsigned char>(text.back())));
    const auto pos = kSuitLetters.find(letter);
    if (pos == std::string_view::npos || text.size() < 2) return std::nullopt;
    suit = int(pos);
    rank_part = text.substr(0, text.size() - 1);
  }
  int rank = 0;
  if (rank_part.size() == 1) {
    const char r = char(std::toupper(static_cast<unsigned char>(rank_part[0])));
    if (r >= '2' && r <= '9') rank = r - '0';
    if (r == 'T') rank = 10;
    if (r == 'J') rank = kJack;
    if (r == 'Q') rank = kQueen;
    if (r == 'K') rank = kKing;
    if (r == 'A') rank = kAce;
  } else if (rank_part == "10") {
    rank = 10;
  }
  if (rank == 0) return std::nullopt;
  return make_card(rank, suit);
}

std::string_view suit_name(int suit) {
  return kSuitNames[size_t(suit & 3)];
}

}  // namespace sabbat::sortileges
