#pragma once
// permessage-deflate (RFC 7692) done beside Beast rather than by it: the frames between the
// socket and Beast's WebSocket stream are rewritten here, so that Beast reads and writes plain
// frames only and keeps the handshake, control frames, UTF-8 checks, close codes and message
// limits. Messages are compressed by deflate_writer.hpp (raw deflate, each message ended as a
// sync flush is, its 00 00 ff ff left off, §7.2.1) and inflated by zlib.
//
// Read side: a data message whose first frame has RSV1 is gathered (its fragments, control
// frames in between passing through at once), inflated and handed on as one frame with RSV1
// cleared and a zero mask. Inflated past the message limit, it is handed on as a header that
// announces more than the limit, which Beast refuses with 1009; compressed data that does not
// inflate, or RSV1 where it may not be, is handed on as a frame with RSV1, which Beast refuses
// with 1002. Other frames pass as they came.
// Write side: each data message Beast writes (its fragments joined) leaves as one compressed
// frame with RSV1; control frames pass as they came. A connection keeps only the bytes it sent
// last (its server window's worth) between messages, and the client's last bytes for inflating.
#include <cstddef>
#include <cstdint>
#include <string>

#include "server/net/deflate_offer.hpp"

namespace sabbat::server {

// A WebSocket frame header read a byte at a time (RFC 6455 §5.2).
struct FrameHead {
  unsigned char bytes[14] = {};
  std::uint8_t have = 0;
  std::uint8_t need = 2;
  std::uint64_t length = 0;

  // Takes one byte; true once the header is whole.
  bool take(unsigned char b);
  void clear() { have = 0, need = 2, length = 0; }
  bool fin() const { return (bytes[0] & 0x80) != 0; }
  bool rsv1() const { return (bytes[0] & 0x40) != 0; }
  unsigned opcode() const { return bytes[0] & 0x0f; }
  bool control() const { return (bytes[0] & 0x08) != 0; }
  bool reserved_23() const { return (bytes[0] & 0x30) != 0; }  // RSV2 or RSV3
  bool masked() const { return (bytes[1] & 0x80) != 0; }
  // The mask key; four zeros (no mask) for an unmasked frame.
  const unsigned char* key() const {
    static constexpr unsigned char kNone[4] = {};
    return masked() ? bytes + have - 4 : kNone;
  }
};

class MessageDeflate {
 public:
  // `max_message`: the largest message Beast is told to read.
  MessageDeflate(const DeflateTerms& terms, std::size_t max_message);
  ~MessageDeflate();
  MessageDeflate(const MessageDeflate&) = delete;
  MessageDeflate& operator=(const MessageDeflate&) = delete;

  const DeflateTerms& terms() const noexcept { return terms_; }

  // The n bytes read from the client: what Beast is to read is appended to `plain`.
  void take_in(const unsigned char* p, std::size_t n, std::string& plain);

  // Bytes Beast writes: the frames to send for them are appended to out().
  void take_out(const unsigned char* p, std::size_t n);
  std::string& out() noexcept { return out_; }
  // After out() was sent: its memory is given back, an idle connection holds none.
  void sent() noexcept { std::string().swap(out_); }

 private:
  void end_in_frame(std::string& plain);
  void end_out_frame();
  void hand_on_message(std::string& plain);
  void refuse(std::string& plain, bool too_big);
  void compress(const unsigned char* p, std::size_t n, unsigned opcode);

  DeflateTerms terms_;
  std::size_t max_message_;
  // Read side.
  FrameHead in_head_;
  std::uint64_t in_left_ = 0;    // payload bytes of the frame in progress
  std::uint64_t in_offset_ = 0;  // payload bytes of it already read (for its mask)
  bool in_payload_ = false;
  bool in_pass_ = false;           // the frame in progress is handed on as it is
  bool in_compressed_ = false;     // a compressed message is being gathered
  bool in_plain_message_ = false;  // an uncompressed fragmented message is in progress
  bool in_failed_ = false;         // refused: nothing more is handed on
  unsigned in_opcode_ = 0;
  std::string in_data_;    // the compressed message so far
  std::string in_window_;  // the client's last plain bytes, its inflate context
  // Write side.
  FrameHead out_head_;
  std::uint64_t out_left_ = 0;
  bool out_payload_ = false;
  bool out_pass_ = false;    // the frame in progress is sent as it is
  bool out_direct_ = false;  // compressed straight from Beast's buffer
  unsigned out_opcode_ = 0;
  std::string out_data_;  // a message's payload when it came in pieces
  std::string out_;
  // The last bytes sent (up to the server's window), the context the next message refers to.
  std::string history_;
};

}  // namespace sabbat::server
