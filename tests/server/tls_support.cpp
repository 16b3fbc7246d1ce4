#include "tls_support.hpp"

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <array>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/write.hpp>
#include <cstdio>
#include <memory>

namespace sabbat::server::testing {

namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

namespace {

std::string common_name(X509* cert) {
  char cn[256] = {};
  X509_NAME_get_text_by_NID(X509_get_subject_name(cert), NID_commonName, cn, sizeof cn);
  return cn;
}

// One direction of a relayed connection: what `from` reads, `to` writes, until either ends.
template <class From, class To>
void pump(std::shared_ptr<From> from, std::shared_ptr<To> to, std::shared_ptr<void> keep) {
  auto buffer = std::make_shared<std::array<char, 16384>>();
  from->async_read_some(
      net::buffer(*buffer), [from, to, keep, buffer](boost::system::error_code ec, std::size_t n) {
        if (ec) {
          boost::system::error_code ignored;
          from->lowest_layer().close(ignored);
          to->lowest_layer().close(ignored);
          return;
        }
        net::async_write(*to, net::buffer(buffer->data(), n),
                         [from, to, keep, buffer](boost::system::error_code wec, std::size_t) {
                           if (wec) {
                             boost::system::error_code ignored;
                             from->lowest_layer().close(ignored);
                             to->lowest_layer().close(ignored);
                             return;
                           }
                           pump(from, to, keep);
                         });
      });
}

}  // namespace

TlsRelay::TlsRelay(uint16_t server_port, const std::filesystem::path& trusted, std::string from)
    : acceptor_(ioc_, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0)),
      server_port_(server_port),
      from_(std::move(from)),
      trusted_(trusted) {
  port_ = acceptor_.local_endpoint().port();
  accept_next();
  thread_ = std::thread([this] { ioc_.run(); });
}

TlsRelay::~TlsRelay() {
  ioc_.stop();
  thread_.join();
}

std::vector<std::string> TlsRelay::names_seen() const {
  std::lock_guard lock(mutex_);
  return names_;
}

void TlsRelay::trust(const std::filesystem::path& trusted) {
  std::lock_guard lock(mutex_);
  trusted_ = trusted;
}

void TlsRelay::accept_next() {
  acceptor_.async_accept([this](boost::system::error_code ec, tcp::socket plain) {
    if (ec) return;
    accept_next();
    auto client = std::make_shared<tcp::socket>(std::move(plain));
    auto tls_ctx = std::make_shared<ssl::context>(ssl::context::tls_client);
    {
      std::lock_guard lock(mutex_);
      tls_ctx->load_verify_file(trusted_.string());
    }
    tls_ctx->set_verify_mode(ssl::verify_peer);
    tls_ctx->set_verify_callback(ssl::host_name_verification("localhost"));
    auto server = std::make_shared<ssl::stream<tcp::socket>>(ioc_, *tls_ctx);
    boost::system::error_code connect_error;
    server->lowest_layer().open(tcp::v4(), connect_error);
    server->lowest_layer().bind(tcp::endpoint(net::ip::make_address(from_), 0), connect_error);
    if (connect_error) ADD_FAILURE() << "cannot connect from " << from_;
    server->lowest_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), server_port_),
                                   connect_error);
    if (connect_error) return;
    server->async_handshake(
        ssl::stream_base::client, [this, client, server, tls_ctx](boost::system::error_code hec) {
          if (hec) {
            ADD_FAILURE() << "TLS handshake with the server failed: " << hec.message();
            return;
          }
          {
            std::lock_guard lock(mutex_);
            X509* cert = SSL_get0_peer_certificate(server->native_handle());
            names_.push_back(cert ? common_name(cert) : "");
          }
          pump(client, server, tls_ctx);
          pump(server, client, tls_ctx);
        });
  });
}

}  // namespace sabbat::server::testing
