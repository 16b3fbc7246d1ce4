// sabbat_load: plays Sortilèges tables on a running `sabbat serve` over real WebSocket
// connections, as fast as each seat's turn comes, or holds idle tables, and prints what it
// measured (one JSON line, appended to --out too). bench/server/run.sh runs it beside the
// boardgame.io peer; bench/README.md ("Server") has the figures and how to read them.
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>

#include "bench/server/load_run.hpp"

int main(int argc, char** argv) {
  sabbat::load::LoadOptions o;
  std::string out;
  CLI::App app("sabbat_load: load generator for sabbat serve");
  app.add_option("--host", o.host, "Server address (default 127.0.0.1)");
  app.add_option("--port", o.port, "Server port (default 8080)");
  app.add_option("--more-port", o.more_ports,
                 "Another port of the same server (repeatable): connections go to each in turn");
  app.add_option("--game", o.game, "Game (default sortileges)");
  app.add_option("--players", o.players, "Seats per table (default 4)")->check(CLI::Range(1, 16));
  app.add_option("--tables", o.tables, "Tables played at once, or held idle (default 10)")
      ->check(CLI::Range(1, 1000000));
  app.add_flag("--idle", o.idle, "Hold the tables idle, seats connected, and measure memory");
  app.add_option("--games-per-table", o.games_per_table,
                 "Games each table slot plays back to back (default: enough for --target-moves)")
      ->check(CLI::Range(0, 1000000));
  app.add_option("--target-moves", o.target_moves, "Least number of moves measured (default 9600)")
      ->check(CLI::Range(1, 100000000));
  app.add_option("--moves-per-game", o.moves_per_game,
                 "Estimate of a game's moves, to choose the games per table (default 96, a 4-seat "
                 "Sortilèges game)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--max-seconds", o.max_seconds, "Longest measured window (default 90)")
      ->check(CLI::PositiveNumber);
  app.add_option("--hold-seconds", o.hold_seconds,
                 "Idle: seconds to hold after measuring (default 5)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--connect-parallel", o.connect_parallel,
                 "Connections opened at once during set-up (default 256)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--server-pid", o.server_pids,
                 "The server's pid, to read its CPU and memory (repeatable: a cluster's nodes)");
  app.add_flag("--unnamed", o.unnamed,
               "Seats connect to /ws without naming their table (servers before protocol 1 "
               "rev. 4)");
  app.add_option("--people", o.people,
                 "Seats per table played by connected people (default: every seat); the others "
                 "are the server's random bots");
  app.add_option("--seed", o.seed, "Seed of the tables and of the seats' choices (default 1)");
  app.add_option("--label", o.label, "A label copied into the JSON line");
  app.add_flag("--deflate", o.deflate,
               "Seats offer permessage-deflate, as browsers do (the server may take it)");
  app.add_flag("--patches", o.patches,
               "Seats ask for their views as patches of the last one (\"patches\":true in join)");
  std::vector<std::string> params;
  app.add_option("--param", params, "A table parameter NAME=VALUE (repeatable)");
  app.add_option("--out", out, "Append the JSON line to this file");
  CLI11_PARSE(app, argc, argv);
  for (const std::string& p : params) {
    const auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::cerr << "--param takes NAME=VALUE, not " << p << "\n";
      return 2;
    }
    o.params.emplace_back(p.substr(0, eq), p.substr(eq + 1));
  }

  // Tens of thousands of connections need as many descriptors: take the hard limit.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }

  const sabbat::load::LoadResult r = sabbat::load::run_load(o);
  const std::string line = sabbat::load::to_json_line(o, r);
  std::cout << line << std::endl;
  if (!out.empty()) std::ofstream(out, std::ios::app) << line << '\n';
  std::cerr << r.mode << " M=" << r.tables << " x" << r.games_per_table << ": " << r.moves
            << " moves in " << r.window_seconds << " s = " << r.moves_per_second
            << " moves/s, RTT p50 " << r.rtt_p50_ms << " ms p99 " << r.rtt_p99_ms
            << " ms, server CPU " << r.server_cpu_ms_per_move << " ms/move ("
            << r.server_cpu_percent << " %), RSS peak " << r.server_rss_peak_mib << " MiB"
            << (r.idle_kib_per_table > 0
                    ? ", idle " + std::to_string(r.idle_kib_per_table) + " KiB/table"
                    : std::string())
            << ", per move and seat " << r.wire_bytes_per_move_seat << " B on the wire, "
            << r.text_bytes_per_move_seat << " B of text"
            << (o.deflate
                    ? " (deflate offered, " + std::to_string(r.deflated_seats) + " seats took it)"
                    : "")
            << ", disconnects " << r.disconnects << ", refused " << r.refused
            << (r.first_problem.empty() ? "" : ", first problem: " + r.first_problem) << "\n";
  const bool clean = r.disconnects == 0 && r.refused == 0 && r.errors == 0 && !r.timed_out;
  return clean ? 0 : 1;
}
