#pragma once
// The real server on 127.0.0.1 (an ephemeral port, a fresh data directory) and real Beast
// WebSocket clients, for the integration tests.
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/registry.hpp"
#include "server/server.hpp"

namespace sabbat::server::testing {

// A data directory removed at the end of the test.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// A server whose log lines the test can read.
class TestServer {
 public:
  // `games`: the games it plays, null for every game Sabbat plays.
  explicit TestServer(const std::filesystem::path& data, Limits limits = {},
                      const Registry* games = nullptr);
  // Options of its own (TLS, proxies); the log is the test's.
  explicit TestServer(ServerOptions options);
  // What the first constructor starts with: 127.0.0.1, a free port, `data`.
  static ServerOptions options_for(const std::filesystem::path& data, Limits limits = {},
                                   const Registry* games = nullptr);
  ~TestServer();
  uint16_t port() const { return server_->port(); }
  Server& server() { return *server_; }
  void stop();  // graceful, waits
  std::vector<std::string> log() const;
  // True once a log line holds `part`; waits for it up to the safety timeout.
  bool logged(std::string_view part) const;

 private:
  struct Lines {
    std::mutex mutex;
    std::vector<std::string> lines;
  };
  std::shared_ptr<Lines> lines_ = std::make_shared<Lines>();
  std::unique_ptr<Server> server_;
};

// A WebSocket client that keeps every message it received.
class Client {
 public:
  // Connects to `target` (/ws, or /ws?table=CODE) and reads the welcome. `origin`: an Origin
  // header to send.
  explicit Client(uint16_t port, std::string origin = {}, const std::string& target = "/ws");
  ~Client();

  void send(const json& message);
  void send_text(const std::string& text);
  // Bytes written straight to the socket: frames the test built itself.
  void send_raw(const std::string& bytes);
  // The connection's socket, for what the kernel knows of it.
  int native_socket();
  // The next message; fails the test (returns null) when none comes before the safety timeout
  // or the connection closes.
  json next();
  // Reads until a message of `type` (the ones before stay in `received`).
  json next_of(std::string_view type);
  // True once the server closed the connection; its close code then.
  bool closed() const { return closed_; }
  int close_code() const { return close_code_; }
  // Reads until the server closes; returns the messages received meanwhile.
  std::vector<json> until_closed();

  std::vector<json> received;
  // The text of the last message next() read, as the server wrote it.
  std::string last_text;
  // The size of the largest message next() read, in bytes of text.
  std::size_t largest_text = 0;

 private:
  // The Beast stream, out of this header: every server test includes it, and Beast's headers
  // took a third of such a file's compile time.
  struct Connection;
  // The next message's text into `text`; false once the connection is closed or failed
  // (closed_ and close_code_ then say how), with `error` its reason.
  bool read_within_safety(std::string& text, std::string& error);
  void dump_received() const;

  std::unique_ptr<Connection> connection_;
  bool closed_ = false;
  int close_code_ = 0;
};

// An HTTP GET on the server, with the request headers given: status, body and every header
// of the answer.
struct HttpAnswer {
  int status = 0;
  std::string body;
  std::string content_type;
  std::map<std::string, std::string> headers;
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  }
  bool has(const std::string& name) const { return headers.count(name) > 0; }
};
HttpAnswer http_get(uint16_t port, const std::string& target,
                    const std::vector<std::pair<std::string, std::string>>& headers = {});

// Bytes written as they are on a new connection (the sending side then closed when
// `close_after`), and all the server answers until it closes the connection, read up to
// `max_bytes`. `closed`: the server closed it (not the byte limit, nor the safety timeout).
struct RawAnswer {
  std::string bytes;
  bool closed = false;
  // The status of each response, in order (up to a 101, after which come WebSocket frames).
  std::vector<int> statuses() const;
};
RawAnswer raw_exchange(uint16_t port, const std::string& request, bool close_after = false,
                       std::size_t max_bytes = 1 << 20, const std::string& address = "127.0.0.1");

}  // namespace sabbat::server::testing
