#pragma once
// How many actions each receiver has been told of: its messages' seq. An action only its seat
// may know of (State::secret_from_others) counts for that seat alone.
#include <cstdint>
#include <vector>

#include "core/game.hpp"

namespace sabbat::server {

class ToldCount {
 public:
  explicit ToldCount(size_t seats) : secret_by_seat_(seats) {}

  void secret_to(Seat seat) {
    ++secret_by_seat_[size_t(seat)];
    ++secret_total_;
  }
  // The seq of `viewer` (a seat or kSpectator) once `actions` actions are recorded.
  int64_t told(Seat viewer, int64_t actions) const {
    const int64_t all = actions - secret_total_;
    return viewer >= 0 ? all + secret_by_seat_[size_t(viewer)] : all;
  }

 private:
  std::vector<int64_t> secret_by_seat_;
  int64_t secret_total_ = 0;
};

}  // namespace sabbat::server
