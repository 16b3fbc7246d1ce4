#include "cli/realtime_input.hpp"
#include "cli/fd_input.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <iostream>

namespace sabbat::cli {

LineInput::LineInput(std::istream& in) : in_(in) {
  if (&in == &std::cin) fd_ = STDIN_FILENO;
}

bool LineInput::take_line(std::string& line) {
  const auto nl = buffer_.find('\n');
  if (nl != std::string::npos) {
    line = buffer_.substr(0, nl);
    buffer_.erase(0, nl + 1);
    return true;
  }
  if (ended_ && !buffer_.empty()) {  // a last line without its newline
    line = std::move(buffer_);
    buffer_.clear();
    return true;
  }
  return false;
}

bool LineInput::fill() {
  if (read_available(fd_, buffer_)) return true;
  ended_ = true;
  return false;
}

bool LineInput::ready() {
  if (!live()) return true;
  if (ended_ || buffer_.find('\n') != std::string::npos) return true;
  pollfd p{fd_, POLLIN, 0};
  while (::poll(&p, 1, 0) > 0) {
    fill();
    if (ended_ || buffer_.find('\n') != std::string::npos) return true;
  }
  return false;
}

LineInput::Got LineInput::wait(std::optional<Clock::time_point> until, std::string& line) {
  if (!live()) return std::getline(in_, line) ? Got::Line : Got::End;
  for (;;) {
    if (take_line(line)) return Got::Line;
    if (ended_) return Got::End;
    const auto timeout = poll_timeout(until);
    if (!timeout) return Got::Timeout;
    pollfd p{fd_, POLLIN, 0};
    const int r = ::poll(&p, 1, *timeout);
    if (r < 0) {
      if (errno == EINTR) continue;
      ended_ = true;  // stdin cannot be read: treat it as its end
      continue;
    }
    if (r == 0) return Got::Timeout;
    fill();
  }
}

}  // namespace sabbat::cli
