// --trust-proxy: the client's address comes from X-Forwarded-For only when the connection is
// from a proxy the operator named; anyone else could write any address in that header.
#include <gtest/gtest.h>

#include "harness.hpp"

namespace sabbat::server::testing {
namespace {

// An upgrade the server refuses (its origin is not the server's), which it logs with the
// client's address.
std::string refused_upgrade(const std::string& forwarded_for) {
  return "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
         "Origin: https://elsewhere.example\r\nX-Forwarded-For: " +
         forwarded_for + "\r\n\r\n";
}

TEST(TrustProxy, ForwardedForFromAnUntrustedAddressIsIgnored) {
  TempDir dir;
  TestServer server(dir.path());
  const RawAnswer a = raw_exchange(server.port(), refused_upgrade("203.0.113.9"), true);
  EXPECT_EQ(a.statuses(), std::vector<int>{403});
  ASSERT_TRUE(server.logged("upgrade refused"));
  EXPECT_TRUE(server.logged("(from 127.0.0.1:"));
  for (const std::string& line : server.log())
    EXPECT_EQ(line.find("203.0.113.9"), std::string::npos);
}

// The proxy appends the address it saw to what the client sent: the last one is believed,
// never one the client wrote before it.
TEST(TrustProxy, LastForwardedForFromATrustedProxyNamesTheClient) {
  TempDir dir;
  ServerOptions o = TestServer::options_for(dir.path());
  o.trust_proxies = {"127.0.0.1"};
  TestServer server(o);
  raw_exchange(server.port(), refused_upgrade("198.51.100.7, 203.0.113.9"), true);
  EXPECT_TRUE(server.logged("(from 203.0.113.9 (through 127.0.0.1:"));
  for (const std::string& line : server.log())
    EXPECT_EQ(line.find("198.51.100.7"), std::string::npos);
  // A header that is no address is not taken for one.
  // (The line is logged before the answer goes, so it is there once the answer came.)
  raw_exchange(server.port(), refused_upgrade("<script>"), true);
  const auto log = server.log();
  ASSERT_FALSE(log.empty());
  EXPECT_EQ(log.back().find("<script>"), std::string::npos) << log.back();
  EXPECT_NE(log.back().find("(from 127.0.0.1:"), std::string::npos) << log.back();
}

TEST(TrustProxy, StartRefusesAProxyThatIsNoAddress) {
  TempDir dir;
  ServerOptions o = TestServer::options_for(dir.path());
  o.trust_proxies = {"proxy.example"};
  o.log = [](std::string_view) {};
  auto s = Server::start(o);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("--trust-proxy: 'proxy.example' is not an IP address"),
            std::string::npos)
      << s.error();
}

}  // namespace
}  // namespace sabbat::server::testing
