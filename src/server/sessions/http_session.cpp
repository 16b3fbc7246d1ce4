#include "server/sessions/http_session.hpp"

#include <algorithm>
#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>
#include <fstream>
#include <mutex>

#include "core/untrusted.hpp"
#include "server/lobby/cluster.hpp"
#include "server/lobby/lobby.hpp"
#include "server/net/origin.hpp"
#include "server/net/tls.hpp"
#include "server/protocol/replay.hpp"
#include "server/protocol/secrets.hpp"
#include "server/sessions/web_files.hpp"
#include "server/sessions/websocket_session.hpp"

namespace sabbat::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;

// The lobby's list holds at most this many tables.
constexpr size_t kListedTablesShown = 200;

namespace {

constexpr auto kRequestTimeout = std::chrono::seconds(30);
constexpr std::size_t kMaxRequestBytes = 8 * 1024;
// After its last answer a connection reads and drops at most this much, for at most this long.
constexpr auto kLingerTime = std::chrono::seconds(2);
constexpr std::size_t kMaxLingerBytes = 64 * 1024;
constexpr std::size_t kLingerChunk = 4096;
constexpr std::string_view kHsts = "max-age=31536000";
constexpr std::size_t kMaxChallengeBytes = 4096;

// A certificate authority's challenge file: false when it is not there or too large.
bool read_small_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  text.resize(kMaxChallengeBytes + 1);
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(size_t(in.gcount()));
  return text.size() <= kMaxChallengeBytes;
}

}  // namespace

namespace {

// A new TLS stream holds OpenSSL's own reference to the certificate's context, so a reload
// may drop the old one while connections still use it.
ClientStream open_stream(ConnectionSocket&& socket, Context& ctx, Door door) {
  if (door == Door::Tls) return ClientStream(std::move(socket), *ctx.tls->current());
  return ClientStream(std::move(socket));
}

}  // namespace

HttpSession::HttpSession(ConnectionSocket&& socket, Context& ctx, Door door)
    : stream_(open_stream(std::move(socket), ctx, door)), ctx_(ctx), door_(door) {}

void HttpSession::run() {
  if (!stream_.is_tls())
    return net::dispatch(stream_.get_executor(),
                         beast::bind_front_handler(&HttpSession::read_next, shared_from_this()));
  stream_.tcp().expires_after(kRequestTimeout);
  stream_.tls().async_handshake(
      net::ssl::stream_base::server,
      beast::bind_front_handler(&HttpSession::on_handshake, shared_from_this()));
}

void HttpSession::on_handshake(beast::error_code ec) {
  // A failed handshake (a scanner, a client that does not trust the certificate, plain HTTP
  // sent to the HTTPS port) has no one to answer: the connection just closes.
  if (ec) return;
  read_next();
}

