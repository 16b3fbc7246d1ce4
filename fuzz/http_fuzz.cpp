// Fuzz target: any bytes as what a client sends on a new TCP connection to a running server
// (its request lines, headers, bodies and upgrades, pipelined or cut short), then the client's
// sending side closed, at one of its doors: the main port, the redirect port (HTTP sent to
// HTTPS, which must never send elsewhere), the metrics port, or a node of a cluster (whose
// upgrade to /ws?table=CODE first brings the table to it). Nothing may crash; the server must
// close the connection; what it sends must be HTTP responses, no more of them than the requests the
// bytes could hold; an answer to a request it could not read (400, 413, 431) says "Connection:
// close" and is the last. After a 101 the connection is a WebSocket, which frame_fuzz and
// message_fuzz cover.
// The cluster's node runs only when SABBAT_FUZZ_POSTGRES names a PostgreSQL store (fuzz/run.sh
// starts one); it holds one table, whose code "@T" stands for in the bytes sent there.
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fuzz_bytes.hpp"
#include "server/certificate.hpp"
#include "server/server.hpp"

namespace {

namespace http = boost::beast::http;
using sabbat::fuzz::broken;

// The doors of a server that a client may knock at, picked by an input's first byte when it
// is 0 to 3 (any other first byte: the main door, with every byte sent).
enum Door : uint8_t { kMain = 0, kRedirect = 1, kMetrics = 2, kCluster = 3 };

struct Doors {
  std::unique_ptr<sabbat::server::Server> plain, tls, node;
  std::string table;  // the node's table
  uint16_t port(Door door) const {
    return door == kRedirect  ? tls->redirect_port()
           : door == kMetrics ? plain->metrics_port()
           : door == kCluster ? node->port()
                              : plain->port();
  }
};

// A table of two seats made at the server on `port`, as a browser makes one: its code.
std::string create_table(uint16_t port) {
  namespace net = boost::asio;
  net::io_context ioc;
  boost::beast::websocket::stream<net::ip::tcp::socket> ws(ioc);
  ws.next_layer().connect({net::ip::make_address("127.0.0.1"), port});
  ws.handshake("127.0.0.1", "/ws");
  ws.write(net::buffer(std::string(R"({"type":"create","game":"sortileges","players":2})")));
  for (int i = 0; i < 16; ++i) {
    boost::beast::flat_buffer buffer;
    ws.read(buffer);
    const auto m = nlohmann::json::parse(boost::beast::buffers_to_string(buffer.data()));
    if (m.value("type", "") == "created") return m.value("table", "");
  }
  broken("the cluster's node made no table");
}

// Two servers for the whole run, on ephemeral ports of 127.0.0.1: one in plain HTTP with its
// metrics port, and one holding a certificate, for its redirect port (HTTP sent to HTTPS).
const Doors& doors() {
  static const Doors all = [] {
    const auto dir =
        std::filesystem::temp_directory_path() / ("sabbat-http-fuzz-" + std::to_string(::getpid()));
    // certbot's challenges, with one token there: requests for it and for paths around it.
    const auto webroot = dir / "webroot";
    std::filesystem::create_directories(webroot / ".well-known" / "acme-challenge");
    std::ofstream(webroot / ".well-known" / "acme-challenge" / "token") << "token.key";
    const auto start = [&](const std::string& name, bool tls, const std::string& store = {}) {
      sabbat::server::ServerOptions o;
      o.port = 0;
      o.threads = 1;
      // No tables: what a WebSocket asks of them is message_fuzz's, and a table of bots
      // playing on the one thread would keep this target's answers waiting. The cluster's
      // node holds one, of people only, for its upgrades to name.
      o.limits.max_tables = store.empty() ? 0 : 1;
      o.store = store;
      if (!store.empty()) o.node = "fuzz-" + std::to_string(::getpid());
      o.data_dir = (dir / name).string();
      o.acme_dir = webroot.string();
      o.log = [](std::string_view) {};
      if (tls) {
        std::filesystem::create_directories(dir / name);
        const auto files = sabbat::server::testing::make_certificate(dir / name, "fuzz");
        o.tls_cert = files.cert.string();
        o.tls_key = files.key.string();
        o.redirect_port = 0;
      } else {
        o.metrics_port = 0;
      }
      auto started = sabbat::server::Server::start(o);
      if (!started) broken("the server did not start:", started.error());
      return std::move(*started);
    };
    Doors d;
    d.plain = start("plain", false);
    d.tls = start("tls", true);
    if (const char* store = std::getenv("SABBAT_FUZZ_POSTGRES"); store && *store) {
      d.node = start("node", false, store);
      d.table = create_table(d.node->port());
    }
    return d;
  }();
  return all;
}

// The bytes sent, the sending side closed, and everything the server sends until it closes.
std::string exchange(uint16_t port, const uint8_t* data, size_t size) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) broken("no socket");
  // Each connection from another address of 127/8: the server closes first, so its side keeps
  // every connection in TIME_WAIT for a minute, and hundreds a second from one address would
  // run out of its ports.
  static uint32_t from_counter = 0;
  sockaddr_in from{};
  from.sin_family = AF_INET;
  from.sin_addr.s_addr = htonl(0x7F000000u | (1 + (from_counter++ % 0xFFFFF0u)));
  if (::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) broken("cannot bind");
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(port);
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) broken("cannot connect");
  const timeval wait{10, 0};  // far beyond any answer: the server stopped answering
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  // The server may close before it has read all (an unreadable request): then sending fails.
  for (size_t sent = 0; sent < size;) {
    const ssize_t n = ::send(fd, data + sent, size - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    sent += size_t(n);
  }
  ::shutdown(fd, SHUT_WR);
  std::string got;
  char chunk[16384];
  for (;;) {
    const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n == 0) break;
    if (n < 0) {
      // libFuzzer's -timeout alarm (SIGALRM, every timeout / 2 + 1 s) interrupts the wait.
      if (errno == EINTR) continue;
      if (errno == ECONNRESET) break;
      broken("the server neither answered nor closed the connection");
    }
    got.append(chunk, size_t(n));
    if (got.size() > (64u << 20)) broken("the server keeps sending");
  }
  const linger reset{1, 0};  // closed at once: no TIME_WAIT left behind for each input
  ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
  ::close(fd);
  return got;
}

}  // namespace

