#pragma once
// The messages of docs/protocol.md: reading the client's (through parse_untrusted_json) and
// writing the server's. Each server message is one frame, built once and shared by pointer.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "core/game.hpp"
#include "core/result.hpp"

namespace sabbat::server {

inline constexpr int kProtocolVersion = 1;

using Frame = std::shared_ptr<const std::string>;
Frame frame(const json& message);

// A client message that is a JSON object with a string "type", in a supported protocol.
struct ClientMessage {
  std::string type;
  json body;
};
struct ProtocolError {
  std::string code;  // stable: docs/protocol.md's table of errors
  std::string message;
  std::string ref;  // the offending message's type, when it had one
};
template <class T>
using Parsed = std::variant<T, ProtocolError>;

Parsed<ClientMessage> read_client_message(std::string_view text, std::size_t max_bytes);

// Fields of a message; the error names the field and what it must be.
Parsed<std::string> string_field(const ClientMessage& m, const char* name, std::size_t max_chars);
Parsed<std::optional<int64_t>> optional_integer(const ClientMessage& m, const char* name);
// A field that may be absent or null (false) or a boolean.
Parsed<bool> optional_bool(const ClientMessage& m, const char* name);

Frame error_frame(std::string_view code, std::string_view message, std::string_view ref = {});
Frame error_frame(const ProtocolError& e);

// The "state" message for `viewer` (a seat or kSpectator): its view, the events of the last
// action that it may see, the actors it may know of, its legal actions when `may_act` (as texts,
// and as forms where State::describe_legal describes them), and
// the deadline counted from `now`. A snapshot (after a join, a rejoin, a watch or the start)
// carries no events: nothing happened, the receiver is shown where the game stands.
json state_message(const State& state, Seat viewer, int64_t seq, GameTime time,
                   const Events& events, bool may_act, GameTime now, bool snapshot);

// The same message as text, from parts written once for every frame of an action: the
// viewer's view (State::view_texts) and the events (event_texts).
std::vector<std::string> event_texts(const Events& events);
// `view_text` is the view, or with `patch` a JSON Patch of the last view (sent as `view_patch`).
std::string state_text(const State& state, Seat viewer, std::string_view view_text, int64_t seq,
                       GameTime time, const Events& events, std::span<const std::string> texts,
                       bool may_act, GameTime now, bool snapshot, bool patch = false);

}  // namespace sabbat::server
