#include "bench/server/ws_connection.hpp"

#include <chrono>

namespace sabbat::load {

namespace {
constexpr std::size_t kInflateRoom = std::size_t(2) << 20;  // over Du Balai's largest state
}  // namespace

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

WsConnection::WsConnection(net::io_context& ioc, tcp::endpoint server, net::ip::address_v4 source,
                           Handlers handlers, bool deflate)
    : ws_(ioc), server_(server), source_(source), handlers_(std::move(handlers)) {
  if (deflate) {
    // What chromium offers: "permessage-deflate; client_max_window_bits".
    websocket::permessage_deflate pmd;
    pmd.client_enable = true;
    ws_.set_option(pmd);
    // Boost 1.81's inflate can corrupt a message whose output fills the read buffer as it ends
    // (Beast issue 3028, fixed in 1.90): deflated messages are read with room for the largest.
    in_.reserve(kInflateRoom);
  }
}

void WsConnection::start() {
  beast::error_code ec;
  auto& socket = beast::get_lowest_layer(ws_).socket();
  socket.open(tcp::v4(), ec);
  if (!ec) socket.bind(tcp::endpoint(source_, 0), ec);
  if (ec) return fail("bind " + source_.to_string() + ": " + ec.message());
  socket.set_option(tcp::no_delay(true), ec);
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(60));
  beast::get_lowest_layer(ws_).async_connect(
      server_, [self = shared_from_this()](beast::error_code e) { self->on_connect(e); });
}

void WsConnection::on_connect(beast::error_code ec) {
  if (ec) return fail("connect: " + ec.message());
  beast::get_lowest_layer(ws_).expires_never();
  websocket::stream_base::timeout t =
      websocket::stream_base::timeout::suggested(beast::role_type::client);
  t.handshake_timeout = std::chrono::seconds(60);
  ws_.set_option(t);
  const std::string host = server_.address().to_string() + ":" + std::to_string(server_.port());
  ws_.async_handshake(response_, host, target, [self = shared_from_this()](beast::error_code e) {
    if (e) return self->fail("handshake: " + e.message());
    self->deflated_ = self->response_[beast::http::field::sec_websocket_extensions].starts_with(
        "permessage-deflate");
    self->response_ = {};
    self->open_ = true;
    self->read_next();
    self->write_next();
  });
}

void WsConnection::read_next() {
  auto on_read = [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) {
      if (ec == websocket::error::closed)
        return self->fail("closed by the server (" + std::to_string(self->ws_.reason().code) + " " +
                          self->ws_.reason().reason.c_str() + ")");
      return self->fail("read: " + ec.message());
    }
    if (!self->ws_.is_message_done()) return self->read_next();
    const auto data = self->in_.cdata();
    self->handlers_.message(*self,
                            std::string_view(static_cast<const char*>(data.data()), data.size()));
    self->in_.consume(self->in_.size());
    if (!self->done_) self->read_next();
  };
  // A deflated message is read with room for all of it at once (see the constructor).
  if (deflated_) return ws_.async_read_some(in_, kInflateRoom, std::move(on_read));
  ws_.async_read(in_, std::move(on_read));
}

void WsConnection::send(std::string text) {
  if (done_) return;
  out_.push_back(std::move(text));
  if (open_) write_next();
}

void WsConnection::write_next() {
  if (writing_ || out_.empty() || done_) return;
  writing_ = true;
  ws_.text(true);
  ws_.async_write(net::buffer(out_.front()),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) {
                    self->writing_ = false;
                    if (ec) return self->fail("write: " + ec.message());
                    self->out_.pop_front();
                    self->write_next();
                  });
}

void WsConnection::close() {
  if (done_ || !open_) return;
  done_ = true;
  open_ = false;
  ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
}

void WsConnection::fail(const std::string& why) {
  if (done_) return;
  done_ = true;
  open_ = false;
  handlers_.closed(*this, why);
}

}  // namespace sabbat::load
