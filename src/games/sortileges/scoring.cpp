#include "games/sortileges/scoring.hpp"

#include <vector>

namespace sabbat::sortileges {

namespace {

constexpr uint64_t bit(Card c) {
  return uint64_t(1) << c;
}

int mask_points(uint64_t mask) {
  int points = 0;
  for (int c = kPileSize; c < kDeckSize; ++c)
    if (mask & bit(Card(c))) points += card_points(Card(c));
  return points;
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

struct Search {
  const std::vector<Alliance>& candidates;
  uint64_t held;
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
    for (size_t i = from; i < candidates.size(); ++i) {
      const Alliance& a = candidates[i];
      if ((a.cards & held) != a.cards || (a.cards & used) != 0) continue;
      chosen[size_t(depth++)] = int(i);
      run(i + 1, used | a.cards, gain + a.points - mask_points(a.cards));
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

ScoreSplit best_split(std::span<const Card> won) {
  uint64_t held = 0;
  for (Card c : won)
    if (c < kDeckSize) held |= bit(c);
  Search search{all_alliances(), held};
  search.run(0, 0, 0);
  ScoreSplit split;
  split.total = mask_points(held) + search.best_gain;
  split.loose = held;
  for (int i = 0; i < search.best_depth; ++i) {
    const Alliance& a = all_alliances()[size_t(search.best[size_t(i)])];
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
