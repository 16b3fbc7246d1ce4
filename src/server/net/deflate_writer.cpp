#include "server/net/deflate_writer.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

namespace sabbat::server {

namespace {

// RFC 1951 §3.2.5: lengths 3..258 and distances 1..32768 as a code and extra bits.
constexpr std::array<std::uint16_t, 29> kLengthBase = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                                       15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                                       67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<std::uint8_t, 29> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                       2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<std::uint16_t, 30> kDistanceBase = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<std::uint8_t, 30> kDistanceExtra = {0, 0, 0,  0,  1,  1,  2,  2,  3,  3,
                                                         4, 4, 5,  5,  6,  6,  7,  7,  8,  8,
                                                         9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

constexpr unsigned reverse(unsigned code, unsigned bits) {
  unsigned r = 0;
  for (unsigned i = 0; i < bits; ++i) r |= ((code >> i) & 1u) << (bits - 1 - i);
  return r;
}

// The fixed literal/length code (§3.2.6), bit-reversed: Huffman codes go most significant bit
// first into a stream that is otherwise filled from the least significant bit.
struct FixedCode {
  std::uint16_t bits;
  std::uint8_t length;
};
constexpr std::array<FixedCode, 288> make_fixed() {
  std::array<FixedCode, 288> t{};
  for (unsigned v = 0; v < 288; ++v) {
    unsigned code = 0, length = 0;
    if (v < 144)
      code = 0x30 + v, length = 8;
    else if (v < 256)
      code = 0x190 + (v - 144), length = 9;
    else if (v < 280)
      code = v - 256, length = 7;
    else
      code = 0xc0 + (v - 280), length = 8;
    t[v] = {std::uint16_t(reverse(code, length)), std::uint8_t(length)};
  }
  return t;
}
constexpr std::array<FixedCode, 288> kFixed = make_fixed();

// Length 3..258 to its code's index (0..28).
constexpr std::array<std::uint8_t, 259> make_length_codes() {
  std::array<std::uint8_t, 259> t{};
  for (unsigned len = 3; len <= 258; ++len) {
    unsigned c = 0;
    while (c + 1 < kLengthBase.size() && kLengthBase[c + 1] <= len) ++c;
    t[len] = std::uint8_t(c);
  }
  return t;
}
constexpr std::array<std::uint8_t, 259> kLengthCode = make_length_codes();

// Distance to its code: (d - 1) up to 511 directly, beyond by (d - 1) / 256, where the codes'
// bases fall on multiples of 256.
constexpr std::array<std::uint8_t, 512> make_near() {
  std::array<std::uint8_t, 512> t{};
  for (unsigned d = 1; d <= 512; ++d) {
    unsigned c = 0;
    while (c + 1 < kDistanceBase.size() && kDistanceBase[c + 1] <= d) ++c;
    t[d - 1] = std::uint8_t(c);
  }
  return t;
}
constexpr std::array<std::uint8_t, 128> make_far() {
  std::array<std::uint8_t, 128> t{};
  for (unsigned k = 2; k < 128; ++k) {
    const unsigned d = k * 256 + 1;
    unsigned c = 0;
    while (c + 1 < kDistanceBase.size() && kDistanceBase[c + 1] <= d) ++c;
    t[k] = std::uint8_t(c);
  }
  return t;
}
constexpr std::array<std::uint8_t, 512> kNear = make_near();
constexpr std::array<std::uint8_t, 128> kFar = make_far();

// Bits into bytes, least significant first (§3.1.1).
class BitSink {
 public:
  explicit BitSink(std::string& out) : out_(out) {}
  void put(std::uint32_t bits, unsigned n) {
    acc_ |= std::uint64_t(bits) << used_;
    used_ += n;
    if (used_ >= 32) {
      const std::uint32_t word = std::uint32_t(acc_);
      const char b[4] = {char(word), char(word >> 8), char(word >> 16), char(word >> 24)};
      out_.append(b, 4);
      acc_ >>= 32;
      used_ -= 32;
    }
  }
  // What is left, up to the next byte boundary.
  void finish() {
    while (used_ > 0) {
      out_ += char(acc_ & 0xff);
      acc_ >>= 8;
      used_ = used_ > 8 ? used_ - 8 : 0;
    }
  }

 private:
  std::string& out_;
  std::uint64_t acc_ = 0;
  unsigned used_ = 0;
};

void put_literals(BitSink& sink, const unsigned char* p, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) sink.put(kFixed[p[i]].bits, kFixed[p[i]].length);
}

// One match of 3..258 bytes at distance d.
void put_match(BitSink& sink, unsigned length, unsigned d) {
  const unsigned lc = kLengthCode[length];
  const FixedCode& code = kFixed[257 + lc];
  sink.put(code.bits, code.length);
  if (kLengthExtra[lc]) sink.put(length - kLengthBase[lc], kLengthExtra[lc]);
  const unsigned dc = d <= 512 ? kNear[d - 1] : kFar[(d - 1) >> 8];
  sink.put(reverse(dc, 5), 5);
  if (kDistanceExtra[dc]) sink.put(d - kDistanceBase[dc], kDistanceExtra[dc]);
}

std::uint32_t load32(const unsigned char* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

constexpr unsigned kHashBits = 12;
unsigned hash(std::uint32_t v) {
  return (v * 2654435761u) >> (32 - kHashBits);
}

}  // namespace

void deflate_message(const std::string& history, std::size_t start, int window_bits,
                     std::string& out) {
  BitSink sink(out);
  const auto* buf = reinterpret_cast<const unsigned char*>(history.data());
  const std::size_t end = history.size();
  if (end > start) {
    sink.put(0, 1);  // BFINAL: not the last block
    sink.put(1, 2);  // BTYPE 01: fixed Huffman codes
    // Positions of one byte in four; no clearing between messages: a candidate is checked
    // against the bytes themselves, so a stale one only costs a comparison.
    thread_local std::array<std::uint32_t, std::size_t(1) << kHashBits> table{};
    // 9 to 15 bits, as RFC 7692 allows (the offer declines 8): below, the reach would wrap;
    // above, distances would pass DEFLATE's 32 KiB.
    const std::size_t reach = (std::size_t(1) << std::clamp(window_bits, 9, 15)) - 262;
    const std::size_t from = start > reach ? start - reach : 0;
    for (std::size_t p = from; p + 4 <= start; p += 4)
      table[hash(load32(buf + p))] = std::uint32_t(p);
    std::size_t i = start, pending = start;  // literals from `pending` to `i` not yet written
    while (i + 4 <= end) {
      const std::uint32_t v = load32(buf + i);
      const unsigned h = hash(v);
      std::size_t c = table[h];
      table[h] = std::uint32_t(i);
      if (c >= i || i - c > reach || load32(buf + c) != v) {
        ++i;
        continue;
      }
      std::size_t length = 4;
      while (i + length < end && buf[c + length] == buf[i + length]) ++length;
      while (i > pending && c > 0 && buf[c - 1] == buf[i - 1]) --i, --c, ++length;
      put_literals(sink, buf + pending, i - pending);
      const unsigned d = unsigned(i - c);
      i += length;
      pending = i;
      while (length > 0) {
        // Pieces of at most 258, none under 3.
        const std::size_t piece = length > 258 ? (length - 258 < 3 ? length - 3 : 258) : length;
        put_match(sink, unsigned(piece), d);
        length -= piece;
      }
    }
    put_literals(sink, buf + pending, end - pending);
    sink.put(0, 7);  // end of block: code 256, seven zero bits
  }
  // A sync flush's empty stored block, its header only: BFINAL 0, BTYPE 00, then the byte's
  // end; its 00 00 ff ff is left to the reader to put back.
  sink.put(0, 3);
  sink.finish();
}

}  // namespace sabbat::server
