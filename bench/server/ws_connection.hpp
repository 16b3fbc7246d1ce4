#pragma once
// One WebSocket connection of the load generator to `sabbat serve`'s /ws, on one io_context
// thread: connect (from a chosen loopback source address, so that tens of thousands of
// connections do not run out of ephemeral ports), handshake, then hand every message to the
// driver and write what it sends in order.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace sabbat::load {

class WsConnection : public std::enable_shared_from_this<WsConnection> {
 public:
  struct Handlers {
    std::function<void(WsConnection&, std::string_view)> message;
    // Called once: the connection failed or closed (`why` says how).
    std::function<void(WsConnection&, const std::string& why)> closed;
  };

  // `deflate`: offer permessage-deflate (RFC 7692) in the handshake, as browsers do.
  WsConnection(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint server,
               boost::asio::ip::address_v4 source, Handlers handlers, bool deflate = false);

  void start();
  void send(std::string text);
  void close();  // a clean WebSocket close
  bool open() const { return open_; }
  // Whether the server took the permessage-deflate offer (known once open).
  bool deflated() const { return deflated_; }
  int native_socket() { return boost::beast::get_lowest_layer(ws_).socket().native_handle(); }

  std::string target = "/ws";  // where the upgrade goes: /ws, or /ws?table=CODE
  int table = -1;              // which table and seat this connection plays, for the driver
  int seat = -1;

 private:
  void on_connect(boost::beast::error_code ec);
  void read_next();
  void write_next();
  void fail(const std::string& why);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::asio::ip::tcp::endpoint server_;
  boost::asio::ip::address_v4 source_;
  Handlers handlers_;
  boost::beast::flat_buffer in_;
  std::deque<std::string> out_;
  bool writing_ = false;
  bool open_ = false;
  bool done_ = false;
  bool deflated_ = false;
  boost::beast::websocket::response_type response_;
};

}  // namespace sabbat::load
