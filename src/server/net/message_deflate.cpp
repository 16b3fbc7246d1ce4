#include "server/net/message_deflate.hpp"

#include "server/net/deflate_writer.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstring>

namespace sabbat::server {

namespace {

// What a sync flush ends with (§7.2.1): left off the wire, put back before inflating.
constexpr unsigned char kFlushTail[4] = {0x00, 0x00, 0xff, 0xff};

// The inflater, one per thread: a client's message is inflated in one call once all of it has
// come, after the client's last bytes were given back to it as its dictionary. A connection then
// holds only those bytes between its messages, not an inflate state and window. None when zlib
// could not make its state (no memory).
z_stream* shared_inflater() {
  struct Stream {
    z_stream z{};
    bool ready = false;
    ~Stream() {
      if (ready) inflateEnd(&z);
    }
  };
  thread_local Stream s;
  if (!s.ready) {
    if (inflateInit2(&s.z, -15) != Z_OK) return nullptr;
    s.ready = true;
  } else {
    inflateReset(&s.z);
  }
  return &s.z;
}

// A frame header for a payload of n bytes into h; its length.
std::size_t write_head(unsigned char* h, unsigned char first, std::uint64_t n, bool masked) {
  h[0] = first;
  const unsigned char mask = masked ? 0x80 : 0;
  std::size_t k = 2;
  if (n < 126) {
    h[1] = mask | static_cast<unsigned char>(n);
  } else if (n < 65536) {
    h[1] = mask | 126;
    h[2] = static_cast<unsigned char>(n >> 8);
    h[3] = static_cast<unsigned char>(n);
    k = 4;
  } else {
    h[1] = mask | 127;
    for (int i = 0; i < 8; ++i) h[2 + i] = static_cast<unsigned char>(n >> (56 - 8 * i));
    k = 10;
  }
  if (masked) {
    std::memset(h + k, 0, 4);  // a zero key: the payload goes as it is
    k += 4;
  }
  return k;
}

}  // namespace

bool FrameHead::take(unsigned char b) {
  bytes[have++] = b;
  if (have == 2) {
    const unsigned length7 = bytes[1] & 0x7f;
    need = std::uint8_t(2 + (length7 == 126 ? 2 : length7 == 127 ? 8 : 0) + (masked() ? 4 : 0));
  }
  if (have < 2 || have < need) return false;
  const unsigned length7 = bytes[1] & 0x7f;
  length = length7;
  if (length7 >= 126) {
    const std::size_t n = length7 == 126 ? 2 : 8;
    length = 0;
    for (std::size_t i = 0; i < n; ++i) length = length << 8 | bytes[2 + i];
  }
  return true;
}

MessageDeflate::MessageDeflate(const DeflateTerms& terms, std::size_t max_message)
    : terms_(terms), max_message_(max_message) {}

MessageDeflate::~MessageDeflate() = default;

// ---- Read side ----

void MessageDeflate::take_in(const unsigned char* p, std::size_t n, std::string& plain) {
  std::size_t i = 0;
  while (i < n && !in_failed_) {
    if (!in_payload_) {
      if (!in_head_.take(p[i++])) continue;
      const FrameHead& h = in_head_;
      const unsigned op = h.opcode();
      in_pass_ = true;
      if (h.control()) {
        if (h.rsv1()) return refuse(plain, false);  // §6.1: never on a control frame
      } else if (op == 0) {
        if (in_compressed_) {
          // Collected here, so never seen by Beast: its checks are made here. RSV1 is on the
          // first frame only (§6.1); a client masks every frame and sets no other reserved
          // bit (RFC 6455 §5.1, §5.2).
          if (h.rsv1() || h.reserved_23() || !h.masked()) return refuse(plain, false);
          in_pass_ = false;
        } else {
          in_plain_message_ = !h.fin();
        }
      } else {
        // A new message while one is in progress, or a compressed one from an unmasked client,
        // with another reserved bit, or of a reserved opcode (3 to 7).
        if (in_compressed_ ||
            (h.rsv1() && (in_plain_message_ || !h.masked() || h.reserved_23() || op > 2)))
          return refuse(plain, false);
        if (h.rsv1()) {
          in_pass_ = false;
          in_compressed_ = true;
          in_opcode_ = op;
        } else {
          in_plain_message_ = !h.fin();
        }
      }
      if (in_pass_) plain.append(reinterpret_cast<const char*>(h.bytes), h.have);
      in_left_ = h.length;
      in_offset_ = 0;
      in_payload_ = in_left_ > 0;
      if (!in_payload_) end_in_frame(plain);
      continue;
    }
    const std::size_t take = std::size_t(std::min<std::uint64_t>(in_left_, n - i));
    if (in_pass_) {
      plain.append(reinterpret_cast<const char*>(p + i), take);
    } else {
      // Compressed bytes past twice the limit cannot be a message the limit allows.
      if (in_data_.size() + take > 2 * max_message_ + 1024) return refuse(plain, true);
      const std::size_t at = in_data_.size();
      in_data_.append(reinterpret_cast<const char*>(p + i), take);
      const unsigned char* key = in_head_.key();
      for (std::size_t k = 0; k < take; ++k) in_data_[at + k] ^= char(key[(in_offset_ + k) & 3]);
    }
    i += take;
    in_left_ -= take;
    in_offset_ += take;
    if (in_left_ == 0) end_in_frame(plain);
  }
}

void MessageDeflate::end_in_frame(std::string& plain) {
  in_payload_ = false;
  if (!in_pass_ && in_head_.fin()) hand_on_message(plain);
  in_head_.clear();
}

void MessageDeflate::hand_on_message(std::string& plain) {
  z_stream* inflater = shared_inflater();
  if (!inflater) return refuse(plain, false);
  z_stream& z = *inflater;
  if (!in_window_.empty())
    inflateSetDictionary(&z, reinterpret_cast<const Bytef*>(in_window_.data()),
                         uInt(in_window_.size()));
  in_data_.append(reinterpret_cast<const char*>(kFlushTail), sizeof kFlushTail);
  thread_local std::string text;
  text.resize(max_message_ + 1);  // one byte over the limit shows that it was passed
  z.next_in = reinterpret_cast<Bytef*>(in_data_.data());
  z.avail_in = uInt(in_data_.size());
  z.next_out = reinterpret_cast<Bytef*>(text.data());
  z.avail_out = uInt(text.size());
  const int r = inflate(&z, Z_SYNC_FLUSH);
  const std::size_t got = text.size() - z.avail_out;
  if (got > max_message_) return refuse(plain, true);
  // A final block may end the message (then only the tail we added is left), nothing else;
  // otherwise every byte is read and the inflater stopped between blocks (data_type's bit
  // 128), where the empty stored block of the tail leaves it: a message cut in a block is not
  // whole.
  const bool whole = (r == Z_OK || r == Z_BUF_ERROR) ? z.avail_in == 0 && (z.data_type & 128)
                     : r == Z_STREAM_END             ? z.avail_in <= sizeof kFlushTail
                                                     : false;
  if (!whole) return refuse(plain, false);
  unsigned char head[14];
  plain.append(reinterpret_cast<const char*>(head),
               write_head(head, static_cast<unsigned char>(0x80 | in_opcode_), got, true));
  plain.append(text.data(), got);
  if (!terms_.client_no_context_takeover) {
    // The client's window: its last bytes, at least 512 (zlib's deflate takes 8 bits for 9).
    const std::size_t window = std::size_t(1) << std::max(9, int(terms_.client_window_bits));
    if (got >= window) {
      in_window_.assign(text.data() + got - window, window);
    } else {
      in_window_.erase(0, in_window_.size() - std::min(in_window_.size(), window - got));
      in_window_.append(text.data(), got);
    }
  }
  in_compressed_ = false;
  std::string().swap(in_data_);
}

void MessageDeflate::refuse(std::string& plain, bool too_big) {
  in_failed_ = true;
  std::string().swap(in_data_);
  unsigned char head[14];
  if (too_big) {
    // A header announcing more than Beast's limit (in the 64-bit form, which Beast reads only
    // from 65,536 on): Beast closes with 1009, as for a plain message over the limit.
    const unsigned op = in_opcode_ ? in_opcode_ : 1;
    const std::uint64_t over = std::max<std::uint64_t>(max_message_ + 1, 65536);
    plain.append(reinterpret_cast<const char*>(head),
                 write_head(head, static_cast<unsigned char>(0x80 | op), over, true));
  } else {
    // A text frame with RSV1, which Beast without its own deflate refuses with 1002.
    plain.append(reinterpret_cast<const char*>(head), write_head(head, 0xc1, 0, true));
  }
}

// ---- Write side ----

void MessageDeflate::take_out(const unsigned char* p, std::size_t n) {
  std::size_t i = 0;
  while (i < n) {
    if (!out_payload_) {
      if (!out_head_.take(p[i++])) continue;
      out_pass_ = out_head_.control();
      out_direct_ = false;
      if (out_pass_)
        out_.append(reinterpret_cast<const char*>(out_head_.bytes), out_head_.have);
      else if (out_head_.opcode() != 0)
        out_opcode_ = out_head_.opcode();
      out_left_ = out_head_.length;
      out_payload_ = out_left_ > 0;
      if (!out_payload_) end_out_frame();
      continue;
    }
    const std::size_t take = std::size_t(std::min<std::uint64_t>(out_left_, n - i));
    if (out_pass_) {
      out_.append(reinterpret_cast<const char*>(p + i), take);
    } else if (out_data_.empty() && out_head_.fin() && out_head_.opcode() != 0 &&
               take == out_left_) {
      // A whole message in one frame, all of it in Beast's buffer: compressed from there.
      compress(p + i, take, out_opcode_);
      out_direct_ = true;
    } else {
      out_data_.append(reinterpret_cast<const char*>(p + i), take);
    }
    i += take;
    out_left_ -= take;
    if (out_left_ == 0) end_out_frame();
  }
}

void MessageDeflate::end_out_frame() {
  out_payload_ = false;
  if (!out_pass_ && out_head_.fin() && !out_direct_) {
    compress(reinterpret_cast<const unsigned char*>(out_data_.data()), out_data_.size(),
             out_opcode_);
    std::string().swap(out_data_);
  }
  out_head_.clear();
}

void MessageDeflate::compress(const unsigned char* p, std::size_t n, unsigned opcode) {
  // The history: the last 2^window bytes sent, which the client's inflater holds; none without
  // context takeover.
  const std::size_t window = std::size_t(1) << terms_.server_window_bits;
  if (terms_.server_no_context_takeover) history_.clear();
  if (history_.size() > window) history_.erase(0, history_.size() - window);
  const std::size_t from = history_.size();
  history_.append(reinterpret_cast<const char*>(p), n);
  constexpr std::size_t kHeadRoom = 10;
  const std::size_t at = out_.size();
  // Room for a state that repeats little of the last one, so that the bits go in unmoved.
  out_.reserve(at + kHeadRoom + n / 2 + 64);
  out_.resize(at + kHeadRoom);
  deflate_message(history_, from, terms_.server_window_bits, out_);
  const std::size_t length = out_.size() - at - kHeadRoom;
  unsigned char head[14];
  const std::size_t k = write_head(head, static_cast<unsigned char>(0xc0 | opcode), length, false);
  std::memcpy(out_.data() + at, head, k);
  std::memmove(out_.data() + at + k, out_.data() + at + kHeadRoom, length);
  out_.resize(at + k + length);
  if (terms_.server_no_context_takeover) {
    std::string().swap(history_);
  } else if (history_.size() > window) {
    // Kept between messages: the window's bytes, in a block not much larger.
    history_.erase(0, history_.size() - window);
    if (history_.capacity() > 2 * window) history_.shrink_to_fit();
  }
}

}  // namespace sabbat::server
