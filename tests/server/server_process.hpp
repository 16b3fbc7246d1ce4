#pragma once
// The real `sabbat serve` binary as a child process, for tests that kill it: started on
// 127.0.0.1 with a free port and a data directory, its port read from the line it prints (or,
// with --log-format json, from its log's "start" event).
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace sabbat::server::testing {

class ServerProcess {
 public:
  // Starts `binary serve` and waits (up to a safety timeout) for its address; port() is 0
  // when it did not start, and error() says why.
  // `max_open_files` > 0: the process's limit of open files, soft and hard.
  // `more`: flags added to the command line.
  ServerProcess(const std::string& binary, const std::filesystem::path& data,
                const std::filesystem::path& log, int max_open_files = 0,
                std::vector<std::string> more = {});
  ~ServerProcess();  // kills it if it still runs
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  uint16_t port() const { return port_; }
  const std::string& error() const { return error_; }
  // SIGKILL, then reaps it.
  void kill_hard();
  // Sends it a signal (SIGHUP: reload the certificate).
  void signal(int number);
  // SIGTERM, then waits for it to end: everything it printed on standard output.
  std::string stop();

 private:
  pid_t pid_ = -1;
  int out_ = -1;  // the read end of its stdout
  uint16_t port_ = 0;
  std::string error_;
  std::string printed_;  // its standard output, as far as read
};

}  // namespace sabbat::server::testing
