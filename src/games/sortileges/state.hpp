#pragma once
// The state of a game of Sortilèges, in fixed-size arrays: clone and apply never allocate.
#include <array>
#include <cstdint>
#include <span>

#include "core/game.hpp"
#include "games/sortileges/cards.hpp"
#include "games/sortileges/spells.hpp"

namespace sabbat {
class JsonWriter;
}

namespace sabbat::sortileges {

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;
inline constexpr int kPlacementsPerRound = 3;  // "trois chacun ... en dessous du couple"
inline constexpr int kLeft = 0;
inline constexpr int kRight = 1;

// What happens to a couple card nobody placed under.
enum class Unclaimed : uint8_t { Removed, UnderGratin };
// Who starts the later rounds.
enum class FirstPlayer : uint8_t { Rotates, Fixed };

struct Options {
  int players = 4;
  Unclaimed unclaimed = Unclaimed::Removed;
  FirstPlayer first_player = FirstPlayer::Rotates;
  int first_seat = 0;
  bool operator==(const Options&) const = default;
};

// A few cards in a fixed array.
template <int N>
struct CardList {
  std::array<Card, N> cards{};
  uint8_t size = 0;

  void push(Card c) { cards[size++] = c; }
  void clear() { size = 0; }
  int find(Card c) const {
    for (int i = 0; i < size; ++i)
      if (cards[size_t(i)] == c) return i;
    return -1;
  }
  bool contains(Card c) const { return find(c) >= 0; }
  // Order is kept (placements are shown in the order they were made).
  void erase_at(int i) {
    for (int j = i; j + 1 < size; ++j) cards[size_t(j)] = cards[size_t(j + 1)];
    --size;
  }
  std::span<const Card> span() const { return {cards.data(), size}; }
  bool operator==(const CardList&) const = default;
};

struct PlayerArea {
  CardList<2> hand;                        // the two cards drawn this turn: the current player only
  CardList<kPlacementsPerRound> discards;  // face down, this round
  std::array<CardList<kPlacementsPerRound>, 2> placed;  // face up, under left and right
  CardList<kGratinSize> won;                            // Gratin cards won so far
  int placements_left() const { return kPlacementsPerRound - placed[0].size - placed[1].size; }
  bool operator==(const PlayerArea&) const = default;
};
static_assert(sizeof(PlayerArea) == 32);

// What became of a couple card at the reveal.
enum class Fate : uint8_t { Absent, Won, Removed, UnderGratin };

// The end of the last round, kept for everyone to read.
struct Reveal {
  int round = 0;  // 0 until a round has been revealed
  std::array<Card, 2> couple{kNoCard, kNoCard};
  std::array<Fate, 2> fate{Fate::Absent, Fate::Absent};
  std::array<int8_t, 2> winner{-1, -1};
  int8_t demonicus = -1;  // the seat whose Demonicus took both couple cards
  std::array<std::array<CardList<kPlacementsPerRound>, 2>, kMaxPlayers> placed{};
  bool operator==(const Reveal&) const = default;
};

class SortilegesState final : public State {
 public:
  // A new game: the Gratin shuffled, round 1 laid out, the first player's two cards drawn.
  SortilegesState(const Options& options, uint64_t seed);

  int players() const override { return options_.players; }
  SeatSet actors() const override;
  void legal_actions(Seat seat, ActionList& out) const override;
  uint32_t legal_count(Seat seat) const override;
  Action legal_at(Seat seat, uint32_t index) const override;
  // Without the two virtual calls of the default: random playouts call it before every move.
  MaybeAction random_legal(Seat seat, Rng& rng) const override;
  std::string idle_reason(Seat seat, Action action) const override;
  std::string action_text(Action action) const override;
  bool terminal() const override { return terminal_; }
  std::vector<int> scores() const override;
  json view(Seat viewer) const override;
  // Everything but the viewer's own cards is the same for every seat: written once.
  void view_texts(std::span<const Seat> viewers, std::vector<std::string>& out) const override;
  json full_state() const override;
  std::unique_ptr<State> clone() const override;
  std::unique_ptr<State> sample_hidden(Seat viewer, Rng& rng) const override;
  Status audit() const override;
  bool same_as(const State& other) const override;
  bool operator==(const SortilegesState&) const = default;
  // components.hpp: the card placed and, with her third card of a round, her spells.
  void components_played(Seat seat, Action action, std::vector<int>& out) const override;
  void components_held(Seat seat, std::vector<int>& out) const override;

  // The parts of a view, as members of one JSON object: what every seat sees, and what only
  // `viewer` does (with its number).
  void write_shared_view(JsonWriter& w) const;
  void write_own_view(JsonWriter& w, Seat viewer) const;

