#include "cli/key_input.hpp"
#include "cli/fd_input.hpp"
#include "cli/tty.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <string_view>

namespace sabbat::cli {

bool KeyInput::take(Key& k) {
  if (buffer_.empty()) return false;
  const auto first = static_cast<unsigned char>(buffer_[0]);
  size_t n = 1;
  k.code = first;
  if (first == 0x1b && buffer_.size() > 1) {
    // An escape sequence (arrows, function keys: ESC [ ... final) or Alt with a key.
    k.code = key::kUnknown;
    n = 2;
    if (buffer_[1] == '[' || buffer_[1] == 'O') {
      while (n < buffer_.size() && !(buffer_[n] >= '@' && buffer_[n] <= '~')) ++n;
      n = std::min(n + 1, buffer_.size());
      // The arrows (ESC [ A or, in application mode, ESC O A) and the page keys (ESC [ 5 ~).
      const std::string_view seq(buffer_.data() + 2, n - 2);
      if (seq == "A") k.code = key::kUp;
      if (seq == "B") k.code = key::kDown;
      if (seq == "C") k.code = key::kRight;
      if (seq == "D") k.code = key::kLeft;
      if (seq == "5~") k.code = key::kPageUp;
      if (seq == "6~") k.code = key::kPageDown;
    }
  } else if (first == '\r' || first == '\n') {
    k.code = key::kEnter;
  } else if (first == 0x7f || first == 0x08) {
    k.code = key::kBackspace;
  } else if (first >= 0x80) {
    // A UTF-8 character: its length is in its first byte.
    k.code = key::kUnknown;
    n = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2;
    n = std::min(n, buffer_.size());
  }
  k.text = buffer_.substr(0, n);
  buffer_.erase(0, n);
  return true;
}

void KeyInput::fill() {
  if (!read_available(fd_, buffer_)) ended_ = true;
}

bool KeyInput::ready() {
  if (!buffer_.empty() || ended_) return true;
  pollfd p{fd_, POLLIN, 0};
  if (::poll(&p, 1, 0) > 0) fill();
  return !buffer_.empty() || ended_;
}

KeyInput::Got KeyInput::wait(std::optional<Clock::time_point> until, Key& k) {
  for (;;) {
    if (take(k)) return Got::Key;
    if (ended_) return Got::End;
    const auto timeout = poll_timeout(until);
    if (!timeout) return Got::Timeout;
    // The keys, and the signals' wake-up pipe (ignored by poll when there is none).
    pollfd p[2] = {{fd_, POLLIN, 0}, {RawTerminal::wake_fd(), POLLIN, 0}};
    const int r = ::poll(p, 2, *timeout);
    if ((r < 0 && errno == EINTR) || (r > 0 && (p[1].revents & POLLIN))) {
      RawTerminal::drain_wake();
      return Got::Signal;
    }
    if (r < 0) {
      ended_ = true;  // the terminal cannot be read: as if it were closed
      continue;
    }
    if (r == 0) return Got::Timeout;
    fill();
  }
}

}  // namespace sabbat::cli
