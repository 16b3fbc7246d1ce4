#pragma once
// Messages per second per connection, as a token bucket: a burst of one second's worth, then
// one message per 1/rate s.
#include <chrono>

namespace sabbat::server {

class RateLimit {
 public:
  using Clock = std::chrono::steady_clock;
  explicit RateLimit(int per_second) : rate_(per_second), tokens_(float(per_second)) {}

  // True when a message arriving at `now` is within the limit (and counts it).
  bool allow(Clock::time_point now) {
    const double elapsed = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    tokens_ = float(std::min(double(rate_), tokens_ + elapsed * rate_));
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  int rate_;
  // A float beside the int: the limit then takes 16 bytes of each session, not 24.
  float tokens_;
  Clock::time_point last_ = Clock::now();
};

}  // namespace sabbat::server
