#include "server/protocol/secrets.hpp"

#include <openssl/evp.h>
#include <sys/random.h>

#include <array>
#include <cerrno>
#include <stdexcept>

namespace sabbat::server {

namespace {

constexpr std::string_view kCodeAlphabet = "abcdefghijkmnpqrstuvwxyz23456789";  // 32 letters
constexpr size_t kCodeLength = 16;                                              // 80 bits
constexpr size_t kTokenBytes = 16;                                              // 128 bits

// Fills `out` from getrandom(2), which blocks only until the kernel's pool is first seeded.
template <size_t N>
std::array<unsigned char, N> random_bytes() {
  std::array<unsigned char, N> out{};
  size_t filled = 0;
  while (filled < N) {
    ssize_t got = getrandom(out.data() + filled, N - filled, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      // Without the OS's generator there is no safe secret to hand out.
      throw std::runtime_error("getrandom failed: no secure random numbers");
    }
    filled += size_t(got);
  }
  return out;
}

}  // namespace

std::string new_token() {
  static constexpr char kHex[] = "0123456789abcdef";
  auto bytes = random_bytes<kTokenBytes>();
  std::string out;
  out.reserve(2 * kTokenBytes);
  for (unsigned char b : bytes) {
    out.push_back(kHex[b >> 4]);
    out.push_back(kHex[b & 15]);
  }
  return out;
}

std::string new_table_code() {
  auto bytes = random_bytes<kCodeLength>();
  std::string out;
  out.reserve(kCodeLength);
  // 5 bits of each byte: 80 bits in all, and no bias since 32 divides 256.
  for (unsigned char b : bytes) out.push_back(kCodeAlphabet[b % kCodeAlphabet.size()]);
  return out;
}

uint64_t random_seed() {
  auto bytes = random_bytes<8>();
  uint64_t seed = 0;
  for (unsigned char b : bytes) seed = (seed << 8) | b;
  return seed;
}

bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  // Through a volatile read so that the compiler cannot stop the loop at the first difference.
  volatile unsigned char result = diff;
  return result == 0;
}

std::string token_digest(std::string_view token) {
  static constexpr char kHex[] = "0123456789abcdef";
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(token.data(), token.size(), digest, &size, EVP_sha256(), nullptr) != 1 ||
      size != 32)
    throw std::runtime_error("SHA-256 failed in libcrypto");
  std::string out;
  out.reserve(64);
  for (unsigned int i = 0; i < size; ++i) {
    out.push_back(kHex[digest[i] >> 4]);
    out.push_back(kHex[digest[i] & 15]);
  }
  return out;
}

bool token_matches(std::string_view digest, std::string_view token) {
  return same_secret(digest, token_digest(token));
}

bool looks_like_token_digest(std::string_view digest) {
  if (digest.size() != 64) return false;
  for (char c : digest)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

bool looks_like_table_code(std::string_view code) {
  if (code.size() != kCodeLength) return false;
  for (char c : code)
    if (kCodeAlphabet.find(c) == std::string_view::npos) return false;
  return true;
}

bool looks_like_token(std::string_view token) {
  if (token.size() != 2 * kTokenBytes) return false;
  for (char c : token)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace sabbat::server
