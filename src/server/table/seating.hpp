#pragma once
// Who sits where, and the ready step, read from a table's settings: which seat a newcomer
// takes, whether the game waits for everyone to say ready, which seat a token holds.
#include <optional>
#include <string_view>

#include "server/table/settings.hpp"

namespace sabbat::server {

// The first seat neither a bot's nor taken by a person, or -1 when there is none.
int free_human_seat(const TableSettings& settings);
inline bool all_humans_seated(const TableSettings& settings) {
  return free_human_seat(settings) < 0;
}

// A real-time game with at least one person asks everyone to say ready before its clock runs;
// a turn-based one begins as soon as the last seat is taken.
bool takes_ready_step(const TableSettings& settings, bool real_time);
// Every person's seat is marked ready (by its person, or by the owner for her).
bool all_ready(const TableSettings& settings);

// The person's seat whose stored digest matches `digest`. Every seat is compared, each in
// constant time, so that the time taken says nothing of which one matched.
std::optional<int> seat_holding(const TableSettings& settings, std::string_view digest);

}  // namespace sabbat::server