// The redirect door's Location leads to the same host in HTTPS, never elsewhere: its
// authority holds no user name ("https://a@evil.example/") and a path follows it.
void check_redirect(const std::string_view location) {
  if (!location.starts_with("https://")) broken("a redirect that is not to HTTPS");
  const std::string_view rest = location.substr(8);
  const size_t path = rest.find('/');
  if (path == std::string_view::npos) broken("a redirect without a path");
  const std::string_view authority = rest.substr(0, path);
  if (authority.empty() || authority.find_first_of("@\\ \t") != std::string_view::npos)
    broken("a redirect to another host than the one asked");
}

// Which of the requests the bytes hold, in order, are HEAD (their answers have no body), as
// far as they can be read.
std::vector<bool> heads_among(const uint8_t* data, size_t size) {
  std::vector<bool> heads;
  boost::beast::flat_buffer buffer;
  buffer.commit(boost::asio::buffer_copy(buffer.prepare(size), boost::asio::buffer(data, size)));
  while (buffer.size() > 0) {
    http::request_parser<http::string_body> parser;
    parser.body_limit(64u << 20);
    boost::beast::error_code ec;
    while (!ec && !parser.is_done() && buffer.size() > 0)
      buffer.consume(parser.put(buffer.data(), ec));
    if (ec || !parser.is_done()) break;
    heads.push_back(parser.get().method() == http::verb::head);
  }
  return heads;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Door door = kMain;
  if (size > 0 && data[0] <= kCluster) {
    door = Door(data[0]);
    ++data;
    --size;
  }
  // Without a store for the cluster's node, its inputs go to the main door.
  if (door == kCluster && !doors().node) door = kMain;
  std::string sent(reinterpret_cast<const char*>(data), size);
  if (door == kCluster)
    for (size_t at = sent.find("@T"); at != std::string::npos;
         at = sent.find("@T", at + doors().table.size()))
      sent.replace(at, 2, doors().table);
  data = reinterpret_cast<const uint8_t*>(sent.data());
  size = sent.size();
  const std::string got = exchange(doors().port(door), data, size);
  const std::vector<bool> heads = heads_among(data, size);
  // Every request ends its head with a line end: no more answers than line ends, plus one for
  // a request cut short.
  const size_t requests = 1 + size_t(std::count(data, data + size, uint8_t('\n')));
  boost::beast::flat_buffer buffer;
  buffer.commit(boost::asio::buffer_copy(buffer.prepare(got.size()), boost::asio::buffer(got)));
  size_t answers = 0;
  bool last = false;
  while (buffer.size() > 0) {
    if (last) broken("the server answered after an answer that closes");
    http::response_parser<http::string_body> parser;
    parser.body_limit(64u << 20);
    parser.eager(true);
    if (answers < heads.size() && heads[answers]) parser.skip(true);
    boost::beast::error_code ec;
    const size_t used = parser.put(buffer.data(), ec);
    if (ec || !parser.is_header_done()) broken("the server sent something that is not HTTP");
    buffer.consume(used);
    if (!parser.is_done()) {
      if (parser.get().result() == http::status::switching_protocols) break;  // a WebSocket
      parser.put_eof(ec);
      if (ec || !parser.is_done()) broken("the server sent an answer cut short");
    }
    ++answers;
    const auto& res = parser.get();
    if (res.result() == http::status::switching_protocols) break;
    const int status = res.result_int();
    if (door == kRedirect && (status == 301 || status == 308))
      check_redirect(std::string_view(res[http::field::location]));
    if (door == kMetrics && status != 200 && status != 404 && status != 405 && status != 400 &&
        status != 413 && status != 431 && status != 503)
      broken("the metrics door answered something else than metrics, health or a refusal");
    if (status == 400 || status == 413 || status == 431) {
      if (res.keep_alive()) broken("an unreadable request was answered without closing");
      last = true;
    }
  }
  if (answers > requests) broken("more answers than requests");
  return 0;
}
