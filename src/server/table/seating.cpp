#include "server/table/seating.hpp"

#include "server/protocol/secrets.hpp"

namespace sabbat::server {

int free_human_seat(const TableSettings& settings) {
  for (size_t s = 0; s < settings.seats.size(); ++s)
    if (!settings.seats[s].taken()) return int(s);
  return -1;
}

bool takes_ready_step(const TableSettings& settings, bool real_time) {
  // Turn-based games hide nothing timed at their start: they begin when the last seat is taken.
  if (!real_time) return false;
  for (const SeatSettings& seat : settings.seats)
    if (!seat.bot) return true;
  return false;
}

bool all_ready(const TableSettings& settings) {
  for (const SeatSettings& seat : settings.seats)
    if (!seat.bot && seat.ready.empty()) return false;
  return true;
}

std::optional<int> seat_holding(const TableSettings& settings, std::string_view digest) {
  std::optional<int> found;
  for (size_t s = 0; s < settings.seats.size(); ++s) {
    const SeatSettings& seat = settings.seats[s];
    if (!seat.bot && !seat.token.empty() && same_secret(seat.token, digest)) found = int(s);
  }
  return found;
}

}  // namespace sabbat::server
