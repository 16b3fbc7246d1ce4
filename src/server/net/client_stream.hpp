#pragma once
// The byte stream of one HTTP connection: plain TCP, or TLS over it (--tls-cert). Beast reads
// and writes either through the same calls, so one HttpSession serves both; the branch costs
// nothing next to a request's parsing.
#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/core/stream_traits.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <memory>
#include <optional>

#include "server/net/connection_socket.hpp"

namespace sabbat::server {

using TcpStream = boost::beast::basic_stream<boost::asio::ip::tcp, ConnectionExecutor>;
using TlsStream = boost::asio::ssl::stream<TcpStream>;

class ClientStream {
 public:
  using executor_type = ConnectionExecutor;

  explicit ClientStream(ConnectionSocket&& socket) : plain_(std::in_place, std::move(socket)) {}
  ClientStream(ConnectionSocket&& socket, boost::asio::ssl::context& tls)
      : tls_(std::make_unique<TlsStream>(std::move(socket), tls)) {}

  bool is_tls() const { return tls_ != nullptr; }
  TlsStream& tls() { return *tls_; }
  // The TCP stream under it all, with its timeouts.
  TcpStream& tcp() { return tls_ ? tls_->next_layer() : *plain_; }
  ConnectionSocket& socket() { return tcp().socket(); }
  executor_type get_executor() { return tcp().get_executor(); }

  template <class MutableBuffers, class Token>
  auto async_read_some(const MutableBuffers& buffers, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::beast::error_code, std::size_t)>(
        [this](auto handler, const MutableBuffers& b) {
          if (tls_)
            tls_->async_read_some(b, std::move(handler));
          else
            plain_->async_read_some(b, std::move(handler));
        },
        token, buffers);
  }

  template <class ConstBuffers, class Token>
  auto async_write_some(const ConstBuffers& buffers, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::beast::error_code, std::size_t)>(
        [this](auto handler, const ConstBuffers& b) {
          if (tls_)
            tls_->async_write_some(b, std::move(handler));
          else
            plain_->async_write_some(b, std::move(handler));
        },
        token, buffers);
  }

  // For a WebSocket: the plain socket, or the whole TLS stream (its session goes with it).
  ConnectionSocket release_socket() { return plain_->release_socket(); }
  std::unique_ptr<TlsStream> release_tls() { return std::move(tls_); }

 private:
  std::optional<TcpStream> plain_;
  std::unique_ptr<TlsStream> tls_;
};

}  // namespace sabbat::server
