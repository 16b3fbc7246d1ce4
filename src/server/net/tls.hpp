#pragma once
// The certificate `sabbat serve --tls-cert --tls-key` serves HTTPS and WSS with. A renewal
// (certbot every two months) replaces the files and sends SIGHUP: reload() reads them again,
// new connections get the new certificate and the open ones keep theirs, so nobody is cut off.
#include <boost/asio/ssl/context.hpp>
#include <memory>
#include <mutex>
#include <string>

#include "core/result.hpp"

namespace sabbat::server {

class TlsCertificate {
 public:
  // Reads the certificate chain (PEM, the server's first) and its private key (PEM, not
  // encrypted); an error names the file and what is wrong with it.
  static Result<std::unique_ptr<TlsCertificate>> load(std::string cert_file, std::string key_file);

  // Reads the files again. On an error the certificate in use stays, and the error says why.
  Status reload();
  // What a new connection handshakes with; it keeps it alive as long as it needs it.
  std::shared_ptr<boost::asio::ssl::context> current() const;
  // The first certificate's subject and end of validity, for the log.
  std::string describe() const;

 private:
  TlsCertificate(std::string cert_file, std::string key_file);

  const std::string cert_file_;
  const std::string key_file_;
  mutable std::mutex mutex_;
  std::shared_ptr<boost::asio::ssl::context> current_;
};

}  // namespace sabbat::server
