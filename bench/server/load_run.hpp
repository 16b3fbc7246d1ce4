#pragma once
// The load generator's run: tables created and their seats joined over real WebSocket
// connections, then either played as fast as each seat's turn comes (play) or left idle with
// every seat connected (idle), measured from outside the server (bench/README.md, "Server").
#include <sys/types.h>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sabbat::load {

struct LoadOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  // More ports of the same server, the connections spread over all (several proxies in front
  // of a cluster, each within the descriptors a process may hold).
  std::vector<std::uint16_t> more_ports;
  std::string game = "sortileges";
  int players = 4;
  int tables = 10;                 // play: M tables played at once; idle: N tables held
  bool idle = false;               // idle: nobody moves; memory per table is measured
  int games_per_table = 0;         // R games played back to back per table slot; 0: from target
  int target_moves = 9600;         // the least number of moves measured (play)
  int moves_per_game = 96;         // an estimate, only to choose R from the target
  double max_seconds = 90;         // the measured window ends here at the latest
  double hold_seconds = 5;         // idle: how long the tables stay connected after measuring
  int connect_parallel = 256;      // connections being opened at once during set-up
  std::vector<pid_t> server_pids;  // whose CPU and memory to read in /proc (a cluster's nodes)
  // Seats per table played by connected people (0: every seat); the others are the server's
  // random bots, so that more tables fit in the connections a process may hold.
  int people = 0;
  // Seats connect to /ws without naming their table, as clients before protocol 1 rev. 4 (a
  // server of that time refuses /ws?table=).
  bool unnamed = false;
  std::uint64_t seed = 1;  // tables' seeds and the seats' choices
  std::string label;
  bool deflate = false;  // the seats offer permessage-deflate, as browsers do
  bool patches = false;  // the seats take their views as patches (docs/protocol.md)
  std::vector<std::pair<std::string, std::string>> params;  // the tables' parameters
};

struct LoadResult {
  std::string mode;
  int tables = 0, games_per_table = 0, connections = 0;
  double setup_seconds = 0, window_seconds = 0;
  std::int64_t moves = 0, games = 0, refused = 0, errors = 0, disconnects = 0;
  // Every move of the window, the bots' too (from the tables' seq); moves above are the
  // people's, whose round trips are measured.
  std::int64_t all_moves = 0;
  double all_moves_per_second = 0, server_cpu_ms_per_all_move = 0;
  bool timed_out = false;
  double moves_per_second = 0, rtt_p50_ms = 0, rtt_p99_ms = 0, rtt_max_ms = 0;
  double server_cpu_percent = 0, server_cpu_ms_per_move = 0, loadgen_cpu_percent = 0,
         loadgen_cpu_ms_per_move = 0, other_cpu_percent = 0;
  double server_rss_base_mib = 0, server_rss_mib = 0, server_rss_peak_mib = 0;
  double idle_kib_per_table = 0;
  // What the seats received in the window, per accepted move and per seat: on the wire (TCP
  // stream bytes: frames, compressed or not) and as message text (what a client reads).
  double wire_bytes_per_move_seat = 0, text_bytes_per_move_seat = 0;
  std::int64_t largest_message = 0;  // bytes of text, over the whole run
  int deflated_seats = 0;            // seats whose server took the permessage-deflate offer
  std::string first_problem;         // the first disconnect, refusal or error, verbatim
};

LoadResult run_load(const LoadOptions& options);

// One line of JSON with every figure, for results files.
std::string to_json_line(const LoadOptions& options, const LoadResult& r);

}  // namespace sabbat::load
