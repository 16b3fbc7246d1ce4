#pragma once
// One WebSocket client. Every handler runs on the connection's own strand and holds the
// session alive through shared_from_this(); the session dies with its last handler and then
// leaves its table. One write in flight, a bounded queue behind it: a client that reads too
// slowly is disconnected rather than allowed to hold its table back.
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <memory>
#include <vector>

#include "server/connection.hpp"
#include "server/context.hpp"
#include "server/framed_socket.hpp"
#include "server/rate_limit.hpp"

namespace sabbat::server {

class WebsocketSession final : public Connection,
                               public std::enable_shared_from_this<WebsocketSession> {
 public:
  WebsocketSession(boost::asio::ip::tcp::socket&& socket, Context& ctx);
  ~WebsocketSession() override;

  // Accepts the upgrade request read by the HTTP session.
  void run(boost::beast::http::request<boost::beast::http::string_body> request);

  uint64_t id() const override { return id_; }
  void send(Frame frame) override;
  void close_with(Frame last, bool going_away) override;
  void leave_table() override;

 private:
  void on_accept(boost::beast::error_code ec);
  void read_next();
  void await_message();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void handle(std::string_view text);
  void queue(Frame frame);
  void write_next();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void arm_idle_timer();
  void drop(std::string_view why);

  // The socket handing Beast one frame at a time, without permessage-deflate: no
  // per-connection deflate state and no stream timer, whose Beast ops cost an idle connection
  // memory. Between messages no WebSocket read is pending, only a wait for the socket. The
  // WebSocket layer's own timeout bounds the handshake; our idle timer bounds the rest.
  boost::beast::websocket::stream<FramedSocket, false> ws_;
  // Read a little at a time (kReadChunk), so that a pending read holds almost nothing.
  boost::beast::flat_buffer buffer_;
  Context& ctx_;
  const uint64_t id_;
  // Frames own their text, so a write in flight survives the vector growing. A vector, not a
  // deque: an idle connection then holds no queue memory at all.
  std::vector<Frame> queue_;
  std::optional<boost::beast::websocket::close_code> close_after_queue_;
  bool closing_ = false;  // no more reads or writes but the close
  boost::asio::steady_timer idle_timer_;
  RateLimit rate_;
  bool rate_logged_ = false;
  std::shared_ptr<Table> table_;  // the one table of this connection, once asked for
  std::string peer_;
};

}  // namespace sabbat::server
