#pragma once
// Lines typed by the person, waited for with a time limit so that bots and deadlines can act
// while the person thinks. The process's stdin is read through its file descriptor with
// poll(); any other stream (tests driving run_cli in-process) cannot be waited on, so a line is
// read from it at once, as a script would type it.
#include <chrono>
#include <istream>
#include <optional>
#include <string>

namespace sabbat::cli {

class LineInput {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Got { Line, Timeout, End };

  explicit LineInput(std::istream& in);

  // True when the input can be waited on with a time limit (the process's stdin).
  bool live() const { return fd_ >= 0; }
  // True when a whole line (or the end of input) can be had without waiting.
  bool ready();
  // Waits for a line until `until` (forever without it). A stream that is not live never
  // times out.
  Got wait(std::optional<Clock::time_point> until, std::string& line);

 private:
  bool take_line(std::string& line);
  // Reads what is there after poll() said so; false at the end of input or on an error.
  bool fill();

  std::istream& in_;
  int fd_ = -1;
  std::string buffer_;
  bool ended_ = false;
};

}  // namespace sabbat::cli
