#include "server/net/tls.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <boost/asio/ssl/error.hpp>

namespace sabbat::server {

namespace ssl = boost::asio::ssl;

namespace {

// OpenSSL's errors of the last call, taken off its queue: the reason of the first in words
// (what Asio said when there is none), and whether the key was another certificate's.
struct OpenSslError {
  std::string text;
  bool key_mismatch = false;
};
OpenSslError openssl_error(const boost::system::error_code& ec) {
  OpenSslError out;
  // Asio takes the first error off the queue into its error code.
  if (ec.category() == boost::asio::error::get_ssl_category() &&
      ERR_GET_REASON(static_cast<unsigned long>(ec.value())) == X509_R_KEY_VALUES_MISMATCH)
    out.key_mismatch = true;
  while (const unsigned long e = ERR_get_error()) {
    if (ERR_GET_REASON(e) == X509_R_KEY_VALUES_MISMATCH) out.key_mismatch = true;
    const char* reason = ERR_reason_error_string(e);
    if (out.text.empty() && reason) out.text = reason;
  }
  if (out.text.empty()) out.text = ec.message();
  return out;
}

Result<std::shared_ptr<ssl::context>> read_files(const std::string& cert_file,
                                                 const std::string& key_file) {
  auto ctx = std::make_shared<ssl::context>(ssl::context::tls_server);
  // TLS 1.2 and 1.3 only: what every browser of the last years speaks, and nothing with known
  // breaks. Renegotiation is off: a client could make the server do handshakes for nothing.
  SSL_CTX_set_min_proto_version(ctx->native_handle(), TLS1_2_VERSION);
  ctx->set_options(ssl::context::default_workarounds | ssl::context::single_dh_use |
                   SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
  // TLS 1.2 offers only forward-secret key exchange (ECDHE) with an AEAD cipher, as Mozilla's
  // "intermediate" profile does less its DHE suites; TLS 1.3's suites are all of that kind.
  SSL_CTX_set_cipher_list(ctx->native_handle(),
                          "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
                          "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
                          "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305");
  boost::system::error_code ec;
  ctx->use_certificate_chain_file(cert_file, ec);
  if (ec)
    return fail("--tls-cert " + cert_file + ": cannot read a PEM certificate chain (" +
                openssl_error(ec).text + ")");
  ctx->use_private_key_file(key_file, ssl::context::pem, ec);
  const bool read = !ec && SSL_CTX_check_private_key(ctx->native_handle()) == 1;
  if (!read) {
    const OpenSslError error = openssl_error(ec);
    if (!ec || error.key_mismatch)
      return fail("--tls-key " + key_file + " is not the key of the certificate in --tls-cert " +
                  cert_file);
    return fail("--tls-key " + key_file + ": cannot read a PEM private key (" + error.text +
                "); an encrypted key is not read, decrypt it first");
  }
  return ctx;
}

}  // namespace

TlsCertificate::TlsCertificate(std::string cert_file, std::string key_file)
    : cert_file_(std::move(cert_file)), key_file_(std::move(key_file)) {}

Result<std::unique_ptr<TlsCertificate>> TlsCertificate::load(std::string cert_file,
                                                             std::string key_file) {
  std::unique_ptr<TlsCertificate> tls(
      new TlsCertificate(std::move(cert_file), std::move(key_file)));
  if (Status st = tls->reload(); !st) return fail(st.error());
  return tls;
}

Status TlsCertificate::reload() {
  auto ctx = read_files(cert_file_, key_file_);
  if (!ctx) return fail(ctx.error());
  std::lock_guard lock(mutex_);
  current_ = std::move(*ctx);
  return {};
}

std::shared_ptr<ssl::context> TlsCertificate::current() const {
  std::lock_guard lock(mutex_);
  return current_;
}

std::string TlsCertificate::describe() const {
  const auto ctx = current();
  X509* cert = SSL_CTX_get0_certificate(ctx->native_handle());
  if (!cert) return "no certificate";
  char subject[256] = {};
  X509_NAME_oneline(X509_get_subject_name(cert), subject, sizeof subject);
  std::string until;
  if (BIO* bio = BIO_new(BIO_s_mem())) {
    if (ASN1_TIME_print(bio, X509_get0_notAfter(cert)) == 1) {
      char* text = nullptr;
      const long n = BIO_get_mem_data(bio, &text);
      until.assign(text, size_t(n));
    }
    BIO_free(bio);
  }
  return std::string(subject) + ", valid until " + until;
}

}  // namespace sabbat::server
