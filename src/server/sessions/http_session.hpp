#pragma once
// One HTTP connection: answers the routes of docs/protocol.md one request at a time, and
// hands an upgrade to /ws over to a WebsocketSession once its Origin is allowed. Over TLS it
// makes the handshake first; on the redirect port (--redirect-port) it sends every request to
// the same address in HTTPS, but for the certificate authority's challenges (--acme-dir); on
// the metrics port (--metrics-port) it answers Prometheus alone.
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server/net/client_stream.hpp"
#include "server/net/connection_socket.hpp"
#include "server/ops/context.hpp"

namespace sabbat::server {

class Table;

struct StaticFile;

// Which port a connection came in at.
enum class Door {
  Plain,     // HTTP and WS
  Tls,       // HTTPS and WSS
  Redirect,  // HTTP to be sent to HTTPS
  Metrics,   // HTTP for Prometheus: /metrics and /healthz only
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(ConnectionSocket&& socket, Context& ctx, Door door);
  void run();

 private:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;
  using Response = boost::beast::http::response<boost::beast::http::string_body>;

  void on_handshake(boost::beast::error_code ec);
  void read_next();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void route(const Request& req);
  void list_open_tables(const Request& req);
  // GET /api/tables/CODE, .../record and .../replay?seat=K.
  enum class Asked { Status, Record, Replay };
  void table_route(const Request& req, std::string rest, const std::string& target);
  void answer_table(const Request& shape, std::shared_ptr<Table> table, Asked asked,
                    const std::string& rest, const std::string& target);
  // Hands the connection to a WebsocketSession.
  void upgrade();
  // GET /healthz: 200 once the store has taken its write lock, 503 if it cannot or does not
  // answer within kHealthWait.
  void health(const Request& req);
  void redirect_route(const Request& req);
  // The metrics port's routes: GET /metrics (metrics.hpp) and /healthz, nothing else.
  void metrics_route(const Request& req);
  // certbot's challenge files under --acme-dir: true when `path` asked for one (answered).
  bool answer_challenge(const Request& req, const std::string& path);
  bool origin_allowed(const Request& req);
  // The client's address and port for the log: the connection's, or the last one of
  // X-Forwarded-For when the connection comes from a proxy of --trust-proxy.
  std::string client_address(const Request& req);
  Response text_response(const Request& req, boost::beast::http::status status, std::string body,
                         std::string_view type = "text/plain; charset=utf-8");
  void reply(Response res);
  // Called from a table's strand: hands the response back to this session's.
  void reply_later(Response res);
  void send_file(const Request& req, const StaticFile& file);
  void not_allowed(const Request& req);  // 405, naming the methods that are
  void on_write(bool close, boost::beast::error_code ec, std::size_t bytes);
  // Answers a request that could not be read (431, 413 or 400) and closes the connection.
  void refuse_request(boost::beast::error_code ec);
  // Half-closes the connection, then drains what the client still sends before closing.
  void shutdown();
  void drain(std::size_t drained);

  ClientStream stream_;
  boost::beast::flat_buffer buffer_;
  Context& ctx_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<void> in_flight_;  // the response being written
  const Door door_;
  bool head_ = false;  // the request being answered is a HEAD: headers only
};

}  // namespace sabbat::server
