#pragma once
// A table's game time: the server's steady clock since the game began, resumed at the last
// stored action's time after a restart, and standing still while every person is away.
#include <algorithm>
#include <chrono>

#include "core/game.hpp"

namespace sabbat::server {

class TableClock {
 public:
  using Steady = std::chrono::steady_clock;

  // Game time `at` is now: the clock runs from there.
  void start(GameTime at, Steady::time_point now) {
    offset_ = at;
    start_ = now;
  }
  // Game time now; never before `last`, the time of the game's last action.
  GameTime at(GameTime last, Steady::time_point now) const {
    if (paused_) return std::max(last, offset_);
    const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(now - start_);
    return std::max(last, offset_ + GameTime(elapsed.count()));
  }
  // When game time reaches `at`, on the steady clock (for the table's timer).
  Steady::time_point when(GameTime at) const {
    return start_ + std::chrono::milliseconds(at - offset_);
  }
  // Game time stops at `at` (the time now) until resume().
  void pause(GameTime at) {
    offset_ = at;
    paused_ = true;
  }
  void resume(Steady::time_point now) {
    paused_ = false;
    start_ = now;
  }
  bool paused() const { return paused_; }

 private:
  Steady::time_point start_{};
  GameTime offset_ = 0;  // game time at start_
  bool paused_ = false;
};

}  // namespace sabbat::server
