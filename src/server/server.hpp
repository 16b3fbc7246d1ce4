#pragma once
// `sabbat serve`: HTTP and WebSocket on Boost.Beast (docs/protocol.md). A Server restores the
// unfinished tables of its data directory, listens, and runs until stop().
#include <memory>
#include <string>

#include "core/result.hpp"
#include "server/ops/options.hpp"

namespace sabbat::server {

class Server {
 public:
  // Opens the store, restores unfinished tables, binds and starts the threads. Errors: the
  // data directory, the store, or the address.
  static Result<std::unique_ptr<Server>> start(ServerOptions options);
  ~Server();  // stop() and wait()
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  uint16_t port() const;
  uint16_t redirect_port() const;  // 0 without --redirect-port
  uint16_t metrics_port() const;   // 0 without --metrics-port
  std::string url() const;         // where to point a browser: the public URL, or http://host:port

  // Graceful stop, from any thread (or a signal handler's executor): no new connections,
  // every client is told "going-away", the store is flushed, then the threads end.
  void stop();
  // Blocks until the server has stopped.
  void wait();
  // stop() on SIGINT and SIGTERM; reload_certificate() on SIGHUP.
  void stop_on_signals();
  // Reads --tls-cert and --tls-key again: new connections get the new certificate, open ones
  // keep theirs. On an error the certificate in use stays; the error is logged and returned.
  Status reload_certificate();

 private:
  struct Impl;
  explicit Server(std::unique_ptr<Impl> impl);
  void reload_on_hangup();
  std::unique_ptr<Impl> impl_;
};

}  // namespace sabbat::server
