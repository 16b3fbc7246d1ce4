#pragma once
// One WebSocket client. Every handler runs on the connection's own strand and holds the
// session alive through shared_from_this(); the session dies with its last handler and then
// leaves its table. One write in flight, a bounded queue behind it: a client that reads too
// slowly is disconnected rather than allowed to hold its table back.
#include <atomic>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <memory>
#include <vector>

#include "server/net/framed_socket.hpp"
#include "server/net/idle_watch.hpp"
#include "server/net/rate_limit.hpp"
#include "server/ops/context.hpp"
#include "server/protocol/connection.hpp"

namespace sabbat::server {

class WebsocketSession final : public Connection,
                               public std::enable_shared_from_this<WebsocketSession>,
                               public IdleWatch::Watched {
 public:
  // `peer`: the client's address and port for the log (the proxy's client's, from a trusted
  // proxy).
  WebsocketSession(FramedSocket&& socket, Context& ctx, std::string peer);
  ~WebsocketSession() override;

  // Accepts the upgrade request read by the HTTP session.
  void run(boost::beast::http::request<boost::beast::http::string_body> request);

  uint64_t id() const override { return id_; }
  void send(Frame frame) override;
  void answer(Frame frame) override;
  void send_both(Frame first, Frame second) override;
  void close_with(Frame last, bool going_away) override;
  void leave_table(Frame why) override;

  // Closes every session that the idle watch finds silent for its timeout, unless a message
  // comes meanwhile (each on its own strand).
  static void close_idle(IdleWatch& watch);

 private:
  void on_accept(boost::beast::error_code ec);
  void read_next();
  void await_message();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void handle(std::string_view text);
  Frame rate_limited_answer(std::string_view text) const;
  // A message read once the close is decided: an act is refused, the rest ignored.
  void refuse_while_closing(std::string_view text);
  // `write`: start writing now if no write is in flight; false when another frame follows at
  // once, to be written together.
  void queue(Frame frame, bool write = true);
  void write_next();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void drop(std::string_view why);
  void idle_out();

  // The socket handing Beast one frame at a time, compressing and inflating them when the client
  // took permessage-deflate (Beast's own is left out: false), and no stream timer, whose Beast
  // ops cost an idle connection memory. Between messages no WebSocket read is pending, only a wait
  // for the socket. The WebSocket layer's own timeout bounds the handshake; the idle watch bounds
  // the rest.
  boost::beast::websocket::stream<FramedSocket, false> ws_;
  // Read a little at a time (kReadChunk), so that a pending read holds almost nothing.
  boost::beast::flat_buffer buffer_;
  Context& ctx_;
  const uint64_t id_;
  // Frames own their text, so a write in flight survives the vector growing. A vector, not a
  // deque: an idle connection then holds no queue memory at all.
  std::vector<Frame> queue_;
  // The flags side by side, in bits (all touched on the connection's strand only): with the
  // control block of make_shared, a session then takes one 256-byte allocation
  // (tests/alloc/alloc_test.cpp).
  std::optional<boost::beast::websocket::close_code> close_after_queue_;
  bool closing_ : 1 = false;  // no more reads or writes but the close
  bool writing_ : 1 = false;  // a write is in flight: it writes the next queued frame when done
  bool watched_ : 1 = false;
  bool rate_logged_ : 1 = false;
  bool counted_ : 1 = false;    // among the metrics' connections, from the handshake on
  bool lingering_ : 1 = false;  // the last frame is written: it closes after kCloseLinger
  IdleWatch* const idle_watch_;
  RateLimit rate_;
  // A digest of the last `table` message queued: the same one again is not sent.
  std::size_t last_table_ = 0;
  std::shared_ptr<Table> table_;  // the one table of this connection, once asked for
  std::string peer_;
};

}  // namespace sabbat::server
