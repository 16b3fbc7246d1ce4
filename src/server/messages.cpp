#include "server/messages.hpp"

#include "core/untrusted.hpp"

namespace sabbat::server {

namespace {

ProtocolError malformed(std::string message, std::string ref = {}) {
  return {"malformed", std::move(message), std::move(ref)};
}

// Counts code points, for limits a person understands ("32 characters").
std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

Frame frame(const json& message) {
  // Replacement of invalid UTF-8: names are printable() already, and games write UTF-8.
  return std::make_shared<const std::string>(
      message.dump(-1, ' ', false, json::error_handler_t::replace));
}

Parsed<ClientMessage> read_client_message(std::string_view text, std::size_t max_bytes) {
  auto parsed = parse_untrusted_json(text, JsonLimits{max_bytes, 8});
  if (!parsed) return malformed(parsed.error());
  json& body = *parsed;
  if (!body.is_object()) return malformed("a message is a JSON object with a \"type\"");
  auto type = body.find("type");
  if (type == body.end() || !type->is_string())
    return malformed("a message needs a \"type\" string");
  std::string name = type->get<std::string>();
  if (auto v = body.find("protocol"); v != body.end()) {
    if (!v->is_number_integer() || v->get<int64_t>() != kProtocolVersion)
      return ProtocolError{"unsupported-protocol",
                           "this server speaks protocol " + std::to_string(kProtocolVersion),
                           printable(name, 20)};
  }
  return ClientMessage{std::move(name), std::move(body)};
}

Parsed<std::string> string_field(const ClientMessage& m, const char* name, std::size_t max_chars) {
  auto it = m.body.find(name);
  if (it == m.body.end() || !it->is_string())
    return malformed(std::string("'") + m.type + "' needs a \"" + name + "\" string", m.type);
  std::string value = it->get<std::string>();
  if (code_points(value) > max_chars)
    return malformed(
        std::string("\"") + name + "\" is longer than " + std::to_string(max_chars) + " characters",
        m.type);
  return value;
}

Parsed<std::optional<int64_t>> optional_integer(const ClientMessage& m, const char* name) {
  auto it = m.body.find(name);
  if (it == m.body.end() || it->is_null()) return std::optional<int64_t>{};
  if (!it->is_number_integer())
    return malformed(std::string("\"") + name + "\" must be an integer", m.type);
  return std::optional<int64_t>{it->get<int64_t>()};
}

Frame error_frame(std::string_view code, std::string_view message, std::string_view ref) {
  json m = {{"type", "error"}, {"code", code}, {"message", message}};
  if (!ref.empty()) m["ref"] = ref;
  return frame(m);
}

Frame error_frame(const ProtocolError& e) {
  return error_frame(e.code, e.message, e.ref);
}

json state_message(const State& state, Seat viewer, int64_t seq, GameTime time,
                   const Events& events, bool may_act, GameTime now, bool snapshot) {
  json m = {{"type", "state"}, {"seq", seq}, {"time", time}, {"snapshot", snapshot}};
  m["view"] = state.view(viewer);
  json seen = json::array();
  for (const Event& e : events)
    if (e.audience.sees(viewer))
      seen.push_back({{"kind", e.kind}, {"text", e.text}, {"data", e.data}});
  m["events"] = std::move(seen);
  json actors = json::array();
  const SeatSet who = state.actors();
  for (Seat s = 0; s < state.players(); ++s)
    if (who.contains(s)) actors.push_back(s);
  m["actors"] = std::move(actors);
  json legal = json::array();
  if (may_act && viewer >= 0 && who.contains(viewer)) {
    ActionList actions;
    state.legal_actions(viewer, actions);
    for (Action a : actions) legal.push_back(state.action_text(a));
  }
  m["legal"] = std::move(legal);
  if (auto d = state.deadline(); d && may_act)
    m["deadline"] = {{"at", d->at}, {"in", std::max<GameTime>(0, d->at - now)}};
  else
    m["deadline"] = nullptr;
  if (viewer == kSpectator)
    m["you"] = "spectator";
  else
    m["you"] = viewer;
  return m;
}

}  // namespace sabbat::server
