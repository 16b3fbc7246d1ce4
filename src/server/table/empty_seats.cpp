#include "server/table/empty_seats.hpp"

namespace sabbat::server {

std::optional<GameTime> EmptySeats::next_due(GameTime after_ms) const {
  std::optional<GameTime> first;
  for (size_t s = 0; s < since_.size(); ++s)
    if (since_[s] && !stand_ins_[s]) {
      const GameTime at = *since_[s] + after_ms;
      if (!first || at < *first) first = at;
    }
  return first;
}

std::vector<Seat> EmptySeats::due(GameTime now, GameTime after_ms) const {
  std::vector<Seat> seats;
  for (size_t s = 0; s < since_.size(); ++s)
    if (since_[s] && !stand_ins_[s] && *since_[s] + after_ms <= now) seats.push_back(Seat(s));
  return seats;
}

int64_t EmptySeats::stand_ins_playing() const {
  int64_t n = 0;
  for (const auto& bot : stand_ins_) n += bot != nullptr;
  return n;
}

}  // namespace sabbat::server
