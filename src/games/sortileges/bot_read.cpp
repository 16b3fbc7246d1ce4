// The heuristic bot's reading of the table (bot_read.hpp).
#include "games/sortileges/bot_read.hpp"

#include <algorithm>
#include <cmath>

#include "games/sortileges/scoring.hpp"

namespace sabbat::sortileges {

namespace {

constexpr uint64_t bit(Card c) {
  return uint64_t{1} << c;
}

// A spell an opponent has not begun yet, by the cards they may still place: they choose each
// of them from two, but may put them under the other couple card.
constexpr std::array<double, 4> kUnbegun{0.0, 0.3, 0.8, 1.5};
// How sure a comparison of two spells' worth is: smaller is surer.
constexpr double kDoubt = 0.5;

// Points an alliance adds over its loose cards, scaled by how much of it is held, for the
// alliances that may still be completed (their missing cards are in nobody's hands yet).
double alliance_hopes(uint64_t held, uint64_t reachable) {
  double hope = 0;
  for (int suit = 0; suit < 4; ++suit) {
    const uint64_t court =
        bit(make_card(kJack, suit)) | bit(make_card(kQueen, suit)) | bit(make_card(kKing, suit));
    const int h = __builtin_popcountll(held & court);
    if (h > 0 && h < 3 && (court & ~held & ~reachable) == 0) hope += 4.0 * h * h / 9.0;
  }
  uint64_t aces = 0;
  for (int suit = 0; suit < 4; ++suit) aces |= bit(make_card(kAce, suit));
  if (__builtin_popcountll(held & aces) % 2 == 1 && (aces & reachable) != 0) hope += 1.5;
  return hope;
}

// The pile's cards the deciding seat has not seen this round.
struct Unseen {
  uint64_t cards = 0;
  std::array<int, 4> suit{};
  std::array<int, 11> rank{};  // by rank, 2 to 10
  int total = 0;
};

Unseen unseen_by(const SortilegesState& s, Seat seat) {
  uint64_t seen = 0;
  for (Seat p = 0; p < s.players(); ++p)
    for (const auto& side : s.area(p).placed)
      for (Card c : side.span()) seen |= bit(c);
  for (Card c : s.area(seat).hand.span()) seen |= bit(c);
  for (Card c : s.area(seat).discards.span()) seen |= bit(c);
  Unseen u;
  for (Card c = 0; c < kPileSize; ++c) {
    if (seen & bit(c)) continue;
    u.cards |= bit(c);
    ++u.suit[size_t(suit_of(c))];
    ++u.rank[size_t(rank_of(c))];
    ++u.total;
  }
  return u;
}

// The chance that `need` of `fit` fitting cards turn up, two drawn per turn over `turns`
// turns from `total` cards (the turns taken as independent).
double chance_of(int fit, int need, int turns, int total) {
  if (fit < need || total <= 0) return 0;
  const double miss = 1.0 - double(fit) / total;
  const double hit = 1.0 - miss * miss;
  double p = 0;  // P(at least `need` hits among `turns`)
  for (int k = need; k <= turns; ++k) {
    double ways = 1;
    for (int i = 0; i < k; ++i) ways = ways * (turns - i) / (i + 1);
    p += ways * std::pow(hit, k) * std::pow(1 - hit, turns - k);
  }
  return p;
}

// A spell's worth in categories (Plumpus 0 ... Demonicus 7, its highest card a fraction) under
// a couple card of suit `suit`, with what `free` more cards may make of it.
double spell_worth(std::span<const Card> cards, int free, int suit, const Unseen& u,
                   bool looks_ahead) {
  const int n = int(cards.size());
  if (n == 0) return kUnbegun[size_t(std::min(free, 3))];
  const Spell spell = spell_of_strength(spell_strength(cards, suit));
  int top = 0, in_suit = 0, low = 99, high = 0;
  for (Card c : cards) {
    top = std::max(top, rank_of(c));
    in_suit += suit_of(c) == suit;
    low = std::min(low, rank_of(c));
    high = std::max(high, rank_of(c));
  }
  const double base = double(spell) + (top - 2) / 9.0 * 0.8 + (n - 1) * 0.05;
  const int room = std::min(free, 3 - n);
  if (!looks_ahead || room <= 0) return base;
  double best = base;
  auto hope = [&](Spell target, int need, int fit) {
    if (need > room || target <= spell) return;
    const double p = chance_of(fit, need, free, u.total);
    best = std::max(best, p * (double(target) + 0.5) + (1 - p) * base);
  };
  if (in_suit == n) hope(Spell::Corromptus, 3 - n, u.suit[size_t(suit)]);
  if (in_suit == 1) hope(Spell::SemiCorromptus, 1, u.suit[size_t(suit)]);
  if (in_suit == 0 && n == 1) hope(Spell::SemiCorromptus, 2, u.suit[size_t(suit)]);
  if (low == high) {
    hope(Spell::Deuus, 2 - n, u.rank[size_t(low)]);
    hope(Spell::Triplus, 3 - n, u.rank[size_t(low)]);
    if (low == 6) hope(Spell::Demonicus, 3 - n, u.rank[6]);
  }
  if (n == 2 && (high - low == 1 || high - low == 2)) {
    const bool suited = suit_of(cards[0]) == suit_of(cards[1]);
    int fit = 0, fit_suited = 0;
    for (int r : {low - 1, high + 1, low + 1}) {
      if (r < 2 || r > 10 || r == high || (high - low == 1) == (r == low + 1)) continue;
      fit += u.rank[size_t(r)];
      fit_suited += suited && (u.cards & bit(make_card(r, suit_of(cards[0])))) ? 1 : 0;
    }
    hope(Spell::Sequencia, 1, fit);
    hope(Spell::Fingus, 1, fit_suited);
  }
  return best;
}

double spell_worth(std::span<const Card> cards, int free, const std::array<double, 4>& suits,
                   const Unseen& u, bool looks_ahead) {
  double w = 0;
  for (int suit = 0; suit < 4; ++suit)
    if (suits[size_t(suit)] > 0)
      w += suits[size_t(suit)] * spell_worth(cards, free, suit, u, looks_ahead);
  return w;
}

}  // namespace

Stakes read_stakes(const SortilegesState& s, const Style& style) {
  const int n = s.players();
  uint64_t gone = 0;  // won or removed: out of everyone's reach
  for (Seat p = 0; p < n; ++p)
    for (Card c : s.area(p).won.span()) gone |= bit(c);
  for (Card c : s.removed()) gone |= bit(c);
  uint64_t reachable = 0;
  for (Card c = kPileSize; c < kDeckSize; ++c)
    if (!(gone & bit(c))) reachable |= bit(c);
  // A couple card is one of the Gratin cards nobody can place yet: not known at the bottom of
  // the Gratin, not the other couple card if that one is known.
  uint64_t hidden = reachable;
  for (int i = 0; i < s.gratin_known(); ++i) hidden &= ~bit(s.gratin()[size_t(i)]);
  for (int side = 0; side < 2; ++side)
    if (s.couple(side) != kNoCard && s.couple_known(side)) hidden &= ~bit(s.couple(side));

  // What each Gratin card would add to each seat's score and hopes.
  std::array<std::array<double, kGratinSize>, kMaxPlayers> gain{};
  for (Seat p = 0; p < n; ++p) {
    const auto won = s.area(p).won;
    uint64_t held = 0;
    for (Card c : won.span()) held |= bit(c);
    const double now = best_total(won.span()) + style.alliance * alliance_hopes(held, reachable);
    for (Card c = kPileSize; c < kDeckSize; ++c) {
      if (!(reachable & bit(c))) continue;
      auto more = won;
      more.push(c);
      gain[size_t(p)][size_t(c - kPileSize)] =
          best_total(more.span()) +
          style.alliance * alliance_hopes(held | bit(c), reachable & ~bit(c)) - now;
    }
  }

  Stakes st;
  for (int side = 0; side < 2; ++side) {
    if (s.couple(side) == kNoCard) continue;
    const uint64_t maybe = s.couple_known(side) ? bit(s.couple(side)) : hidden;
    const int count = __builtin_popcountll(maybe);
    if (count == 0) continue;
    for (Card c = kPileSize; c < kDeckSize; ++c) {
      if (!(maybe & bit(c))) continue;
      st.suit[size_t(side)][size_t(suit_of(c))] += 1.0 / count;
      for (Seat p = 0; p < n; ++p) {
        double rival = 0;
        for (Seat o = 0; o < n; ++o)
          if (o != p) rival = std::max(rival, gain[size_t(o)][size_t(c - kPileSize)]);
        st.worth[size_t(p)][size_t(side)] +=
            (gain[size_t(p)][size_t(c - kPileSize)] + style.deny * rival) / count;
      }
    }
  }
  return st;
}

double placement_worth(const SortilegesState& s, const Stakes& stakes, const Style& style,
                       Card card, int side) {
  const Seat me = s.current();
  const Unseen u = unseen_by(s, me);
  const int my_free = s.area(me).placements_left() - 1;
  double total = 0;
  for (int t = 0; t < 2; ++t) {
    if (s.couple(t) == kNoCard) continue;
    auto mine = s.area(me).placed[size_t(t)];
    if (t == side) mine.push(card);
    if (mine.size == 0 && my_free == 0) continue;
    const auto& suits = stakes.suit[size_t(t)];
    const double q = spell_worth(mine.span(), my_free, suits, u, style.looks_ahead);
    double p = mine.size == 0 ? 0.5 : 1.0;  // a couple card left bare now may be aimed at later
    for (Seat o = 0; o < s.players(); ++o) {
      if (o == me) continue;
      const auto& theirs = s.area(o).placed[size_t(t)];
      const int free = s.area(o).placements_left();
      if (theirs.size == 0 && free == 0) continue;
      // Without reading the others, every rival is a spell begun as well as any.
      const double r = style.reads_others
                           ? spell_worth(theirs.span(), free, suits, u, style.looks_ahead)
                           : kUnbegun[3];
      p *= 1.0 / (1.0 + std::exp((r - q) / kDoubt));
    }
    total += p * stakes.worth[size_t(me)][size_t(t)];
  }
  return total;
}

Action best_placement(const SortilegesState& s, const Stakes& stakes, const Style& style) {
  ActionList legal;
  s.legal_actions(s.current(), legal);
  Action best = legal.front();
  double top = -1e9;
  for (Action a : legal) {
    const double w = placement_worth(s, stakes, style, Card(a.code / 2), int(a.code % 2));
    if (w > top) top = w, best = a;
  }
  return best;
}

}  // namespace sabbat::sortileges
