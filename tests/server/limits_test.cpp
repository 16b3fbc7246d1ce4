// Each limit answers with a clear error and a log line.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "play.hpp"

namespace sabbat::server::testing {
namespace {

Limits small_limits() {
  Limits l;
  l.max_message_bytes = 1024;
  l.messages_per_second = 5;
  l.max_tables = 2;
  l.max_connections_per_table = 2;
  l.idle_timeout = std::chrono::milliseconds(300);
  return l;
}

// Maximum message size: a larger message closes the connection with 1009 (too big).
TEST(ServerLimits, MessageLargerThanTheLimitClosesWithTooBig) {
  TempDir dir;
  TestServer server(dir.path(), small_limits());
  Client c(server.port());
  c.send({{"type", "ping"}, {"id", std::string(2000, 'x')}});
  c.until_closed();
  EXPECT_EQ(c.close_code(), 1009);
  EXPECT_TRUE(server.logged("larger than 1024 bytes"));
}

// The server reads a message in short pieces: one just under the limit still arrives whole,
// and the next message after it too.
TEST(ServerLimits, MessageJustUnderTheLimitIsReadWhole) {
  TempDir dir;
  TestServer server(dir.path(), small_limits());
  Client c(server.port());
  const std::string id(1000, 'y');  // the message is 1,024 bytes minus a few
  c.send({{"type", "ping"}, {"id", id}});
  c.send({{"type", "ping"}, {"id", 2}});
  json first = c.next();
  EXPECT_EQ(first.value("type", ""), "pong");
  EXPECT_EQ(first.value("id", json()).get<std::string>(), id);
  EXPECT_EQ(c.next().value("id", json()), 2);
}

// Messages per second: the excess is refused with rate-limited, and logged once.
TEST(ServerLimits, MessagesBeyondTheRateAreRefused) {
  TempDir dir;
  TestServer server(dir.path(), small_limits());
  Client c(server.port());
  for (int i = 0; i < 20; ++i) c.send({{"type", "ping"}, {"id", i}});
  int pongs = 0, limited = 0;
  for (int i = 0; i < 20; ++i) {
    json m = c.next();
    pongs += m.value("type", "") == "pong";
    limited += m.value("code", "") == "rate-limited";
  }
  EXPECT_GE(pongs, 1);
  EXPECT_GE(limited, 1);
  EXPECT_TRUE(server.logged("messages per second"));
}

// Tables per server.
TEST(ServerLimits, TablesBeyondTheLimitAreRefused) {
  TempDir dir;
  TestServer server(dir.path(), small_limits());
  Client c(server.port());
  for (int i = 0; i < 2; ++i) {
    c.send({{"type", "create"}, {"game", "sortileges"}, {"players", 2}});
    EXPECT_EQ(c.next().value("type", ""), "created");
  }
  c.send({{"type", "create"}, {"game", "sortileges"}, {"players", 2}});
  EXPECT_EQ(c.next().value("code", ""), "server-full");
  EXPECT_TRUE(server.logged("maximum of 2 tables"));
}

// Connections per table.
TEST(ServerLimits, ConnectionsBeyondTheTableLimitAreRefused) {
  TempDir dir;
  TestServer server(dir.path(), small_limits());
  Client creator(server.port());
  Created t = create_table(creator, TablePlan{"sortileges", 3, {}, {"", "", ""}, false});
  Person a = join(server.port(), t.table, 0, "a");
  Person b = join(server.port(), t.table, 1, "b");
  Client third(server.port());
  third.send({{"type", "watch"}, {"table", t.table}});
  EXPECT_EQ(third.next().value("code", ""), "table-full");
  EXPECT_TRUE(server.logged("connection limit"));
}

// Idle timeout: a client that sends nothing is told and closed.
TEST(ServerLimits, IdleConnectionIsClosed) {
  TempDir dir;
  TestServer server(dir.path(), small_limits());
  Client c(server.port());
  auto got = c.until_closed();
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got.back().value("code", ""), "idle");
  EXPECT_EQ(c.close_code(), 1008);
  EXPECT_TRUE(server.logged("idle timeout"));
}

// Idle timeout: only silence counts. A client that sends a message well within every timeout
// stays connected through many timeouts, each message answered.
TEST(ServerLimits, ClientThatKeepsSendingIsNotClosed) {
  TempDir dir;
  Limits l;
  l.idle_timeout = std::chrono::milliseconds(1000);
  TestServer server(dir.path(), l);
  Client c(server.port());
  for (int i = 0; i < 30; ++i) {
    c.send({{"type", "ping"}, {"id", i}});
    json pong = c.next();
    ASSERT_EQ(pong.value("type", ""), "pong") << pong.dump();
    EXPECT_EQ(pong.value("id", -1), i);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_FALSE(c.closed());
}

// Origin on upgrade: another site's page may not open the WebSocket; the server's own may
// (the other cases: origin_test.cpp).
TEST(ServerLimits, ForeignOriginIsRefusedOnUpgrade) {
  TempDir dir;
  TestServer server(dir.path(), small_limits());
  EXPECT_ANY_THROW(Client(server.port(), "http://evil.example"));
  EXPECT_TRUE(server.logged("origin http://evil.example"));
  Client own(server.port(), "http://127.0.0.1:" + std::to_string(server.port()));
  own.send({{"type", "ping"}});
  EXPECT_EQ(own.next().value("type", ""), "pong");
}

}  // namespace
}  // namespace sabbat::server::testing
