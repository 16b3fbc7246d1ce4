#pragma once
// The subcommands of `sabbat`, each a function of its options and streams returning the exit
// code. cli.cpp fills the options from the command line.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/common.hpp"
#include "server/ops/options.hpp"

namespace CLI {
class App;
}

namespace sabbat::cli {

// `sabbat games`: every registered game, its facts and parameters.
int run_games(const Io& io);

struct PlayOptions {
  std::string game;
  std::optional<int> players;       // nothing: the game's default
  int seat = 0;                     // the person's seat, from 0 (`--seat` counts from 1)
  std::optional<uint64_t> seed;     // nothing: drawn from the machine, then printed
  std::vector<std::string> params;  // "name=value"
  std::string record;               // file to write, if any
  bool no_color = false;
  std::string bot;     // bot at every other seat, or one per other seat; empty: the default
  std::string level;   // the level of the game's own bots, if given
  bool lines = false;  // typed lines even on a terminal, never the one-key screen
  std::vector<std::string> seat_bots;  // filled by run_play: the bot of each other seat
};
// `sabbat play`: a person at one seat, bots at the others, in real time.
int run_play(const PlayOptions& options, const Io& io);

// The most games one `sim` plays, and the most threads it starts.
inline constexpr int64_t kMaxGames = 1'000'000'000;
inline constexpr int kMaxJobs = 256;

struct SimOptions {
  std::string game;
  int64_t games = 0;
  std::optional<int> players;
  uint64_t seed = 1;
  std::vector<std::string> params;
  std::optional<int> jobs;  // nothing: one per hardware thread
  std::string record_dir;   // one record per game, if given
  bool force = false;       // overwrite the records already in record_dir
  bool json = false;
  std::string bot;    // one for every seat, or one per seat; empty: the game's default
  std::string level;  // the level of the game's own bots, if given
};
// `sabbat sim`: many games between bots, summarised.
int run_sim(const SimOptions& options, const Io& io);

// The most games one `arena` plays (their results are kept until the end), and the most
// bots it compares.
inline constexpr int64_t kMaxArenaGames = 1'000'000;
inline constexpr int kMaxArenaBots = 16;

struct ArenaOptions {
  std::string game;
  std::vector<std::string> bots;  // at least two, each named as for --bot
  int64_t games = 0;              // rounded up to whole deals (one game per bot and deal)
  std::optional<int> players;
  uint64_t seed = 1;
  std::vector<std::string> params;
  std::optional<int> jobs;
  bool json = false;
};
// `sabbat arena`: bots against each other with the seats rotated; win rates with their 95 %
// intervals, the head-to-head table and ratings (src/cli/arena_cmd.cpp).
int run_arena(const ArenaOptions& options, const Io& io);

// The most games a report plays in each run, and the most runs (bots times compared values).
inline constexpr int64_t kMaxReportGames = 100'000'000;
inline constexpr int kMaxReportRuns = 64;

struct ReportOptions {
  std::string game;
  int64_t games = 1000;  // in each run
  std::optional<int> players;
  uint64_t seed = 1;
  std::vector<std::string> params;
  std::vector<std::string> bots;  // one run per bot, at every seat; none: the game's default
  std::string level;              // the level of the game's own bots, if given
  std::string compare;            // "NAME=A,B,...": one run per value; empty: none
  std::optional<int> jobs;
  std::string out;      // the HTML report to write (and beside it its JSON and CSV files)
  bool json = false;    // print the JSON on standard output
  std::string web_dir;  // where the built report page is; empty: as `serve` finds web/dist
  std::string command;  // the command as typed, written into the report
  std::string version;
};
// `sabbat report`: simulates and writes a balance report (src/cli/report_cmd.cpp).
int run_report(const ReportOptions& options, const Io& io);

struct ReplayOptions {
  std::string file;
  bool check = false;
  bool states = false;
};
// `sabbat replay`: narrates, checks or dumps the states of a record.
int run_replay(const ReplayOptions& options, const Io& io);

struct BackupOptions {
  std::string data_dir = "sabbat-data";
  std::string file;
};
// `sabbat backup`: a consistent copy of a server's store, while it runs (src/cli/backup_cmd.cpp).
int run_backup(const BackupOptions& options, const Io& io);
// `sabbat restore`: a backup put in place as a stopped server's store (src/cli/backup_cmd.cpp).
int run_restore(const BackupOptions& options, const Io& io);

struct ServeOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port
  std::string data_dir = "sabbat-data";
  std::string store;  // a postgresql:// URL, or a SQLite file in place of DATA/sabbat.db
  std::string node;   // with PostgreSQL: this node's name (default HOST:PORT)
  int lease_ms = int(server::ServerOptions{}.lease.count());  // with PostgreSQL
  std::string public_url;
  std::vector<std::string> allow_origins;  // more origins whose pages may open the WebSocket
  std::string web_dir;
  int stand_in_after_s = 60;  // a person's empty seat is played by a bot after this
  int messages_per_second = server::Limits{}.messages_per_second;  // per connection
  int max_tables = server::Limits{}.max_tables;                    // unfinished tables held at once
  int threads = server::ServerOptions{}.threads;                   // running the connections
  std::string deflate = "on";              // "on" or "off": permessage-deflate taken when offered
  std::string tls_cert, tls_key;           // HTTPS and WSS
  std::optional<uint16_t> redirect_port;   // plain HTTP sent to HTTPS
  std::string acme_dir;                    // certbot's webroot, served on the redirect port
  std::vector<std::string> trust_proxies;  // proxies whose X-Forwarded-For is believed
  std::optional<uint16_t> metrics_port;    // GET /metrics for Prometheus; none by default
  std::string metrics_host = "127.0.0.1";  // where the metrics port listens
  std::string log_format = "text";         // "text" or "json"
};
// `sabbat serve`: the game server, until SIGINT or SIGTERM (src/cli/serve_cmd.cpp).
int run_serve(const ServeOptions& options, const Io& io);
// Declares `serve` and its options on the command line.
CLI::App* add_serve_command(CLI::App& app, ServeOptions& options);

}  // namespace sabbat::cli
