#include "server/sessions/listener.hpp"

#include <boost/asio/ip/v6_only.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include "server/sessions/http_session.hpp"

namespace sabbat::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(net::io_context& ioc, Context& ctx, Door door)
    : ioc_(ioc),
      ctx_(ctx),
      door_(door),
      acceptor_(net::make_strand(ioc)),
      pause_(acceptor_.get_executor()) {}

Status Listener::listen(const tcp::endpoint& endpoint) {
  boost::system::error_code ec;
  const bool any_v6 = endpoint.address().is_v6() && endpoint.address().is_unspecified();
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  // `::` serves IPv4 too (as ::ffff:a.b.c.d), whatever the system's bindv6only says.
  if (!ec && any_v6) acceptor_.set_option(net::ip::v6_only(false), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec) {
    std::string why = "cannot listen on " + endpoint.address().to_string() + ":" +
                      std::to_string(endpoint.port()) + ": " + ec.message();
    if (any_v6 && ec == net::error::address_family_not_supported)
      why += " (this machine has no IPv6: listen on 0.0.0.0 instead)";
    return fail(why);
  }
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
    self->pause_.cancel();
  });
}

void Listener::accept_next() {
  // Each connection gets its own strand: its handlers never run at once.
  acceptor_.async_accept(
      net::make_strand(ioc_),
      [self = shared_from_this()](boost::system::error_code ec, ConnectionSocket socket) {
        if (ec == net::error::operation_aborted || !self->acceptor_.is_open()) return;
        if (ec == net::error::no_descriptors || ec == net::error::no_buffer_space ||
            ec == net::error::no_memory || ec == boost::system::errc::too_many_files_open_in_system)
          return self->pause_accepting(ec);
        if (ec)
          self->ctx_.log.error("accept: " + ec.message());
        else {
          if (self->paused_logged_) self->ctx_.log("accepting connections again");
          self->paused_logged_ = false;
          // Game messages are small and answer a move: send each at once rather than wait to
          // fill a packet (Nagle's algorithm would hold a `state` behind its `accepted`).
          boost::system::error_code ignored;
          socket.set_option(tcp::no_delay(true), ignored);
          std::make_shared<HttpSession>(std::move(socket), self->ctx_, self->door_)->run();
        }
        self->accept_next();
      });
}

void Listener::pause_accepting(const boost::system::error_code& ec) {
  // Accepting again at once would fail again at once: the loop would spin and flood the log.
  if (!paused_logged_)
    ctx_.log.error("accept: " + ec.message() +
                   "; new connections wait until some close (raise the limit of open files, "
                   "ulimit -n, to serve more)");
  paused_logged_ = true;
  pause_.expires_after(std::chrono::milliseconds(50));
  pause_.async_wait([self = shared_from_this()](const boost::system::error_code& wait) {
    if (wait || !self->acceptor_.is_open()) return;
    self->accept_next();
  });
}

}  // namespace sabbat::server
