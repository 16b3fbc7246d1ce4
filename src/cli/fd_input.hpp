#pragma once
// Reading the person's input through its file descriptor: waiting until a moment, and taking
// what has come.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <climits>
#include <optional>
#include <string>

namespace sabbat::cli {

// Milliseconds to wait for before `until` (-1: no limit), or nothing once it has come.
inline std::optional<int> poll_timeout(std::optional<std::chrono::steady_clock::time_point> until) {
  if (!until) return -1;
  const auto left =
      std::chrono::ceil<std::chrono::milliseconds>(*until - std::chrono::steady_clock::now())
          .count();
  if (left <= 0) return std::nullopt;
  return int(std::min<long long>(left, INT_MAX));
}

// Appends what one read() gives (poll() said there is something); false at the end of the
// input or when it cannot be read.
inline bool read_available(int fd, std::string& buffer) {
  char chunk[4096];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n > 0) {
      buffer.append(chunk, size_t(n));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    return false;
  }
}

}  // namespace sabbat::cli
