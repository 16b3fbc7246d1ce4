#include "server/table/settings.hpp"

#include "core/untrusted.hpp"
#include "server/protocol/secrets.hpp"

namespace sabbat::server {

json TableSettings::to_json() const {
  json s = json::array();
  for (const SeatSettings& seat : seats) {
    if (seat.bot)
      s.push_back({{"bot", seat.bot_name}});
    else if (seat.ready.empty())
      s.push_back({{"name", seat.name}, {"token", seat.token}});
    else
      s.push_back({{"name", seat.name}, {"token", seat.token}, {"ready", seat.ready}});
  }
  return {{"owner", owner_token},
          {"spectators", spectators},
          {"listed", listed},
          {"started", started},
          {"seats", s}};
}

Result<TableSettings> TableSettings::from_text(std::string_view text, int players) {
  auto parsed = parse_untrusted_json(text, JsonLimits{1 << 20, 8});
  if (!parsed) return fail("table settings: " + parsed.error());
  const json& j = *parsed;
  const auto bad = [] { return fail("table settings: missing or wrong fields"); };
  if (!j.is_object() || !j.contains("owner") || !j["owner"].is_string() ||
      !j.contains("spectators") || !j["spectators"].is_boolean() || !j.contains("started") ||
      !j["started"].is_boolean() || !j.contains("seats") || !j["seats"].is_array() ||
      int(j["seats"].size()) != players)
    return bad();
  TableSettings t;
  t.owner_token = j["owner"].get<std::string>();
  t.spectators = j["spectators"].get<bool>();
  t.started = j["started"].get<bool>();
  // Tables stored before the lobby listed tables stay unlisted.
  if (j.contains("listed")) {
    if (!j["listed"].is_boolean()) return bad();
    t.listed = j["listed"].get<bool>();
  }
  // Digests, or plain tokens from stores written before digests (Table::restore converts).
  const auto secret = [](const std::string& v) {
    return looks_like_token_digest(v) || looks_like_token(v);
  };
  if (!secret(t.owner_token)) return bad();
  for (const json& seat : j["seats"]) {
    if (!seat.is_object()) return bad();
    SeatSettings s;
    if (seat.contains("bot")) {
      if (!seat["bot"].is_string()) return bad();
      s.bot = true;
      s.bot_name = seat["bot"].get<std::string>();
    } else {
      if (!seat.contains("name") || !seat["name"].is_string() || !seat.contains("token") ||
          !seat["token"].is_string())
        return bad();
      s.name = seat["name"].get<std::string>();
      s.token = seat["token"].get<std::string>();
      if (!s.token.empty() && !secret(s.token)) return bad();
      // Tables stored before the ready step have no marks.
      if (auto r = seat.find("ready"); r != seat.end()) {
        if (!r->is_string() || (*r != "self" && *r != "owner") || s.token.empty()) return bad();
        s.ready = r->get<std::string>();
      }
    }
    t.seats.push_back(std::move(s));
  }
  return t;
}

}  // namespace sabbat::server
