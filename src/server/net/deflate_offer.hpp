#pragma once
// permessage-deflate's negotiation (RFC 7692 §5, §7.1): the offers of a client's
// Sec-WebSocket-Extensions header read, the first one this server can honour taken, and the
// answer for the 101 response written. An offer with a parameter it does not know, one given
// twice, or a value out of range is declined (§5.1), and the next offer is tried; when none is
// taken the connection goes on uncompressed.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sabbat::server {

// What both ends agreed on for one connection (four bytes: a session holds it until its
// handshake ends).
struct DeflateTerms {
  bool server_no_context_takeover = false;  // each server message compressed on its own
  bool client_no_context_takeover = false;  // each client message compressed on its own
  std::uint8_t server_window_bits = 15;     // the distances the server's messages may use
  std::uint8_t client_window_bits = 15;     // and the client's
};

// The server's side of the bargain.
struct DeflatePolicy {
  int server_window_bits = 13;  // the largest window the server compresses with
  int client_window_bits = 9;   // asked of a client whose offer lets the server choose
};

// The terms of the first acceptable permessage-deflate offer in `header`, or none.
std::optional<DeflateTerms> negotiate_deflate(std::string_view header, const DeflatePolicy& policy);

// The Sec-WebSocket-Extensions value that answers an offer taken on `terms`.
std::string deflate_answer(const DeflateTerms& terms);

}  // namespace sabbat::server
