// WebSocket permessage-deflate (RFC 7692) between the real server and a Beast client, whose
// deflate and inflate are Beast's own port of zlib (the server's are its own writer and zlib):
// taken when offered, with the server's limits; every message comes through whole in both
// directions, long ones included; and what a seat receives takes fewer bytes on the wire.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "server/harness.hpp"
#include "server/tcp_segments.hpp"

namespace sabbat::server::testing {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

// A client that offers deflate or not, and echoes texts through the server's ping and pong.
class EchoClient {
 public:
  EchoClient(uint16_t port, bool offer_deflate) : ws_(ioc_) {
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(20));
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    if (offer_deflate) {
      websocket::permessage_deflate pmd;
      pmd.client_enable = true;
      ws_.set_option(pmd);
    }
    ws_.handshake(response_, "127.0.0.1:" + std::to_string(port), "/ws");
    // Messages are read with room for the longest at once: Boost 1.81's inflate can corrupt a
    // message whose output fills a smaller read buffer as it ends, on this client's side.
    in_.reserve(kRoom);
    EXPECT_EQ(next()["type"], "welcome");
  }

  std::string extensions() const {
    return std::string(response_[beast::http::field::sec_websocket_extensions]);
  }
  uint64_t received() { return bytes_received(native()).value_or(0); }
  int native() { return beast::get_lowest_layer(ws_).socket().native_handle(); }

  json next() {
    in_.consume(in_.size());
    do ws_.read_some(in_, kRoom);
    while (!ws_.is_message_done());
    return json::parse(beast::buffers_to_string(in_.data()));
  }

  // The id that comes back in the pong for a ping carrying `id`.
  std::string echo(const std::string& id) {
    ws_.text(true);
    ws_.write(net::buffer(json{{"type", "ping"}, {"id", id}}.dump()));
    json m = next();
    EXPECT_EQ(m["type"], "pong") << m.dump().substr(0, 200);
    return m.value("id", "");
  }

 private:
  net::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  websocket::response_type response_;
  beast::flat_buffer in_;
  static constexpr size_t kRoom = 1 << 20;
};

Limits fast() {
  Limits l;
  l.messages_per_second = 100000;
  return l;
}

// A text of `n` characters that deflate shortens but does not reduce to nothing: words of a
// state drawn from a small vocabulary by a fixed generator.
std::string statelike(size_t n, uint32_t seed) {
  static const char* words[] = {"\"seat\":",
                                "\"hand\":[",
                                "\"7H\",",
                                "\"QS\",",
                                "\"phase\":",
                                "\"writing\",",
                                "\"legal\":[",
                                "\"formula zaam boulga\",",
                                "\"deadline\":",
                                "1234,",
                                "]",
                                "}",
                                "{"};
  std::string s;
  uint32_t x = seed * 2654435761u + 1;
  while (s.size() < n) {
    x = x * 1664525u + 1013904223u;
    s += words[(x >> 16) % std::size(words)];
  }
  s.resize(n);
  return s;
}

// RFC 7692 §7.1: the server takes the offer, and answers with its own window (13 bits) and,
// since the client let it choose, the client's (9 bits).
TEST(Deflate, AnOfferIsTakenWithTheServersWindows) {
  TempDir data;
  TestServer server(data.path(), fast());
  EchoClient client(server.port(), true);
  const std::string ext = client.extensions();
  EXPECT_TRUE(ext.starts_with("permessage-deflate")) << ext;
  EXPECT_NE(ext.find("server_max_window_bits=13"), std::string::npos) << ext;
  EXPECT_NE(ext.find("client_max_window_bits=9"), std::string::npos) << ext;
  EXPECT_EQ(client.echo("short"), "short");
}

// A client that offers nothing gets no extension and plain frames.
TEST(Deflate, NoOfferNoExtension) {
  TempDir data;
  TestServer server(data.path(), fast());
  EchoClient client(server.port(), false);
  EXPECT_EQ(client.extensions(), "");
  EXPECT_EQ(client.echo(statelike(3000, 1)), statelike(3000, 1));
}

// Requirement: `sabbat serve --deflate off` declines the extension: a client that offers it
// gets no Sec-WebSocket-Extensions and plain frames, as many bytes on the wire as the text.
TEST(Deflate, OffDeclinesTheOffer) {
  TempDir data;
  ServerOptions o;
  o.host = "127.0.0.1";
  o.port = 0;
  o.data_dir = data.path().string();
  o.limits = fast();
  o.deflate = false;
  o.log = [](std::string_view) {};
  auto server = Server::start(o);
  ASSERT_TRUE(server) << server.error();
  {
    EchoClient client((*server)->port(), true);
    EXPECT_EQ(client.extensions(), "");
    const uint64_t before = client.received();
    const std::string text = statelike(3000, 7);
    EXPECT_EQ(client.echo(text), text);
    if (before > 0) {
      EXPECT_GT(client.received() - before, 3000u);
    }
  }
  (*server)->stop();
}

// Requirement: every message comes through whole both ways under deflate, at every length from
// a byte to many read chunks: the server inflates a client's message whole, then hands Beast
// its plain frame to read 256 bytes at a time.
TEST(Deflate, MessagesOfEveryLengthComeThroughWhole) {
  TempDir data;
  TestServer server(data.path(), fast());
  EchoClient client(server.port(), true);
  for (size_t n = 1; n < 6000; n += 1 + n / 1000) {
    const std::string text = statelike(n, uint32_t(n));
    ASSERT_EQ(client.echo(text), text) << n << " characters";
  }
  for (const std::string& line : server.log())
    EXPECT_EQ(line.find("websocket"), std::string::npos) << line;
}

// Requirement: deflate makes what a client receives smaller on the wire: the same pongs take
// less than a third of the bytes.
TEST(Deflate, TheSameMessagesTakeFewerBytes) {
  TempDir data;
  TestServer server(data.path(), fast());
  EchoClient plain(server.port(), false);
  EchoClient deflated(server.port(), true);
  const uint64_t plain_before = plain.received(), deflated_before = deflated.received();
  if (plain_before == 0) GTEST_SKIP() << "this kernel does not count the bytes a socket received";
  for (uint32_t i = 0; i < 40; ++i) {
    const std::string text = statelike(2000, i);
    ASSERT_EQ(plain.echo(text), text);
    ASSERT_EQ(deflated.echo(text), text);
  }
  const uint64_t plain_bytes = plain.received() - plain_before;
  const uint64_t deflated_bytes = deflated.received() - deflated_before;
  EXPECT_GT(plain_bytes, 40u * 2000u);
  EXPECT_LT(deflated_bytes * 3, plain_bytes) << deflated_bytes << " vs " << plain_bytes;
}

}  // namespace
}  // namespace sabbat::server::testing
