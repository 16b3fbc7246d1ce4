// Fuzz target: any bytes as what a client sends on a new TCP connection to a running server
// (its request lines, headers, bodies and upgrades, pipelined or cut short), then the client's
// sending side closed. Nothing may crash; the server must close the connection; what it sends
// must be HTTP responses, no more of them than the requests the bytes could hold; an answer to
// a request it could not read (400, 413, 431) says "Connection: close" and is the last. After
// a 101 the connection is a WebSocket, which frame_fuzz and message_fuzz cover.
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "fuzz_bytes.hpp"
#include "server/server.hpp"

namespace {

namespace http = boost::beast::http;
using sabbat::fuzz::broken;

// A server for the whole run, on an ephemeral port of 127.0.0.1.
uint16_t server_port() {
  static std::unique_ptr<sabbat::server::Server> server = [] {
    sabbat::server::ServerOptions o;
    o.port = 0;
    o.threads = 1;
    // No tables: what a WebSocket asks of them is message_fuzz's, and a table of bots playing
    // on the one thread would keep this target's answers waiting.
    o.limits.max_tables = 0;
    o.data_dir = (std::filesystem::temp_directory_path() /
                  ("sabbat-http-fuzz-" + std::to_string(::getpid())))
                     .string();
    // certbot's challenges, with one token there: requests for it and for paths around it.
    const auto webroot = std::filesystem::path(o.data_dir) / "webroot";
    std::filesystem::create_directories(webroot / ".well-known" / "acme-challenge");
    std::ofstream(webroot / ".well-known" / "acme-challenge" / "token") << "token.key";
    o.acme_dir = webroot.string();
    o.log = [](std::string_view) {};
    auto started = sabbat::server::Server::start(o);
    if (!started) broken("the server did not start:", started.error());
    return std::move(*started);
  }();
  return server->port();
}

// The bytes sent, the sending side closed, and everything the server sends until it closes.
std::string exchange(const uint8_t* data, size_t size) {
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
  to.sin_port = htons(server_port());
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

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string got = exchange(data, size);
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
    if (status == 400 || status == 413 || status == 431) {
      if (res.keep_alive()) broken("an unreadable request was answered without closing");
      last = true;
    }
  }
  if (answers > requests) broken("more answers than requests");
  return 0;
}
