#include "tcp_segments.hpp"

#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstddef>

namespace sabbat::server::testing {

std::optional<uint32_t> data_segments_received(int socket) {
  tcp_info info{};
  socklen_t size = sizeof info;
  if (::getsockopt(socket, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) return std::nullopt;
  if (size < offsetof(tcp_info, tcpi_data_segs_in) + sizeof info.tcpi_data_segs_in)
    return std::nullopt;  // an older kernel's shorter tcp_info
  return info.tcpi_data_segs_in;
}

std::optional<uint64_t> bytes_received(int socket) {
  tcp_info info{};
  socklen_t size = sizeof info;
  if (::getsockopt(socket, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) return std::nullopt;
  if (size < offsetof(tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received)
    return std::nullopt;
  return info.tcpi_bytes_received;
}

}  // namespace sabbat::server::testing
