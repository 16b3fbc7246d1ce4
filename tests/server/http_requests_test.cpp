// Requests the HTTP layer cannot read are answered once, with the status that says why, and
// the connection is closed (docs/protocol.md, "HTTP").
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "harness.hpp"

namespace sabbat::server::testing {
namespace {

std::string big_header(std::string target, std::size_t bytes) {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: " + std::string(bytes, 'a') +
         "\r\n\r\n";
}

void expect_one_answer_then_close(const RawAnswer& a, int status) {
  EXPECT_TRUE(a.closed) << "the server kept the connection open, or kept sending";
  EXPECT_EQ(a.statuses(), std::vector<int>{status}) << a.bytes.substr(0, 300);
  EXPECT_NE(a.bytes.find("Connection: close"), std::string::npos);
  EXPECT_LT(a.bytes.size(), 1000u);
}

// Headers over 8 KiB: 431 Request Header Fields Too Large, once, then the connection closes
// (it used to answer 400 again and again until the client left).
TEST(ServerHttp, HeadersOverTheLimitAreAnswered431OnceAndClosed) {
  TempDir dir;
  TestServer server(dir.path());
  // A request line that never ends.
  expect_one_answer_then_close(raw_exchange(server.port(), "GET /" + std::string(8200, 'a')), 431);
  expect_one_answer_then_close(raw_exchange(server.port(), big_header("/api/games", 9000)), 431);
  const std::string upgrade =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nX-Filler: " +
      std::string(9000, 'b') + "\r\n\r\n";
  expect_one_answer_then_close(raw_exchange(server.port(), upgrade), 431);
  // The same headers just under the limit are read and answered.
  auto fits = raw_exchange(server.port(), big_header("/api/games", 7000), true);
  EXPECT_EQ(fits.statuses(), std::vector<int>{200});
}

// Other requests that cannot be parsed: 400 (or 413 for a body over the limit), once, and
// closed, also when they arrive after a good request on the same connection.
TEST(ServerHttp, UnreadableRequestsAreAnsweredOnceAndClosed) {
  TempDir dir;
  TestServer server(dir.path());
  expect_one_answer_then_close(
      raw_exchange(server.port(), "GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n"), 400);
  expect_one_answer_then_close(raw_exchange(server.port(), "GET / HTTP/7.3\r\nHost: x\r\n\r\n"),
                               400);
  expect_one_answer_then_close(
      raw_exchange(server.port(),
                   "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                   "zz\r\n"),
      400);
  expect_one_answer_then_close(
      raw_exchange(server.port(),
                   "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: "
                   "100000\r\n\r\n" +
                       std::string(100000, 'c')),
      413);
  // A WebSocket upgrade that Beast refuses (no key): 400 too, and closed.
  expect_one_answer_then_close(
      raw_exchange(server.port(),
                   "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n"),
      400);
  auto after_good = raw_exchange(server.port(),
                                 "GET /api/games HTTP/1.1\r\nHost: x\r\n\r\nGET \x01 junk\r\n\r\n");
  EXPECT_TRUE(after_good.closed);
  EXPECT_EQ(after_good.statuses(), (std::vector<int>{200, 400}));
  // A request read but refused as bad (a table code that cannot be one) closes too: what was
  // pipelined after it is not read.
  auto bad_then_good = raw_exchange(server.port(),
                                    "GET /ws?table=%00 HTTP/1.1\r\nHost: x\r\n"
                                    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                                    "Sec-WebSocket-Version: 13\r\n"
                                    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
                                    "GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_TRUE(bad_then_good.closed);
  EXPECT_EQ(bad_then_good.statuses(), std::vector<int>{400});
}

// HEAD, which uptime monitors send, gets GET's status and headers, Content-Length included,
// and no body (RFC 9110, 9.3.2); other methods get 405 with the methods that are served.
TEST(ServerHttp, HeadIsAnsweredAsGetWithoutItsBody) {
  TempDir dir;
  TestServer server(dir.path());
  for (const std::string path : {"/", "/api/games", "/healthz", "/t/ABCDEF"}) {
    const HttpAnswer get = http_get(server.port(), path);
    ASSERT_EQ(get.status, 200) << path;
    const RawAnswer head =
        raw_exchange(server.port(),
                     "HEAD " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    EXPECT_TRUE(head.bytes.starts_with("HTTP/1.1 200")) << path << ": " << head.bytes;
    EXPECT_NE(head.bytes.find("Content-Length: " + std::to_string(get.body.size()) + "\r\n"),
              std::string::npos)
        << path << ": " << head.bytes;
    EXPECT_TRUE(head.bytes.ends_with("\r\n\r\n")) << path << ": a body came: " << head.bytes;
  }
  const RawAnswer post = raw_exchange(
      server.port(),
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  EXPECT_TRUE(post.bytes.starts_with("HTTP/1.1 405")) << post.bytes;
  EXPECT_NE(post.bytes.find("Allow: GET, HEAD\r\n"), std::string::npos) << post.bytes;
}

// `--host ::` serves both families, as the hosting guide's AAAA record needs: the listener
// clears IPV6_V6ONLY rather than trust the system's default.
TEST(ServerHttp, TheAnyAddressOfIpv6ServesIpv4Too) {
  {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::acceptor probe(ioc);
    boost::system::error_code ec;
    probe.open(boost::asio::ip::tcp::v6(), ec);
    if (!ec) probe.bind({boost::asio::ip::make_address("::1"), 0}, ec);
    if (ec) GTEST_SKIP() << "this machine has no IPv6 loopback: " << ec.message();
  }
  TempDir dir;
  ServerOptions o = TestServer::options_for(dir.path());
  o.host = "::";
  TestServer server(o);
  const std::string request = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  for (const std::string address : {"127.0.0.1", "::1"}) {
    const RawAnswer a = raw_exchange(server.port(), request, false, 1 << 20, address);
    EXPECT_TRUE(a.bytes.starts_with("HTTP/1.1 200")) << address << ": " << a.bytes;
  }
}

}  // namespace
}  // namespace sabbat::server::testing
