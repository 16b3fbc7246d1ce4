#pragma once
// The state of a race, in fixed-size arrays: clone, apply and legal_actions never allocate.
//
// A turn: (setup: novices choose their square) → book open (phase 1, real time) → writing
// (phase 2, simultaneous: a formula, and a second one with Double-jeu in hand; Décret look) →
// reveal (phase 3, immediate) → resolution (phase 4:
// for each witch in order, formula spells, move, keep a drawn card, spells after the move) →
// the curse token moves → the next turn or the end. A Brouillard reaction window can open
// over any of these whenever a spell is played.
#include <array>
#include <cstdint>
#include <initializer_list>

#include "core/game.hpp"
#include "games/du-balai/actions.hpp"
#include "games/du-balai/data.hpp"
#include "games/du-balai/formula.hpp"
#include "games/du-balai/track.hpp"

namespace sabbat::du_balai {

inline constexpr int kMinPlayers = 2;

enum class Pilot : uint8_t { Normal, Novice, Expert };

struct Options {
  int players = 4;
  std::array<Pilot, kMaxPlayers> pilots{};
  GameTime setup_time = 30000;     // novices choose their square; then the clock starts them
  int late_novice_square = 5;      // where the clock starts a novice who did not choose
  GameTime book_time = 20000;      // when nobody may close it (all on −2), the book closes alone
  bool show_hands_at_end = false;  // the end shows every hand, not only the acrobatics
  GameTime formula_time = 30000;   // phase 2
  GameTime decret_time = 10000;    // Décret look
  GameTime decret_time_expert = 5000;
  GameTime reaction_time = 5000;  // Brouillard window
  GameTime spell_time = 15000;    // a resolving witch's choices in phase 4
  int max_turns = 50;  // a guard for bots and simulations: the race stops after this turn; 0: none
  // "A forced move is not asked" (forced.cpp): a witch whose only move is one the rules force
  // on her is not an actor; the table plays it at `least_time` into the step or window, a wait
  // every step and window of phase 4 keeps whoever is asked. Off in records made before it.
  // The game's parameter forced_moves turns it on by default; bare Options, as the rule book.
  bool forced_played = false;
  GameTime least_time = 2000;
  bool operator==(const Options&) const = default;
};

enum class Phase : uint8_t { Setup, BookOpen, Writing, DecretLook, Resolving, Over };
// The step of the resolving witch in phase 4.
enum class Step : uint8_t { FormulaSpells, Keep, AfterMove };

// A spell waiting for the end of its Brouillard window.
struct Pending {
  bool open = false;
  Action spell;  // the spell played
  int8_t caster = -1;
  int8_t last = -1;  // the seat that played last: the spell's caster or the last Brouillard
  uint8_t fogs = 0;  // Brouillards played on it: an odd count cancels it
  SeatSet passed;    // seats that let the window go
  GameTime return_deadline = 0;  // the deadline of what the window interrupted
  bool operator==(const Pending&) const = default;
};

// Magie noire cards by kind.
using Hand = std::array<uint8_t, kCardKinds>;

// Where a witch's second formula stands this turn. Only a witch holding Double-jeu when she
// writes may write one, with her formula in the same action (phase 2); it counts once
// Double-jeu takes effect (phase 4).
enum class Second : uint8_t {
  Unavailable,  // none written
  Written,      // written, face down; it does not count yet
  Cast,         // Double-jeu was played on it and cancelled: it does not count
  Counts,       // Double-jeu took effect
};

struct Witch {
  Pilot pilot = Pilot::Normal;
  Hand hand{};
  std::array<Formula, 2> formula{};  // [1]: the second formula
  uint8_t formulas = 0;              // written: 0 (none yet, or `formula none`), 1 or 2
  bool written = false;              // her (first) formula is written
  Second second = Second::Unavailable;
  bool started = true;  // false for a novice who has not yet chosen her square
  int hand_count() const;
  // The formulas that take effect: the first, and the second once Double-jeu made it count.
  int counted() const { return second == Second::Counts ? 2 : formulas > 0 ? 1 : 0; }
  bool writing() const { return !written; }
  bool operator==(const Witch&) const = default;
};

// What happened at one witch's move (kept until the next reveal), for views and tests.
struct Outcome {
  bool resolved = false;
  std::array<Formula, 2> formula{};  // those that counted, as judged after the formula spells
  uint8_t formulas = 0;
  std::array<Verdict, 2> verdict{};
  bool same_colour = false;      // two valid formulas of one colour: a fall
  bool fell = false;             // Double-jeu failed (a forbidden formula, or one colour)
  bool bonus_cancelled = false;  // perfect on the curse square, or an expert
  bool penalty = false;          // the closer's invalid formula (2 squares back)
  int8_t from = 0;
  int8_t to = 0;
  bool operator==(const Outcome&) const = default;
};

class DuBalaiState final : public State {
 public:
  DuBalaiState(const Options& options, uint64_t seed);

