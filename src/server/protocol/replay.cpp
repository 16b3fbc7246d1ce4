#include "server/protocol/replay.hpp"

#include <charconv>

#include "server/protocol/messages.hpp"

namespace sabbat::server {

Result<Seat> replay_viewer(std::optional<std::string_view> value, int players) {
  if (!value || value->empty() || *value == "spectator") return kSpectator;
  const std::string allowed =
      "seat is a number from 0 to " + std::to_string(players - 1) + ", or \"spectator\"";
  int seat = -1;
  const char* end = value->data() + value->size();
  auto [ptr, ec] = std::from_chars(value->data(), end, seat);
  if (ec != std::errc{} || ptr != end || seat < 0 || seat >= players) return fail(allowed);
  return Seat(seat);
}

Result<json> replay_through(const Record& record, const Registry& games, Seat viewer) {
  json steps = json::array();
  static const Events kNone;
  auto match = replay_from_start(
      record, games,
      [&](const State& start) {
        steps.push_back(state_message(start, viewer, 0, 0, kNone, false, 0, true));
      },
      [&](const RecordedAction& a, const State& s, const Events& events) {
        steps.push_back(state_message(s, viewer, a.seq, a.time, events, false, a.time, false));
      });
  if (!match) return fail(match.error());
  json out = {{"game", record.game}, {"players", record.players}};
  out["seat"] = viewer == kSpectator ? json("spectator") : json(viewer);
  out["steps"] = std::move(steps);
  if (const auto& r = match->record().result)
    out["result"] = {{"scores", r->scores}, {"ranks", r->ranks}};
  else
    out["result"] = nullptr;
  return out;
}

std::optional<std::string_view> query_value(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    const size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    const size_t eq = pair.find('=');
    if (pair.substr(0, eq) == name)
      return eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1);
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

}  // namespace sabbat::server
