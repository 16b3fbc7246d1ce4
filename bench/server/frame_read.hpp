#pragma once
// What a seat of the load generator reads of the two messages it gets at every move, `state`
// and `accepted`: the type, `seq`, `at` and the `legal` list, read by nlohmann's SAX parser
// without building the view's tree (a client that built it cost more CPU per move than the
// server, and set the pace). Other messages are rare and read whole.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sabbat::load {

struct FrameHead {
  std::string type;
  std::int64_t seq = -1;
  std::int64_t at = -1;
  std::vector<std::string> legal;  // cleared first; filled from a top-level "legal" array
                                   // and every text of the "legal_forms" (docs/protocol.md)
};

// False when the text is not a JSON object.
bool read_frame_head(std::string_view text, FrameHead& out);

}  // namespace sabbat::load