  int players() const override { return o_.players; }
  SeatSet actors() const override;
  void legal_actions(Seat seat, ActionList& out) const override;
  uint32_t legal_count(Seat seat) const override;
  Action legal_at(Seat seat, uint32_t index) const override;
  // A writing witch's formulas as one form: any non-empty set of her nine cards, and with
  // Double-jeu a second from the cards left.
  void describe_legal(Seat seat, LegalDescription& out) const override;
  std::optional<Deadline> deadline() const override;
  std::string action_text(Action action) const override;
  bool terminal() const override { return phase_ == Phase::Over; }
  std::vector<int> scores() const override;
  std::vector<int> ranks() const override;
  json view(Seat viewer) const override;
  json full_state() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<DuBalaiState>(*this); }
  std::unique_ptr<State> sample_hidden(Seat viewer, Rng& rng) const override;
  Status audit() const override;
  bool same_as(const State& other) const override {
    const auto* o = dynamic_cast<const DuBalaiState*>(&other);
    return o && *o == *this;
  }
  bool operator==(const DuBalaiState&) const = default;
  // components.hpp: the spells played, acrobatics kept, the lid closed, a second formula.
  void components_played(Seat seat, Action action, std::vector<int>& out) const override;
  void components_held(Seat seat, std::vector<int>& out) const override;

  std::string idle_reason(Seat seat, Action action) const override;
  // A forced witch looks asked to everyone but herself (forced.cpp).
  SeatSet actors_seen_by(Seat viewer) const override;
  // `forced auto` and `forced ask`: hers at any time, and hers alone to know.
  bool seat_setting(Action action) const override;
  bool secret_from_others(Seat seat, Action action, GameTime now) const override;
  // The move the table plays for `seat` now, if the rules force it on her and she lets the
  // table play it (forced.cpp); nothing otherwise.
  MaybeAction forced_move(Seat seat) const;
  // Why the table plays it: "nothing-playable", "no-brouillard" or "one-choice".
  const char* forced_why(Seat seat) const;
  // Whether `seat` has her forced moves asked of her (`forced ask`).
  bool asks_forced(Seat seat) const { return asks_forced_.contains(seat); }
  // Whether `seat` holds a spell she may cast at `moment` of her resolution: list_spells would
  // list one.
  bool may_cast(Seat seat, Moment moment) const;

  // Why `seat` may not play `action` now (ok when it may).
  Status check(Seat seat, Action action) const;

  // Read access for rendering, tests and bots.
  Phase phase() const { return phase_; }
  Step step() const { return step_; }
  const Options& options() const { return o_; }
  const Track& track() const { return track_; }
  const Witch& witch(Seat s) const { return witches_[size_t(s)]; }
  int closer() const { return closer_; }
  int curse_square() const { return curse_; }
  int resolving() const { return order_i_ < order_n_ ? order_[size_t(order_i_)] : -1; }
  const Pending& pending() const { return pending_; }
  const std::array<uint8_t, kDice>& dice() const { return dice_; }
  Book book() const { return read_book(dice_); }
  bool dice_visible_to(Seat viewer) const;
  bool formulas_revealed() const { return phase_ == Phase::Resolving || phase_ == Phase::Over; }
  int deck_size() const { return deck_n_; }
  int drawn_count() const { return drawn_n_; }
  Card drawn_card(int i) const { return drawn_[size_t(i)]; }
  const Hand& discard() const { return discard_; }
  const std::array<int8_t, kMaxPlayers>& order() const { return order_; }
  int order_count() const { return order_n_; }
  int decret_seat() const { return decret_; }
  const Outcome& outcome(Seat s) const { return outcome_[size_t(s)]; }
  int turn() const { return turn_; }
  // When the book opened this turn (phase 1; a public moment).
  GameTime book_opened() const { return opened_; }
  // Whether some witch may close the open book (not all on −2): then it never closes alone.
  bool someone_may_close() const;

