#pragma once
// A certificate made on the fly, for the HTTPS tests and the fuzz target of the redirect
// door: OpenSSL alone, no test framework, a failure thrown.
#include <filesystem>
#include <string>

namespace sabbat::server::testing {

struct CertificateFiles {
  std::filesystem::path cert;  // PEM chain: the certificate alone, self-signed
  std::filesystem::path key;   // PEM, unencrypted
};
// A self-signed P-256 certificate for "localhost" and 127.0.0.1, valid for a day, whose
// subject's common name is `name` (so a test can tell two apart), written into `dir`.
CertificateFiles make_certificate(const std::filesystem::path& dir, const std::string& name);

}  // namespace sabbat::server::testing
