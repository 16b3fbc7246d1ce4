// Fuzz target: any bytes as what a client sends on its WebSocket, cut into pieces, through
// FrameEdge (server/framed_socket), which finds where frames end before Beast sees them. The
// first byte seeds the cuts. Nothing may crash; every call takes at least one byte and stops
// at a frame's end or the piece's; and the ends found do not depend on where the bytes were
// cut (the whole stream at once is the reference).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "fuzz_bytes.hpp"
#include "server/net/framed_socket.hpp"

using sabbat::server::FrameEdge;

namespace {

std::vector<size_t> ends_in_pieces(const uint8_t* data, size_t size, uint32_t seed) {
  FrameEdge edge;
  std::vector<size_t> ends;
  size_t at = 0;
  while (at < size) {
    const size_t piece = sabbat::fuzz::next_cut(seed, size - at);
    bool ended = false;
    const size_t used = edge.through_frame_end(data + at, piece, ended);
    if (used == 0 || used > piece) sabbat::fuzz::broken("a call took no byte or too many");
    if (!ended && used != piece) sabbat::fuzz::broken("a call stopped before a frame's end");
    at += used;
    if (ended) ends.push_back(at);
  }
  return ends;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint32_t seed = data[0] | 1u;
  if (ends_in_pieces(data + 1, size - 1, 0) != ends_in_pieces(data + 1, size - 1, seed))
    sabbat::fuzz::broken("frame ends depend on how the bytes were cut");
  return 0;
}
