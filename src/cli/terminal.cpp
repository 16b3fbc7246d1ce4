#include "cli/terminal.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>

namespace sabbat::cli {

bool is_terminal(const std::ostream& stream) {
  if (&stream == &std::cout) return ::isatty(STDOUT_FILENO) == 1;
  if (&stream == &std::cerr || &stream == &std::clog) return ::isatty(STDERR_FILENO) == 1;
  return false;
}

bool is_terminal(const std::istream& stream) {
  return &stream == &std::cin && ::isatty(STDIN_FILENO) == 1;
}

bool wants_color(const std::ostream& out, bool no_color_flag) {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color_flag || (no_color && *no_color)) return false;
  return is_terminal(out);
}

ProgressBar::ProgressBar(std::ostream& err, int64_t total, bool enabled)
    : err_(err), total_(total), enabled_(enabled && total > 0) {}

void ProgressBar::update(int64_t done) {
  if (!enabled_) return;
  const int permille = int(done * 1000 / total_);
  if (permille == last_permille_) return;
  last_permille_ = permille;
  constexpr int kWidth = 40;
  const int filled = permille * kWidth / 1000;
  err_ << "\r[" << std::string(size_t(filled), '#') << std::string(size_t(kWidth - filled), '.')
       << "] " << done << "/" << total_ << std::flush;
}

void ProgressBar::finish() {
  if (!enabled_) return;
  err_ << "\r" << std::string(80, ' ') << "\r" << std::flush;
}

}  // namespace sabbat::cli
