#pragma once
// Accepts TCP connections at one door (plain, TLS, redirect or metrics), each onto its own
// strand, and gives each to an HttpSession.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>

#include "core/result.hpp"
#include "server/ops/context.hpp"
#include "server/sessions/http_session.hpp"

namespace sabbat::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& ioc, Context& ctx, Door door);
  Status listen(const boost::asio::ip::tcp::endpoint& endpoint);
  uint16_t port() const;
  void run();
  void stop();  // from any thread

 private:
  void accept_next();
  // Out of descriptors: the waiting connections stay in the kernel's queue until some close.
  void pause_accepting(const boost::system::error_code& ec);

  boost::asio::io_context& ioc_;
  Context& ctx_;
  const Door door_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer pause_;
  bool paused_logged_ = false;
};

}  // namespace sabbat::server
