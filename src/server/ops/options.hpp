#pragma once
// How `sabbat serve` is configured: where it listens, where it keeps its tables, and the
// limits that keep one client from holding the server back.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sabbat {
class Registry;
}

namespace sabbat::server {

struct Limits {
  std::size_t max_message_bytes = 16 * 1024;  // larger WebSocket messages close the connection
  int messages_per_second = 20;               // per connection; more are refused
  int max_tables = 10000;                     // unfinished tables held by the server
  int max_connections_per_table = 64;         // seats and spectators together
  std::chrono::milliseconds idle_timeout = std::chrono::minutes(5);  // no message from a client
  std::size_t max_queued_messages = 256;  // a client that reads slower is disconnected
  // Group commit of the write-ahead. None: the writer commits as soon as it is free, and what
  // arrives during a commit (its sync) goes into the next one; a window only added latency
  // (bench/README.md, "Server").
  std::chrono::microseconds commit_window{0};
  // Game time a person's seat stays without a connection, while the game is playing, before
  // the game's default bot plays it; a table's `create` may choose its own (stand_in.hpp).
  std::chrono::milliseconds stand_in_after = std::chrono::seconds(60);
  // How late a table's timer fires after its time. 0; tests set it to stand for a loaded
  // server, whose timers run late, and check that nothing depends on them being on time.
  std::chrono::milliseconds timer_lag{0};
  // The countdown everyone sees between the last "ready" of a real-time game and its start.
  std::chrono::milliseconds countdown = std::chrono::seconds(3);
  // The newest events a `history` holds for a client that arrives at a game under way.
  std::size_t history_events = 500;
  // The server's own messages stay within what it accepts from clients, so that a client
  // that applies the same bound to both is never cut off; a long `history` comes in parts.
  std::size_t max_server_message_bytes = 16 * 1024;
};

// How the log writes its lines: for people, or one JSON object a line for machines.
enum class LogFormat { Text, Json };

struct ServerOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port, see Server::port()
  std::string data_dir = "sabbat-data";
  // Where the tables are kept: empty for the SQLite file in data_dir; a postgresql:// URL for
  // a PostgreSQL database that several servers may share (docs/cluster.md).
  std::string store;
  // With PostgreSQL: this server's name among the nodes (empty: the host name and the port),
  // and how long its hold on its tables lasts without a renewal.
  std::string node;
  std::chrono::milliseconds lease = std::chrono::seconds(5);
  std::string public_url;  // empty: http://host:port; the origin of invite links
  // Origins besides the server's own whose pages may open the WebSocket ("https://host[:port]").
  std::vector<std::string> allow_origins;
  std::string web_dir;  // static files of the web client; empty: a built-in page
  // HTTPS and WSS on `port` with this certificate chain and key (PEM files; SIGHUP reads them
  // again). Both or neither.
  std::string tls_cert;
  std::string tls_key;
  // With TLS: a port of plain HTTP sending every request to HTTPS (0: any free port).
  std::optional<uint16_t> redirect_port;
  // The webroot of certbot --webroot: the redirect port serves its challenges.
  std::string acme_dir;
  // Addresses of reverse proxies whose X-Forwarded-For names the client (nginx on the same
  // machine: 127.0.0.1); from any other address the header is ignored.
  std::vector<std::string> trust_proxies;
  // GET /metrics for Prometheus on a port of its own (0: any free port, see
  // Server::metrics_port()), at its own address; no such port without one.
  std::optional<uint16_t> metrics_port;
  std::string metrics_host = "127.0.0.1";
  bool deflate = true;  // take WebSocket permessage-deflate when a client offers it
  int threads = 2;
  Limits limits;
  // The games tables may play; null: every game Sabbat plays (core/registry.hpp). Tests hand
  // the server games of their own.
  const Registry* games = nullptr;
  // One line per notable event (start, stop, tables created and finished, refusals by a
  // limit, drops, restores, errors), in `log_format`; stderr by default.
  std::function<void(std::string_view)> log;
  LogFormat log_format = LogFormat::Text;
};

}  // namespace sabbat::server
