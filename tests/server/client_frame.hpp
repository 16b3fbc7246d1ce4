#pragma once
// A client's WebSocket frame as the tests send it raw: `first` is the header's first byte (FIN,
// RSV bits, opcode), the payload masked with `key` (RFC 6455 §5.2, §5.3: a client masks).
#include <cstdint>
#include <string>

namespace sabbat::server::testing {

inline std::string masked_frame(unsigned char first, const std::string& payload,
                                const unsigned char (&key)[4]) {
  std::string f(1, char(first));
  const std::size_t n = payload.size();
  if (n < 126) {
    f += char(0x80 | n);
  } else if (n < 65536) {
    f += char(0x80 | 126);
    f += char(n >> 8);
    f += char(n & 0xff);
  } else {
    f += char(0x80 | 127);
    for (int i = 7; i >= 0; --i) f += char((uint64_t(n) >> (8 * i)) & 0xff);
  }
  f.append(reinterpret_cast<const char*>(key), 4);
  for (std::size_t i = 0; i < n; ++i) f += char(payload[i] ^ key[i & 3]);
  return f;
}

}  // namespace sabbat::server::testing
