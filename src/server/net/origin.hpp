#pragma once
// The origins whose pages may open the server's WebSocket: the addresses the server listens
// at, its public URL and the origins its operator allows. Never the Host header a request
// brings: a name of the attacker's that resolves to this server (DNS rebinding) sends its own
// Host and Origin, which then agree.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace sabbat::server {

// `text` as an origin in one spelling: "scheme://host[:port]", scheme http or https, scheme
// and host in lowercase, the scheme's default port left out. Nothing for anything else (an
// empty text, "null", a path, user info, a bad port).
std::optional<std::string> canonical_origin(std::string_view text);

// The origin of a URL given to --public-url ("https://games.example/sabbat" gives
// "https://games.example"), or an error saying what is expected.
Result<std::string> origin_of_url(std::string_view url);

// "http://HOST:PORT" for a listening address (IPv6 literals in brackets).
std::string http_origin(std::string_view host, unsigned port);
// The same in HTTPS (--tls-cert).
std::string https_origin(std::string_view host, unsigned port);

}  // namespace sabbat::server