void HttpSession::read_next() {
  parser_.emplace();
  parser_->body_limit(kMaxRequestBytes);
  parser_->header_limit(kMaxRequestBytes);
  stream_.tcp().expires_after(kRequestTimeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

bool HttpSession::origin_allowed(const Request& req) {
  const auto header = req.find(http::field::origin);
  // No Origin at all: not a browser (a program, a bot), so no page to protect the server from.
  if (header == req.end()) return true;
  // An empty or "null" origin (a sandboxed frame, a file, a redirect) is no one's.
  const auto origin =
      canonical_origin(std::string_view(header->value().data(), header->value().size()));
  if (!origin) return false;
  const auto& allowed = ctx_.allowed_origins;
  if (std::find(allowed.begin(), allowed.end(), *origin) != allowed.end()) return true;
  // The address this connection came in at: the server's own page, reached by that address.
  beast::error_code ec;
  auto local = stream_.socket().local_endpoint(ec);
  if (ec) return false;
  auto address = local.address();
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    address = net::ip::make_address_v4(net::ip::v4_mapped, address.to_v6());
  return *origin == (stream_.is_tls() ? https_origin(address.to_string(), local.port())
                                      : http_origin(address.to_string(), local.port()));
}

std::string HttpSession::client_address(const Request& req) {
  beast::error_code ec;
  const auto peer = stream_.socket().remote_endpoint(ec);
  if (ec) return "?";
  auto address = peer.address();
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    address = net::ip::make_address_v4(net::ip::v4_mapped, address.to_v6());
  const std::string own = address.to_string() + ":" + std::to_string(peer.port());
  const auto& trusted = ctx_.trusted_proxies;
  if (std::find(trusted.begin(), trusted.end(), address) == trusted.end()) return own;
  // The proxy appends the address it got the request from: the last entry is the one it saw,
  // whatever the client put before it.
  const std::string_view forwarded = req["X-Forwarded-For"];
  std::string_view last = forwarded.substr(std::min(forwarded.size(), forwarded.rfind(',') + 1));
  while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
  while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
  const auto client = net::ip::make_address(std::string(last), ec);
  if (ec) return own;
  return client.to_string() + " (through " + own + ")";
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return shutdown();
  if (ec) {
    if (ec == net::error::operation_aborted || ec == beast::error::timeout ||
        ec == net::error::connection_reset || ec == net::error::eof)
      return;
    // A request that cannot be read is answered once, and the connection closed: what
    // follows it in the buffer cannot be told apart from it.
    return refuse_request(ec);
  }
  const Request& req = parser_->get();
  ctx_.metrics->http_request();
  // Uptime monitors ask with HEAD: the same answer as GET, without its body.
  head_ = req.method() == http::verb::head;
  if (door_ == Door::Metrics) return metrics_route(req);
  if (websocket::is_upgrade(req)) {
    const std::string_view target(req.target().data(), req.target().size());
    const std::string_view path = target.substr(0, target.find('?'));
    if (path != "/ws")
      return reply(text_response(req, http::status::not_found, "the WebSocket is at /ws\n"));
    if (!origin_allowed(req)) {
      ctx_.log("upgrade refused: origin " + printable(std::string(req[http::field::origin])) +
               " is not this server's (from " + client_address(req) + ")");
      return reply(text_response(req, http::status::forbidden,
                                 "this origin may not open the server's WebSocket\n"));
    }
    // /ws?table=CODE names the connection's table: in a cluster, this node brings it here
    // before the connection opens (docs/protocol.md, "Naming the table").
    std::optional<std::string> table;
    if (path.size() < target.size())
      if (auto named = query_value(target.substr(path.size() + 1), "table")) {
        if (!looks_like_table_code(*named))
          return reply(text_response(req, http::status::bad_request,
                                     "?table= takes a table's code, as its invite link shows\n"));
        table = std::string(*named);
      }
    if (!table || !ctx_.cluster) return upgrade();
    auto self = shared_from_this();
    return ctx_.lobby->acquire(*table, [self](bool reachable, std::shared_ptr<Table>) {
      net::post(self->stream_.get_executor(), [self, reachable] {
        if (reachable) return self->upgrade();
        self->reply(self->text_response(self->parser_->get(), http::status::service_unavailable,
                                        "the table cannot be reached now; try again\n"));
      });
    });
  }
  if (door_ == Door::Redirect) return redirect_route(req);
  route(req);
}

void HttpSession::upgrade() {
  stream_.tcp().expires_never();
  const std::string peer = client_address(parser_->get());
  FramedSocket socket = stream_.is_tls() ? FramedSocket(stream_.release_tls())
                                         : FramedSocket(stream_.release_socket());
  std::make_shared<WebsocketSession>(std::move(socket), ctx_, peer)->run(parser_->release());
}

HttpSession::Response HttpSession::text_response(const Request& req, http::status status,
                                                 std::string body, std::string_view type) {
  Response res{status, req.version() ? req.version() : 11};
  res.set(http::field::server, "sabbat");
  res.set(http::field::content_type, type);
  res.set(http::field::cache_control, "no-store");
  // A bad request ends the connection, as an unreadable one does: what follows it on the same
  // connection is not worth reading.
  res.keep_alive(req.keep_alive() && status != http::status::bad_request);
  // Browsers that once came over HTTPS keep to it for a year, even from an http:// link.
  if (stream_.is_tls()) res.set(http::field::strict_transport_security, kHsts);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

void HttpSession::route(const Request& req) {
  const std::string target(req.target().data(), req.target().size());
  const std::string path = target.substr(0, target.find('?'));
  if (req.method() != http::verb::get && !head_) return not_allowed(req);

  if (path == "/api/games") {
    const GamesAnswer games =
        games_answer(req[http::field::accept_encoding], req[http::field::if_none_match]);
    Response res =
        text_response(req, http::status::ok, games.not_modified ? std::string() : *games.body,
                      "application/json");
    res.set(http::field::cache_control, "no-cache");
    res.set(http::field::etag, games.etag);
    res.set(http::field::vary, "Accept-Encoding");
    if (games.not_modified) {
      res.result(http::status::not_modified);
      res.erase(http::field::content_length);
    } else if (!games.encoding.empty()) {
      res.set(http::field::content_encoding, games.encoding);
    }
    return reply(std::move(res));
  }

  if (path == "/api/tables") return list_open_tables(req);
  if (answer_challenge(req, path)) return;
  if (path == "/healthz") return health(req);

  static constexpr std::string_view kTables = "/api/tables/";
  if (path.starts_with(kTables)) return table_route(req, path.substr(kTables.size()), target);

  if (auto file = static_file(ctx_.options.web_dir, path, req[http::field::accept_encoding],
                              req[http::field::if_none_match]))
    return send_file(req, *file);
  if (path == "/" || path.starts_with("/t/"))
    return reply(text_response(req, http::status::ok, builtin_index(ctx_.public_url),
                               "text/html; charset=utf-8"));
  reply(text_response(req, http::status::not_found, "not found\n"));
}

void HttpSession::health(const Request& req) {
  // The answer comes from the store's writer thread, or from the timer if it is stuck: the
  // first one answers.
  constexpr auto kHealthWait = std::chrono::seconds(2);
  auto self = shared_from_this();
  auto answered = std::make_shared<std::atomic<bool>>(false);
  auto timer = std::make_shared<net::steady_timer>(stream_.get_executor(), kHealthWait);
  Request shape;
  shape.version(req.version());
  shape.keep_alive(req.keep_alive());
  // True for the one that answers.
  const auto answer = [self, shape, answered](http::status status, const json& body) {
    if (answered->exchange(true)) return false;
    self->reply_later(self->text_response(shape, status, body.dump() + "\n", "application/json"));
    return true;
  };
  timer->async_wait([this, answer, timer](beast::error_code ec) {
    if (!ec && answer(http::status::service_unavailable,
                      {{"status", "failing"}, {"store", "no answer within 2 s"}}))
      ctx_.log.error(
          "health check failed: the store did not take its write lock within 2 s (another "
          "program holding it, or a stalled disk)");
  });
  ctx_.lobby->check_store([this, answer, timer](const Status& st) {
    if (st) {
      answer(http::status::ok, {{"status", "ok"}, {"store", "writable"}});
    } else {
      // The details (paths of this machine) go to the log, not to whoever asks.
      ctx_.log.error("health check failed: " + st.error());
      answer(http::status::service_unavailable, {{"status", "failing"}, {"store", "not writable"}});
    }
    // Cancelled from its own executor: the store's thread may not touch the timer.
    net::post(timer->get_executor(), [timer] { timer->cancel(); });
  });
}

void HttpSession::metrics_route(const Request& req) {
  const std::string_view target(req.target().data(), req.target().size());
  const std::string_view path = target.substr(0, target.find('?'));
  if (path != "/metrics" && path != "/healthz")
    return reply(text_response(req, http::status::not_found,
                               "this port serves /metrics and /healthz only\n"));
  if (req.method() != http::verb::get && !head_) return not_allowed(req);
  if (path == "/healthz") return health(req);
  reply(text_response(req, http::status::ok, ctx_.metrics->text(),
                      "text/plain; version=0.0.4; charset=utf-8"));
}

bool HttpSession::answer_challenge(const Request& req, const std::string& path) {
  static constexpr std::string_view kChallenges = "/.well-known/acme-challenge/";
  const auto& acme_dir = ctx_.options.acme_dir;
  if (acme_dir.empty() || !path.starts_with(kChallenges)) return false;
  // certbot --webroot writes each token as a file; a token is base64url (RFC 8555, 8.3).
  const std::string token = path.substr(kChallenges.size());
  const bool plain = !token.empty() && std::all_of(token.begin(), token.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
  std::string body;
  if (plain && read_small_file(acme_dir + std::string(kChallenges) + token, body))
    reply(text_response(req, http::status::ok, std::move(body), "text/plain"));
  else
    reply(text_response(req, http::status::not_found, "no such challenge\n"));
  return true;
}

void HttpSession::redirect_route(const Request& req) {
  const std::string target(req.target().data(), req.target().size());
  if (answer_challenge(req, target.substr(0, target.find('?')))) return;
  // Only a path goes after the host: "@evil.example/" there would make the host a user name.
  if (!target.starts_with('/'))
    return reply(text_response(req, http::status::bad_request,
                               "a request target here is a path, starting with /\n"));
  // The same host in HTTPS: the public URL's when given, else the one the client asked for.
  std::string location = ctx_.options.public_url.empty() ? std::string() : ctx_.public_url;
  if (!location.starts_with("https://")) {
    const std::string_view host = req[http::field::host];
    const std::string_view name =
        host.substr(0, host.starts_with('[') ? host.find(']') + 1 : host.rfind(':'));
    const bool readable = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '[' ||
             c == ']' || c == ':';
    });
    if (!readable)
      return reply(text_response(req, http::status::bad_request,
                                 "this port sends requests to HTTPS: it needs their Host\n"));
    location = "https://" + std::string(name);
    if (ctx_.https_port != 443) location += ":" + std::to_string(ctx_.https_port);
  }
  Response res = text_response(req, http::status::permanent_redirect,
                               "this server is at " + location + target + "\n");
  res.set(http::field::location, location + target);
  reply(std::move(res));
}

// GET /api/tables/CODE, .../record and .../replay?seat=K: each answered from the table's strand.
void HttpSession::table_route(const Request& req, std::string rest, const std::string& target) {
  Asked asked = Asked::Status;
  for (auto [suffix, kind] : {std::pair{std::string_view("/record"), Asked::Record},
                              std::pair{std::string_view("/replay"), Asked::Replay}})
    if (rest.ends_with(suffix)) {
      rest.resize(rest.size() - suffix.size());
      asked = kind;
    }
  auto self = shared_from_this();
  Request shape;
  shape.version(req.version());
  shape.keep_alive(req.keep_alive());
  if (!ctx_.cluster) return answer_table(shape, ctx_.lobby->find(rest), asked, rest, target);
  // In a cluster, the table may be on another node, or only in the store: brought here first.
  ctx_.lobby->acquire(
      rest, [self, shape, asked, rest, target](bool reachable, std::shared_ptr<Table> table) {
        if (!reachable)
          return self->reply_later(self->text_response(shape, http::status::service_unavailable,
                                                       "the table cannot be reached now\n"));
        self->answer_table(shape, std::move(table), asked, rest, target);
      });
}

void HttpSession::answer_table(const Request& shape, std::shared_ptr<Table> table, Asked asked,
                               const std::string& rest, const std::string& target) {
  auto self = shared_from_this();
  if (!table) return reply_later(text_response(shape, http::status::not_found, "no such table\n"));
  if (asked == Asked::Status) {
    return table->status([self, shape](json status) {
      self->reply_later(
          self->text_response(shape, http::status::ok, status.dump(), "application/json"));
    });
  }
  if (asked == Asked::Replay) {
    const size_t q = target.find('?');
    const std::string query = q == std::string::npos ? std::string() : target.substr(q + 1);
    return table->finished_record([self, shape, query](const Record* record) {
      if (!record)
        return self->reply_later(self->text_response(
            shape, http::status::conflict, "the replay is available once the game has ended\n"));
      auto viewer = replay_viewer(query_value(query, "seat"), record->players);
      if (!viewer)
        return self->reply_later(
            self->text_response(shape, http::status::bad_request, viewer.error() + "\n"));
      auto replayed = replay_through(*record, self->ctx_.games(), *viewer);
      if (!replayed)
        return self->reply_later(
            self->text_response(shape, http::status::internal_server_error,
                                "the replay failed: " + replayed.error() + "\n"));
      self->reply_later(
          self->text_response(shape, http::status::ok, json_text(*replayed), "application/json"));
    });
  }
  return table->record([self, shape, code = rest](std::optional<std::string> text) {
    if (!text)
      return self->reply_later(self->text_response(
          shape, http::status::conflict, "the record is available once the game has ended\n"));
    Response res =
        self->text_response(shape, http::status::ok, std::move(*text), "application/x-ndjson");
    res.set(http::field::content_disposition, "attachment; filename=\"" + code + ".jsonl\"");
    self->reply_later(std::move(res));
  });
}

// The tables their creators listed that are not over, for the lobby: each table's status is
// read on its own strand, and the answer goes once the last one has replied.
void HttpSession::list_open_tables(const Request& req) {
  struct Gathered {
    std::mutex mutex;
    std::vector<json> open;
    size_t left = 0;
  };
  auto tables = ctx_.lobby->tables();
  auto gathered = std::make_shared<Gathered>();
  gathered->left = tables.size();
  Request shape;
  shape.version(req.version());
  shape.keep_alive(req.keep_alive());
  auto self = shared_from_this();
  auto answer = [self, shape](std::vector<json> open) {
    std::sort(open.begin(), open.end(), [](const json& a, const json& b) {
      return a.value("table", "") < b.value("table", "");
    });
    if (open.size() > kListedTablesShown) open.resize(kListedTablesShown);
    json body = {{"tables", std::move(open)}};
    self->reply_later(
        self->text_response(shape, http::status::ok, body.dump(), "application/json"));
  };
  // In a cluster, the tables other nodes play too, as they last published them.
  const bool elsewhere = ctx_.cluster != nullptr;
  gathered->left += elsewhere;
  if (gathered->left == 0) return answer({});
  auto add = [gathered, answer](std::vector<json> found) {
    std::vector<json> done;
    {
      std::lock_guard lock(gathered->mutex);
      for (json& status : found)
        if (status.value("listed", false) && status.value("phase", "") != "finished")
          gathered->open.push_back(std::move(status));
      if (--gathered->left > 0) return;
      done = std::move(gathered->open);
    }
    answer(std::move(done));
  };
  if (elsewhere)
    ctx_.cluster->listings_elsewhere(
        int(kListedTablesShown), [add](std::vector<std::string> texts) {
          std::vector<json> found;
          for (const std::string& text : texts)
            if (auto status = json::parse(text, nullptr, false); status.is_object())
              found.push_back(std::move(status));
          add(std::move(found));
        });
  for (auto& table : tables) table->status([add](json status) { add({std::move(status)}); });
}

void HttpSession::send_file(const Request& req, const StaticFile& file) {
  // The headers of docs/web.md, "Serving", on the 304 as on the 200.
  auto headed = [&](auto& res) {
    res.set(http::field::server, "sabbat");
    res.set(http::field::content_type, file.content_type);
    res.set(http::field::cache_control, file.cache_control);
    res.set(http::field::etag, file.etag);
    res.set(http::field::vary, "Accept-Encoding");
    if (stream_.is_tls()) res.set(http::field::strict_transport_security, kHsts);
    res.keep_alive(req.keep_alive());
  };
  if (file.not_modified) {
    Response res{http::status::not_modified, req.version()};
    headed(res);
    return reply(std::move(res));
  }
  http::file_body::value_type body;
  beast::error_code ec;
  body.open(file.path.c_str(), beast::file_mode::scan, ec);
  if (ec) return reply(text_response(req, http::status::not_found, "not found\n"));
  if (head_) {
    Response res{http::status::ok, req.version()};
    headed(res);
    if (!file.encoding.empty()) res.set(http::field::content_encoding, file.encoding);
    res.content_length(body.size());
    return reply(std::move(res));
  }
  auto res = std::make_shared<http::response<http::file_body>>(
      std::piecewise_construct, std::make_tuple(std::move(body)),
      std::make_tuple(http::status::ok, req.version()));
  headed(*res);
  if (!file.encoding.empty()) res->set(http::field::content_encoding, file.encoding);
  res->prepare_payload();
  in_flight_ = res;
  http::async_write(
      stream_, *res,
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), !res->keep_alive()));
}

