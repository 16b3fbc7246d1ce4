#pragma once
// For the HTTPS tests: certificates made on the fly, and a relay that stands for a browser's
// TLS. The relay takes plain connections on a port of its own and carries each over TLS to
// the server, checking the server's certificate, so every plain test client (WebSocket, HTTP)
// speaks to the server's HTTPS and WSS unchanged.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "certificate.hpp"

namespace sabbat::server::testing {

class TlsRelay {
 public:
  // Trusts only `trusted` (the server's certificate file) and checks the name "localhost".
  // `from`: the address it connects from (another of 127/8 stands for a client elsewhere).
  TlsRelay(uint16_t server_port, const std::filesystem::path& trusted,
           std::string from = "127.0.0.1");
  ~TlsRelay();
  uint16_t port() const { return port_; }
  // The common name of the certificate the server showed, for each handshake so far.
  std::vector<std::string> names_seen() const;
  // Trust another file (a renewed certificate) for the next connections.
  void trust(const std::filesystem::path& trusted);

 private:
  void accept_next();

  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  uint16_t server_port_;
  std::string from_;
  std::filesystem::path trusted_;
  uint16_t port_ = 0;
  mutable std::mutex mutex_;
  std::vector<std::string> names_;
  std::thread thread_;
};

}  // namespace sabbat::server::testing
