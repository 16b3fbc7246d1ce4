#include "server/listener.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include "server/http_session.hpp"

namespace sabbat::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(net::io_context& ioc, Context& ctx)
    : ioc_(ioc), ctx_(ctx), acceptor_(net::make_strand(ioc)) {}

Status Listener::listen(const tcp::endpoint& endpoint) {
  boost::system::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec)
    return fail("cannot listen on " + endpoint.address().to_string() + ":" +
                std::to_string(endpoint.port()) + ": " + ec.message());
  return {};
}

uint16_t Listener::port() const {
  boost::system::error_code ec;
  return acceptor_.local_endpoint(ec).port();
}

void Listener::run() {
  accept_next();
}

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ec;
    self->acceptor_.close(ec);
  });
}

void Listener::accept_next() {
  // Each connection gets its own strand: its handlers never run at once.
  acceptor_.async_accept(
      net::make_strand(ioc_),
      [self = shared_from_this()](boost::system::error_code ec, tcp::socket socket) {
        if (ec == net::error::operation_aborted || !self->acceptor_.is_open()) return;
        if (ec)
          self->ctx_.log("accept: " + ec.message());
        else {
          // Game messages are small and answer a move: send each at once rather than wait to
          // fill a packet (Nagle's algorithm would hold a `state` behind its `accepted`).
          boost::system::error_code ignored;
          socket.set_option(tcp::no_delay(true), ignored);
          std::make_shared<HttpSession>(std::move(socket), self->ctx_)->run();
        }
        self->accept_next();
      });
}

}  // namespace sabbat::server
