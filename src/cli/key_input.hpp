#pragma once
// Keys typed on a terminal in one-key mode, waited for with a time limit so that bots and
// deadlines act while the person thinks.
#include <chrono>
#include <optional>
#include <string>

#include "core/key_screen.hpp"

namespace sabbat::cli {

// A key: its code (an ASCII character, or one of key:: in core/key_screen.hpp) and the bytes it
// sent, which a command line being typed keeps (accented letters included).
struct Key {
  int code = 0;
  std::string text;
};

class KeyInput {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Got { Key, Timeout, End, Signal };

  explicit KeyInput(int fd) : fd_(fd) {}

  // True when a key (or the end of input) can be had without waiting.
  bool ready();
  // Waits for a key until `until` (forever without it). Signal: a signal came first (Ctrl-C,
  // a resize); the caller looks at what it says, then waits again.
  Got wait(std::optional<Clock::time_point> until, Key& key);

 private:
  bool take(Key& key);
  void fill();

  int fd_;
  std::string buffer_;
  bool ended_ = false;
};

}  // namespace sabbat::cli
