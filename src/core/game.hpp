#pragma once
// The contracts every game fulfils (see docs/architecture.md): a Game makes States; a State
// says who may act, lists and applies actions, and shows each seat only what it may know.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "legal_forms.hpp"
#include "params.hpp"
#include "result.hpp"
#include "rng.hpp"
#include "seat_numbers.hpp"

namespace sabbat {

using json = nlohmann::json;

// Compact JSON text; invalid UTF-8 (which no game writes) is replaced rather than thrown on.
inline std::string json_text(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// A seat is 0..players-1. Two pseudo-seats: the clock applies deadline actions; a spectator
// views without a seat.
using Seat = int;
inline constexpr Seat kClock = -2;
inline constexpr Seat kSpectator = -1;

// Milliseconds since the start of the game. Turn-based games record it but no rule reads it.
using GameTime = int64_t;

// A set of seats, as bits (at most 32 seats).
class SeatSet {
 public:
  constexpr SeatSet() = default;
  constexpr explicit SeatSet(uint32_t bits) : bits_(bits) {}
  static constexpr SeatSet only(Seat s) { return SeatSet(1u << s); }
  static constexpr SeatSet first(int n) { return SeatSet(n >= 32 ? ~0u : (1u << n) - 1); }
  constexpr bool contains(Seat s) const { return s >= 0 && s < 32 && (bits_ >> s) & 1u; }
  constexpr void add(Seat s) { bits_ |= 1u << s; }
  constexpr void remove(Seat s) { bits_ &= ~(1u << s); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return __builtin_popcount(bits_); }
  constexpr uint32_t bits() const { return bits_; }
  constexpr bool operator==(const SeatSet&) const = default;

 private:
  uint32_t bits_ = 0;
};

// An action, encoded by its game. Its canonical text comes from State::action_text.
struct Action {
  uint32_t code = 0;
  constexpr bool operator==(const Action&) const = default;
};
using ActionList = std::vector<Action>;

// An action or none, with std::optional's reading (`if (a)`, `*a`) in one register. g++ builds
// a std::optional<Action> in memory with two narrow stores and reads it with one wide load,
// which the processor cannot forward: random playouts lost a tenth of their time to it. None
// is the code 2^32 - 1, which no game uses.
class MaybeAction {
 public:
  constexpr MaybeAction() = default;
  constexpr MaybeAction(std::nullopt_t) {}
  constexpr MaybeAction(Action action) : code_(action.code) {}
  constexpr bool has_value() const { return code_ != kNone; }
  constexpr explicit operator bool() const { return has_value(); }
  // Only when has_value().
  constexpr Action operator*() const { return Action{code_}; }
  constexpr bool operator==(const MaybeAction&) const = default;

 private:
  static constexpr uint32_t kNone = ~0u;
  uint32_t code_ = kNone;
};

// A seat's legal actions as a host sends them: some listed, the others described by forms.
struct LegalDescription {
  ActionList listed;
  std::vector<LegalForm> forms;
};

// Who may see an event: some seats, and possibly spectators.
struct Audience {
  SeatSet seats;
  bool spectators = false;
  static Audience everyone(int players) { return {SeatSet::first(players), true}; }
  static Audience only(Seat s) { return {SeatSet::only(s), false}; }
  bool sees(Seat viewer) const {
    return viewer == kSpectator ? spectators : seats.contains(viewer);
  }
};

// What happened, for narration, animation, bots and logs.
struct Event {
  Audience audience;
  std::string kind;  // stable identifier, e.g. "placed", "round-won"
  std::string text;  // English narration for a person
  json data = json::object();
};
using Events = std::vector<Event>;

// When game time reaches `at`, the clock applies `action`.
struct Deadline {
  GameTime at = 0;
  Action action;
};

// A part of a game that a designer asks about in a balance report (`sabbat report`): a card,
// a spell, a tile. `id` is a stable slug, `name` as printed, `group` what kind of part it is
// ("spell", "potion"), so that a report names no game.
struct Component {
  std::string id;
  std::string name;
  std::string group;
};

class Bot;
class KeyScreen;

class State {
 public:
  virtual ~State() = default;

  virtual int players() const = 0;
  // Seats that may act now: none when the game is over, one on a turn, several at once in
  // simultaneous or racing phases.
  virtual SeatSet actors() const = 0;
  // Fills `out` (cleared first) with the legal actions of `seat` now.
  virtual void legal_actions(Seat seat, ActionList& out) const = 0;
  // How many legal actions `seat` has now, and the one at `index` in legal_actions' order.
  // Random playouts sample through these; a game with many actions (a Du Balai ! witch may
  // write 1,023 formulas) overrides them so as not to build the list. The defaults list.
  // `index` must be below legal_count(seat).
  virtual uint32_t legal_count(Seat seat) const;
  virtual Action legal_at(Seat seat, uint32_t index) const;
  // legal_at(seat, rng.below(legal_count(seat))): uniform over the legal actions, and the
  // same draw as picking from legal_actions' list. Nothing when `seat` has no legal action.
  // A game may compute it in one call; it must then draw exactly that.
  virtual MaybeAction random_legal(Seat seat, Rng& rng) const;
  // The legal actions of `seat` now as a host sends them (docs/protocol.md): `listed` plain,
  // and `forms` standing for the texts of the rest, where listing them would take thousands
  // (a Du Balai ! formula). Together exactly legal_actions' texts. Default: all listed.
  virtual void describe_legal(Seat seat, LegalDescription& out) const;
  // The pending deadline, if any; the clock applies its action when time reaches it.
  virtual std::optional<Deadline> deadline() const { return std::nullopt; }
  // What `viewer` (a seat or kSpectator) may know of actors(): by default all of it. A game
  // whose choice of whom it waits for would tell a secret (Le Bal des Sorcières asks only the
  // witches who hold an answer to a reaction window) tells each viewer only what she may know.
  virtual SeatSet actors_seen_by(Seat viewer) const {
    (void)viewer;
    return actors();
  }
  // True when only `seat` may know that it plays `action` at game time `now`: no other seat's
  // view changes and none of its events reaches another seat (a reaction window's answer,
  // which the others learn of, if at all, when the window closes; the last answer, when it
  // closes the window at once, is not secret). Hosts tell nobody else of such an action, not
  // even that one was played (the server numbers each seat's messages without them).
  virtual bool secret_from_others(Seat seat, Action action, GameTime now) const {
    (void)seat;
    (void)action;
    (void)now;
    return false;
  }

  // True when `action` is a seat's setting (Du Balai !'s `forced ask`): any seat may play it
  // while the game is not over, actor or not, and it changes only what concerns her. apply
  // hands it to do_apply; legal_actions never lists it. None by default.
  virtual bool seat_setting(Action action) const {
    (void)action;
    return false;
  }

  // Applies an action of `seat` (or kClock) at game time `now`. On error the state is
  // untouched and the message says what was wrong and what is allowed. Events are appended to
  // `events` when given; pass nullptr on hot paths.
  Status apply(Seat seat, Action action, GameTime now, Events* events = nullptr);
  // Same, from canonical text.
  Status apply_text(Seat seat, std::string_view text, GameTime now, Events* events = nullptr);

  // Why `seat`, which is not among the actors, may not play `action` now; games say it in
  // their own words ("a witch on square -2 may not close the book").
  virtual std::string idle_reason(Seat seat, Action action) const;

  virtual std::string action_text(Action action) const = 0;
  // Parses canonical text for `seat`; the error says what was expected. A text that is not
  // plain (a control character, bytes that are not UTF-8) is refused before the game reads it.
  Result<Action> parse_action(Seat seat, std::string_view text) const;

  virtual bool terminal() const = 0;
  // Final scores (meaningful once terminal), one per seat.
  virtual std::vector<int> scores() const = 0;
  // 1 for the winners; equal results share a rank. Default: by score, higher is better.
  virtual std::vector<int> ranks() const;
  // How each seat stands now, higher is better, for a search that stops short of the end at
  // the first change: by default the scores. A game whose scores move rarely may count what
  // moves sooner (Le Bal des Sorcières: living Crapzouilles, its scores changing only when a
  // witch leaves the ball).
  virtual std::vector<int> standings() const { return scores(); }

  // What `viewer` (a seat or kSpectator) may know, and nothing more.
  virtual json view(Seat viewer) const = 0;
  // The views of `viewers` as JSON texts, in order, each equal as JSON to view(viewer) (the
  // order of keys may differ). The server tells every seat after each action: a game whose
  // views share most of their content may build and write that part once. Default: each
  // view dumped.
  virtual void view_texts(std::span<const Seat> viewers, std::vector<std::string>& out) const;
  // Everything, for records, tests and auditing.
  virtual json full_state() const = 0;

  virtual std::unique_ptr<State> clone() const = 0;
  // A full state that `viewer` cannot tell from this one: what it cannot see is redrawn. The
  // redraw is a function of what `viewer` knows and of `rng` only (hidden cards are sorted
  // before they are shuffled, say), so that two states the viewer cannot tell apart give the
  // same redraws: bots are handed redraws (core/bot.hpp), and then cannot tell them apart
  // either.
  virtual std::unique_ptr<State> sample_hidden(Seat viewer, Rng& rng) const = 0;

  // What a balance report counts, as indices into Game::components(): the components `seat`
  // plays with `action`, which it is about to apply now (legal), and those `seat` holds now
  // (read once, at the start of a game). Both append to `out`; by default nothing.
  virtual void components_played(Seat seat, Action action, std::vector<int>& out) const;
  virtual void components_held(Seat seat, std::vector<int>& out) const;

  // Checks the game's own invariants (cards conserved, positions on the track...); the error
  // says which one broke. For tests and auditing.
  virtual Status audit() const { return {}; }

  GameTime now() const { return now_; }

  // True when `other` is the same game in the same state, hidden parts included. Cheaper than
  // comparing full_state(): the tests check after every action that a refusal changed nothing.
  virtual bool same_as(const State& other) const = 0;
  // Compares the part common to all games, so that a game's defaulted == includes it.
  bool operator==(const State&) const = default;

 protected:
  State() = default;
  // A turn-based game, whose states never have a deadline, may say so. apply then asks it for
  // nothing and hands every action (but the clock's, and those that go back in time) straight
  // to do_apply, which refuses a seat that may not act with refuse_idle(), and on success
  // records the time with set_now().
  struct TurnBased {};
  explicit State(TurnBased) : turn_based_(true) {}

  // Called with a seat that is an actor (or the clock), or any seat but the clock in a
  // turn-based game, and a time not before now(). Must leave the state untouched when it
  // returns an error.
  virtual Status do_apply(Seat seat, Action action, GameTime now, Events* events) = 0;
  // parse_action's reading of a plain text.
  virtual Result<Action> do_parse_action(Seat seat, std::string_view text) const = 0;
  void set_now(GameTime now) { now_ = now; }

  // apply's refusal of a seat that may not act now: the game is over, there is no such seat,
  // or the game's idle_reason.
  [[gnu::cold]] Status refuse_idle(Seat seat, Action action) const;

 private:
  // apply's path for a game that is not turn-based, and every refusal.
  [[gnu::noinline]] Status apply_checked(Seat seat, Action action, GameTime now, Events* events);
  bool too_late(GameTime now) const;
  // apply's refusals, and the clock's deadline actions.
  [[gnu::noinline]] Status apply_otherwise(Seat seat, Action action, GameTime now, Events* events);

  GameTime now_ = 0;
  bool turn_based_ = false;
};

struct GameFacts {
  bool hidden_information = false;
  bool chance = false;
  bool real_time = false;
};

struct Setup {
  int players = 0;
  Params params;
  uint64_t seed = 0;
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string id() const = 0;
  virtual std::string display_name() const = 0;
  virtual int min_players() const = 0;
  virtual int max_players() const = 0;
  virtual int default_players() const { return min_players(); }
  virtual std::vector<ParamSpec> param_specs() const = 0;
  virtual GameFacts facts() const = 0;

  // Validates the player count and parameter overrides into a Setup.
  Result<Setup> setup(int players, const std::map<std::string, std::string>& overrides,
                      uint64_t seed) const;
  // A new game; errors for settings that only make sense together (e.g. a seat number).
  virtual Result<std::unique_ptr<State>> new_state(const Setup& setup) const = 0;

  // The game's own bots by name (besides the random bot that plays every game); nullptr for
  // an unknown name.
  virtual std::vector<std::string> bot_names() const { return {}; }
  virtual std::unique_ptr<Bot> make_bot(std::string_view name) const;

  // The view of `viewer` as text for a terminal; `color` allows ANSI colours. Seats are
  // numbered as records number them, from 0 (Python's render shows this text).
  virtual std::string render_view(const json& view, Seat viewer, bool color) const = 0;
  // The same for a person at the terminal (`sabbat play`), seats counted from 1. By default
  // render_view's text.
  virtual std::string render_for_person(const json& view, Seat viewer, bool color) const {
    return render_view(view, viewer, color);
  }
  // The words of this game's canonical action texts that come just before a seat's number
  // (core/seat_numbers.hpp), so that a terminal shows and reads them counted from 1.
  virtual SeatWords seat_words() const { return {}; }
  // The rules in short for a person at a terminal (`sabbat play`'s `rules` command): how to
  // win, what beats what, how scores are counted. Empty when the game has none.
  virtual std::string rules_text() const { return {}; }
  // One-key play on a terminal (core/key_screen.hpp); nullptr for a game played by typed
  // lines only.
  virtual std::unique_ptr<KeyScreen> make_key_screen() const;
  // The parts a balance report counts (State::components_played/held index them); none by
  // default.
  virtual std::vector<Component> components() const { return {}; }
};

}  // namespace sabbat
