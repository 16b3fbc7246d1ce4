#include "harness.hpp"

#include <gtest/gtest.h>

#include <sys/socket.h>
#include <sys/time.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "core/untrusted.hpp"

namespace sabbat::server::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {
// Only a guard against a hung test, not a measured time: every wait ends far sooner.
constexpr auto kSafety = std::chrono::seconds(20);
}  // namespace

TempDir::TempDir() {
  std::random_device rd;
  path_ = std::filesystem::temp_directory_path() /
          ("sabbat-server-test-" + std::to_string(rd()) + std::to_string(rd()));
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

TestServer::TestServer(const std::filesystem::path& data, Limits limits, const Registry* games)
    : TestServer(options_for(data, limits, games)) {}

ServerOptions TestServer::options_for(const std::filesystem::path& data, Limits limits,
                                      const Registry* games) {
  ServerOptions o;
  o.host = "127.0.0.1";
  o.port = 0;
  o.data_dir = data.string();
  o.limits = limits;
  // A real-time game's countdown of 3 s would only slow the tests that do not look at it;
  // the ones that do set their own.
  if (limits.countdown == Limits{}.countdown) o.limits.countdown = std::chrono::milliseconds(50);
  o.games = games;
  return o;
}

TestServer::TestServer(ServerOptions o) {
  o.log = [lines = lines_](std::string_view line) {
    std::lock_guard lock(lines->mutex);
    lines->lines.emplace_back(line);
  };
  auto s = Server::start(o);
  if (!s) throw std::runtime_error("server did not start: " + s.error());
  server_ = std::move(*s);
}

TestServer::~TestServer() {
  stop();
}

void TestServer::stop() {
  if (!server_) return;
  server_->stop();
  server_->wait();
  server_.reset();
}

std::vector<std::string> TestServer::log() const {
  std::lock_guard lock(lines_->mutex);
  return lines_->lines;
}

bool TestServer::logged(std::string_view part) const {
  // The server logs on its own thread, sometimes after the client already saw the
  // outcome (a close frame goes out before the read handler runs), so wait for it.
  const auto deadline = std::chrono::steady_clock::now() + kSafety;
  for (;;) {
    for (const auto& l : log())
      if (l.find(part) != std::string::npos) return true;
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

struct Client::Connection {
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
};

Client::Client(uint16_t port, std::string origin, const std::string& target)
    : connection_(std::make_unique<Connection>()) {
  auto& ws = connection_->ws;
  auto& tcp_stream = beast::get_lowest_layer(ws);
  tcp_stream.expires_after(kSafety);
  tcp_stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
    if (!origin.empty()) req.set(http::field::origin, origin);
  }));
  ws.handshake("127.0.0.1:" + std::to_string(port), target);
  json welcome = next();
  EXPECT_EQ(welcome.value("type", ""), "welcome");
}

Client::~Client() {
  beast::get_lowest_layer(connection_->ws).close();
  dump_received();
}

int Client::native_socket() {
  return beast::get_lowest_layer(connection_->ws).socket().native_handle();
}

// With SABBAT_FRAMES_DIR set, every message the connection received, one JSON object a line,
// in a file named after the test: web/scripts/check_frames.mjs checks them against the
// protocol's JSON Schemas (docs/protocol/).
void Client::dump_received() const {
  const char* dir = std::getenv("SABBAT_FRAMES_DIR");
  if (!dir || !*dir || received.empty()) return;
  static int connections = 0;
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = test ? std::string(test->test_suite_name()) + "." + test->name() : "none";
  for (char& c : name)
    if (c == '/') c = '_';
  std::ofstream out(std::filesystem::path(dir) /
                    (name + "." + std::to_string(++connections) + ".jsonl"));
  for (const json& m : received) out << m.dump() << '\n';
}

void Client::send(const json& message) {
  send_text(message.dump());
}

void Client::send_text(const std::string& text) {
  auto& ws = connection_->ws;
  beast::get_lowest_layer(ws).expires_after(kSafety);
  ws.text(true);
  ws.write(net::buffer(text));
}

void Client::send_raw(const std::string& bytes) {
  auto& ws = connection_->ws;
  beast::get_lowest_layer(ws).expires_after(kSafety);
  net::write(beast::get_lowest_layer(ws), net::buffer(bytes));
}

