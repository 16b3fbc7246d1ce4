#pragma once
// What each receiver was told of a game, rebuilt from its record: which actions only their
// own seat knew of (State::secret_from_others), and the log a seat or a spectator gets when it
// arrives (the protocol's "history" message).
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/record.hpp"
#include "core/registry.hpp"

namespace sabbat::server {

// The record's actions replayed from the start, each with its events and whether only its
// seat may know of it (asked of the state before the action, as when it was played).
using OnTold = std::function<void(const RecordedAction&, bool secret, const Events&)>;
Result<Match> replay_told(const Record& record, const Registry& games, const OnTold& on_told);

// The "history" messages for `viewer` (a seat or kSpectator): the events it could see, action
// by action, with the seq each action had for it; the newest `max_events` events at most,
// whole actions at a time. Cut between actions into parts of at most `max_bytes` each (an
// action whose events alone are longer has a part of its own), numbered `part` 1 to `parts`.
Result<std::vector<std::string>> history_parts(const Record& record, const Registry& games,
                                               Seat viewer, size_t max_events, size_t max_bytes);

}  // namespace sabbat::server
