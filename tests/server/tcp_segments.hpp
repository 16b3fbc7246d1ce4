#pragma once
// How many TCP segments carrying data a socket has received, from the kernel's TCP_INFO
// (Linux 4.6 and later). Apart from the harness: <linux/tcp.h> and the <netinet/tcp.h> that
// Asio includes both define struct tcp_info.
#include <cstdint>
#include <optional>

namespace sabbat::server::testing {

// Nothing when the system does not count them.
std::optional<uint32_t> data_segments_received(int socket);
// The bytes of the TCP stream a socket has received (WebSocket framing included).
std::optional<uint64_t> bytes_received(int socket);

}  // namespace sabbat::server::testing
