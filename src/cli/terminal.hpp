#pragma once
// What the terminal can do: colour for views, a progress bar for long simulations.
#include <cstdint>
#include <iosfwd>

namespace sabbat::cli {

// True only when `stream` is the process's stdout or stderr and that is a terminal; string
// streams (tests) and pipes get plain text.
bool is_terminal(const std::ostream& stream);
// True only when `stream` is the process's stdin and that is a terminal.
bool is_terminal(const std::istream& stream);

// Colour when `out` is a terminal, NO_COLOR is unset (https://no-color.org) and the user did
// not pass --no-color.
bool wants_color(const std::ostream& out, bool no_color_flag);

// A one-line bar redrawn in place; does nothing when disabled.
class ProgressBar {
 public:
  ProgressBar(std::ostream& err, int64_t total, bool enabled);
  void update(int64_t done);
  void finish();  // clears the line

 private:
  std::ostream& err_;
  int64_t total_;
  bool enabled_;
  int last_permille_ = -1;
};

}  // namespace sabbat::cli