  // Read access, for the views, tests and bots.
  const Options& options() const { return options_; }
  int round() const { return round_; }
  Seat current() const { return current_; }
  Seat round_first_player() const { return round_first_; }
  int turn_in_round() const { return turn_; }
  // Bottom first: the top, the next card out, is the last one.
  std::span<const Card> gratin() const { return {gratin_.data(), gratin_size_}; }
  // How many cards at the bottom of the Gratin everyone knows (couple cards returned under).
  int gratin_known() const { return gratin_known_; }
  Card couple(int side) const { return couple_[size_t(side)]; }
  // Whether everyone already knows this face-down couple card (it came back from under the
  // Gratin).
  bool couple_known(int side) const { return couple_known_[size_t(side)]; }
  std::span<const Card> pile() const { return {pile_.data(), pile_size_}; }
  const PlayerArea& area(Seat seat) const { return areas_[size_t(seat)]; }
  std::span<const Card> removed() const { return removed_.span(); }
  const Reveal& last_reveal() const { return reveal_; }
  const Rng& rng() const { return rng_; }
  // How many times each card is found in any zone: all ones when cards are conserved.
  std::array<int, kDeckSize> card_counts() const;

  // Test hooks for hand-made scenarios. Each keeps every card in exactly one place and, on
  // error, changes nothing.
  // The current player's two cards, taken from the pile or the current hand.
  Status set_hand(Card a, Card b);
  // The next cards drawn from the pile, in order (each in the pile now).
  Status set_next_draws(std::span<const Card> cards);
  // This round's couple cards, taken from the hidden Gratin or the couple.
  Status set_couple(Card left, Card right);
  // The next Gratin cards out, first out first, taken from the hidden part of the Gratin.
  Status set_gratin_next(std::span<const Card> first_out_first);

 protected:
  Status do_apply(Seat seat, Action action, GameTime now, Events* events) override;
  Result<Action> do_parse_action(Seat seat, std::string_view text) const override;

 private:
  // A lone last Gratin card leaves one couple card: the placement is under "left" only.
  int sides() const { return couple_[kRight] == kNoCard ? 1 : 2; }
  void start_round(Events* events);
  // Why do_apply refuses `action` (kept out of its way).
  [[gnu::cold, gnu::noinline]] Status refusal(Seat seat, Action action) const;
  // Narration, kept out of the way of simulations, which pass no events.
  [[gnu::noinline]] void narrate_draw(Events& events) const;
  [[gnu::noinline]] void narrate_end(Events& events) const;
  [[gnu::noinline]] void narrate_placement(Seat seat, Card card, int side, Card discarded,
                                           Events& events) const;
  // Inlined into do_apply: it follows every move.
  [[gnu::always_inline]] inline void begin_turn(Events* events);
  void resolve_round(Events* events);
  Card draw_from_pile();
  Card draw_from_gratin(bool& known);
  std::string hand_text(Seat seat) const;

  Options options_;
  Rng rng_;
  std::array<Card, kGratinSize> gratin_{};  // bottom first
  uint8_t gratin_size_ = 0;
  uint8_t gratin_known_ = 0;
  std::array<Card, 2> couple_{kNoCard, kNoCard};
  std::array<bool, 2> couple_known_{false, false};
  std::array<Card, kPileSize> pile_{};  // a set: draws take a uniform index
  uint8_t pile_size_ = 0;
  std::array<Card, kPileSize> forced_{};  // test hook: the next draws
  uint8_t forced_head_ = 0;
  uint8_t forced_size_ = 0;
  std::array<PlayerArea, kMaxPlayers> areas_{};  // 32 bytes each, for cheap indexing
  // The cards placed under left and right by each player, ready to be judged.
  std::array<std::array<SpellSoFar, 2>, kMaxPlayers> spells_{};
  CardList<kGratinSize> removed_;
  Reveal reveal_;
  int round_ = 0;
  Seat round_first_ = 0;
  Seat current_ = 0;
  int turn_ = 0;  // 0 .. 3 * players - 1 within the round
  bool terminal_ = false;
};

// Card texts as a JSON array: ["7H", "10S"].
json cards_json(std::span<const Card> cards);
// The reveal of a round, public: couple cards, every spell under each, who won what.
json reveal_json(const Reveal& reveal, int players);

// True when each of the 52 cards is in exactly one place (false for another game's state).
bool cards_conserved(const State& state);

// Action codes: card * 2 + side.
constexpr uint32_t encode_place(Card card, int side) {
  return uint32_t(card) * 2 + uint32_t(side);
}
inline constexpr uint32_t kActionCodes = kDeckSize * 2;

}  // namespace sabbat::sortileges
