// Fuzz target: the server's permessage-deflate (server/net/message_deflate.hpp,
// deflate_writer.hpp). The first byte picks what the rest is:
// - even: what a client sends on a connection that took deflate, cut into pieces (the first
//   byte seeds the cuts), through the read side: nothing may crash, and what Beast would be
//   handed may not depend on where the bytes were cut (the whole stream at once is the
//   reference);
// - odd: messages for the writer (a byte of length, then the message), each compressed after
//   the ones before as the server does and inflated by zlib, which must give it back.
// Either way the bytes are also read as a Sec-WebSocket-Extensions header: an offer taken
// gives terms within the policy.
#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "fuzz_bytes.hpp"
#include "server/net/deflate_offer.hpp"
#include "server/net/deflate_writer.hpp"
#include "server/net/message_deflate.hpp"

namespace {

using sabbat::server::DeflateTerms;
using sabbat::server::MessageDeflate;

std::string read_in_pieces(const uint8_t* data, size_t size, uint32_t seed, bool no_context) {
  DeflateTerms terms;
  terms.client_no_context_takeover = no_context;
  terms.client_window_bits = 9;
  MessageDeflate d(terms, 1024);
  std::string plain;
  size_t at = 0;
  while (at < size) {
    const size_t piece = sabbat::fuzz::next_cut(seed, size - at);
    d.take_in(data + at, piece, plain);
    at += piece;
  }
  return plain;
}

void write_and_inflate(const uint8_t* data, size_t size, int bits) {
  z_stream z{};
  if (inflateInit2(&z, -15) != Z_OK) return;
  std::string history, out, back;
  const size_t window = size_t(1) << bits;
  size_t at = 0;
  while (at < size) {
    const size_t n = std::min<size_t>(data[at] * 8u, size - at - 1);
    const std::string message(reinterpret_cast<const char*>(data + at + 1), n);
    at += 1 + n;
    if (history.size() > window) history.erase(0, history.size() - window);
    const size_t from = history.size();
    history += message;
    out.clear();
    sabbat::server::deflate_message(history, from, bits, out);
    out.append("\0\0\xff\xff", 4);
    back.assign(message.size() + 16, '\0');
    z.next_in = reinterpret_cast<Bytef*>(out.data());
    z.avail_in = uInt(out.size());
    z.next_out = reinterpret_cast<Bytef*>(back.data());
    z.avail_out = uInt(back.size());
    const int r = inflate(&z, Z_SYNC_FLUSH);
    if ((r != Z_OK && r != Z_BUF_ERROR) || z.avail_in != 0)
      sabbat::fuzz::broken("zlib cannot inflate what the writer made");
    back.resize(back.size() - z.avail_out);
    if (back != message) sabbat::fuzz::broken("the writer's message inflates to another");
  }
  inflateEnd(&z);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view header(reinterpret_cast<const char*>(data), size);
  if (auto terms = sabbat::server::negotiate_deflate(header, {13, 9})) {
    if (terms->server_window_bits < 9 || terms->server_window_bits > 13 ||
        terms->client_window_bits < 8 || terms->client_window_bits > 15 ||
        !sabbat::server::deflate_answer(*terms).starts_with("permessage-deflate"))
      sabbat::fuzz::broken("an offer taken on terms outside the policy");
  }
  if (data[0] & 1) {
    write_and_inflate(data + 1, size - 1, 9 + (data[0] >> 1) % 7);
    return 0;
  }
  const uint32_t seed = data[0] | 1u;
  const bool no_context = (data[0] & 2) != 0;
  if (read_in_pieces(data + 1, size - 1, 0, no_context) !=
      read_in_pieces(data + 1, size - 1, seed, no_context))
    sabbat::fuzz::broken("what Beast is handed depends on how the bytes were cut");
  return 0;
}
