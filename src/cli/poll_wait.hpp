#pragma once
// Waiting on a file descriptor until a moment: what poll() is given.
#include <chrono>
#include <climits>
#include <optional>

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

}  // namespace sabbat::cli
