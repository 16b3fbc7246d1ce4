#include "bench/server/proc_stats.hpp"

#include <linux/tcp.h>  // its tcp_info has tcpi_bytes_received; glibc's has not
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

namespace sabbat::load {

namespace {

double ticks() {
  static const double per_second = double(sysconf(_SC_CLK_TCK));
  return per_second;
}

// Fields 14 and 15 of /proc/PID/stat (utime, stime), after the command name in parentheses,
// which may itself hold spaces.
double process_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = all.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream rest(all.substr(close + 2));
  std::string field;
  double utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stod(field);
    if (i == 15) stime = std::stod(field);
  }
  return (utime + stime) / ticks();
}

// The first line of /proc/stat: every CPU's time by kind; idle and iowait are not busy.
double machine_busy_seconds() {
  std::ifstream in("/proc/stat");
  std::string cpu;
  in >> cpu;
  double v[10] = {};
  for (double& x : v) in >> x;
  const double busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
  return busy / ticks();
}

double self_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

}  // namespace

CpuSeconds read_cpu(pid_t server) {
  return {server > 0 ? process_seconds(server) : 0.0, self_seconds(), machine_busy_seconds()};
}

std::int64_t read_rss_kib(pid_t server) {
  if (server <= 0) return 0;
  std::ifstream in("/proc/" + std::to_string(server) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6));
  }
  return 0;
}

std::int64_t tcp_bytes_received(int socket) {
  tcp_info info{};
  socklen_t size = sizeof info;
  if (getsockopt(socket, IPPROTO_TCP, TCP_INFO, &info, &size) != 0 ||
      size < offsetof(tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received)
    return -1;
  return std::int64_t(info.tcpi_bytes_received);
}

CpuSeconds read_cpu(const std::vector<pid_t>& servers) {
  CpuSeconds sum = read_cpu(pid_t(0));
  for (pid_t pid : servers) sum.process += read_cpu(pid).process;
  return sum;
}

std::int64_t read_rss_kib(const std::vector<pid_t>& servers) {
  std::int64_t sum = 0;
  for (pid_t pid : servers) sum += read_rss_kib(pid);
  return sum;
}

}  // namespace sabbat::load
