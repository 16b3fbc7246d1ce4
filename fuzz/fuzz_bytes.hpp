#pragma once
// The fuzzer's bytes read as choices: numbers, short texts and picks, each taking what it
// needs from the front and 0 once the bytes run out, so every input means something.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace sabbat::fuzz {

class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint64_t number(int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | byte();
    return v;
  }
  // A text of up to 255 bytes, as the fuzzer wrote it.
  std::string text() {
    const size_t n = byte();
    const size_t take = n < size_ - pos_ ? n : size_ - pos_;
    std::string out(reinterpret_cast<const char*>(data_ + pos_), take);
    pos_ += take;
    return out;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// The next piece of a stream of `left` bytes cut by `seed`: the rest at once for a seed of 0,
// otherwise 1 to 64 bytes, the seed moving on.
inline size_t next_cut(uint32_t& seed, size_t left) {
  if (seed == 0) return left;
  seed = seed * 1103515245u + 12345u;
  const size_t piece = 1 + (seed >> 16) % 64;
  return piece < left ? piece : left;
}

// A broken invariant: say which, and stop so that the fuzzer keeps the input.
[[noreturn]] inline void broken(std::string_view what, std::string_view detail = {}) {
  std::fprintf(stderr, "invariant broken: %.*s %.*s\n", int(what.size()), what.data(),
               int(detail.size()), detail.data());
  std::abort();
}

// True when `text` holds a byte that could steer a terminal (C0 controls and DEL).
inline bool has_control(std::string_view text) {
  for (unsigned char c : text)
    if (c < 0x20 || c == 0x7F) return true;
  return false;
}

}  // namespace sabbat::fuzz
