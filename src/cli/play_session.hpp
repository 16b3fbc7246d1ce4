#pragma once
// `sabbat play`: a game played at one seat. The Session holds the match and its record, the
// bots at the other seats and the game clock (wall-clock time since the start); a Front shows
// the game to the person and reads them: typed lines (play_lines.cpp), or one key at a time
// on a terminal (play_screen.cpp).
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/scheduler.hpp"
#include "cli/commands.hpp"
#include "core/key_screen.hpp"
#include "core/record.hpp"
#include "core/record_writer.hpp"

namespace sabbat::cli {

using Clock = std::chrono::steady_clock;

class Session {
 public:
  Session(const PlayOptions& options, Match match, uint64_t seed);
  // The bots of the other seats; the error names an unknown bot.
  Status make_bots();
  // With --record, creates the file and writes the header now; from then on every applied
  // action is appended as it happens, so the file is a valid record whenever the game stops.
  Status start_record();
  // Why the record could not be written (empty while all is well); the game should stop.
  const std::string& record_error() const { return record_error_; }

  const State& state() const { return match_.state(); }
  const Game& game() const { return match_.game(); }
  const Record& record() const { return match_.record(); }
  Seat seat() const { return seat_; }
  // Actions played so far: a change means the table may have changed.
  size_t played() const { return match_.record().actions.size(); }
  bool may_act() const { return state().actors().contains(seat_); }
  // Her `forced` setting ("auto" or "ask") in a game whose forced moves the table plays.
  std::optional<std::string> forced_setting() const;

  // Game time now: wall-clock ms since the start, never before the last action.
  GameTime now() const;
  // The wall-clock moment of game time `t`.
  Clock::time_point when(GameTime t) const { return start_ + std::chrono::milliseconds(t); }

  // The next bot or clock step, asked once per state so that a bot's proposal (and its time)
  // stays the same while the person thinks.
  std::optional<Step> scheduled();
  // Applies a bot's or the clock's step; `events` (cleared first) gets what happened.
  Status apply_step(const Step& step, Events& events);

  // The person's legal actions now, and their canonical texts.
  const ActionList& legal();
  std::vector<std::string> legal_texts();

  // People count seats from 1 (core/seat_numbers.hpp); canonical texts, records and the
  // engine's narration count from 0. These turn the game's texts into the person's numbers.
  // A seat as she reads it.
  static int seat_number(Seat seat) { return kPeopleCount(seat); }
  // A canonical action text, as she reads and types it ("target 0" -> "target 1").
  std::string for_person(const std::string& action) const;
  // An event's narration or a refusal, as she reads it ("Seat 0 searches" -> "Seat 1 ...").
  std::string prose(const std::string& text) const;
  // The legal actions as she reads them, in legal_texts' order.
  std::vector<std::string> legal_for_person();
  // What she typed, seats counted from 1, as canonical text (in any form the game reads: a
  // looser one is read by the game first); as typed when it names no seat; an error naming the
  // seats that exist when it names another.
  Result<std::string> from_person(const std::string& typed) const;

  // What became of an action the person typed or keyed.
  enum class Tried {
    Played,   // applied
    Late,     // a deadline fell first: the clock's step was applied instead
    Idle,     // the person may not act now
    Refused,  // not understood, or not allowed: `why` says it
    Failed,   // the clock's own step was refused (a bug): `why` says it
  };
  // Plays `text` (canonical text, or a number from the legal list) for the person now.
  Tried act(const std::string& text, Events& events, std::string& why) {
    return act_at(text, now(), events, why);
  }
  // Plays what the person typed, her seats counted from 1 (or a number from the legal list).
  // A seat that does not exist is refused, naming those that do, and nothing happens.
  Tried act_typed(const std::string& typed, Events& events, std::string& why);
  // The same at game time `t`: every clock deadline due at or before `t` is applied first (a
  // host applies what the clock owes), then the person's action at `t`. Late when a deadline
  // applied first left the action impossible.
  Tried act_at(const std::string& text, GameTime t, Events& events, std::string& why);

  // Letting every reaction window pass (Le Bal des Sorcières): a convenience of the table, not
  // a rule. While it is on, the person's `pass` is played each time a window asks her, until
  // she changes her mind. `windows pass` turns it on, `windows ask` off: the words to show, or
  // nothing when `line` is not that command.
  std::optional<std::string> windows_command(const std::string& line);
  bool has_windows() const;
  // True when a window asks the person now and she chose to let every window pass.
  bool lets_this_window_pass();

 private:
  const PlayOptions& options_;
  Match match_;
  Seat seat_;
  Rng rng_;
  Clock::time_point start_;
  std::vector<std::unique_ptr<Bot>> owned_;
  std::vector<Bot*> bots_;
  // Appends the actions applied since the last call to the record file, if there is one.
  void write_record();

  RecordWriter writer_;
  std::string record_error_;
  ActionList legal_;
  std::optional<Step> step_;
  size_t step_for_ = size_t(-1);
  bool let_windows_pass_ = false;
};

// What a person at `seat` typed, seats counted from 1, as canonical text (Session::from_person).
Result<std::string> typed_action(const State& state, Seat seat, SeatWords words,
                                 const std::string& typed);

enum class Turn { Acted, Left, Failed };

// How the person sees the game and plays.
class Front {
 public:
  virtual ~Front() = default;
  // True when the person's input can be waited on with a time limit.
  virtual bool live() const = 0;
  // True when input is already there (a line, a key, or the end of input).
  virtual bool ready() = 0;
  // When the front next wants to wake up by itself (a countdown to redraw), if ever.
  virtual std::optional<Clock::time_point> wake() const = 0;
  // Shows what changed, waits for the person until `until` (forever without it), and handles
  // what they typed.
  virtual Turn turn(std::optional<Clock::time_point> until) = 0;
  // What happened, from the events the person's seat may see.
  virtual void narrate(const Events& events) = 0;
  // Gives the terminal back before the final words.
  virtual void leave() = 0;
};

std::unique_ptr<Front> make_line_front(Session& session, const Io& io, bool color);
// Nothing when the terminal cannot be put in one-key mode.
std::unique_ptr<Front> make_screen_front(Session& session, const Io& io, bool color,
                                         std::unique_ptr<KeyScreen> screen);

}  // namespace sabbat::cli
