#pragma once
// xoshiro256** seeded through splitmix64: the same stream on every platform and compiler,
// so a (game, params, seed, actions) record replays identically everywhere.
#include <array>
#include <cstdint>
#include <utility>

namespace sabbat {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    for (auto& word : s_) word = splitmix64(seed);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n) without modulo bias (multiply-shift with rejection). n > 0.
  uint32_t below(uint32_t n) {
    uint64_t m = (next() >> 32) * n;
    if (uint32_t(m) < n) m = redraw(m, n);
    return uint32_t(m >> 32);
  }

  // Two independent uniform draws, in [0, n) and [0, k), from the two halves of one word of
  // the stream (a half that lands in the rejected zone is drawn again). n, k > 0.
  std::pair<uint32_t, uint32_t> below2(uint32_t n, uint32_t k) {
    const uint64_t x = next();
    uint64_t a = (x >> 32) * n, b = (x & 0xFFFFFFFFu) * k;
    if (uint32_t(a) < n) a = redraw(a, n);
    if (uint32_t(b) < k) b = redraw(b, k);
    return {uint32_t(a >> 32), uint32_t(b >> 32)};
  }

  // Uniform in [lo, hi], inclusive.
  int64_t between(int64_t lo, int64_t hi) { return lo + below(uint32_t(hi - lo + 1)); }

  // True with probability p (0..1).
  bool chance(double p) { return double(next() >> 11) * 0x1.0p-53 < p; }

  template <class It>
  void shuffle(It first, It last) {
    const auto n = last - first;
    for (auto i = n - 1; i > 0; --i) std::swap(first[i], first[below(uint32_t(i + 1))]);
  }

  bool operator==(const Rng&) const = default;
  const std::array<uint64_t, 4>& words() const { return s_; }
  void set_words(const std::array<uint64_t, 4>& words) { s_ = words; }

  // Derives an independent seed, e.g. the seed of game i of a simulation.
  static uint64_t mix(uint64_t seed, uint64_t index) {
    uint64_t x = seed ^ (index * 0x9E3779B97F4A7C15ull);
    return splitmix64(x);
  }

 private:
  // Multiply-shift keeps m's high half when its low half is at least 2^32 mod n; otherwise it
  // may be biased, and is drawn again until it is not.
  uint64_t redraw(uint64_t m, uint32_t n) {
    const uint32_t threshold = uint32_t(-n) % n;
    while (uint32_t(m) < threshold) m = (next() >> 32) * n;
    return m;
  }
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::array<uint64_t, 4> s_{};
};

}  // namespace sabbat
