#pragma once
// The replay of a finished game through one seat's eyes (GET /api/tables/CODE/replay): the
// "state" message that seat would have received at the start and after every action, so a
// viewer steps forward and back through the same frames the table page draws.
#include <optional>
#include <string>
#include <string_view>

#include "core/record.hpp"
#include "core/result.hpp"

namespace sabbat::server {

// The `seat` query value: absent, empty or "spectator" is the spectator; otherwise a seat
// number of the game, written in decimal. The error says what is allowed.
Result<Seat> replay_viewer(std::optional<std::string_view> value, int players);

// {"game", "players", "seat", "steps": [state message, ...], "result"}; steps[0] is the
// game's beginning, steps[k] the state after the record's k-th action.
Result<json> replay_through(const Record& record, const Registry& games, Seat viewer);

// The value of `name` in a URL's query string ("a=1&seat=2"), without decoding: the values
// read here are plain words and numbers.
std::optional<std::string_view> query_value(std::string_view query, std::string_view name);

}  // namespace sabbat::server
