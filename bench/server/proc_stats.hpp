#pragma once
// What the load generator reads of the server process and of the machine from /proc: CPU time
// (user + system), resident memory, and the whole machine's busy time, so that a run can say
// how much of the CPU went to the server, to itself, and to whatever else was running.
#include <sys/types.h>
#include <cstdint>
#include <vector>

namespace sabbat::load {

struct CpuSeconds {
  double process = 0;  // the server's user + system time
  double self = 0;     // the load generator's
  double busy = 0;     // every CPU of the machine, not idle
};

// The three at once; `server` may be 0 (no server pid given): its time is then 0.
CpuSeconds read_cpu(pid_t server);
// The server's resident set in KiB (0 when unknown).
std::int64_t read_rss_kib(pid_t server);
// The same summed over the processes of a server made of several (the nodes of a cluster).
CpuSeconds read_cpu(const std::vector<pid_t>& servers);
std::int64_t read_rss_kib(const std::vector<pid_t>& servers);
// The bytes a TCP socket has received so far, as the kernel counts them (TCP_INFO's
// tcpi_bytes_received: the stream's bytes, WebSocket framing included, TCP/IP headers not);
// -1 when the kernel does not say.
std::int64_t tcp_bytes_received(int socket);

}  // namespace sabbat::load
