// deploy/nginx/sabbat.conf, as a host would use it: Debian's nginx in front of the server,
// with TLS, the WebSocket passed through, X-Forwarded-For believed from it alone
// (--trust-proxy), and plain HTTP sent to HTTPS. The config is the repository's, with only
// the names, ports and paths of the test put in.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "harness.hpp"
#include "play.hpp"
#include "tls_support.hpp"

namespace sabbat::server::testing {
namespace {

namespace fs = std::filesystem;
using tcp = boost::asio::ip::tcp;

std::string read_text(const fs::path& path) {
  std::ostringstream text;
  text << std::ifstream(path).rdbuf();
  return text.str();
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

uint16_t free_port() {
  boost::asio::io_context ioc;
  tcp::acceptor a(ioc, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0));
  return a.local_endpoint().port();
}

bool accepts(uint16_t port) {
  boost::asio::io_context ioc;
  tcp::socket s(ioc);
  boost::system::error_code ec;
  s.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port), ec);
  return !ec;
}

std::string nginx_binary() {
  for (const char* path : {"/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"})
    if (access(path, X_OK) == 0) return path;
  return {};
}

// nginx in the foreground with the repository's site config, in a directory of its own.
class Nginx {
 public:
  Nginx(const fs::path& dir, uint16_t sabbat_port, const CertificateFiles& cert) : dir_(dir) {
    const std::string binary = nginx_binary();
    if (binary.empty()) {
      error_ = "nginx is not installed (scripts/install-deps.sh installs it)";
      return;
    }
    https_port = free_port();
    http_port = free_port();
    std::string site = read_text(fs::path(SABBAT_SOURCE_DIR) / "deploy/nginx/sabbat.conf");
    replace_all(site, "listen [::]:443 ssl http2;", "");
    replace_all(site, "listen [::]:80;", "");
    replace_all(site, "listen 443 ", "listen 127.0.0.1:" + std::to_string(https_port) + " ");
    replace_all(site, "listen 80;", "listen 127.0.0.1:" + std::to_string(http_port) + ";");
    replace_all(site, "server 127.0.0.1:8080;",
                "server 127.0.0.1:" + std::to_string(sabbat_port) + ";");
    replace_all(site, "/etc/letsencrypt/live/games.example.org/fullchain.pem", cert.cert.string());
    replace_all(site, "/etc/letsencrypt/live/games.example.org/privkey.pem", cert.key.string());
    replace_all(site, "/var/www/letsencrypt", (dir / "webroot").string());
    replace_all(site, "games.example.org", "localhost");
    std::ofstream(dir / "site.conf") << site;
    const std::string d = dir.string();
    std::ofstream(dir / "nginx.conf")
        << "daemon off;\nmaster_process on;\nworker_processes 1;\npid " << d
        << "/nginx.pid;\nerror_log " << d
        << "/error.log info;\nevents { worker_connections 256; }\n"
        << "http {\n  access_log " << d << "/access.log;\n  client_body_temp_path " << d
        << "/body;\n  proxy_temp_path " << d << "/proxy;\n  fastcgi_temp_path " << d
        << "/fastcgi;\n  uwsgi_temp_path " << d << "/uwsgi;\n  scgi_temp_path " << d
        << "/scgi;\n  include " << d << "/site.conf;\n}\n";
    pid_ = fork();
    if (pid_ == 0) {
      // nginx ends with the test, even one that crashes.
      prctl(PR_SET_PDEATHSIG, SIGTERM);
      const int log = open((dir / "stderr.log").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(log, STDERR_FILENO);
      dup2(log, STDOUT_FILENO);
      execl(binary.c_str(), binary.c_str(), "-e", (d + "/error.log").c_str(), "-p", d.c_str(), "-c",
            (d + "/nginx.conf").c_str(), nullptr);
      _exit(127);
    }
    // A guard against an nginx that never starts, not a measured time.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!(accepts(https_port) && accepts(http_port))) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_ || std::chrono::steady_clock::now() > deadline) {
        pid_ = -1;
        error_ =
            "nginx did not start: " + read_text(dir / "stderr.log") + read_text(dir / "error.log");
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  ~Nginx() {
    if (pid_ <= 0) return;
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  const std::string& error() const { return error_; }
  std::string error_log() const { return read_text(dir_ / "error.log"); }

  uint16_t https_port = 0;
  uint16_t http_port = 0;

 private:
  fs::path dir_;
  pid_t pid_ = -1;
  std::string error_;
};

struct BehindNginx {
  BehindNginx() {
    ServerOptions o = TestServer::options_for(dir.path() / "data");
    o.trust_proxies = {"127.0.0.1"};
    server = std::make_unique<TestServer>(o);
    fs::create_directories(dir.path() / "nginx" / "webroot");
    nginx = std::make_unique<Nginx>(dir.path() / "nginx", server->port(), cert);
    // The relay connects from 127.0.0.2: a client that is not the proxy.
    if (nginx->error().empty())
      relay = std::make_unique<TlsRelay>(nginx->https_port, cert.cert, "127.0.0.2");
  }
  TempDir dir;
  CertificateFiles cert = make_certificate(dir.path(), "localhost");
  std::unique_ptr<TestServer> server;
  std::unique_ptr<Nginx> nginx;
  std::unique_ptr<TlsRelay> relay;
};

// A whole game through nginx's TLS, WebSocket upgrade included: it ends, and every viewer got
// only what it may see.
TEST(Nginx, WholeGameThroughTheReverseProxy) {
  BehindNginx site;
  ASSERT_EQ(site.nginx->error(), "");
  const Game& game = *registry().find("baba-yaga");
  TablePlan plan{game.id(), game.min_players(), quick_params(game, 2), {}};
  PlayedTable t = play_whole_game(site.relay->port(), plan);
  ASSERT_TRUE(t.record.result.has_value()) << "the game did not end";
  for (const Person& p : t.people)
    expect_wire_holds_only_what_viewer_sees(t.record, p.client->received, p.seat);
  expect_wire_holds_only_what_viewer_sees(t.record, t.spectator->received, kSpectator);
  const HttpAnswer a = http_get(site.relay->port(), "/api/games");
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.header("Strict-Transport-Security"), "max-age=31536000");
}

// Behind a trusted proxy, the client's address is the one nginx saw (127.0.0.2), not nginx's.
TEST(Nginx, ServerLogsTheClientsAddressFromTheTrustedProxy) {
  BehindNginx site;
  ASSERT_EQ(site.nginx->error(), "");
  // (Not half-closed after the request: nginx takes that for a client gone, and drops it.)
  const RawAnswer a =
      raw_exchange(site.relay->port(),
                   "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade, close\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   "Sec-WebSocket-Version: 13\r\nOrigin: https://elsewhere.example\r\n\r\n");
  EXPECT_EQ(a.statuses(), std::vector<int>{403});
  EXPECT_TRUE(site.server->logged("(from 127.0.0.2 (through 127.0.0.1:"))
      << site.nginx->error_log();
}

// Port 80 sends to HTTPS, but for certbot's challenges, which nginx serves from its webroot.
TEST(Nginx, PlainHttpGoesToHttpsButCertbotChallenges) {
  BehindNginx site;
  ASSERT_EQ(site.nginx->error(), "");
  HttpAnswer a = http_get(site.nginx->http_port, "/t/ABCDEF", {{"Host", "localhost"}});
  EXPECT_EQ(a.status, 308);
  EXPECT_EQ(a.header("Location"), "https://localhost/t/ABCDEF");
  fs::create_directories(site.dir.path() / "nginx/webroot/.well-known/acme-challenge");
  std::ofstream(site.dir.path() / "nginx/webroot/.well-known/acme-challenge/tok") << "tok.key";
  a = http_get(site.nginx->http_port, "/.well-known/acme-challenge/tok", {{"Host", "localhost"}});
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.body, "tok.key");
}

}  // namespace
}  // namespace sabbat::server::testing
