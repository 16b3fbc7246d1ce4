// The socket under the server's WebSocket hands Beast one frame at a time (server/framed_socket):
// frame ends found from the lengths of RFC 6455 §5.2, and messages that arrive together, apart
// or cut anywhere are each answered once, in order.
#include <gtest/gtest.h>

#include <poll.h>
#include <sys/ioctl.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/read.hpp>
#include <chrono>
#include <random>
#include <string>
#include <thread>

#include "client_frame.hpp"
#include "play.hpp"
#include "server/net/framed_socket.hpp"
#include "tcp_segments.hpp"

namespace sabbat::server::testing {
namespace {

// A client frame (masked, as RFC 6455 §5.3 requires of clients): FIN set, `opcode`.
std::string client_frame(const std::string& payload, unsigned opcode = 0x1) {
  static constexpr unsigned char kKey[4] = {0x37, 0xfa, 0x21, 0x3d};
  return masked_frame(static_cast<unsigned char>(0x80 | opcode), payload, kKey);
}

std::string ping(int id) {
  return client_frame(R"({"type":"ping","id":)" + std::to_string(id) + "}");
}

// Feeds `bytes` to a FrameEdge in pieces of `piece` bytes and lists where frames ended.
std::vector<std::size_t> frame_ends(const std::string& bytes, std::size_t piece) {
  FrameEdge edge;
  std::vector<std::size_t> ends;
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::size_t n = std::min(piece, bytes.size() - at);
    bool ended = false;
    const std::size_t used =
        edge.through_frame_end(reinterpret_cast<const unsigned char*>(bytes.data() + at), n, ended);
    EXPECT_GT(used, 0u);
    at += used;
    if (ended) ends.push_back(at);
  }
  return ends;
}

TEST(FrameEdge, FindsTheEndOfEveryLengthFormWhateverThePieces) {
  const std::string small = client_frame("abc");                    // 7-bit length
  const std::string medium = client_frame(std::string(300, 'm'));   // 126 + 16 bits
  const std::string large = client_frame(std::string(70000, 'l'));  // 127 + 64 bits
  const std::string empty = client_frame("", 0x9);                  // a ping, no payload
  const std::string all = small + empty + medium + large;
  const std::vector<std::size_t> want = {small.size(), small.size() + empty.size(),
                                         small.size() + empty.size() + medium.size(), all.size()};
  for (std::size_t piece : {std::size_t(1), std::size_t(3), std::size_t(256), all.size()})
    EXPECT_EQ(frame_ends(all, piece), want) << "pieces of " << piece;
}

TEST(FrameEdge, ReadsUnmaskedLengthsToo) {
  // A client must mask, and Beast refuses a frame that does not; the edge still counts right.
  const std::string unmasked =
      std::string("\x81\x03", 2) + "abc" + std::string("\x81\x01", 2) + "z";
  EXPECT_EQ(frame_ends(unmasked, unmasked.size()), (std::vector<std::size_t>{5, 8}));
}

// Any run of frames, any lengths, fed in random pieces: the ends found are the frames' ends.
TEST(FrameEdge, RandomFramesInRandomPiecesEndWhereTheyEnd) {
  std::mt19937 rng(9);
  for (int run = 0; run < 300; ++run) {
    std::string bytes;
    std::vector<std::size_t> want;
    const int frames = 1 + int(rng() % 12);
    for (int f = 0; f < frames; ++f) {
      const uint32_t form = rng() % 8;
      const std::size_t n = form < 5   ? rng() % 126
                            : form < 7 ? 126 + rng() % 2000
                                       : 65536 + rng() % 9000;
      bytes += client_frame(std::string(n, char('a' + f)), rng() % 2 ? 0x1 : 0x9);
      want.push_back(bytes.size());
    }
    FrameEdge edge;
    std::vector<std::size_t> ends;
    std::size_t at = 0;
    while (at < bytes.size()) {
      const std::size_t piece = std::min<std::size_t>(1 + rng() % 300, bytes.size() - at);
      bool ended = false;
      at += edge.through_frame_end(reinterpret_cast<const unsigned char*>(bytes.data() + at), piece,
                                   ended);
      if (ended) ends.push_back(at);
    }
    ASSERT_EQ(ends, want) << "run " << run;
  }
}

// Two messages in one TCP write, with a ping frame between them: both answered, in order.
TEST(ServerFraming, MessagesArrivingTogetherAreEachAnswered) {
  TempDir dir;
  TestServer server(dir.path());
  Client c(server.port());
  c.send_raw(ping(1) + client_frame("still here", 0x9) + ping(2));
  EXPECT_EQ(c.next_of("pong").value("id", 0), 1);
  EXPECT_EQ(c.next_of("pong").value("id", 0), 2);
  c.send({{"type", "ping"}, {"id", 3}});
  EXPECT_EQ(c.next_of("pong").value("id", 0), 3);
}

// A message cut in the middle of its header, then of its payload, with the next message's
// start sent along with the first one's end: each is answered once it is whole.
TEST(ServerFraming, MessagesCutAnywhereAreAnsweredWhenWhole) {
  TempDir dir;
  TestServer server(dir.path());
  Client c(server.port());
  const std::string first = ping(10), second = ping(11);
  c.send_raw(first.substr(0, 1));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  c.send_raw(first.substr(1, 9));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  c.send_raw(first.substr(10) + second.substr(0, 4));
  EXPECT_EQ(c.next_of("pong").value("id", 0), 10);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  c.send_raw(second.substr(4));
  EXPECT_EQ(c.next_of("pong").value("id", 0), 11);
}

// The answer to a seat's action and the state it led to leave together: a write marked as
// followed by another (more_follows) waits in the kernel until that one is written, and the
// two then arrive at once.
TEST(FramedSocket, AWriteFollowedByAnotherWaitsForIt) {
#ifndef MSG_MORE
  GTEST_SKIP() << "this system's sockets have no MSG_MORE: each write leaves at once";
#endif
  namespace net = boost::asio;
  using net::ip::tcp;
  net::io_context ioc;
  tcp::acceptor acceptor(ioc, tcp::endpoint(net::ip::address_v4::loopback(), 0));
  tcp::socket client(ioc);
  client.connect(acceptor.local_endpoint());
  FramedSocket server(acceptor.accept(net::make_strand(ioc)));
  server.socket().set_option(tcp::no_delay(true));  // as the listener sets it
  auto write = [&](const std::string& bytes, bool more) {
    server.more_follows(more);
    std::size_t written = 0;
    server.async_write_some(net::buffer(bytes), [&](boost::beast::error_code ec, std::size_t n) {
      ASSERT_FALSE(ec) << ec.message();
      written = n;
    });
    ioc.restart();
    ioc.run();
    ASSERT_EQ(written, bytes.size());
  };
  // On loopback a segment is in the receiver's queue when the send returns, so these look at
  // once: a held write would show only after the kernel's 200 ms limit.
  auto arrived = [&] {
    int n = 0;
    return ::ioctl(client.native_handle(), FIONREAD, &n) == 0 ? n : -1;
  };
  auto readable_within = [&](int ms) {
    pollfd p{client.native_handle(), POLLIN, 0};
    return ::poll(&p, 1, ms) == 1;
  };

  write("accepted;", true);
  EXPECT_EQ(arrived(), 0) << "the first write left before the one it waits for";
  write("state;", false);
  ASSERT_TRUE(readable_within(100)) << "the second write did not send the two at once";
  std::string got(15, '\0');
  net::read(client, net::buffer(got));
  EXPECT_EQ(got, "accepted;state;");

  write("alone;", false);  // not followed: leaves at once
  EXPECT_TRUE(readable_within(100)) << "a write followed by none was held";
}

// The same through the server: a seat that acts reads its `accepted` and its new `state` from
// one TCP segment (they were two, each with its own trip through the network stack).
TEST(ServerFraming, TheSeatThatActedGetsItsAnswerAndItsStateInOneSegment) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, TablePlan{"sortileges", 2, {}, {"", ""}, false});
  Person a = join(server.port(), t.table, 0, "Morgane");
  Person b = join(server.port(), t.table, 1, "Viviane");
  // Seat 0 opens (first_seat 0): its state with legal actions comes once both sit.
  Person& mover = a;
  json state;
  do state = mover.client->next_of("state");
  while (!state.is_null() && state["legal"].empty());
  ASSERT_FALSE(state.is_null());
  // A ping's answer comes after everything the server had queued for this seat.
  mover.client->send({{"type", "ping"}, {"id", 1}});
  ASSERT_EQ(mover.client->next_of("pong").value("id", 0), 1);
  auto before = data_segments_received(mover.client->native_socket());
  if (!before) GTEST_SKIP() << "this kernel does not count the segments a socket receives";
  const size_t messages_before = mover.client->received.size();

  mover.client->send({{"type", "act"}, {"seq", 1}, {"action", state["legal"][0]}});
  EXPECT_EQ(mover.client->next().value("type", ""), "accepted");
  EXPECT_EQ(mover.client->next().value("type", ""), "state");
  // Nothing else came meanwhile: the two messages are the segments counted.
  ASSERT_EQ(mover.client->received.size(), messages_before + 2);
  EXPECT_EQ(*data_segments_received(mover.client->native_socket()) - *before, 1u);
}

}  // namespace
}  // namespace sabbat::server::testing
