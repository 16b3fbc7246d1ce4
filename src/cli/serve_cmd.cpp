// `sabbat serve`: the game server (docs/protocol.md), until SIGINT or SIGTERM; SIGHUP reloads
// the TLS certificate.
#include <CLI/CLI.hpp>
#include <chrono>
#include <ostream>
#include <system_error>
#include <vector>

#include "cli/commands.hpp"
#include "server/server.hpp"

namespace sabbat::cli {

CLI::App* add_serve_command(CLI::App& app, ServeOptions& o) {
  auto* serve =
      app.add_subcommand("serve", "Serve online play: HTTP and WebSocket (docs/protocol.md)");
  // Every flag is checked by CLI11 before the server starts: a bad value stops `serve` with
  // the flag's name and what it allows.
  serve->add_option("--host", o.host, "Address to listen on (default 127.0.0.1)")
      ->type_name("ADDR");
  serve->add_option("--port", o.port, "Port (default 8080; 0 picks a free one)")
      ->type_name("P")
      ->check(CLI::Range(0, 65535));
  serve->add_option("--data", o.data_dir, "Directory of the tables' store (default ./sabbat-data)")
      ->type_name("DIR");
  serve
      ->add_option("--store", o.store,
                   "Where the tables are kept: a SQLite file (default DIR/sabbat.db of --data), "
                   "or a postgresql:// URL that several servers may share behind a proxy "
                   "(docs/cluster.md)")
      ->type_name("URL|FILE");
  serve
      ->add_option("--node", o.node,
                   "With PostgreSQL: this server's name among those sharing the store (default "
                   "HOST:PORT); a restarted node of the same name takes its tables back at once")
      ->type_name("NAME");
  serve
      ->add_option("--lease-ms", o.lease_ms,
                   "With PostgreSQL: how long this node's hold on its tables lasts without a "
                   "renewal (renewed three times per lease; default 5000). After a node's death "
                   "its tables move to other nodes within about this time")
      ->type_name("MS")
      ->check(CLI::Range(300, 600000));
  serve
      ->add_option("--public-url", o.public_url,
                   "URL people reach the server at (behind a proxy, for example), for invite "
                   "links; its origin may open the WebSocket")
      ->type_name("URL");
  serve
      ->add_option(
          "--allow-origin", o.allow_origins,
          "An origin (http[s]://HOST[:PORT]) whose pages may open the WebSocket, "
          "besides the server's own addresses and the one of --public-url (repeatable). Browsers' "
          "upgrades from any other origin, or with an empty or null one, are refused "
          "with 403; programs that send no Origin are accepted")
      ->type_name("ORIGIN")
      ->allow_extra_args(false);
  serve
      ->add_option("--deflate", o.deflate,
                   "on or off (default on): compress the WebSocket messages (permessage-deflate) "
                   "to the clients that offer it, as browsers do: 8 to 19 times fewer bytes "
                   "for up to a fifth more server CPU and at most 8 KiB more per connection")
      ->type_name("on|off")
      ->check(CLI::IsMember({"on", "off"}));
  serve
      ->add_option("--web", o.web_dir,
                   "Directory of the web client's built files (default: web/dist when built)")
      ->type_name("DIR");
  serve
      ->add_option("--tls-cert", o.tls_cert,
                   "Serve HTTPS and WSS on --port with this certificate chain (PEM, the "
                   "server's certificate first, such as certbot's fullchain.pem); SIGHUP reads "
                   "it and the key again, so a renewal needs no restart")
      ->type_name("FILE");
  serve
      ->add_option("--tls-key", o.tls_key,
                   "The certificate's private key (PEM, not encrypted; certbot's privkey.pem)")
      ->type_name("FILE");
  serve
      ->add_option("--redirect-port", o.redirect_port,
                   "With --tls-cert: also listen on this port in plain HTTP and send every "
                   "request to HTTPS (usually 80)")
      ->type_name("P")
      ->check(CLI::Range(0, 65535));
  serve
      ->add_option("--acme-dir", o.acme_dir,
                   "certbot's --webroot directory: its /.well-known/acme-challenge/ files are "
                   "served (on the redirect port with TLS), so certificates renew while serving")
      ->type_name("DIR");
  serve
      ->add_option("--trust-proxy", o.trust_proxies,
                   "Address of a reverse proxy (nginx on this machine: 127.0.0.1) whose "
                   "X-Forwarded-For header names the client, for the log (repeatable); from "
                   "other addresses the header is ignored")
      ->type_name("ADDR")
      ->allow_extra_args(false);
  serve
      ->add_option("--log-format", o.log_format,
                   "text or json (default text): the log on standard error, one line per "
                   "event, for people or as one JSON object a line for log shippers")
      ->type_name("text|json")
      ->check(CLI::IsMember({"text", "json"}));
  serve
      ->add_option("--stand-in-after", o.stand_in_after_s,
                   "Seconds a person's seat may stay without a connection while the game is "
                   "playing before the game's default bot plays it (default 60; a table's "
                   "creator may choose otherwise)")
      ->type_name("SECONDS")
      ->check(CLI::Range(1, 86400));
  // The two limits a club (or a load test) may need to raise; the others protect the server
  // from one client and stay as they are.
  serve
      ->add_option("--messages-per-second", o.messages_per_second,
                   "Messages a connection may send per second; more are refused (default 20)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000000));
  serve
      ->add_option("--max-tables", o.max_tables,
                   "Unfinished tables the server holds at once (default 10000)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000000));
  serve
      ->add_option("--threads", o.threads,
                   "Threads serving the connections and tables (default 2; the store writes "
                   "on a thread of its own)")
      ->type_name("N")
      ->check(CLI::Range(1, 256));
  serve
      ->add_option("--metrics-port", o.metrics_port,
                   "Also serve GET /metrics (Prometheus's text format) and /healthz on this "
                   "port, and nothing else there (0 picks a free one); none without it")
      ->type_name("P")
      ->check(CLI::Range(0, 65535));
  serve
      ->add_option("--metrics-host", o.metrics_host,
                   "Address the metrics port listens on (default 127.0.0.1, whatever --host is)")
      ->type_name("ADDR");
  return serve;
}

namespace {

// What a person who started the server reads on standard output: where to point a browser.
void announce(const server::Server& s, const server::ServerOptions& o, std::ostream& out) {
  out << "Sabbat is serving at " << s.url() << "  (Ctrl-C stops it)" << std::endl;
  if (s.redirect_port() != 0)
    out << "HTTP on port " << s.redirect_port() << " is sent to HTTPS" << std::endl;
  if (o.metrics_port) {
    const bool v6 = o.metrics_host.find(':') != std::string::npos;
    out << "metrics for Prometheus at http://" << (v6 ? "[" : "") << o.metrics_host
        << (v6 ? "]" : "") << ":" << s.metrics_port() << "/metrics" << std::endl;
  }
  if (o.web_dir.empty())
    out << "no web client found (build it with web/build.sh, or give --web DIR)" << std::endl;
}

}  // namespace

int run_serve(const ServeOptions& options, const Io& io) {
  server::ServerOptions o;
  o.host = options.host;
  o.port = options.port;
  o.data_dir = options.data_dir;
  o.store = options.store;
  o.node = options.node;
  o.lease = std::chrono::milliseconds(options.lease_ms);
  o.public_url = options.public_url;
  o.allow_origins = options.allow_origins;
  o.deflate = options.deflate == "on";
  o.limits.stand_in_after = std::chrono::seconds(options.stand_in_after_s);
  o.limits.messages_per_second = options.messages_per_second;
  o.limits.max_tables = options.max_tables;
  o.threads = options.threads;
  o.web_dir = options.web_dir.empty() ? default_web_dir() : options.web_dir;
  o.tls_cert = options.tls_cert;
  o.tls_key = options.tls_key;
  o.redirect_port = options.redirect_port;
  o.acme_dir = options.acme_dir;
  o.trust_proxies = options.trust_proxies;
  o.metrics_port = options.metrics_port;
  o.metrics_host = options.metrics_host;
  o.log_format = options.log_format == "json" ? server::LogFormat::Json : server::LogFormat::Text;
  auto started = server::Server::start(o);
  if (!started) return report_error(io.err, started.error(), kExitFailure);
  server::Server& s = **started;
  s.stop_on_signals();
  // With JSON logs, the log on standard error says all of this (its "start" event) and
  // standard output stays empty: a log shipper that reads both meets no plain line.
  const bool text = o.log_format == server::LogFormat::Text;
  if (text) announce(s, o, io.out);
  s.wait();
  if (text)
    io.out << "stopped; the unfinished tables will be restored at the next start" << std::endl;
  return kExitOk;
}

}  // namespace sabbat::cli
