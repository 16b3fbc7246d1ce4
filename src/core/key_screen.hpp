#pragma once
// One-key play on a terminal, for the games that offer it (Game::make_key_screen). The game
// draws its screen from the person's view and turns each key into the canonical text of an
// action; the terminal front end draws the frame around it (what happened, the countdown, the
// command line) and plays the actions, so that the engine judges and explains them exactly as
// typed ones. A screen is for a person: what it shows counts seats from 1 (kPeopleCount, a
// seat's digit key too), while the actions it returns are canonical texts, counted from 0.
#include <memory>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace sabbat {

// Keys that are not printable characters, as a terminal front end passes them on.
namespace key {
inline constexpr int kEnter = '\n';
inline constexpr int kBackspace = 127;
inline constexpr int kEscape = 27;
inline constexpr int kUnknown = -1;  // a function key, a letter beyond ASCII...
inline constexpr int kUp = -2;
inline constexpr int kDown = -3;
inline constexpr int kRight = -4;
inline constexpr int kLeft = -5;
// Page Up and Page Down scroll what happened; the front end keeps them for itself.
inline constexpr int kPageUp = -6;
inline constexpr int kPageDown = -7;
inline constexpr int ctrl(char c) {
  return c & 0x1f;
}
}  // namespace key

// What the person knows now: their seat's view and legal actions (as canonical text).
struct KeySituation {
  const json& view;
  Seat viewer;
  const std::vector<std::string>& legal;
};

struct KeyAnswer {
  std::string action;  // canonical text to play now, or empty
  std::string note;    // a short word: what the key did, or why it did nothing
};

class KeyScreen {
 public:
  virtual ~KeyScreen() = default;
  // The table as the seat sees it, for a terminal of `rows` lines.
  virtual std::string table(const json& view, Seat viewer, bool color, int rows) const = 0;
  // What the person may do now and the keys for it; empty when they may not act.
  virtual std::string keys(const KeySituation& now, bool color) const = 0;
  // One short line for beside the countdown: what the game waits for, the key to press.
  virtual std::string waiting(const KeySituation& now) const = 0;
  // A key: an ASCII code or one of key:: above.
  virtual KeyAnswer press(int key, const KeySituation& now) = 0;
  // An event the seat may see, as lines of narration; the terminal hands over its text with
  // seats counted from 1 already.
  virtual std::vector<std::string> narrate(const Event& event) const { return {event.text}; }
  // Every key of the screen.
  virtual std::string help() const = 0;
};

}  // namespace sabbat
