#pragma once
// The state of a game of Baba Yaga, in fixed-size arrays: clone, apply and the legal actions
// never allocate.
//
// The game: study the forest (first turn only) → each turn: the searcher's deferred Pattes de
// poulet → the player on her left places Baba Yaga at an end → the race (the searcher turns
// tiles while the movers fly Baba Yaga out and back, one tile each in clockwise order) → the
// spell is cast or goes under her pile → the cast spell's effect is chosen → (Home Sweet
// Home) she moves the Maison → the next searcher, on her left.
#include <array>
#include <cstdint>

#include "core/game.hpp"
#include "games/baba-yaga/actions.hpp"
#include "games/baba-yaga/data.hpp"

namespace sabbat::baba_yaga {

// The levels of the book, per player: they govern the spells she casts.
enum class Level : uint8_t {
  Balade,         // Balade en forêt: 3 of 4 ingredients, her spells have no effect
  CoursToujours,  // Cours toujours !: 3 of 4, with effects
  SauveQuiPeut,   // Sauve qui peut !: 4 of 4, with effects
};

struct Options {
  int players = 4;
  std::array<Level, kMaxPlayers> levels{Level::CoursToujours, Level::CoursToujours,
                                        Level::CoursToujours, Level::CoursToujours,
                                        Level::CoursToujours};
  bool home_sweet_home = false;
  GameTime study_time = 20000;   // everyone studies the ingredient faces before the first turn
  GameTime place_time = 10000;   // to place Baba Yaga; then the clock places her north
  GameTime move_time = 5000;     // a mover who waits this long: the clock moves her
  GameTime choice_time = 15000;  // to choose a spell's target, tiles or the Maison's tile
  int max_turns = 40;            // a guard for bots and simulations; 0: none
  // A guard for bots and simulations: tiles a searcher may turn in one turn (a bot that acts
  // the instant it may would turn and turn back forever); 0: none.
  int max_flips = 48;
  // "A forced move is not asked" (rules/README.md): a spell aimed at an opponent when only one
  // may be targeted is aimed at her by the table (forced.cpp). The game's parameter
  // forced_moves turns it on by default; bare Options, as the rule book.
  bool forced_played = false;
  bool operator==(const Options&) const = default;
};

enum class Phase : uint8_t {
  Study,        // all ingredient faces up; ends when all are ready or the time is up
  MaisonStart,  // the searcher places the Maison (Pattes de poulet kept for this turn)
  Place,        // the player left of the searcher places Baba Yaga
  Race,         // the searcher searches, the movers fly Baba Yaga
  Effect,       // the searcher chooses for the spell she cast
  HomeMove,     // Home Sweet Home: the searcher moves the Maison
  Over,
};

// The half of the forest that Lumière aveuglante ! hides from the searcher.
enum class Half : uint8_t { Left, Right, Top, Bottom };
inline constexpr int kHalves = 4;
bool in_half(Half h, int cell);

// Effects waiting for a player's next turn as searcher (the cards lie in front of her).
struct Pending {
  bool doigt = false;    // Doigt dans le nez !
  bool lumiere = false;  // Lumière aveuglante !
  bool petit = false;    // Tout petit !
  bool fatigue = false;  // Grosse fatigue !
  bool vent = false;     // Plus vite que le vent !
  bool pattes = false;   // Pattes de poulet ! kept for the start of her turn
  bool any() const { return doigt || lumiere || petit || fatigue || vent || pattes; }
  bool operator==(const Pending&) const = default;
};

struct Player {
  // Her spell cards, face down, top first; the last `known` were seen (failed spells go under).
  std::array<int8_t, kCardsEach> pile{};
  uint8_t pile_n = 0;
  uint8_t known = 0;
  std::array<int8_t, kCardsEach> cast{};  // the spells she cast, in order
  uint8_t cast_n = 0;
  Pending pending;
  bool ready = false;  // study
  bool operator==(const Player&) const = default;
};

// The flight of Baba Yaga this turn.
struct Flight {
  bool placed = false;
  End start = End::North;
  uint8_t length = kLine;       // tiles of her line: 4 (Grosse fatigue), 5, or 6 (Plus vite)
  uint8_t moves = 0;            // single moves made; the turn ends at 2 × (length − 1)
  int8_t mover_i = 0;           // the next mover, 0 = left of the searcher
  Hand last_hand = Hand::None;  // two players: the hand of the last move
  GameTime last_at = 0;         // the last move (or the start): the clock's move comes later
  int total() const { return 2 * (length - 1); }
  // 0 at the start end ... length − 1 at the far end (5: the extra tile).
  int position() const { return moves <= length - 1 ? moves : total() - moves; }
  bool operator==(const Flight&) const = default;
};

class BabaYagaState final : public State {
 public:
  BabaYagaState(const Options& options, uint64_t seed);

