// A server whose shared store does not answer (docs/cluster.md): its start ends with an error
// that says why, rather than waiting forever.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "harness.hpp"

namespace sabbat::server::testing {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

// A listener that never accepts: the kernel completes each connection, then nobody answers,
// as behind a wrong port or a stuck proxy. Without a connect timeout the start never ends,
// and ctest's timeout fails this test.
TEST(StoreStart, AStoreThatAcceptsAndNeverAnswersEndsTheStartWithAClearError) {
  net::io_context ioc;
  tcp::acceptor silent(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
  TempDir dir;
  ServerOptions o = TestServer::options_for(dir.path());
  o.store = "postgresql://127.0.0.1:" + std::to_string(silent.local_endpoint().port()) + "/sabbat";
  std::vector<std::string> log;
  o.log = [&log](std::string_view line) { log.emplace_back(line); };
  auto server = Server::start(o);
  ASSERT_FALSE(server.ok()) << "the server started on a store that never answered";
  EXPECT_NE(server.error().find("timeout expired"), std::string::npos) << server.error();
  EXPECT_NE(server.error().find("is a PostgreSQL server listening there?"), std::string::npos)
      << server.error();
  ASSERT_FALSE(log.empty());
  EXPECT_NE(log.front().find("connecting to the store postgresql://127.0.0.1:"), std::string::npos)
      << log.front();
}

}  // namespace
}  // namespace sabbat::server::testing
