// Redrawing what a viewer cannot see, the audit of cards and Crapzouilles, and the test hooks.
#include <algorithm>

#include "games/bal-des-sorcieres/incantation.hpp"
#include "games/bal-des-sorcieres/rules.hpp"

namespace sabbat::bal {

// The pile and the unseen part of the other hands are pooled, sorted (so that the redraw
// depends on what is hidden, never on where it lay) and dealt again, sizes kept.
std::unique_ptr<State> BalState::sample_hidden(Seat viewer, Rng& rng) const {
  auto out = std::make_unique<BalState>(*this);
  BalState& s = *out;
  std::array<Card, kCards> pool{};
  int n = 0;
  for (int i = 0; i < s.pile_size_; ++i) pool[size_t(n++)] = s.pile_[size_t(i)];
  std::array<int, kMaxPlayers> unseen{};
  // The viewer's own gifts of a Boule de cristal stay where she put them.
  const CardSet told = viewer >= 0 ? s.told_[size_t(viewer)] : CardSet{};
  for (Seat p = 0; p < s.options_.players; ++p) {
    if (p == viewer) continue;
    Witch& w = s.witches_[size_t(p)];
    for (int c = 0; c < kCards; ++c)
      if (w.hand.has(Card(c)) && !w.known.has(Card(c)) && !told.has(Card(c))) {
        pool[size_t(n++)] = Card(c);
        w.hand.remove(Card(c));
        ++unseen[size_t(p)];
      }
  }
  // Cards laid face down for a Boule de cristal: only their givers know them.
  for (int slot = 0; slot < 4; ++slot) {
    const Card c = s.crystal_.cards[size_t(slot)];
    if (c != kNoCard && s.crystal_.giver(slot) != viewer) pool[size_t(n++)] = c;
  }
  std::sort(pool.begin(), pool.begin() + n);
  rng.shuffle(pool.begin(), pool.begin() + n);
  int at = 0;
  // A witch throwing spells for "plus assez de cartes" holds no potion, as everyone saw.
  const Seat bare = s.phase_ == Phase::Restock ? s.restock_at_ : kNobody;
  if (bare != kNobody && bare != viewer) {
    std::stable_partition(pool.begin(), pool.begin() + n,
                          [](Card c) { return !is_potion_card(c); });
    for (int i = 0; i < unseen[size_t(bare)]; ++i)
      s.witches_[size_t(bare)].hand.add(pool[size_t(at++)]);
    rng.shuffle(pool.begin() + at, pool.begin() + n);
  }
  for (Seat p = 0; p < s.options_.players; ++p) {
    if (p == bare && bare != viewer) continue;
    for (int i = 0; i < unseen[size_t(p)]; ++i) s.witches_[size_t(p)].hand.add(pool[size_t(at++)]);
  }
  for (int slot = 0; slot < 4; ++slot) {
    Card& c = s.crystal_.cards[size_t(slot)];
    if (c != kNoCard && s.crystal_.giver(slot) != viewer) c = pool[size_t(at++)];
  }
  s.pile_size_ = 0;
  while (at < n) s.pile_[s.pile_size_++] = pool[size_t(at++)];
  // What the others know of the hands is theirs: of it, the viewer knows only the cards they
  // gave her.
  for (Seat p = 0; p < s.options_.players; ++p)
    if (p != viewer)
      s.told_[size_t(p)] =
          viewer >= 0 ? s.told_[size_t(p)] & s.witches_[size_t(viewer)].hand : CardSet{};
  // Who a window asks, and their answers, are theirs: the others are asked again by their
  // redrawn hands, as yet unanswered.
  for (Seat p = 0; p < s.options_.players; ++p)
    if (p != viewer) s.ask_again(p);
  s.rng_.reseed(rng.next());
  // Whether the witch to play has one move only is hidden with her hand: worked out again.
  s.refresh_forced();
  return out;
}

bool cards_conserved(const BalState& s) {
  return s.audit().ok();
}

Status BalState::audit() const {
  std::array<int, kCards> seen{};
  for (int i = 0; i < pile_size_; ++i) ++seen[pile_[size_t(i)]];
  for (int i = 0; i < discard_size_; ++i) ++seen[discard_[size_t(i)]];
  for (int i = 0; i < box_size_; ++i) ++seen[box_[size_t(i)]];
  // The attack's cards lie on the table from the attack to the end of the exchange.
  for (int i = 0; i < exchange_.card_count; ++i) ++seen[exchange_.cards[size_t(i)]];
  for (Card c : crystal_.cards)
    if (c != kNoCard) ++seen[c];
  for (Seat p = 0; p < options_.players; ++p) {
    CardSet others;
    for (Seat o = 0; o < options_.players; ++o)
      if (o != p) {
        others.w[0] |= witches_[size_t(o)].hand.w[0];
        others.w[1] |= witches_[size_t(o)].hand.w[1];
      }
    if ((told_[size_t(p)] & others) != told_[size_t(p)])
      return fail("seat " + std::to_string(p) + " knows of a card in no other hand");
  }
  for (Seat p = 0; p < options_.players; ++p) {
    const Witch& w = witches_[size_t(p)];
    if ((w.known & w.hand) != w.known)
      return fail("seat " + std::to_string(p) + " knows cards not in her hand");
    for (int c = 0; c < kCards; ++c) seen[size_t(c)] += w.hand.has(Card(c));
  }
  for (int c = 0; c < kCards; ++c)
    if (seen[size_t(c)] != 1)
      return fail("card " + std::to_string(c) + " is in " + std::to_string(seen[size_t(c)]) +
                  " places");
  for (Seat o = 0; o < options_.players; ++o) {
    int total = witches_[size_t(o)].dead;
    for (Seat h = 0; h < options_.players; ++h) total += witches_[size_t(h)].coffre[size_t(o)];
    if (total != kCrapzouilles)
      return fail("seat " + std::to_string(o) + " has " + std::to_string(total) +
                  " Crapzouilles in all, not 10");
    const Witch& w = witches_[size_t(o)];
    if (w.alive() > kCrapzouilles) return fail("seat " + std::to_string(o) + " holds over 10");
    if ((w.out_rank != 0) != (w.alive() == 0))
      return fail("seat " + std::to_string(o) + " is out if and only if her coffre is empty");
    if (w.out_rank != 0 && !w.hand.empty()) return fail("an eliminated witch holds cards");
  }
  std::array<int, kColours + 1> tokens{};
  for (int t = 0; t <= kColours; ++t) tokens[size_t(t)] = bowl_[size_t(t)];
  for (int i = 0; i < exchange_.token_count; ++i) ++tokens[exchange_.tokens[size_t(i)]];
  for (int t = 0; t <= kColours; ++t)
    if (tokens[size_t(t)] != kFarceCounts[size_t(t)]) return fail("farce tokens lost or added");
  CardSet discarded;
  for (int i = 0; i < discard_size_; ++i) discarded.add(discard_[size_t(i)]);
  if (discarded != discarded_) return fail("the discard pile and its set of cards differ");
  if (phase_ == Phase::Over && eliminated_count_ != options_.players - 1)
    return fail("the game ended with more than one witch at the ball");
  return audit_window();
}

// A window asks exactly the witches who hold an answer; each answers once, with a card she
// may play in it. Outside a window nothing is left of one.
Status BalState::audit_window() const {
  if (phase_ != Phase::Window)
    return window_ == Reaction{} ? Status{} : fail("a closed reaction window left answers");
  const Reaction& w = window_;
  for (Seat p = 0; p < kMaxPlayers; ++p) {
    const bool asked = p < options_.players && holds_answer(*this, p, w.kind);
    if (asked != w.asked.contains(p))
      return fail("seat " + std::to_string(p) +
                  (asked ? " holds an answer to the window but is not asked"
                         : " is asked in the window without an answer to play"));
    const uint32_t code = w.answers[size_t(p)];
    if (!w.answered.contains(p)) {
      if (code != 0) return fail("seat " + std::to_string(p) + " has an answer but did not answer");
      continue;
    }
    const ActionType t = decode(move_of(code)).type;
    const bool fits =
        t == ActionType::Pass ||
        (w.kind == WindowKind::Turn ? t == ActionType::Nananere || t == ActionType::Boule
                                    : t == ActionType::Miroir);
    if (!asked || !fits)
      return fail("seat " + std::to_string(p) + " answered the window with what she may not");
  }
  return {};
}

void BalState::ask_again(Seat p) {
  if (phase_ != Phase::Window) return;
  window_.answered.remove(p);
  window_.answers[size_t(p)] = 0;
  if (holds_answer(*this, p, window_.kind))
    window_.asked.add(p);
  else
    window_.asked.remove(p);
}

Status BalState::swap_with_pile(Seat seat, Card out, Card in) {
  if (seat < 0 || seat >= options_.players) return fail("no such seat");
  Witch& w = witches_[size_t(seat)];
  if (out >= kCards || !w.hand.has(out) || w.known.has(out))
    return fail("the card is not hidden in that hand");
  for (const CardSet& t : told_)
    if (t.has(out)) return fail("a witch knows the card is there");
  for (int i = 0; i < pile_size_; ++i)
    if (pile_[size_t(i)] == in) {
      pile_[size_t(i)] = out;
      w.hand.remove(out);
      w.hand.add(in);
      ask_again(seat);
      refresh_forced();
      return {};
    }
  return fail("the card is not in the pile");
}

Status BalState::set_hand(Seat seat, std::initializer_list<Card> cards) {
  if (seat < 0 || seat >= options_.players) return fail("no such seat");
  BalState next = *this;
  CardSet want;
  for (Card c : cards) {
    if (c >= kCards) return fail("no card " + std::to_string(c));
    if (kind_info(card_kind(c)).level > options_.level)
      return fail("card not played at this level");
    want.add(c);
  }
  // Take each wanted card from wherever it is; a hand that loses one gets a pile card back.
  for (Card c : cards) {
    for (int i = 0; i < next.pile_size_; ++i)
      if (next.pile_[size_t(i)] == c) next.pile_[size_t(i)] = next.pile_[--next.pile_size_];
    for (int i = 0; i < next.discard_size_; ++i)
      if (next.discard_[size_t(i)] == c) {
        std::copy(next.discard_.begin() + i + 1, next.discard_.begin() + next.discard_size_,
                  next.discard_.begin() + i);
        --next.discard_size_;
        next.discarded_.remove(c);
      }
    for (Seat p = 0; p < options_.players; ++p) {
      Witch& w = next.witches_[size_t(p)];
      if (p == seat || !w.hand.has(c)) continue;
      w.hand.remove(c);
      w.known.remove(c);
      for (CardSet& t : next.told_) t.remove(c);
      Card back = kNoCard;
      for (int i = 0; i < next.pile_size_ && back == kNoCard; ++i)
        if (!want.has(next.pile_[size_t(i)])) {
          back = next.pile_[size_t(i)];
          next.pile_[size_t(i)] = next.pile_[--next.pile_size_];
        }
      if (back == kNoCard) return fail("the pile cannot refill seat " + std::to_string(p));
      w.hand.add(back);
    }
  }
  Witch& me = next.witches_[size_t(seat)];
  for (int c = 0; c < kCards; ++c)
    if (me.hand.has(Card(c)) && !want.has(Card(c))) next.pile_[next.pile_size_++] = Card(c);
  me.hand = want;
  me.known = {};
  // A window open meanwhile asks the witches by their new hands.
  for (Seat p = 0; p < options_.players; ++p) next.ask_again(p);
  next.refresh_forced();
  *this = next;
  return {};
}

Status BalState::redeal(Seat seat, std::initializer_list<Card> cards) {
  if (round_ != 1 || tour_ != 1 || carabosse_ != options_.first_seat ||
      (phase_ != Phase::Attack && phase_ != Phase::Restock))
    return fail("a hand is dealt again only before the first attack");
  BalState next = *this;
  if (Status st = next.set_hand(seat, cards); !st.ok()) return st;
  Rules{next, nullptr}.restock(next.first_, false);
  next.refresh_forced();
  *this = next;
  return {};
}

Status BalState::set_alive(Seat seat, int alive) {
  if (seat < 0 || seat >= options_.players) return fail("no such seat");
  Witch& w = witches_[size_t(seat)];
  if (alive < 1 || alive > w.coffre[size_t(seat)]) return fail("alive from 1 to her own living");
  w.dead = uint8_t(w.dead + w.coffre[size_t(seat)] - alive);
  w.coffre[size_t(seat)] = uint8_t(alive);
  refresh_forced();
  return {};
}

}  // namespace sabbat::bal
