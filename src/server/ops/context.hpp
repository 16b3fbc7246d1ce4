#pragma once
// What every part of a running server shares: its options, its log and its origin.
#include <atomic>
#include <boost/asio/ip/address.hpp>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/registry.hpp"
#include "server/ops/log.hpp"
#include "server/ops/metrics.hpp"
#include "server/ops/options.hpp"

namespace sabbat::server {

class Cluster;
class IdleWatch;
class Lobby;
class TlsCertificate;

struct Context {
  explicit Context(ServerOptions o) : options(std::move(o)), log(options.log, options.log_format) {}
  ServerOptions options;
  const Registry& games() const { return options.games ? *options.games : registry(); }
  Log log;
  std::string public_url;  // no trailing slash
  // Canonical origins (origin.hpp) allowed to open the WebSocket besides the address a
  // connection came in at: the loopback names, the --host name, the public URL's, the allowed.
  std::vector<std::string> allowed_origins;
  std::atomic<uint64_t> next_connection_id{1};
  TlsCertificate* tls = nullptr;  // none without --tls-cert
  uint16_t https_port = 0;        // where the redirect port sends to
  std::vector<boost::asio::ip::address> trusted_proxies;
  Lobby* lobby = nullptr;
  Cluster* cluster = nullptr;       // with a PostgreSQL store: this node of the cluster
  IdleWatch* idle_watch = nullptr;  // none in programs without a server (the fuzz targets)
  // GET /metrics. Shared: a table counts itself out when it ends, which may be after the
  // context where a program ends its io_context last (the fuzz targets).
  std::shared_ptr<Metrics> metrics = std::make_shared<Metrics>();
};

}  // namespace sabbat::server
