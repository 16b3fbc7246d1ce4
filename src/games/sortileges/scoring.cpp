#include "games/sortileges/scoring.hpp"

#include <bit>
#include <vector>

namespace sabbat::sortileges {

namespace {

constexpr uint64_t bit(Card c) {
  return uint64_t(1) << c;
}

// The Gratin cards of a mask as 16 bits, a nibble per rank with a bit per suit: jacks in bits
// 0-3, queens 4-7, kings 8-11, aces 12-15 (the Gratin is cards 36 to 51).
constexpr uint32_t gratin_bits(uint64_t mask) {
  return uint32_t(mask >> kPileSize) & 0xFFFFu;
}
static_assert(make_card(kJack, 0) == kPileSize && make_card(kAce, 3) == kDeckSize - 1);

// Points by byte of those 16 bits: jacks and queens, then kings and aces.
constexpr auto kPointsTables = [] {
  std::array<std::array<uint8_t, 256>, 2> t{};
  for (uint32_t b = 0; b < 256; ++b) {
    const auto low = uint8_t(std::popcount(b & 15u)), high = uint8_t(std::popcount(b >> 4));
    t[0][b] = uint8_t(1 * low + 2 * high);  // J 1, Q 2
    t[1][b] = uint8_t(3 * low + 1 * high);  // K 3, A 1
  }
  return t;
}();

// K 3, Q 2, J 1, A 1; the pile's cards are worth nothing.
int mask_points(uint64_t mask) {
  const uint32_t g = gratin_bits(mask);
  return kPointsTables[0][g & 0xFF] + kPointsTables[1][g >> 8];
}

// Every alliance the rules know, whoever holds the cards.
const std::vector<Alliance>& all_alliances() {
  static const std::vector<Alliance> list = [] {
    std::vector<Alliance> out;
    for (int s = 0; s < 4; ++s)
      out.push_back(
          {AllianceKind::Court,
           bit(make_card(kJack, s)) | bit(make_card(kQueen, s)) | bit(make_card(kKing, s)), 10});
    for (int r = kJack; r <= kAce; ++r) {
      uint64_t four = 0;
      for (int s = 0; s < 4; ++s) four |= bit(make_card(r, s));
      out.push_back({AllianceKind::FourOfAKind, four, 12});
    }
    for (int a = 0; a < 4; ++a)
      for (int b = a + 1; b < 4; ++b)
        out.push_back(
            {AllianceKind::TwoAces, bit(make_card(kAce, a)) | bit(make_card(kAce, b)), 5});
    return out;
  }();
  return list;
}

// The alliances whose cards are all held, and what each adds over its cards' own points.
struct Search {
  std::array<const Alliance*, 14> candidates{};
  std::array<int, 14> gains{};
  size_t count = 0;
  explicit Search(uint64_t held) {
    for (const Alliance& a : all_alliances()) {
      if ((a.cards & held) != a.cards) continue;
      candidates[count] = &a;
      gains[count++] = a.points - mask_points(a.cards);
    }
  }
  std::array<int, 8> chosen{};
  int depth = 0;
  int best_gain = 0;
  std::array<int, 8> best{};
  int best_depth = 0;

  // Tries alliances from index `from` on, with the cards in `used` already taken.
  void run(size_t from, uint64_t used, int gain) {
    // Equal gains: the split with more alliances (four kings is worth showing).
    if (gain > best_gain || (gain == best_gain && depth > best_depth)) {
      best_gain = gain;
      best = chosen;
      best_depth = depth;
    }
    for (size_t i = from; i < count; ++i) {
      const Alliance& a = *candidates[i];
      if ((a.cards & used) != 0) continue;
      chosen[size_t(depth++)] = int(i);
      run(i + 1, used | a.cards, gain + gains[i]);
      --depth;
    }
  }
};

}  // namespace

int card_points(Card c) {
  switch (rank_of(c)) {
    case kKing:
      return 3;
    case kQueen:
      return 2;
    case kJack:
    case kAce:
      return 1;
    default:
      return 0;
  }
}

namespace {

uint64_t held_of(std::span<const Card> won) {
  uint64_t held = 0;
  for (Card c : won)
    if (c < kDeckSize) held |= bit(c);
  return held;
}

// True when the cards hold at least one whole alliance: most hands hold none, and are then
// worth their cards' points without a search.
bool holds_an_alliance(uint64_t held) {
  const uint32_t g = gratin_bits(held);
  const uint32_t jacks = g & 15u, queens = g >> 4 & 15u, kings = g >> 8 & 15u, aces = g >> 12;
  const bool two_aces = (aces & (aces - 1)) != 0;
  const bool four = (jacks == 15u) | (queens == 15u) | (kings == 15u);
  const bool court = (jacks & queens & kings) != 0;
  return two_aces | four | court;
}

}  // namespace

int best_total(std::span<const Card> won) {
  const uint64_t held = held_of(won);
  if (!holds_an_alliance(held)) return mask_points(held);
  return best_split(won).total;
}

ScoreSplit best_split(std::span<const Card> won) {
  const uint64_t held = held_of(won);
  Search search(held);
  search.run(0, 0, 0);
  ScoreSplit split;
  split.total = mask_points(held) + search.best_gain;
  split.loose = held;
  for (int i = 0; i < search.best_depth; ++i) {
    const Alliance& a = *search.candidates[size_t(search.best[size_t(i)])];
    split.alliances[size_t(split.alliance_count++)] = a;
    split.loose &= ~a.cards;
  }
  return split;
}

std::string alliance_name(const Alliance& alliance) {
  switch (alliance.kind) {
    case AllianceKind::Court:
      for (int s = 0; s < 4; ++s)
        if (alliance.cards & bit(make_card(kKing, s)))
          return "J+Q+K of " + std::string(suit_name(s));
      return "J+Q+K";
    case AllianceKind::TwoAces:
      return "two aces";
    case AllianceKind::FourOfAKind:
      for (int r = kJack; r <= kAce; ++r)
        if (alliance.cards & bit(make_card(r, 0)))
          return r == kJack    ? "four jacks"
                 : r == kQueen ? "four queens"
                 : r == kKing  ? "four kings"
                               : "four aces";
      return "four of a kind";
  }
  return "";
}

}  // namespace sabbat::sortileges
