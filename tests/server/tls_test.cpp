// HTTPS and WSS (`serve --tls-cert --tls-key`): whole games over TLS, HSTS, the redirect port,
// certbot's challenges, and the certificate reloaded without a restart (docs/hosting.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include <signal.h>

#include <chrono>
#include <sstream>
#include <thread>

#include <boost/asio/ssl.hpp>

#include "harness.hpp"
#include "play.hpp"
#include "server_process.hpp"
#include "tls_support.hpp"

namespace sabbat::server::testing {
namespace {

namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

// A server on HTTPS with a certificate made for the test, and the relay that reaches it the
// way a browser does.
struct TlsServer {
  explicit TlsServer(const std::function<void(ServerOptions&)>& more = {}) {
    ServerOptions o = TestServer::options_for(dir.path() / "data");
    o.tls_cert = first.cert.string();
    o.tls_key = first.key.string();
    if (more) more(o);
    server = std::make_unique<TestServer>(o);
    relay = std::make_unique<TlsRelay>(server->port(), first.cert);
  }
  TempDir dir;
  CertificateFiles first = make_certificate(dir.path(), "first");
  std::unique_ptr<TestServer> server;
  std::unique_ptr<TlsRelay> relay;
};

// Whether a client speaking only TLS `version`, with only `ciphers` (TLS 1.2's list; none:
// the library's own), completes a handshake with the server.
bool handshake_with(uint16_t port, int version, const char* ciphers) {
  net::io_context ioc;
  ssl::context ctx(ssl::context::tls_client);
  SSL_CTX_set_min_proto_version(ctx.native_handle(), version);
  SSL_CTX_set_max_proto_version(ctx.native_handle(), version);
  if (ciphers && SSL_CTX_set_cipher_list(ctx.native_handle(), ciphers) != 1) return false;
  ssl::stream<tcp::socket> s(ioc, ctx);
  s.next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  boost::system::error_code ec;
  s.handshake(ssl::stream_base::client, ec);
  return !ec;
}

void overwrite(const std::filesystem::path& to, const std::filesystem::path& from) {
  std::filesystem::copy_file(from, to, std::filesystem::copy_options::overwrite_existing);
}

class OverTls : public ::testing::TestWithParam<std::string> {};

// Every game, people and a spectator over WSS: it ends, its record passes, and every message
// holds only what its viewer may see, as over plain WebSocket.
TEST_P(OverTls, WholeGameOverWssWithoutLeaks) {
  TlsServer tls;
  const Game& game = *registry().find(GetParam());
  TablePlan plan{game.id(), game.min_players(), quick_params(game, 2), {}};
  PlayedTable t = play_whole_game(tls.relay->port(), plan);
  ASSERT_TRUE(t.record.result.has_value()) << "the game did not end";
  for (const Person& p : t.people)
    expect_wire_holds_only_what_viewer_sees(t.record, p.client->received, p.seat);
  expect_wire_holds_only_what_viewer_sees(t.record, t.spectator->received, kSpectator);
  const auto names = tls.relay->names_seen();
  EXPECT_FALSE(names.empty());
  for (const std::string& name : names) EXPECT_EQ(name, "first");
}

INSTANTIATE_TEST_SUITE_P(EveryGame, OverTls, ::testing::ValuesIn(game_ids()), [](const auto& p) {
  std::string name = p.param;
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
});

// HSTS: a browser that came once over HTTPS keeps to it, on pages as on the API.
TEST(Tls, EveryHttpsAnswerCarriesStrictTransportSecurity) {
  TlsServer tls;
  for (const char* target : {"/healthz", "/api/games", "/", "/no-such-page"}) {
    const HttpAnswer a = http_get(tls.relay->port(), target);
    EXPECT_EQ(a.header("Strict-Transport-Security"), "max-age=31536000") << target;
  }
}

// The invite links a TLS server gives are https:// ones.
TEST(Tls, InviteLinksAreHttps) {
  TlsServer tls;
  EXPECT_EQ(tls.server->server().url(), "https://127.0.0.1:" + std::to_string(tls.server->port()));
}

// Plain HTTP sent to the HTTPS port is not answered in plain: the connection closes.
TEST(Tls, PlainHttpOnTheHttpsPortGetsNoPlainAnswer) {
  TlsServer tls;
  const RawAnswer a =
      raw_exchange(tls.server->port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", true);
  EXPECT_TRUE(a.closed);
  EXPECT_EQ(a.bytes.find("HTTP/1.1 200"), std::string::npos);
}

// TLS 1.2 is served only with forward-secret AEAD suites (ECDHE with GCM or ChaCha20), TLS 1.3
// as the library offers it, and nothing older.
TEST(Tls, OnlyForwardSecretAeadSuitesAreOffered) {
  TlsServer tls;
  const uint16_t port = tls.server->port();
  EXPECT_TRUE(handshake_with(port, TLS1_3_VERSION, nullptr));
  EXPECT_TRUE(handshake_with(port, TLS1_2_VERSION, "ECDHE-ECDSA-AES128-GCM-SHA256"));
  EXPECT_TRUE(handshake_with(port, TLS1_2_VERSION, "ECDHE-ECDSA-CHACHA20-POLY1305"));
  for (const char* cbc : {"ECDHE-ECDSA-AES128-SHA", "ECDHE-ECDSA-AES256-SHA384",
                          "ECDHE-ECDSA-AES128-SHA256", "AES128-GCM-SHA256"})
    EXPECT_FALSE(handshake_with(port, TLS1_2_VERSION, cbc)) << cbc;
  EXPECT_FALSE(handshake_with(port, TLS1_1_VERSION, nullptr));
}

// The redirect port sends every request to the same host and path in HTTPS, with 308 (the
// method and body are kept), and no HSTS (a browser ignores it over HTTP).
TEST(Tls, RedirectPortSendsEveryRequestToHttps) {
  TlsServer tls([](ServerOptions& o) { o.redirect_port = 0; });
  const uint16_t redirect = tls.server->server().redirect_port();
  ASSERT_NE(redirect, 0);
  const std::string https_port = std::to_string(tls.server->port());
  HttpAnswer a = http_get(redirect, "/t/ABCDEF?seat=2", {{"Host", "games.example:80"}});
  EXPECT_EQ(a.status, 308);
  EXPECT_EQ(a.header("Location"), "https://games.example:" + https_port + "/t/ABCDEF?seat=2");
  EXPECT_FALSE(a.has("Strict-Transport-Security"));
  a = http_get(redirect, "/", {{"Host", "[::1]:8080"}});
  EXPECT_EQ(a.header("Location"), "https://[::1]:" + https_port + "/");
  // A Host that is no host name is not put in a Location.
  a = http_get(redirect, "/", {{"Host", "evil\"/><script>"}});
  EXPECT_EQ(a.status, 400);
  EXPECT_FALSE(a.has("Location"));
  // Nor a target that is no path: after the host it would turn the host into a user name
  // ("https://games.example@evil.example/"), an open redirect.
  for (const char* target : {"@evil.example/", "evil.example", "*"}) {
    a = http_get(redirect, target, {{"Host", "games.example"}});
    EXPECT_EQ(a.status, 400) << target;
    EXPECT_FALSE(a.has("Location")) << target;
  }
}

// With a public URL, the redirect goes there whatever Host the request named.
TEST(Tls, RedirectPortSendsToThePublicUrl) {
  TlsServer tls([](ServerOptions& o) {
    o.redirect_port = 0;
    o.public_url = "https://games.example/";
  });
  const HttpAnswer a =
      http_get(tls.server->server().redirect_port(), "/t/ABCDEF", {{"Host", "10.0.0.1"}});
  EXPECT_EQ(a.status, 308);
  EXPECT_EQ(a.header("Location"), "https://games.example/t/ABCDEF");
}

// certbot --webroot renews while the server holds port 80: the redirect port serves the
// challenge files it writes, and nothing else of that directory.
TEST(Tls, RedirectPortServesCertbotChallengesFromTheAcmeDir) {
  TempDir webroot;
  std::filesystem::create_directories(webroot.path() / ".well-known" / "acme-challenge");
  std::ofstream(webroot.path() / ".well-known" / "acme-challenge" / "Tok-en_1") << "Tok-en_1.key";
  std::ofstream(webroot.path() / "secret.txt") << "not for anyone";
  TlsServer tls([&](ServerOptions& o) {
    o.redirect_port = 0;
    o.acme_dir = webroot.path().string();
  });
  const uint16_t redirect = tls.server->server().redirect_port();
  HttpAnswer a = http_get(redirect, "/.well-known/acme-challenge/Tok-en_1");
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.body, "Tok-en_1.key");
  for (const char* target :
       {"/.well-known/acme-challenge/missing", "/.well-known/acme-challenge/..%2F..%2Fsecret.txt",
        "/.well-known/acme-challenge/../../secret.txt"}) {
    a = http_get(redirect, target);
    EXPECT_EQ(a.status, 404) << target;
    EXPECT_EQ(a.body.find("not for anyone"), std::string::npos) << target;
  }
}

// The first certificate: before there is one, a plain server on port 80 serves the challenges
// too, so certbot --webroot can get it without stopping the server.
TEST(Tls, PlainServerServesCertbotChallengesBeforeTheFirstCertificate) {
  TempDir dir;
  std::filesystem::create_directories(dir.path() / ".well-known" / "acme-challenge");
  std::ofstream(dir.path() / ".well-known" / "acme-challenge" / "first") << "first.key";
  ServerOptions o = TestServer::options_for(dir.path() / "data");
  o.acme_dir = dir.path().string();
  TestServer server(o);
  const HttpAnswer a = http_get(server.port(), "/.well-known/acme-challenge/first");
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.body, "first.key");
  EXPECT_EQ(http_get(server.port(), "/.well-known/acme-challenge/other").status, 404);
}

// A renewal: the files replaced, then a reload (SIGHUP). New connections get the new
// certificate; a game already open over the old one goes on.
TEST(Tls, ReloadGivesNewConnectionsTheNewCertificateAndKeepsOpenOnes) {
  TlsServer tls;
  Client before(tls.relay->port());
  const CertificateFiles second = make_certificate(tls.dir.path(), "second");
  overwrite(tls.first.cert, second.cert);
  overwrite(tls.first.key, second.key);
  ASSERT_TRUE(tls.server->server().reload_certificate());
  EXPECT_TRUE(tls.server->logged("certificate reloaded: /CN=second"));
  tls.relay->trust(second.cert);
  Client after(tls.relay->port());
  EXPECT_EQ(tls.relay->names_seen(), (std::vector<std::string>{"first", "second"}));
  before.send({{"type", "ping"}});
  EXPECT_EQ(before.next_of("pong").value("type", ""), "pong");
  after.send({{"type", "ping"}});
  EXPECT_EQ(after.next_of("pong").value("type", ""), "pong");
}

// `sabbat serve` itself: SIGHUP (systemctl reload, certbot's deploy hook) reloads the files;
// the program goes on serving, with the new certificate.
TEST(Tls, SighupMakesTheRunningProgramReloadItsCertificate) {
  TempDir dir;
  const CertificateFiles first = make_certificate(dir.path(), "first");
  const auto log = dir.path() / "serve.log";
  ServerProcess serve(SABBAT_BINARY, dir.path() / "data", log, 0,
                      {"--tls-cert", first.cert.string(), "--tls-key", first.key.string()});
  ASSERT_NE(serve.port(), 0) << serve.error();
  const CertificateFiles second = make_certificate(dir.path(), "second");
  overwrite(first.cert, second.cert);
  overwrite(first.key, second.key);
  serve.signal(SIGHUP);
  const auto logged = [&] {
    std::ostringstream text;
    text << std::ifstream(log).rdbuf();
    return text.str();
  };
  // A guard against a hung server, not a measured time.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (logged().find("certificate reloaded") == std::string::npos &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_NE(logged().find("certificate reloaded: /CN=second"), std::string::npos) << logged();
  TlsRelay relay(serve.port(), second.cert);
  Client c(relay.port());
  c.send({{"type", "ping"}});
  EXPECT_EQ(c.next_of("pong").value("type", ""), "pong");
  EXPECT_EQ(relay.names_seen(), std::vector<std::string>{"second"});
}

// certbot's deploy hook (deploy/certbot/sabbat-deploy-hook) copies the renewed files where the
// server's group may read them and the key no one else may, then the server reloads them.
TEST(Tls, CertbotDeployHookHandsTheRenewedFilesToTheServer) {
  TlsServer tls;
  const std::filesystem::path lineage = tls.dir.path() / "live";
  std::filesystem::create_directories(lineage);
  const CertificateFiles renewed = make_certificate(tls.dir.path(), "renewed");
  overwrite(lineage / "fullchain.pem", renewed.cert);
  overwrite(lineage / "privkey.pem", renewed.key);
  const std::filesystem::path copies = tls.dir.path() / "tls";
  const std::string command = "RENEWED_LINEAGE='" + lineage.string() + "' SABBAT_TLS_DIR='" +
                              copies.string() + "' SABBAT_GROUP=$(id -gn) sh '" +
                              SABBAT_SOURCE_DIR + "/deploy/certbot/sabbat-deploy-hook'";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  using std::filesystem::perms;
  const perms key = std::filesystem::status(copies / "privkey.pem").permissions();
  EXPECT_EQ(key & perms::others_all, perms::none);
  EXPECT_EQ(key & perms::group_read, perms::group_read);
  overwrite(tls.first.cert, copies / "fullchain.pem");
  overwrite(tls.first.key, copies / "privkey.pem");
  ASSERT_TRUE(tls.server->server().reload_certificate());
  EXPECT_TRUE(tls.server->logged("certificate reloaded: /CN=renewed"));
}

// A renewal gone wrong (a half-written file, a key of another certificate) changes nothing:
// the certificate in use stays, and the log says why.
TEST(Tls, ReloadOfBrokenFilesKeepsTheCertificateInUse) {
  TlsServer tls;
  overwrite(tls.dir.path() / "trusted.crt", tls.first.cert);
  tls.relay->trust(tls.dir.path() / "trusted.crt");
  std::ofstream(tls.first.cert) << "-----BEGIN CERTIFICATE-----\nnot a cert\n";
  auto reloaded = tls.server->server().reload_certificate();
  ASSERT_FALSE(reloaded);
  EXPECT_NE(reloaded.error().find("cannot read a PEM certificate chain"), std::string::npos)
      << reloaded.error();
  EXPECT_TRUE(tls.server->logged("certificate not reloaded, the one in use stays"));
  const CertificateFiles other = make_certificate(tls.dir.path(), "other");
  overwrite(tls.first.cert, other.cert);  // the key stays the first one's
  reloaded = tls.server->server().reload_certificate();
  ASSERT_FALSE(reloaded);
  EXPECT_NE(reloaded.error().find("is not the key of the certificate"), std::string::npos)
      << reloaded.error();
  Client still(tls.relay->port());
  EXPECT_EQ(tls.relay->names_seen(), std::vector<std::string>{"first"});
}

// Errors at start name the flag and what is wrong, and nothing is served.
TEST(Tls, StartRefusesMissingOrMismatchedFiles) {
  TempDir dir;
  const CertificateFiles a = make_certificate(dir.path(), "a");
  const CertificateFiles b = make_certificate(dir.path(), "b");
  const auto refused = [&](std::string cert, std::string key, std::optional<uint16_t> redirect) {
    ServerOptions o = TestServer::options_for(dir.path() / "data");
    o.tls_cert = std::move(cert);
    o.tls_key = std::move(key);
    o.redirect_port = redirect;
    o.log = [](std::string_view) {};
    auto s = Server::start(o);
    return s ? std::string() : s.error();
  };
  EXPECT_NE(refused(a.cert.string(), "", {}).find("--tls-cert needs --tls-key"), std::string::npos);
  EXPECT_NE(refused("", a.key.string(), {}).find("--tls-key needs --tls-cert"), std::string::npos);
  EXPECT_NE(refused((dir.path() / "none.pem").string(), a.key.string(), {})
                .find("--tls-cert " + (dir.path() / "none.pem").string()),
            std::string::npos);
  EXPECT_NE(refused(a.cert.string(), a.cert.string(), {}).find("cannot read a PEM private key"),
            std::string::npos);
  EXPECT_NE(refused(a.cert.string(), b.key.string(), {}).find("is not the key of the certificate"),
            std::string::npos);
  EXPECT_NE(refused("", "", 0).find("--redirect-port sends to HTTPS"), std::string::npos);
}

}  // namespace
}  // namespace sabbat::server::testing
