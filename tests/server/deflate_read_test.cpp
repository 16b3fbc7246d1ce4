// The server's permessage-deflate read side (server/net/message_deflate.hpp) against a client
// of the tests' own on a bare socket with zlib (deflate_client.hpp): compressed client
// messages whole, in fragments and with control frames between them; a message that inflates
// past the limit closes with 1009 and data that does not inflate with 1002, as Beast closes a
// plain connection, while other connections go on; offers the server declines leave the
// connection uncompressed; `--deflate off` never answers the extension.
#include <gtest/gtest.h>

#include <functional>

#include "deflate_client.hpp"
#include "harness.hpp"

namespace sabbat::server::testing {
namespace {

constexpr const char* kChromium = "permessage-deflate; client_max_window_bits";

Limits fast() {
  Limits l;
  l.messages_per_second = 100000;
  return l;
}

std::string ping(const std::string& id) {
  return json{{"type", "ping"}, {"id", id}}.dump();
}

// The id of the answer to a ping carrying `id`, sent as told.
std::string echo(DeflateClient& c, const std::string& id, int pieces = 1, bool pings = false) {
  c.send(ping(id), true, pieces, pings);
  const json m = c.next();
  EXPECT_EQ(m.value("type", ""), "pong") << m.dump();
  return m.value("id", "");
}

// RFC 7692 §7.2.1: a compressed message is read; one after another, each may refer to the
// last (the client keeps its context, as chromium does).
TEST(DeflateRead, CompressedMessagesAreReadWithTheContextKept) {
  TempDir data;
  TestServer server(data.path(), fast());
  DeflateClient c(server.port(), kChromium);
  ASSERT_TRUE(c.compressed()) << c.extensions();
  for (int i = 0; i < 20; ++i) {
    const std::string id = "the same words again and again " + std::to_string(i % 3);
    EXPECT_EQ(echo(c, id), id);
  }
  EXPECT_EQ(c.plain_messages, 0);
}

// §6.1: a compressed message in fragments, RSV1 on the first only.
TEST(DeflateRead, AFragmentedCompressedMessageIsRead) {
  TempDir data;
  TestServer server(data.path(), fast());
  DeflateClient c(server.port(), kChromium);
  EXPECT_EQ(echo(c, "in three pieces", 3), "in three pieces");
  EXPECT_EQ(echo(c, "in seven pieces", 7), "in seven pieces");
}

// RFC 6455 §5.4: control frames may come between a message's fragments; the ping is answered
// and the message still read whole.
TEST(DeflateRead, APingBetweenFragmentsIsAnsweredAndTheMessageRead) {
  TempDir data;
  TestServer server(data.path(), fast());
  DeflateClient c(server.port(), kChromium);
  EXPECT_EQ(echo(c, "pinged between", 3, true), "pinged between");
  EXPECT_EQ(c.pongs, 2);
}

// Uncompressed messages still pass on a connection that took the extension (§6: RSV1 unset).
TEST(DeflateRead, AnUncompressedMessageOnACompressedConnectionIsRead) {
  TempDir data;
  TestServer server(data.path(), fast());
  DeflateClient c(server.port(), kChromium);
  c.send(ping("plain"), false, 2);
  EXPECT_EQ(c.next().value("id", ""), "plain");
  EXPECT_EQ(echo(c, "then compressed"), "then compressed");
}

// A message that inflates past the server's limit (16 KiB) is refused as a plain one over the
// limit is: close 1009 and the log's line, without inflating all of it.
TEST(DeflateRead, AnInflateBombClosesWith1009) {
  TempDir data;
  TestServer server(data.path(), fast());
  DeflateClient other(server.port(), kChromium);
  DeflateClient c(server.port(), kChromium);
  const std::string bomb = "{\"type\":\"ping\",\"id\":\"" + std::string(10 << 20, 'a') + "\"}";
  c.send(bomb);
  EXPECT_EQ(c.until_closed(), 1009);
  EXPECT_TRUE(server.logged("a message was larger than"));
  EXPECT_EQ(echo(other, "still here"), "still here");
}

// §7.2.2 leaves a message that does not inflate to fail the connection: 1002, cleanly; other
// connections go on.
TEST(DeflateRead, DataThatDoesNotInflateClosesWith1002) {
  TempDir data;
  TestServer server(data.path(), fast());
  DeflateClient other(server.port(), kChromium);
  DeflateClient c(server.port(), kChromium);
  c.send_raw(DeflateClient::frame(0xc1, std::string("\xff\xff\xff\xff\xff\xff", 6)));
  EXPECT_EQ(c.until_closed(), 1002);
  EXPECT_EQ(echo(other, "still here"), "still here");
}

// A distance back past anything the client sent is corrupt data too.
TEST(DeflateRead, AReferenceBeforeTheStartClosesWith1002) {
  TempDir data;
  TestServer server(data.path(), fast());
  DeflateClient c(server.port(), kChromium);
  // Compressed against a dictionary the server never saw: its matches point before the start.
  const std::string text = ping("known only to the client");
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
  deflateSetDictionary(&z, reinterpret_cast<const Bytef*>(text.data()), uInt(text.size()));
  std::string out(256, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = uInt(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  ASSERT_EQ(deflate(&z, Z_SYNC_FLUSH), Z_OK);
  out.resize(out.size() - z.avail_out - 4);
  deflateEnd(&z);
  ASSERT_LT(out.size(), text.size() / 2) << "the message does not refer to the dictionary";
  c.send_raw(DeflateClient::frame(0xc1, out));
  EXPECT_EQ(c.until_closed(), 1002);
}

// §6: RSV1 on a continuation frame or on a control frame is a protocol error.
TEST(DeflateRead, RsvOneWhereItMayNotBeClosesWith1002) {
  TempDir data;
  TestServer server(data.path(), fast());
  {
    DeflateClient c(server.port(), kChromium);
    const std::string z = c.deflate_message(ping("x"));
    c.send_raw(DeflateClient::frame(0x41, z.substr(0, 2)) +
               DeflateClient::frame(0xc0, z.substr(2)));
    EXPECT_EQ(c.until_closed(), 1002);
  }
  {
    DeflateClient c(server.port(), kChromium);
    c.send_raw(DeflateClient::frame(0xc9, "ping"));
    EXPECT_EQ(c.until_closed(), 1002);
  }
}

// RFC 6455 §5.1, §5.2: a compressed message's frames are gathered before Beast sees them, so
// their framing is checked there: an unmasked continuation, RSV2 on one, and a message whose
// data stops inside a block each close the connection with 1002.
TEST(DeflateRead, AGatheredFrameThatBreaksTheFramingClosesWith1002) {
  TempDir data;
  TestServer server(data.path(), fast());
  const auto closes = [&](const std::function<std::string(DeflateClient&)>& bytes) {
    DeflateClient c(server.port(), kChromium);
    c.send_raw(bytes(c));
    return c.until_closed();
  };
  EXPECT_EQ(closes([](DeflateClient& c) {
              const std::string z = c.deflate_message(ping("unmasked"));
              const std::string rest = z.substr(2);
              return DeflateClient::frame(0x41, z.substr(0, 2)) + '\x80' + char(rest.size()) + rest;
            }),
            1002);
  EXPECT_EQ(closes([](DeflateClient& c) {
              const std::string z = c.deflate_message(ping("rsv2"));
              return DeflateClient::frame(0x41, z.substr(0, 2)) +
                     DeflateClient::frame(0xa0, z.substr(2));
            }),
            1002);
  EXPECT_EQ(closes([](DeflateClient& c) {
              const std::string z = c.deflate_message(ping(std::string(300, 'c') + "ut short"));
              return DeflateClient::frame(0xc1, z.substr(0, z.size() / 2));
            }),
            1002);
}

// §6: RSV1 without the extension negotiated stays Beast's protocol error.
TEST(DeflateRead, RsvOneWithoutTheExtensionClosesWith1002) {
  TempDir data;
  TestServer server(data.path(), fast());
  DeflateClient c(server.port(), "");
  ASSERT_FALSE(c.compressed());
  c.send_raw(DeflateClient::frame(0xc1, "abc"));
  EXPECT_EQ(c.until_closed(), 1002);
}

// §7.1.1.2: with client_no_context_takeover the client starts each message afresh.
TEST(DeflateRead, ClientNoContextTakeoverIsRead) {
  TempDir data;
  TestServer server(data.path(), fast());
  DeflateClient c(server.port(),
                  "permessage-deflate; client_no_context_takeover; server_no_context_takeover");
  ASSERT_NE(c.extensions().find("client_no_context_takeover"), std::string::npos);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(echo(c, "afresh"), "afresh");
  EXPECT_EQ(c.plain_messages, 0);
}

// §5.1: an offer the server cannot accept is declined, and the connection works uncompressed.
TEST(DeflateRead, ADeclinedOfferLeavesTheConnectionUncompressed) {
  TempDir data;
  TestServer server(data.path(), fast());
  DeflateClient c(server.port(), "permessage-deflate; server_max_window_bits=99");
  EXPECT_EQ(c.extensions(), "");
  EXPECT_FALSE(c.compressed());
  EXPECT_EQ(echo(c, "plain"), "plain");
  EXPECT_EQ(c.plain_messages, c.messages);
}

// `sabbat serve --deflate off`: whatever the offer, no extension is answered.
TEST(DeflateRead, DeflateOffNeverAnswersTheExtension) {
  TempDir data;
  ServerOptions o = TestServer::options_for(data.path(), fast());
  o.deflate = false;
  TestServer server(o);
  for (const char* offer : {kChromium, "permessage-deflate",
                            "permessage-deflate; server_no_context_takeover, permessage-deflate"}) {
    DeflateClient c(server.port(), offer);
    EXPECT_EQ(c.extensions(), "") << offer;
    EXPECT_EQ(echo(c, "plain"), "plain");
    EXPECT_EQ(c.plain_messages, c.messages);
  }
}

}  // namespace
}  // namespace sabbat::server::testing
