#include "server_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <thread>
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
  // The log may hold earlier runs' lines (it is appended to): only this run's are read.
  std::error_code ec;
  const auto earlier = std::filesystem::exists(log, ec) ? std::filesystem::file_size(log, ec) : 0;
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
  std::string& text = printed_;
  const auto deadline = std::chrono::steady_clock::now() + kStartSafety;
  bool open = true;
  while (port_ == 0 && std::chrono::steady_clock::now() < deadline) {
    pollfd p{out[0], POLLIN, 0};
    if (open && poll(&p, 1, 100) > 0) {
      char buf[512];
      const ssize_t n = read(out[0], buf, sizeof buf);
      if (n > 0) text.append(buf, size_t(n));
      open = n > 0;
    } else if (!open) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    // JSON logs print nothing: the "start" event's url says the port.
    std::ifstream in(log);
    in.seekg(std::streamoff(earlier));
    const std::string logged((std::istreambuf_iterator<char>(in)), {});
    const std::string seen = text + logged;
    const auto at = seen.find(kServing);
    if (at == std::string::npos) continue;
    size_t i = at + kServing.size();
    unsigned port = 0;
    while (i < seen.size() && seen[i] >= '0' && seen[i] <= '9')
      port = port * 10 + unsigned(seen[i++] - '0');
    if (i < seen.size()) port_ = uint16_t(port);
    if (!open && port_ == 0 && waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = -1;
      break;
    }
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

std::string ServerProcess::stop() {
  if (pid_ <= 0) return printed_;
  ::kill(pid_, SIGTERM);
  char buf[512];
  for (ssize_t n; out_ >= 0 && (n = read(out_, buf, sizeof buf)) > 0;)
    printed_.append(buf, size_t(n));
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
  if (out_ >= 0) close(out_);
  out_ = -1;
  return printed_;
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
