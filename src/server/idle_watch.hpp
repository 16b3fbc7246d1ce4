#pragma once
// Closes the WebSocket connections that sent nothing for the idle timeout. One timer for the
// whole server sweeps them every quarter of the timeout (the server arms it): a timer per
// connection cost each about 0.3 KiB and a re-arm on every message.
#include <chrono>
#include <mutex>

namespace sabbat::server {

class WebsocketSession;

class IdleWatch {
 public:
  using Clock = std::chrono::steady_clock;

  explicit IdleWatch(std::chrono::milliseconds timeout) : timeout_(timeout) {}

  std::chrono::milliseconds timeout() const { return timeout_; }
  // How often to sweep: a connection is closed between one timeout and 1.25 timeouts after its
  // last message.
  std::chrono::milliseconds sweep_period() const;

  // A session is watched from its handshake to its destruction.
  void watch(WebsocketSession& s);
  void forget(WebsocketSession& s);
  // Tells every watched session idle for the timeout that it is (on the session's strand).
  void sweep();

 private:
  const std::chrono::milliseconds timeout_;
  std::mutex mutex_;
  WebsocketSession* first_ = nullptr;  // sessions are linked through their idle_prev_/next_
};

}  // namespace sabbat::server
