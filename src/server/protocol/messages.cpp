#include "server/protocol/messages.hpp"

#include <cmath>
#include <limits>

#include "core/json_writer.hpp"
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
  return std::make_shared<const std::string>(json_text(message));
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
    // JSON has numbers, not integers: 1.0 is the same version as 1 (a client's language may
    // write every number with a point).
    if (!v->is_number() || v->get<double>() != double(kProtocolVersion))
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

Parsed<bool> optional_bool(const ClientMessage& m, const char* name) {
  auto it = m.body.find(name);
  if (it == m.body.end() || it->is_null()) return false;
  if (!it->is_boolean())
    return malformed(std::string("\"") + name + "\" must be true or false", m.type);
  return it->get<bool>();
}

Parsed<std::optional<int64_t>> optional_integer(const ClientMessage& m, const char* name) {
  auto it = m.body.find(name);
  if (it == m.body.end() || it->is_null()) return std::optional<int64_t>{};
  // Integers past 64 bits parse as floats, and those past 2^63 - 1 as unsigned.
  const bool too_big =
      (it->is_number_unsigned() &&
       it->get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max())) ||
      (it->is_number_float() &&
       (!std::isfinite(it->get<double>()) || (std::trunc(it->get<double>()) == it->get<double>() &&
                                              std::fabs(it->get<double>()) >= 0x1p63)));
  if (too_big)
    return malformed(std::string("\"") + name +
                         "\" is out of range: an integer from -9223372036854775808 to "
                         "9223372036854775807",
                     m.type);
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

std::vector<std::string> event_texts(const Events& events) {
  std::vector<std::string> out;
  out.reserve(events.size());
  for (const Event& e : events)
    out.push_back(json_text(json{{"kind", e.kind}, {"text", e.text}, {"data", e.data}}));
  return out;
}

std::string state_text(const State& state, Seat viewer, std::string_view view_text, int64_t seq,
                       GameTime time, const Events& events, std::span<const std::string> texts,
                       bool may_act, GameTime now, bool snapshot, bool patch) {
  std::string m = R"({"type":"state","seq":)";
  m += std::to_string(seq);
  m += R"(,"time":)";
  m += std::to_string(time);
  m += snapshot ? R"(,"snapshot":true,)" : R"(,"snapshot":false,)";
  m += patch ? R"("view_patch":)" : R"("view":)";
  m += view_text;
  m += R"(,"events":[)";
  bool first = true;
  for (size_t i = 0; i < events.size(); ++i)
    if (events[i].audience.sees(viewer)) {
      if (!first) m += ',';
      first = false;
      m += texts[i];
    }
  m += R"(],"actors":[)";
  // Only what the viewer may know of whom the game waits for (a reaction window may ask
  // only the seats that hold an answer).
  const SeatSet who = state.actors_seen_by(viewer);
  first = true;
  for (Seat s = 0; s < state.players(); ++s)
    if (who.contains(s)) {
      if (!first) m += ',';
      first = false;
      m += std::to_string(s);
    }
  m += R"(],"legal":[)";
  // Listed actions, and forms for the families too large to list (docs/protocol.md): the
  // field is left out when there are none, as in most games and moments.
  LegalDescription legal;
  if (may_act && viewer >= 0 && state.actors().contains(viewer)) {
    state.describe_legal(viewer, legal);
    first = true;
    for (Action a : legal.listed) {
      if (!first) m += ',';
      first = false;
      JsonWriter(m).value(state.action_text(a));
    }
  }
  m += ']';
  if (!legal.forms.empty()) {
    json forms = json::array();
    for (const LegalForm& f : legal.forms) forms.push_back(form_json(f));
    m += R"(,"legal_forms":)";
    m += json_text(forms);
  }
  m += R"(,"deadline":)";
  if (auto d = state.deadline(); d && may_act)
    m += R"({"at":)" + std::to_string(d->at) + R"(,"in":)" +
         std::to_string(std::max<GameTime>(0, d->at - now)) + "}";
  else
    m += "null";
  m += R"(,"you":)";
  m += viewer == kSpectator ? std::string(R"("spectator")") : std::to_string(viewer);
  m += '}';
  return m;
}

json state_message(const State& state, Seat viewer, int64_t seq, GameTime time,
                   const Events& events, bool may_act, GameTime now, bool snapshot) {
  return json::parse(state_text(state, viewer, json_text(state.view(viewer)), seq, time, events,
                                event_texts(events), may_act, now, snapshot));
}

}  // namespace sabbat::server
