#pragma once
// The terminal in one-key mode: keys arrive one at a time without echo, the game has the
// alternate screen and the cursor is hidden. The terminal is always given back as it was: on
// leave(), by the destructor (normal return, error, exception), on SIGTERM, SIGHUP and SIGQUIT
// (then the signal ends the program as usual), on an uncaught exception, and while suspended
// by Ctrl-Z. Ctrl-C asks the game to end (interrupted()); a second Ctrl-C ends the program.
namespace sabbat::cli {

struct TerminalSize {
  int columns = 80;
  int rows = 24;
};

class RawTerminal {
 public:
  RawTerminal() = default;
  RawTerminal(const RawTerminal&) = delete;
  RawTerminal& operator=(const RawTerminal&) = delete;
  ~RawTerminal() { leave(); }

  // Enters one-key mode on `in_fd` (keys) and `out_fd` (screen); false, with nothing changed,
  // when `in_fd` is no terminal or refuses. One RawTerminal at a time per process.
  bool enter(int in_fd, int out_fd);
  // Gives the terminal back; does nothing when not entered.
  void leave();
  bool active() const { return active_; }

  TerminalSize size() const;
  // True once after a resize or a return from Ctrl-Z: the whole screen must be drawn again.
  static bool take_redraw();
  // True once Ctrl-C (SIGINT) was pressed.
  static bool interrupted();
  // Readable after a signal the game must see (Ctrl-C, a resize, a return from Ctrl-Z), so
  // that a wait on the keys wakes even when the signal came just before it began; -1 when
  // no terminal is entered. drain_wake() empties it.
  static int wake_fd();
  static void drain_wake();

 private:
  bool active_ = false;
};

}  // namespace sabbat::cli
