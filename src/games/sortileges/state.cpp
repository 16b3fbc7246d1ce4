// The course of a game: setup, rounds, turns, the reveal, the end.
#include "games/sortileges/state.hpp"

#include <algorithm>

#include "games/sortileges/scoring.hpp"

namespace sabbat::sortileges {

namespace {

constexpr auto kFullPile = [] {
  std::array<Card, kPileSize> pile{};
  for (int i = 0; i < kPileSize; ++i) pile[size_t(i)] = Card(i);
  return pile;
}();

std::string seat_name(Seat s) {
  return "Seat " + std::to_string(s);
}
std::string side_name(int side) {
  return side == kLeft ? "left" : "right";
}

std::string cards_pretty(std::span<const Card> cards) {
  std::string out;
  for (Card c : cards) out += (out.empty() ? "" : " ") + card_pretty(c, false);
  return out;
}

}  // namespace

// Setup: "On sépare figures et as ... on les mélange pour en faire une pile, le Gratin."
SortilegesState::SortilegesState(const Options& options, uint64_t seed)
    : State(TurnBased{}), options_(options), rng_(seed) {
  for (int i = 0; i < kGratinSize; ++i) gratin_[size_t(i)] = Card(kPileSize + i);
  gratin_size_ = kGratinSize;
  rng_.shuffle(gratin_.begin(), gratin_.end());
  pile_ = kFullPile;
  pile_size_ = kPileSize;
  start_round(nullptr);
}

SeatSet SortilegesState::actors() const {
  return terminal_ ? SeatSet() : SeatSet::only(current_);
}

Card SortilegesState::draw_from_pile() {
  // Drawing a uniform card from what is left is the same as drawing from a shuffled pile.
  while (forced_head_ < forced_size_) {
    const Card want = forced_[forced_head_++];
    for (int i = 0; i < pile_size_; ++i) {
      if (pile_[size_t(i)] != want) continue;
      pile_[size_t(i)] = pile_[--pile_size_];
      return want;
    }
  }
  const auto i = rng_.below(pile_size_);
  const Card c = pile_[i];
  pile_[i] = pile_[--pile_size_];
  return c;
}

Card SortilegesState::draw_from_gratin(bool& known) {
  const Card c = gratin_[--gratin_size_];
  known = gratin_size_ < gratin_known_;
  gratin_known_ = std::min(gratin_known_, gratin_size_);
  return c;
}

// "On tire deux cartes du Gratin, qu'on pose, face cachée ... Cela représente un couple."
void SortilegesState::start_round(Events* events) {
  ++round_;
  round_first_ = options_.first_player == FirstPlayer::Fixed
                     ? options_.first_seat
                     : (options_.first_seat + round_ - 1) % options_.players;
  couple_ = {kNoCard, kNoCard};
  couple_known_ = {false, false};
  bool known = false;
  couple_[kLeft] = draw_from_gratin(known);
  couple_known_[kLeft] = known;
  // Only when couple cards went back under the Gratin can a single card be left: it is
  // played for alone, under "left".
  if (gratin_size_ > 0) {
    couple_[kRight] = draw_from_gratin(known);
    couple_known_[kRight] = known;
  }
  turn_ = 0;
  current_ = round_first_;
  if (events) {
    const bool single = couple_[kRight] == kNoCard;
    Event e{Audience::everyone(options_.players),
            "round-started",
            "Round " + std::to_string(round_) + ": " +
                (single ? std::string("the last Gratin card is laid face down, alone")
                        : std::string("two Gratin cards are laid face down as the couple")) +
                "; " + seat_name(round_first_) + " plays first.",
            {{"round", round_},
             {"first_player", round_first_},
             {"couple_cards", single ? 1 : 2},
             {"gratin_size", gratin_size_}}};
    events->push_back(std::move(e));
  }
  begin_turn(events);
}

// "Elle tire deux cartes, et en défausse une."
void SortilegesState::begin_turn(Events* events) {
  auto& hand = areas_[size_t(current_)].hand;
  if (forced_head_ < forced_size_) [[unlikely]] {
    hand.clear();
    hand.push(draw_from_pile());
    hand.push(draw_from_pile());
  } else {
    // Two uniform cards from what is left, with one word of the generator.
    const uint32_t n = pile_size_;
    const auto [i, j] = rng_.below2(n, n - 1);
    hand.cards[0] = pile_[i];
    pile_[i] = pile_[n - 1];
    hand.cards[1] = pile_[j];
    pile_[j] = pile_[n - 2];
    hand.size = 2;
    pile_size_ = uint8_t(n - 2);
  }
  if (events) [[unlikely]]
    narrate_draw(*events);
}

void SortilegesState::narrate_draw(Events& events) const {
  const PlayerArea& a = areas_[size_t(current_)];
  events.push_back({Audience::only(current_),
                    "drawn",
                    "You draw " + card_pretty(a.hand.cards[0], false) + " and " +
                        card_pretty(a.hand.cards[1], false) + ".",
                    {{"seat", current_}, {"cards", cards_json(a.hand.span())}}});
}

Status SortilegesState::refusal(Seat seat, Action action) const {
  // A code no game produces is named as such, whoever sends it.
  if (action.code >= kActionCodes) {
    const std::string what = seat == current_ && !terminal_
                                 ? "place one of your cards (" + hand_text(seat) + ")"
                                 : "an action places a card of the hand";
    return fail(action_text(action) + ": no action of Sortil\u00e8ges has this code; " + what +
                " under left or right, e.g. 'place 7H under left'");
  }
  if (seat != current_ || terminal_) return refuse_idle(seat, action);
  const Card card = Card(action.code / 2);
  if (!areas_[size_t(seat)].hand.contains(card))
    return fail(card_text(card) + " is not in your hand; you hold " + hand_text(seat));
  return fail("there is no right couple card this round (one Gratin card was left); place " +
              card_text(card) + " under left");
}

// "Elle pose l'autre en dessous d'une des deux cartes couple. Puis au tour du joueur suivant."
Status SortilegesState::do_apply(Seat seat, Action action, GameTime now, Events* events) {
  const Card card = Card(action.code / 2);
  const int side = int(action.code % 2);
  // Any seat but the clock comes here (the state is turn-based): only the current player,
  // who holds two cards until the game is over, may place one.
  PlayerArea& a = areas_[size_t(current_)];
  // The hand holds the two cards drawn; which one is placed is the player's whim, so it is
  // found without a branch.
  const bool first = a.hand.cards[0] == card;
  const unsigned legal = unsigned(seat == current_) & unsigned(action.code < kActionCodes) &
                         unsigned(a.hand.size == 2) &
                         (unsigned(first) | unsigned(a.hand.cards[1] == card)) &
                         unsigned(couple_[size_t(side)] != kNoCard);
  if (!legal) [[unlikely]]
    return refusal(seat, action);

  set_now(now);
  const Card discarded = a.hand.cards[first];
  a.hand.clear();
  a.placed[size_t(side)].push(card);
  spells_[size_t(seat)][size_t(side)].add(card);
  a.discards.push(discarded);
  if (events) [[unlikely]]
    narrate_placement(seat, card, side, discarded, *events);

  // "Et ainsi de suite jusqu'à ce que trois chacun soient en dessous du couple."
  if (++turn_ < kPlacementsPerRound * options_.players) {
    current_ = current_ + 1 == options_.players ? 0 : current_ + 1;
    begin_turn(events);
    return {};
  }
  resolve_round(events);
  // "Une fois toute la clique royale zigouillée, c'est la fin de la partie."
  if (gratin_size_ == 0) {
    terminal_ = true;
    if (events) narrate_end(*events);
    return {};
  }
  start_round(events);
  return {};
}

void SortilegesState::narrate_placement(Seat seat, Card card, int side, Card discarded,
                                        Events& events) const {
  events.push_back({Audience::everyone(options_.players),
                    "placed",
                    seat_name(seat) + " places " + card_pretty(card, false) + " under the " +
                        side_name(side) + " couple card.",
                    {{"seat", seat}, {"card", card_text(card)}, {"side", side_name(side)}}});
  Audience others = Audience::everyone(options_.players);
  others.seats.remove(seat);
  events.push_back(
      {others, "discarded", seat_name(seat) + " discards a card face down.", {{"seat", seat}}});
  events.push_back({Audience::only(seat),
                    "discarded",
                    "You discard " + card_pretty(discarded, false) + " face down.",
                    {{"seat", seat}, {"card", card_text(discarded)}}});
}

void SortilegesState::narrate_end(Events& events) const {
  auto s = scores();
  auto r = ranks();
  // The result itself is shown once, by the final view (or replay's result).
  events.push_back({Audience::everyone(options_.players),
                    "game-over",
                    "The game is over: the Gratin is empty.",
                    {{"scores", s}, {"ranks", r}}});
}

// "On retourne alors les deux cartes couple, et l'on voit qui a le sortilège le plus fort."
void SortilegesState::resolve_round(Events* events) {
  const int n = options_.players;
  Reveal& r = reveal_;
  r = Reveal{};
  r.round = round_;
  r.couple = couple_;
  std::array<std::array<uint32_t, 2>, kMaxPlayers> strength;
  for (Seat p = 0; p < n; ++p) {
    for (int side = 0; side < 2; ++side) {
      r.placed[size_t(p)][size_t(side)] = areas_[size_t(p)].placed[size_t(side)];
      strength[size_t(p)][size_t(side)] = 0;
      if (couple_[size_t(side)] == kNoCard) continue;
      strength[size_t(p)][size_t(side)] =
          spells_[size_t(p)][size_t(side)].strength(suit_of(couple_[size_t(side)]));
      // Demonicus "remporte les 2 cartes quoi qu'il arrive".
      if (spell_of_strength(strength[size_t(p)][size_t(side)]) == Spell::Demonicus)
        r.demonicus = int8_t(p);
    }
  }
  for (int side = 0; side < 2; ++side) {
    if (couple_[size_t(side)] == kNoCard) continue;
    int best = r.demonicus;
    if (best < 0) {
      // Without branches on the strengths, which no predictor can guess.
      uint32_t top = 0;
      for (Seat p = 0; p < n; ++p) {
        const uint32_t s = strength[size_t(p)][size_t(side)];
        best = s > top ? p : best;
        top = std::max(top, s);
      }
    }
    const Card c = couple_[size_t(side)];
    if (best >= 0) {
      r.fate[size_t(side)] = Fate::Won;
      r.winner[size_t(side)] = int8_t(best);
      areas_[size_t(best)].won.push(c);
    } else if (options_.unclaimed == Unclaimed::Removed) {
      r.fate[size_t(side)] = Fate::Removed;
      removed_.push(c);
    } else {
      // Returned face down under the Gratin: it comes out again, and everyone knows it.
      r.fate[size_t(side)] = Fate::UnderGratin;
      for (int i = gratin_size_; i > 0; --i) gratin_[size_t(i)] = gratin_[size_t(i - 1)];
      gratin_[0] = c;
      ++gratin_size_;
      ++gratin_known_;
    }
  }
  couple_ = {kNoCard, kNoCard};
  couple_known_ = {false, false};

  if (events) {
    std::string text = "Round " + std::to_string(round_) + " revealed:";
    for (int side = 0; side < 2; ++side) {
      const Card c = r.couple[size_t(side)];
      if (c == kNoCard) continue;
      text += std::string(side == kLeft ? " the " : "; the ") + side_name(side) + " card is " +
              card_pretty(c, false);
      switch (r.fate[size_t(side)]) {
        case Fate::Won: {
          const Seat w = r.winner[size_t(side)];
          const auto& cards = r.placed[size_t(w)][size_t(side)];
          if (r.demonicus >= 0) {
            text += ", taken by " + seat_name(w) + "'s Demonicus";
          } else {
            text += ", won by " + seat_name(w) + " with " +
                    std::string(spell_name(best_spell(cards.span(), suit_of(c)))) + " (" +
                    cards_pretty(cards.span()) + ")";
          }
          break;
        }
        case Fate::Removed:
          text += ", unclaimed and removed from the game";
          break;
        case Fate::UnderGratin:
          text += ", unclaimed and returned face down under the Gratin";
          break;
        case Fate::Absent:
          break;
      }
    }
    events->push_back({Audience::everyone(n), "round-revealed", text + ".", reveal_json(r, n)});
  }

  // "Tous ... placent les cartes tirées dans la défausse, qui retourne sous la pile
  // Sortilèges, et on mélange."
  for (auto& a : areas_) {
    a.hand.clear();
    a.discards.clear();
    a.placed[0].clear();
    a.placed[1].clear();
  }
  spells_ = {};
  pile_ = kFullPile;
  pile_size_ = kPileSize;
}

std::vector<int> SortilegesState::scores() const {
  std::vector<int> out(size_t(options_.players));
  for (Seat p = 0; p < options_.players; ++p)
    out[size_t(p)] = best_total(areas_[size_t(p)].won.span());
  return out;
}

std::string SortilegesState::hand_text(Seat seat) const {
  const auto& hand = areas_[size_t(seat)].hand;
  if (hand.size == 0) return "no cards";
  if (hand.size == 1) return card_text(hand.cards[0]);
  return card_text(hand.cards[0]) + " and " + card_text(hand.cards[1]);
}

bool SortilegesState::same_as(const State& other) const {
  const auto* o = dynamic_cast<const SortilegesState*>(&other);
  return o && *o == *this;
}

std::unique_ptr<State> SortilegesState::clone() const {
  return std::make_unique<SortilegesState>(*this);
}

}  // namespace sabbat::sortileges
