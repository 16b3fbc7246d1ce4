#pragma once
// A person's seat left without a connection while the game plays: since when it is empty, and
// the bot standing in for its person once the table's limit has passed (docs/protocol.md,
// "Stand-ins"). What is stored of the stand-ins is in stand_in.hpp.
#include <memory>
#include <optional>
#include <vector>

#include "core/bot.hpp"

namespace sabbat::server {

class EmptySeats {
 public:
  explicit EmptySeats(size_t seats) : since_(seats), stand_ins_(seats) {}

  // The seat is empty from `since` on, unless it already was.
  void mark(Seat seat, GameTime since) {
    auto& s = since_[size_t(seat)];
    if (!s) s = since;
  }
  bool is_empty(Seat seat) const { return since_[size_t(seat)].has_value(); }
  // Its person is back: the seat is no longer empty. Its stand-in, if any, is end_stand_in's.
  void filled(Seat seat) { since_[size_t(seat)].reset(); }

  // The earliest game time at which an empty seat without a stand-in gets one.
  std::optional<GameTime> next_due(GameTime after_ms) const;
  // The empty seats without a stand-in whose limit has passed by `now`.
  std::vector<Seat> due(GameTime now, GameTime after_ms) const;

  Bot* stand_in(Seat seat) const { return stand_ins_[size_t(seat)].get(); }
  void give_stand_in(Seat seat, std::unique_ptr<Bot> bot) {
    stand_ins_[size_t(seat)] = std::move(bot);
  }
  // True when a stand-in played the seat.
  bool end_stand_in(Seat seat) {
    const bool had = stand_ins_[size_t(seat)] != nullptr;
    stand_ins_[size_t(seat)].reset();
    return had;
  }
  int64_t stand_ins_playing() const;

 private:
  std::vector<std::optional<GameTime>> since_;
  std::vector<std::unique_ptr<Bot>> stand_ins_;
};

}  // namespace sabbat::server
