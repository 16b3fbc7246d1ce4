// `sabbat serve`: the game server (docs/protocol.md), until SIGINT or SIGTERM.
#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "server/server.hpp"

namespace sabbat::cli {

CLI::App* add_serve_command(CLI::App& app, ServeOptions& o) {
  auto* serve =
      app.add_subcommand("serve", "Serve online play: HTTP and WebSocket (docs/protocol.md)");
  serve->add_option("--host", o.host, "Address to listen on (default 127.0.0.1)");
  serve->add_option("--port", o.port, "Port (default 8080; 0 picks a free one)");
  serve->add_option("--data", o.data_dir, "Directory of the tables' store (default ./sabbat-data)")
      ->type_name("DIR");
  serve
      ->add_option("--public-url", o.public_url, "URL people reach the server at, for invite links")
      ->type_name("URL");
  serve->add_option("--web", o.web_dir, "Directory of the web client's built files")
      ->type_name("DIR");
  return serve;
}

int run_serve(const ServeOptions& options, const Io& io) {
  server::ServerOptions o;
  o.host = options.host;
  o.port = options.port;
  o.data_dir = options.data_dir;
  o.public_url = options.public_url;
  o.web_dir = options.web_dir;
  auto started = server::Server::start(o);
  if (!started) return report_error(io.err, started.error(), kExitFailure);
  server::Server& s = **started;
  s.stop_on_signals();
  io.out << "Sabbat is serving at " << s.url() << "  (Ctrl-C stops it)" << std::endl;
  s.wait();
  io.out << "stopped; the unfinished tables will be restored at the next start" << std::endl;
  return kExitOk;
}

}  // namespace sabbat::cli