bool Client::read_within_safety(std::string& text, std::string& error) {
  // Asynchronous, since the stream's expiry bounds only asynchronous operations: a message
  // that never comes fails the test instead of hanging it.
  auto& ws = connection_->ws;
  beast::flat_buffer buffer;
  beast::error_code ec;
  beast::get_lowest_layer(ws).expires_after(kSafety);
  ws.async_read(buffer, [&ec](beast::error_code e, std::size_t) { ec = e; });
  connection_->ioc.restart();
  connection_->ioc.run();
  if (ec) {
    closed_ = true;
    close_code_ = ws.reason().code;
    if (ec != websocket::error::closed) error = ec.message();
    return false;
  }
  text = beast::buffers_to_string(buffer.data());
  return true;
}

json Client::next() {
  if (closed_) {
    ADD_FAILURE() << "reading from a closed connection";
    return nullptr;
  }
  std::string text, error;
  if (!read_within_safety(text, error)) {
    if (!error.empty()) ADD_FAILURE() << "read: " << error;
    return nullptr;
  }
  last_text = std::move(text);
  largest_text = std::max(largest_text, last_text.size());
  auto parsed = parse_untrusted_json(last_text, {1 << 22, 64});
  if (!parsed) {
    ADD_FAILURE() << "the server sent something that is not JSON: " << parsed.error();
    return nullptr;
  }
  received.push_back(*parsed);
  return *parsed;
}

json Client::next_of(std::string_view type) {
  for (;;) {
    json m = next();
    if (m.is_null()) return m;
    if (m.value("type", "") == type) return m;
  }
}

std::vector<json> Client::until_closed() {
  std::vector<json> got;
  std::string text, error;
  while (!closed_ && read_within_safety(text, error)) {
    auto parsed = parse_untrusted_json(text, {1 << 22, 64});
    if (parsed) {
      received.push_back(*parsed);
      got.push_back(*parsed);
    }
  }
  return got;
}

HttpAnswer http_get(uint16_t port, const std::string& target,
                    const std::vector<std::pair<std::string, std::string>>& headers) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(kSafety);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  for (const auto& [field, value] : headers) req.set(field, value);
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  HttpAnswer a{int(res.result_int()), res.body(), std::string(res[http::field::content_type]), {}};
  for (const auto& field : res) a.headers[std::string(field.name_string())] = field.value();
  return a;
}

std::vector<int> RawAnswer::statuses() const {
  std::vector<int> out;
  std::string_view rest = bytes;
  while (!rest.empty()) {
    http::response_parser<http::string_body> parser;
    parser.eager(true);
    beast::error_code ec;
    const std::size_t used = parser.put(net::buffer(rest.data(), rest.size()), ec);
    if (ec || !parser.is_header_done()) {
      ADD_FAILURE() << "not an HTTP response: " << rest.substr(0, 200);
      break;
    }
    out.push_back(int(parser.get().result_int()));
    if (parser.get().result() == http::status::switching_protocols) break;  // a WebSocket
    rest.remove_prefix(used);
  }
  return out;
}

RawAnswer raw_exchange(uint16_t port, const std::string& request, bool close_after,
                       std::size_t max_bytes, const std::string& address) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(kSafety);
  stream.connect(tcp::endpoint(net::ip::make_address(address), port));
  // A blocking read ignores the stream's timer: the socket's own timeout guards it.
  const timeval guard{std::chrono::seconds(kSafety).count(), 0};
  ::setsockopt(stream.socket().native_handle(), SOL_SOCKET, SO_RCVTIMEO, &guard, sizeof guard);
  beast::error_code ec;
  // The server may close before it has read everything: a failed write is no failure here.
  net::write(stream.socket(), net::buffer(request), ec);
  if (close_after) stream.socket().shutdown(tcp::socket::shutdown_send, ec);
  RawAnswer answer;
  char chunk[4096];
  while (answer.bytes.size() < max_bytes) {
    const std::size_t n = stream.read_some(net::buffer(chunk), ec);
    answer.bytes.append(chunk, n);
    if (ec) {
      answer.closed = ec == net::error::eof || ec == net::error::connection_reset;
      break;
    }
  }
  stream.socket().close(ec);
  return answer;
}

}  // namespace sabbat::server::testing
