#include "cli/tty.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <exception>

namespace sabbat::cli {

namespace {

// What the signal handlers need while a RawTerminal is entered: the handlers may only read
// these and call async-signal-safe functions (write, tcsetattr, sigaction, raise).
int g_in = -1;
int g_out = -1;
termios g_original{};
termios g_raw{};
volatile sig_atomic_t g_active = 0;
volatile sig_atomic_t g_redraw = 0;
volatile sig_atomic_t g_interrupted = 0;
// A pipe the handlers write one byte to, so that a wait on the keys that began just before a
// signal still wakes (a flag alone is seen only at the next wake: a resize or a Ctrl-C could
// wait for the next key or deadline).
int g_wake[2] = {-1, -1};
std::terminate_handler g_previous_terminate = nullptr;

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH};
std::array<struct sigaction, std::size(kSignals)> g_previous{};

constexpr char kEnterScreen[] = "\x1b[?1049h\x1b[?25l";  // alternate screen, cursor hidden
constexpr char kLeaveScreen[] = "\x1b[?25h\x1b[?1049l";

void write_all(int fd, const char* s, size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, s, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;
    s += w;
    n -= size_t(w);
  }
}

void give_back() {
  write_all(g_out, kLeaveScreen, sizeof kLeaveScreen - 1);
  ::tcsetattr(g_in, TCSADRAIN, &g_original);
}

void take_again() {
  ::tcsetattr(g_in, TCSADRAIN, &g_raw);
  write_all(g_out, kEnterScreen, sizeof kEnterScreen - 1);
}

void set_handler(int sig, void (*handler)(int)) {
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  ::sigaction(sig, &sa, nullptr);
}

// The terminal first, then the signal does what it always does.
void on_fatal(int sig) {
  const int saved = errno;
  if (g_active) give_back();
  g_active = 0;
  set_handler(sig, SIG_DFL);
  ::raise(sig);
  errno = saved;
}

void wake() {
  const int saved = errno;
  const char byte = 1;
  if (g_wake[1] >= 0 && ::write(g_wake[1], &byte, 1) < 0) {
    // Full: the waiting side has a byte to read already.
  }
  errno = saved;
}

void on_interrupt(int sig) {
  if (g_interrupted) return on_fatal(sig);  // a second Ctrl-C: no more waiting
  g_interrupted = 1;
  wake();
}

// Ctrl-Z: the shell gets its terminal back while the game is stopped.
void on_stop(int) {
  const int saved = errno;
  if (g_active) give_back();
  set_handler(SIGTSTP, SIG_DFL);
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGTSTP);
  ::sigprocmask(SIG_UNBLOCK, &stop, nullptr);
  ::raise(SIGTSTP);  // stopped here until SIGCONT
  set_handler(SIGTSTP, on_stop);
  if (g_active) take_again();
  g_redraw = 1;
  wake();
  errno = saved;
}

void on_resize(int) {
  g_redraw = 1;
  wake();
}

void on_terminate() {
  if (g_active) give_back();
  g_active = 0;
  if (g_previous_terminate) g_previous_terminate();
  std::abort();
}

}  // namespace

bool RawTerminal::enter(int in_fd, int out_fd) {
  if (active_ || g_active) return false;
  termios original{};
  if (::isatty(in_fd) != 1 || ::tcgetattr(in_fd, &original) != 0) return false;
  g_in = in_fd;
  g_out = out_fd;
  g_original = original;
  g_raw = original;
  g_raw.c_lflag &= tcflag_t(~(ICANON | ECHO));  // keys one at a time, not echoed
  g_raw.c_cc[VMIN] = 1;
  g_raw.c_cc[VTIME] = 0;
  g_interrupted = 0;
  g_redraw = 0;
  if (g_wake[0] < 0 && ::pipe2(g_wake, O_NONBLOCK | O_CLOEXEC) != 0) g_wake[0] = g_wake[1] = -1;
  // The handlers come first, so that a signal at any later moment gives the terminal back.
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    struct sigaction sa {};
    const int sig = kSignals[i];
    sa.sa_handler = sig == SIGINT     ? on_interrupt
                    : sig == SIGTSTP  ? on_stop
                    : sig == SIGWINCH ? on_resize
                                      : on_fatal;
    sigemptyset(&sa.sa_mask);
    ::sigaction(sig, &sa, &g_previous[i]);
  }
  g_previous_terminate = std::set_terminate(on_terminate);
  g_active = 1;
  if (::tcsetattr(in_fd, TCSADRAIN, &g_raw) != 0) {
    g_active = 0;
    active_ = true;  // so that leave() puts the handlers back
    leave();
    return false;
  }
  write_all(g_out, kEnterScreen, sizeof kEnterScreen - 1);
  active_ = true;
  return true;
}

void RawTerminal::leave() {
  if (!active_) return;
  if (g_active) give_back();
  g_active = 0;
  for (size_t i = 0; i < std::size(kSignals); ++i)
    ::sigaction(kSignals[i], &g_previous[i], nullptr);
  std::set_terminate(g_previous_terminate);
  active_ = false;
}

TerminalSize RawTerminal::size() const {
  winsize w{};
  TerminalSize s;
  if (::ioctl(g_out, TIOCGWINSZ, &w) == 0 && w.ws_col > 0 && w.ws_row > 0) {
    s.columns = w.ws_col;
    s.rows = w.ws_row;
  }
  return s;
}

bool RawTerminal::take_redraw() {
  const bool r = g_redraw;
  g_redraw = 0;
  return r;
}

bool RawTerminal::interrupted() {
  return g_interrupted;
}

int RawTerminal::wake_fd() {
  return g_active ? g_wake[0] : -1;
}

void RawTerminal::drain_wake() {
  char bytes[64];
  while (g_wake[0] >= 0 && ::read(g_wake[0], bytes, sizeof bytes) > 0) {
  }
}

}  // namespace sabbat::cli
