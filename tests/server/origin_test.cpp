// Which pages may open the WebSocket (docs/protocol.md, "The WebSocket"): the origins the
// server knows it serves, never whatever the Host header says.
#include <gtest/gtest.h>

#include "harness.hpp"
#include "server/net/origin.hpp"

namespace sabbat::server::testing {
namespace {

std::string upgrade(std::string_view host, std::optional<std::string> origin) {
  std::string r = "GET /ws HTTP/1.1\r\nHost: " + std::string(host) +
                  "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
  if (origin) r += "Origin: " + *origin + "\r\n";
  return r + "\r\n";
}

int upgrade_status(uint16_t port, std::optional<std::string> origin,
                   std::string host = "127.0.0.1") {
  auto answer = raw_exchange(port, upgrade(host, std::move(origin)), true);
  auto statuses = answer.statuses();
  return statuses.empty() ? 0 : statuses.front();
}

TEST(ServerOrigins, AreReadInOneSpelling) {
  EXPECT_EQ(canonical_origin("HTTP://LocalHost:8080"), "http://localhost:8080");
  EXPECT_EQ(canonical_origin("http://example.org:80"), "http://example.org");
  EXPECT_EQ(canonical_origin("https://example.org:443"), "https://example.org");
  EXPECT_EQ(canonical_origin("http://[::1]:9000"), "http://[::1]:9000");
  for (std::string bad :
       {"", "null", "example.org", "ftp://example.org", "http://", "http://a.example/path",
        "http://user@a.example", "http://a:0", "http://a:99999", "http://a:", "http://[zz]:1"})
    EXPECT_FALSE(canonical_origin(bad)) << bad;
  EXPECT_EQ(origin_of_url("https://games.example/sabbat/").value(), "https://games.example");
  EXPECT_FALSE(origin_of_url("games.example"));
}

// DNS rebinding: a name of the attacker's resolving to the server sends Host and Origin that
// agree; the upgrade is refused all the same. So are an empty or "null" Origin and the https
// form of the server's own address. The server's own addresses are accepted, and so is an
// upgrade with no Origin at all (a program: bots, tests, load tests).
TEST(ServerOrigins, OnlyTheServersOwnOriginsMayOpenTheWebSocket) {
  TempDir dir;
  TestServer server(dir.path());
  const uint16_t port = server.port();
  const std::string p = std::to_string(port);
  EXPECT_EQ(upgrade_status(port, "http://evil.example", "evil.example"), 403);
  EXPECT_EQ(upgrade_status(port, "http://evil.example:" + p, "evil.example:" + p), 403);
  EXPECT_EQ(upgrade_status(port, ""), 403);
  EXPECT_EQ(upgrade_status(port, "null"), 403);
  EXPECT_EQ(upgrade_status(port, "https://127.0.0.1:" + p, "127.0.0.1:" + p), 403);
  EXPECT_EQ(upgrade_status(port, "http://127.0.0.1:" + std::to_string(port + 1)), 403);
  EXPECT_EQ(upgrade_status(port, "http://127.0.0.1:" + p), 101);
  EXPECT_EQ(upgrade_status(port, "http://localhost:" + p), 101);
  EXPECT_EQ(upgrade_status(port, "HTTP://LOCALHOST:" + p), 101);
  EXPECT_EQ(upgrade_status(port, std::nullopt), 101);
  EXPECT_TRUE(server.logged("origin http://evil.example"));
}

// --public-url and --allow-origin add origins; anything else stays refused. A value that is no
// origin stops the server before it starts, saying what is expected.
TEST(ServerOrigins, ThePublicUrlAndTheAllowedOriginsMayOpenIt) {
  TempDir dir;
  ServerOptions o;
  o.port = 0;
  o.data_dir = dir.path().string();
  o.log = [](std::string_view) {};
  o.public_url = "https://games.example/sabbat/";
  o.allow_origins = {"http://club.example:8000", "https://other.example"};
  auto started = Server::start(o);
  ASSERT_TRUE(started) << started.error();
  const uint16_t port = (*started)->port();
  EXPECT_EQ(upgrade_status(port, "https://games.example", "games.example"), 101);
  EXPECT_EQ(upgrade_status(port, "http://club.example:8000"), 101);
  EXPECT_EQ(upgrade_status(port, "https://other.example:443"), 101);
  EXPECT_EQ(upgrade_status(port, "http://games.example"), 403);
  EXPECT_EQ(upgrade_status(port, "https://club.example:8000"), 403);
  (*started)->stop();
  (*started)->wait();

  o.allow_origins = {"club.example"};
  auto refused = Server::start(o);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("--allow-origin: 'club.example' is not an origin"),
            std::string::npos);
  o.allow_origins = {};
  o.public_url = "games.example";
  refused = Server::start(o);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("--public-url"), std::string::npos);
}

}  // namespace
}  // namespace sabbat::server::testing
