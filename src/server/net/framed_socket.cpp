#include "server/net/framed_socket.hpp"

#include <algorithm>

namespace sabbat::server {

std::size_t FrameEdge::through_frame_end(const unsigned char* p, std::size_t n, bool& ended) {
  ended = false;
  std::size_t used = 0;
  while (used < n) {
    if (!in_payload_) {
      head_[head_have_++] = p[used++];
      if (head_have_ == 2) {
        const unsigned length7 = head_[1] & 0x7f;
        const bool masked = (head_[1] & 0x80) != 0;
        head_need_ = std::uint8_t(2 +
                                  (length7 == 126   ? 2
                                   : length7 == 127 ? 8
                                                    : 0) +
                                  (masked ? 4 : 0));
      }
      if (head_have_ < 2 || head_have_ < head_need_) continue;
      const unsigned length7 = head_[1] & 0x7f;
      payload_left_ = length7;
      if (length7 >= 126) {
        const std::size_t bytes = length7 == 126 ? 2 : 8;
        payload_left_ = 0;
        for (std::size_t i = 0; i < bytes; ++i) payload_left_ = payload_left_ << 8 | head_[2 + i];
      }
      head_have_ = 0;
      head_need_ = 2;
      in_payload_ = payload_left_ > 0;
      if (!in_payload_) {
        ended = true;
        return used;
      }
    } else {
      const std::uint64_t take = std::min<std::uint64_t>(payload_left_, n - used);
      used += std::size_t(take);
      payload_left_ -= take;
      if (payload_left_ == 0) {
        in_payload_ = false;
        ended = true;
        return used;
      }
    }
  }
  return used;
}

void teardown(boost::beast::role_type role, FramedSocket& s, boost::beast::error_code& ec) {
  if (s.tls()) return boost::beast::teardown(role, *s.tls(), ec);
  boost::beast::websocket::teardown(role, s.socket(), ec);
}

}  // namespace sabbat::server