  int players() const override { return o_.players; }
  SeatSet actors() const override;
  void legal_actions(Seat seat, ActionList& out) const override;
  uint32_t legal_count(Seat seat) const override;
  Action legal_at(Seat seat, uint32_t index) const override;
  MaybeAction random_legal(Seat seat, Rng& rng) const override;
  std::optional<Deadline> deadline() const override;
  std::string action_text(Action action) const override { return baba_yaga::action_text(action); }
  bool terminal() const override { return phase_ == Phase::Over; }
  std::vector<int> scores() const override;
  json view(Seat viewer) const override;
  json full_state() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<BabaYagaState>(*this); }
  std::unique_ptr<State> sample_hidden(Seat viewer, Rng& rng) const override;
  Status audit() const override;
  bool same_as(const State& other) const override {
    const auto* o = dynamic_cast<const BabaYagaState*>(&other);
    return o && *o == *this;
  }
  bool operator==(const BabaYagaState&) const = default;
  // components.hpp: the spell cast by the tile that completes it, the spells dealt.
  void components_played(Seat seat, Action action, std::vector<int>& out) const override;
  void components_held(Seat seat, std::vector<int>& out) const override;
  std::string idle_reason(Seat seat, Action action) const override;
  bool seat_setting(Action action) const override;
  bool secret_from_others(Seat seat, Action action, GameTime now) const override;

  // Why `seat` may not play `action` now (ok when it may).
  Status check(Seat seat, Action action) const;

  // Read access for views, rendering, tests and bots.
  const Options& options() const { return o_; }
  Phase phase() const { return phase_; }
  int turn() const { return turn_; }
  Seat searcher() const { return searcher_; }
  // The player left of the searcher: she places Baba Yaga.
  Seat placer() const { return Seat((searcher_ + 1) % o_.players); }
  // The seat whose move it is (in the race).
  Seat mover() const;
  const Flight& flight() const { return flight_; }
  // The cell Baba Yaga is on; -1 on the extra tile beyond the far end or before placement.
  int baba_cell() const;
  int ingredient_at(int cell) const { return tiles_[size_t(cell)]; }
  bool face_up(int cell) const { return (up_ >> cell) & 1u; }
  uint32_t up_mask() const { return up_; }
  // Whether the max_flips guard leaves her no more tile to turn this turn.
  bool flips_spent() const { return o_.max_flips > 0 && flips_ >= o_.max_flips; }
  int maison() const { return maison_; }  // the forest cell under the Maison, or -1
  bool maison_lifted() const { return lifted_; }
  int card_in_play() const { return card_; }  // the searcher's revealed card, or -1
  const Player& player(Seat s) const { return p_[size_t(s)]; }
  // Ingredients needed to cast this turn.
  int need() const { return need_; }
  // This turn's handicaps of the searcher.
  bool blinded() const { return blind_ >= 0; }
  Half blind_half() const { return Half(blind_ < 0 ? 0 : blind_); }
  bool small() const { return small_; }
  int effect_card() const { return effect_card_; }  // the card whose effect is chosen now
  Seat winner() const { return winner_; }
  bool effects_apply(Seat s) const { return o_.levels[size_t(s)] != Level::Balade; }
  // A face-up ingredient that is not on her card (it must go back before the next turn).
  int wrong_up() const { return wrong_; }
  // Whether `viewer` sees the forest face (the hint) of the face-down tile at `cell`.
  bool hint_visible(Seat viewer, int cell) const;
  // Whether `viewer` sees every ingredient face (the study).
  bool studying() const { return phase_ == Phase::Study; }
  // Seats a spell may target now (Effect phase).
  bool may_target(Seat s) const;
  // The one opponent the spell may target now, when there is only one; else -1.
  Seat lone_target() const;
  // Whether `seat` said `forced ask` (she is asked even a forced move).
  bool asks_forced(Seat seat) const { return asks_forced_.contains(seat); }