void HttpSession::not_allowed(const Request& req) {
  Response res =
      text_response(req, http::status::method_not_allowed, "only GET and HEAD are served\n");
  res.set(http::field::allow, "GET, HEAD");
  reply(std::move(res));
}

void HttpSession::reply(Response res) {
  // Content-Length stays the GET answer's (RFC 9110, 9.3.2).
  if (head_) res.body().clear();
  auto owned = std::make_shared<Response>(std::move(res));
  in_flight_ = owned;
  http::async_write(
      stream_, *owned,
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), owned->need_eof()));
}

void HttpSession::reply_later(Response res) {
  net::post(stream_.get_executor(), [self = shared_from_this(), res = std::move(res)]() mutable {
    self->reply(std::move(res));
  });
}

void HttpSession::on_write(bool close, beast::error_code ec, std::size_t) {
  in_flight_.reset();
  if (ec) return;
  if (close) return shutdown();
  read_next();
}

void HttpSession::refuse_request(beast::error_code ec) {
  head_ = false;
  const auto [status, body] =
      ec == http::error::header_limit ? std::pair{http::status::request_header_fields_too_large,
                                                  "the request line and headers are longer than " +
                                                      std::to_string(kMaxRequestBytes) + " bytes\n"}
      : ec == http::error::body_limit
          ? std::pair{http::status::payload_too_large, "the request body is longer than " +
                                                           std::to_string(kMaxRequestBytes) +
                                                           " bytes\n"}
          : std::pair{http::status::bad_request, "bad request: " + ec.message() + "\n"};
  Response res = text_response(Request{}, status, body);
  res.keep_alive(false);
  reply(std::move(res));
}

void HttpSession::shutdown() {
  if (stream_.is_tls()) {
    // TLS's close_notify, then the close; a client that never answers it has kLingerTime.
    stream_.tcp().expires_after(kLingerTime);
    return stream_.tls().async_shutdown([self = shared_from_this()](beast::error_code) {
      beast::error_code ignored;
      self->stream_.socket().close(ignored);
    });
  }
  beast::error_code ec;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
  // What the client still sends is read and dropped for a while, so that closing with unread
  // bytes (a reset) does not destroy the answer before the client has read it.
  buffer_.consume(buffer_.size());
  stream_.tcp().expires_after(kLingerTime);
  drain(0);
}

void HttpSession::drain(std::size_t drained) {
  stream_.async_read_some(buffer_.prepare(kLingerChunk), [self = shared_from_this(), drained](
                                                             beast::error_code ec, std::size_t n) {
    if (ec || drained + n >= kMaxLingerBytes) {
      beast::error_code ignored;
      self->stream_.socket().close(ignored);
      return;
    }
    self->drain(drained + n);
  });
}

}  // namespace sabbat::server
