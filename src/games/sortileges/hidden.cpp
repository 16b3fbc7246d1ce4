// Hidden information: resampling what a viewer cannot see, the card audit, and the test
// hooks that lay out hand-made scenarios.
#include <algorithm>

#include "games/sortileges/state.hpp"

namespace sabbat::sortileges {

namespace {

// Pointers to every hidden slot; their cards are shuffled among them.
template <size_t N>
struct Slots {
  std::array<Card*, N> at{};
  size_t size = 0;
  void add(Card* slot) { at[size++] = slot; }
  // Deals the slots' cards anew. They are sorted first, so that the deal depends on which
  // cards are hidden and on `rng`, never on where they lay (a searching bot must not be able
  // to tell two states apart that its seat cannot).
  void shuffle(Rng& rng) {
    std::array<Card, N> cards{};
    for (size_t i = 0; i < size; ++i) cards[i] = *at[i];
    std::sort(cards.begin(), cards.begin() + long(size));
    rng.shuffle(cards.begin(), cards.begin() + long(size));
    for (size_t i = 0; i < size; ++i) *at[i] = cards[i];
  }
};

}  // namespace

std::unique_ptr<State> SortilegesState::sample_hidden(Seat viewer, Rng& rng) const {
  auto out = std::make_unique<SortilegesState>(*this);
  SortilegesState& s = *out;
  // The Gratin below its known bottom, and the face-down couple cards nobody knows.
  Slots<kGratinSize + 2> gratin;
  for (int i = s.gratin_known_; i < s.gratin_size_; ++i) gratin.add(&s.gratin_[size_t(i)]);
  for (int side = 0; side < 2; ++side)
    if (s.couple_[size_t(side)] != kNoCard && !s.couple_known_[size_t(side)])
      gratin.add(&s.couple_[size_t(side)]);
  gratin.shuffle(rng);
  // The pile, and the hands and discards of the others (all of them for a spectator).
  Slots<kPileSize> pile;
  for (int i = 0; i < s.pile_size_; ++i) pile.add(&s.pile_[size_t(i)]);
  for (Seat p = 0; p < s.options_.players; ++p) {
    if (p == viewer) continue;
    PlayerArea& a = s.areas_[size_t(p)];
    for (int i = 0; i < a.hand.size; ++i) pile.add(&a.hand.cards[size_t(i)]);
    for (int i = 0; i < a.discards.size; ++i) pile.add(&a.discards.cards[size_t(i)]);
  }
  pile.shuffle(rng);
  // The future draws are unknown too.
  s.forced_head_ = s.forced_size_ = 0;
  s.rng_.reseed(rng.next());
  return out;
}

std::array<int, kDeckSize> SortilegesState::card_counts() const {
  std::array<int, kDeckSize> count{};
  auto add = [&](std::span<const Card> cards) {
    for (Card c : cards)
      if (c < kDeckSize) ++count[c];
  };
  add(gratin());
  add(pile());
  add(removed_.span());
  for (Card c : couple_)
    if (c != kNoCard && c < kDeckSize) ++count[c];
  for (Seat p = 0; p < options_.players; ++p) {
    const PlayerArea& a = areas_[size_t(p)];
    add(a.hand.span());
    add(a.discards.span());
    add(a.placed[0].span());
    add(a.placed[1].span());
    add(a.won.span());
  }
  return count;
}

bool cards_conserved(const State& state) {
  const auto* s = dynamic_cast<const SortilegesState*>(&state);
  if (!s) return false;
  const auto count = s->card_counts();
  return std::all_of(count.begin(), count.end(), [](int k) { return k == 1; });
}

Status SortilegesState::audit() const {
  const auto count = card_counts();
  for (int c = 0; c < kDeckSize; ++c)
    if (count[size_t(c)] != 1)
      return fail("card " + card_text(Card(c)) + " is found " + std::to_string(count[size_t(c)]) +
                  " times");
  for (Card c : pile())
    if (!is_pile_card(c)) return fail(card_text(c) + " is in the Sortileges pile");
  for (Card c : gratin())
    if (!is_gratin_card(c)) return fail(card_text(c) + " is in the Gratin");
  if (gratin_known_ > gratin_size_) return fail("more known Gratin cards than Gratin cards");
  int placed = 0;
  for (Seat p = 0; p < options_.players; ++p) {
    const PlayerArea& a = areas_[size_t(p)];
    const int n = a.placed[0].size + a.placed[1].size;
    if (n > kPlacementsPerRound) return fail("seat " + std::to_string(p) + " placed too many");
    if (a.discards.size != n) return fail("seat " + std::to_string(p) + " discards != placements");
    if (a.hand.size != (!terminal_ && p == current_ ? 2 : 0))
      return fail("seat " + std::to_string(p) + " holds " + std::to_string(a.hand.size) + " cards");
    for (Card c : a.won.span())
      if (!is_gratin_card(c)) return fail(card_text(c) + " was won");
    for (int side = 0; side < 2; ++side) {
      SpellSoFar spell;
      for (Card c : a.placed[size_t(side)].span()) spell.add(c);
      if (!(spell == spells_[size_t(p)][size_t(side)]))
        return fail("seat " + std::to_string(p) + "'s spell under " +
                    (side == kLeft ? "left" : "right") + " is not gathered from its cards");
    }
    placed += n;
  }
  if (placed != (terminal_ ? 0 : turn_)) return fail("placements do not match the turn");
  if (!terminal_ && current_ != (round_first_ + turn_) % options_.players)
    return fail("the current player is not the one whose turn it is");
  if (!terminal_ && couple_[kLeft] == kNoCard) return fail("no couple card during a round");
  if (terminal_ && gratin_size_ != 0) return fail("the game ended with cards in the Gratin");
  return {};
}

Status SortilegesState::set_hand(Card a, Card b) {
  if (terminal_) return fail("the game is over");
  if (a == b) return fail("the two cards must differ");
  PlayerArea& area = areas_[size_t(current_)];
  for (Card c : {a, b}) {
    bool found = area.hand.contains(c);
    for (int i = 0; i < pile_size_; ++i) found = found || pile_[size_t(i)] == c;
    if (!found) return fail(card_text(c) + " is neither in the pile nor in the hand");
  }
  for (Card c : area.hand.span()) pile_[pile_size_++] = c;
  area.hand.clear();
  for (Card c : {a, b}) {
    for (int i = 0; i < pile_size_; ++i) {
      if (pile_[size_t(i)] != c) continue;
      pile_[size_t(i)] = pile_[--pile_size_];
      break;
    }
    area.hand.push(c);
  }
  return {};
}

Status SortilegesState::set_next_draws(std::span<const Card> cards) {
  if (cards.size() > forced_.size()) return fail("too many cards");
  for (size_t i = 0; i < cards.size(); ++i) {
    if (!is_pile_card(cards[i])) return fail(card_text(cards[i]) + " is not a pile card");
    for (size_t j = 0; j < i; ++j)
      if (cards[j] == cards[i]) return fail(card_text(cards[i]) + " is listed twice");
  }
  forced_head_ = 0;
  forced_size_ = uint8_t(cards.size());
  std::copy(cards.begin(), cards.end(), forced_.begin());
  return {};
}

Status SortilegesState::set_couple(Card left, Card right) {
  if (terminal_) return fail("the game is over");
  if (left == right) return fail("the couple cards must differ");
  for (int side = 0; side < 2; ++side) {
    const Card c = side == kLeft ? left : right;
    if (couple_[size_t(side)] == kNoCard) {
      if (c != kNoCard)
        return fail("there is no " + std::string(side ? "right" : "left") +
                    " couple card this round");
      continue;
    }
    bool found = couple_[0] == c || couple_[1] == c;
    for (int i = gratin_known_; i < gratin_size_; ++i) found = found || gratin_[size_t(i)] == c;
    if (!found) return fail(card_text(c) + " is neither in the hidden Gratin nor in the couple");
  }
  for (int side = 0; side < 2; ++side) {
    const Card c = side == kLeft ? left : right;
    if (c == kNoCard || couple_[size_t(side)] == c) continue;
    // Swap with wherever the card is now.
    Card* where = nullptr;
    for (int i = gratin_known_; i < gratin_size_; ++i)
      if (gratin_[size_t(i)] == c) where = &gratin_[size_t(i)];
    if (couple_[size_t(1 - side)] == c) where = &couple_[size_t(1 - side)];
    std::swap(*where, couple_[size_t(side)]);
    couple_known_[size_t(side)] = false;
  }
  return {};
}

Status SortilegesState::set_gratin_next(std::span<const Card> first_out_first) {
  const int hidden = gratin_size_ - gratin_known_;
  if (int(first_out_first.size()) > hidden)
    return fail("only " + std::to_string(hidden) + " hidden Gratin cards");
  auto gratin = gratin_;
  for (size_t k = 0; k < first_out_first.size(); ++k) {
    const Card c = first_out_first[k];
    const size_t target = size_t(gratin_size_) - 1 - k;  // the top is the last slot
    int at = -1;
    for (int i = gratin_known_; i <= int(target); ++i)
      if (gratin[size_t(i)] == c) at = i;
    if (at < 0) return fail(card_text(c) + " is not in the hidden Gratin (or is listed twice)");
    std::swap(gratin[size_t(at)], gratin[target]);
  }
  gratin_ = gratin;
  return {};
}

}  // namespace sabbat::sortileges
