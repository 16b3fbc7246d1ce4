// Out of descriptors ("the server never crashes", "without a dropped connection"):
// the server keeps the connections it has, says once why new ones wait, and accepts them
// again as soon as some close, instead of failing its accepts in a loop.
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <fstream>
#include <sstream>
#include <thread>

#include "harness.hpp"
#include "server_process.hpp"
#include "support/sanitizers.hpp"

namespace sabbat::server::testing {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int occurrences(const std::string& text, std::string_view part) {
  int n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// Waits (up to a safety timeout, not a measured time) for the log to hold `part`.
bool log_holds(const std::filesystem::path& log, std::string_view part) {
  for (int i = 0; i < 300; ++i) {
    if (read_text(log).find(part) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

void expect_pong(Client& c, int id) {
  c.send({{"type", "ping"}, {"id", id}});
  json m = c.next();
  EXPECT_EQ(m.value("type", ""), "pong");
  EXPECT_EQ(m.value("id", json()), id);
}

TEST(ServerLimits, OutOfDescriptorsNewConnectionsWaitAndAreAcceptedWhenSomeClose) {
  // UBSan's type check reads memory through a pipe it opens; with every descriptor of the
  // server in use it cannot, and reports a type error that is not there. The plain build runs
  // this test.
  if (sabbat::testing::kUnderAddressSanitizer)
    GTEST_SKIP() << "the sanitizers need descriptors of their own";
  TempDir dir;
  const std::filesystem::path log = dir.path() / "server.log";
  ServerProcess server(SABBAT_BINARY, dir.path() / "data", log, 48);
  ASSERT_NE(server.port(), 0) << server.error();
  EXPECT_TRUE(log_holds(log, "this process may open 48 files"));
  Client first(server.port());
  expect_pong(first, 1);

  // More TCP connections than the server may hold: the kernel queues the rest.
  net::io_context ioc;
  std::vector<tcp::socket> crowd;
  const tcp::endpoint at(net::ip::make_address("127.0.0.1"), server.port());
  for (int i = 0; i < 60; ++i) {
    tcp::socket s(ioc);
    s.connect(at);
    crowd.push_back(std::move(s));
  }
  EXPECT_TRUE(log_holds(log, "new connections wait until some close"));
  expect_pong(first, 2);  // the connection it had still works

  crowd.clear();
  Client later(server.port());
  expect_pong(later, 3);
  EXPECT_TRUE(log_holds(log, "accepting connections again"));
  // Said once per pause, not once per failed accept (one every 50 ms while paused). A slow
  // machine may pause twice, when a queued connection is accepted in between.
  const std::string text = read_text(log);
  EXPECT_GE(occurrences(text, "new connections wait"), 1);
  EXPECT_EQ(occurrences(text, "new connections wait"),
            occurrences(text, "accepting connections again"));
}

}  // namespace
}  // namespace sabbat::server::testing
