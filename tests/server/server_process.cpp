#include "server_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <vector>

namespace sabbat::server::testing {

namespace {
// Only a guard against a hung start, not a measured time.
constexpr auto kStartSafety = std::chrono::seconds(30);
constexpr std::string_view kServing = "://127.0.0.1:";  // after "serving at http" or "https"
}  // namespace

ServerProcess::ServerProcess(const std::string& binary, const std::filesystem::path& data,
                             const std::filesystem::path& log, int max_open_files,
                             std::vector<std::string> more) {
  int out[2];
  if (pipe(out) != 0) {
    error_ = "pipe failed";
    return;
  }
  const std::string data_arg = data.string();
  const std::string log_path = log.string();
  pid_ = fork();
  if (pid_ < 0) {
    error_ = "fork failed";
    close(out[0]);
    close(out[1]);
    return;
  }
  if (pid_ == 0) {
    dup2(out[1], STDOUT_FILENO);
    int err = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (err >= 0) dup2(err, STDERR_FILENO);
    close(out[0]);
    close(out[1]);
    if (max_open_files > 0) {
      const rlimit lim{rlim_t(max_open_files), rlim_t(max_open_files)};
      if (setrlimit(RLIMIT_NOFILE, &lim) != 0) _exit(126);
    }
    // The test's clients play as fast as the server answers, far above a person's pace.
    std::vector<const char*> argv{binary.c_str(), "serve",          "--host",
                                  "127.0.0.1",    "--port",         "0",
                                  "--data",       data_arg.c_str(), "--messages-per-second",
                                  "100000"};
    for (const std::string& flag : more) argv.push_back(flag.c_str());
    argv.push_back(nullptr);
    execv(binary.c_str(), const_cast<char* const*>(argv.data()));
    _exit(127);
  }
  close(out[1]);
  std::string text;
  const auto deadline = std::chrono::steady_clock::now() + kStartSafety;
  while (port_ == 0 && std::chrono::steady_clock::now() < deadline) {
    pollfd p{out[0], POLLIN, 0};
    if (poll(&p, 1, 100) <= 0) continue;
    char buf[512];
    const ssize_t n = read(out[0], buf, sizeof buf);
    if (n <= 0) break;
    text.append(buf, size_t(n));
    const auto at = text.find(kServing);
    if (at == std::string::npos) continue;
    size_t i = at + kServing.size();
    unsigned port = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9')
      port = port * 10 + unsigned(text[i++] - '0');
    if (i < text.size()) port_ = uint16_t(port);
  }
  // Kept open while the server lives: a line it prints later must not meet a closed pipe.
  out_ = out[0];
  if (port_ == 0) error_ = "the server did not start; it printed: " + text;
}

ServerProcess::~ServerProcess() {
  kill_hard();
}

void ServerProcess::signal(int number) {
  if (pid_ > 0) ::kill(pid_, number);
}

void ServerProcess::kill_hard() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  if (out_ >= 0) close(out_);
  out_ = -1;
}

}  // namespace sabbat::server::testing