  // Test hooks: build a position by hand.
  struct Hooks {
    DuBalaiState& s;
    void set_dice(const std::array<uint8_t, kDice>& faces) { s.dice_ = faces; }
    // Sets die d to show `symbol` in `colour` (a face it has).
    bool set_die(int d, int symbol, Colour colour);
    void set_square(Seat seat, int square) { s.track_.square[size_t(seat)] = int8_t(square); }
    void set_hand(Seat seat, const Hand& hand);
    void give(Seat seat, Card c, int n = 1);
    // Puts these cards on top of the deck, in drawing order (taken from wherever they are).
    void stack_deck(std::initializer_list<Card> top);
    void set_curse(int square) { s.curse_ = int8_t(square); }
    void set_pilot(Seat seat, Pilot p) { s.witches_[size_t(seat)].pilot = p; }
    // Her written formulas this turn (a second one only with a first); nothing else changes.
    void set_formulas(Seat seat, SymbolMask first, SymbolMask second);
    // The deck in another order, drawn from `rng`.
    void shuffle_deck(Rng& rng) { rng.shuffle(s.deck_.begin(), s.deck_.begin() + s.deck_n_); }
  };
  Hooks hooks() { return Hooks{*this}; }

 protected:
  Status do_apply(Seat seat, Action action, GameTime now, Events* events) override;
  Result<Action> do_parse_action(Seat seat, std::string_view text) const override;

 private:
  friend json view_of(const DuBalaiState& s, Seat viewer);
  friend json full_of(const DuBalaiState& s);

  // Turn flow.
  void open_book(GameTime now, Events* ev);
  void close_book(int closer, GameTime now, Events* ev);
  void maybe_end_writing(GameTime now, Events* ev);
  void reveal(GameTime now, Events* ev);
  void begin_resolution(GameTime now, Events* ev);  // of order_[order_i_]
  void move_witch(GameTime now, Events* ev);
  void after_move(GameTime now, Events* ev);
  void next_witch(GameTime now, Events* ev);
  void end_turn(GameTime now, Events* ev);
  void finish_keep(Card kept, GameTime now, Events* ev);
  void continue_formula_step(GameTime now, Events* ev);
  void continue_after_move(GameTime now, Events* ev);
  // A step of phase 4 or a Brouillard window begins: its least time runs from `now`.
  void begin_ask(GameTime now, GameTime until);
  // The clock at the least time: it plays the forced moves, or marks the least time passed.
  void least_time_up(GameTime now, Events* ev);
  // Whether the clock's next deadline is the least time of a step or window.
  bool least_due() const;
  void forced_event(Seat seat, Action action, bool everyone, Events* ev) const;
  // The seats of a Brouillard window whose only answer is `pass` and who let the table play it.
  SeatSet forced_in_window() const;
  void write(Seat seat, SymbolMask cards, SymbolMask second, Events* ev);
  void start_novice(Seat seat, int square, Events* ev);
  // Sets the colour each formula of `seat` is judged in, from the dice.
  void colour_formulas(Seat seat);

  // Spells.
  void cast(Seat seat, Action spell, GameTime now, Events* ev);
  void close_window(GameTime now, Events* ev);
  void resolve_spell(Seat caster, const Move& m, GameTime now, Events* ev);
  bool anyone_may_react(Seat last) const;
  Status check_play(Seat seat, const Move& m) const;
  Status check_writing(Seat seat, const Move& m) const;
  void list_spells(Seat seat, Moment moment, ActionList& out) const;
  // Décret may be played: its player holds it, nobody played one this turn, and every other
  // witch has written.
  bool may_decret(Seat seat) const;

  bool bonus_allowed(Seat seat) const;
  SymbolMask used_cards(Seat seat) const;
  void shuffle_deck() { rng_.shuffle(deck_.begin(), deck_.begin() + deck_n_); }

  Options o_;
  Rng rng_;
  Phase phase_ = Phase::Setup;
  Step step_ = Step::FormulaSpells;
  int turn_ = 0;
  GameTime deadline_ = 0;  // of the current phase, step or reaction window
  GameTime opened_ = 0;    // when the book opened this turn
  int8_t closer_ = -1;
  int8_t decret_ = -1;  // the seat looking at the book with Décret, or who did this turn
  int8_t curse_ = int8_t(kNoCurse);
  Track track_;
  std::array<Witch, kMaxPlayers> witches_{};
  std::array<uint8_t, kDice> dice_{};
  std::array<Card, kDeckSize> deck_{};
  uint8_t deck_n_ = 0;
  Hand discard_{};
  std::array<Card, kSymbols> drawn_{};
  uint8_t drawn_n_ = 0;
  std::array<int8_t, kMaxPlayers> order_{};
  int8_t order_n_ = 0;
  int8_t order_i_ = 0;
  Pending pending_;
  std::array<Outcome, kMaxPlayers> outcome_{};
  SeatSet asks_forced_;      // seats that said `forced ask`
  GameTime ask_opened_ = 0;  // when the current step of phase 4 or window began
  bool past_least_ = false;  // its least time has passed
};

}  // namespace sabbat::du_balai