  // Test hooks: positions built by hand.
  struct Hooks {
    BabaYagaState& s;
    // Swaps the ingredients of two forest cells (what sample_hidden may do when hidden).
    void swap_tiles(int x, int y) { std::swap(s.tiles_[size_t(x)], s.tiles_[size_t(y)]); }
    // Puts `card` on top of `seat`'s pile, taken from wherever it is face down.
    bool stack(Seat seat, int card);
    void set_pending(Seat seat, const Pending& p) { s.p_[size_t(seat)].pending = p; }
    void set_maison(int cell) { s.maison_ = int8_t(cell), s.lifted_ = false; }
    void set_level(Seat seat, Level l) { s.o_.levels[size_t(seat)] = l; }
    void set_cast(Seat seat, int n);  // she has cast n spells (cards from the box)
    // The order of the unseen cards of every pile (not the seen ones at the bottom).
    void shuffle_unseen(Rng& rng);
  };
  Hooks hooks() { return Hooks{*this}; }

 protected:
  Status do_apply(Seat seat, Action action, GameTime now, Events* events) override;
  Result<Action> do_parse_action(Seat seat, std::string_view text) const override;

 private:
  friend json view_of(const BabaYagaState& s, Seat viewer);
  friend json full_of(const BabaYagaState& s);

  void begin_turn(GameTime now, Events* ev);
  void to_place(GameTime now, Events* ev);
  void place(End e, bool by_clock, GameTime now, Events* ev);
  void turn_tile(int cell, Events* ev);
  void back_tile(int cell, Events* ev);
  void move(GameTime now, Events* ev);
  void end_race(GameTime now, Events* ev);
  void choose_effect(GameTime now, Events* ev);
  void after_effect(GameTime now, Events* ev);
  void next_turn(GameTime now, Events* ev);
  void finish(Seat winner, Events* ev);
  void emit(Events* ev, const char* kind, std::string text, json data) const;
  void aim(Seat target, GameTime now, Events* ev);
  // Plays the lone target for the searcher when the rules force it and she lets the table.
  bool play_forced_target(GameTime now, Events* ev);

  // Search actions, as bits of cells: the tiles she may turn (any face down, even one she
  // turned back earlier this turn: only her memory keeps it), the tile she may turn back.
  uint32_t turnable() const;
  uint32_t backable() const;
  // The actions of `seat` in legal_actions' order, counted or indexed without a list.
  uint32_t count_for(Seat seat) const;
  Action action_for(Seat seat, uint32_t index) const;

  Options o_;
  Rng rng_;
  Phase phase_ = Phase::Study;
  int turn_ = 0;
  int8_t searcher_ = 0;
  GameTime deadline_ = 0;               // of the study, the placement or a choice
  std::array<int8_t, kCells> tiles_{};  // the ingredient of each forest cell, -1 on the path
  uint32_t up_ = 0;                     // forest cells face up
  uint16_t flips_ = 0;                  // tiles turned this turn (max_flips)
  int8_t maison_ = -1;
  bool lifted_ = false;  // the Maison's tile is face up with a wrong ingredient
  int8_t wrong_ = -1;    // the face-up cell whose ingredient is not on her card
  std::array<Player, kMaxPlayers> p_{};
  std::array<int8_t, kCards> box_{};  // cards not dealt, or whose effect is resolved
  uint8_t box_n_ = 0;
  int8_t card_ = -1;
  int8_t effect_card_ = -1;
  uint8_t need_ = 3;
  int8_t blind_ = -1;
  bool small_ = false;
  Flight flight_;
  int8_t winner_ = -1;
  SeatSet asks_forced_;  // seats that said `forced ask`
};

}  // namespace sabbat::baba_yaga
