#include "server/server.hpp"

#include <sys/resource.h>
#include <unistd.h>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include <condition_variable>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <thread>

#include "core/untrusted.hpp"
#include "server/lobby/cluster.hpp"
#include "server/lobby/lobby.hpp"
#include "server/net/idle_watch.hpp"
#include "server/net/origin.hpp"
#include "server/net/tls.hpp"
#include "server/ops/context.hpp"
#include "server/sessions/listener.hpp"
#include "server/sessions/websocket_session.hpp"
#include "store/postgres.hpp"
#include "store/store.hpp"

namespace sabbat::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// Time for the last messages ("going-away") to reach the clients before the threads end.
constexpr auto kGoingAwayGrace = std::chrono::milliseconds(300);

// Sweeps the idle connections, then again a period later, until the io_context stops.
void sweep_idle(IdleWatch& watch, net::steady_timer& timer) {
  timer.expires_after(watch.sweep_period());
  timer.async_wait([&watch, &timer](const boost::system::error_code& ec) {
    if (ec) return;
    WebsocketSession::close_idle(watch);
    sweep_idle(watch, timer);
  });
}

// Every connection is a descriptor, and many systems start a program with a soft limit of
// 1,024 (about 250 tables of four): take all that the hard limit allows, and say when that is
// still little.
void use_every_descriptor(const Context& ctx) {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return;
  if (lim.rlim_cur < lim.rlim_max) {
    rlimit raised = lim;
    raised.rlim_cur = lim.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) lim = raised;
  }
  constexpr rlim_t kFew = 4096;
  if (lim.rlim_cur < kFew)
    ctx.log("this process may open " + std::to_string(lim.rlim_cur) +
            " files: as many connections at most, fewer than a busy server needs (raise the "
            "hard limit, ulimit -Hn)");
}

// The metrics port, at its own address: by default the loopback's, whatever --host is, so that
// the counts reach only whom the operator lets reach them.
Result<std::shared_ptr<Listener>> listen_for_metrics(net::io_context& ioc, Context& ctx) {
  const ServerOptions& options = ctx.options;
  boost::system::error_code ec;
  tcp::resolver resolver(ioc);
  auto endpoints = resolver.resolve(options.metrics_host, std::to_string(*options.metrics_port),
                                    tcp::resolver::passive, ec);
  if (ec || endpoints.empty())
    return fail("--metrics-host: cannot use '" + printable(options.metrics_host) +
                "': " + ec.message());
  auto listener = std::make_shared<Listener>(ioc, ctx, Door::Metrics);
  if (Status st = listener->listen(endpoints.begin()->endpoint()); !st)
    return fail("--metrics-port: " + st.error());
  return listener;
}

// A node's name when none is given: this machine's and the port's, the same after a restart,
// so that a restarted node takes back at once the tables it held.
std::string default_node_name(uint16_t port) {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0 || !*host) std::snprintf(host, sizeof host, "node");
  if (port == 0) return std::string(host) + "-" + std::to_string(getpid());
  return std::string(host) + ":" + std::to_string(port);
}

}  // namespace

struct Server::Impl {
  explicit Impl(ServerOptions o) : idle_watch(o.limits.idle_timeout), ctx(std::move(o)) {}

  // Declared in the order of their lives: the store's writer posts into the io_context, so
  // it must end first; the lobby's tables use the writer. Sessions leave the idle watch, and
  // count themselves out of the context's metrics, when they die, some of them only with the
  // io_context.
  IdleWatch idle_watch;
  Context ctx;
  net::io_context ioc;
  std::unique_ptr<Store> store;
  std::unique_ptr<WriteAhead> write_ahead;
  std::unique_ptr<Lobby> lobby;
  std::unique_ptr<Cluster> cluster;  // with a PostgreSQL store
  std::unique_ptr<TlsCertificate> tls;
  std::shared_ptr<Listener> listener;
  std::shared_ptr<Listener> redirect;          // with TLS and --redirect-port
  std::shared_ptr<Listener> metrics_listener;  // with --metrics-port
  std::optional<net::executor_work_guard<net::io_context::executor_type>> work;
  std::optional<net::signal_set> signals;
  std::optional<net::signal_set> reload_signals;
  std::optional<net::steady_timer> idle_sweep;
  std::vector<std::thread> threads;
  std::once_flag stop_once;
  std::mutex wait_mutex;
  bool joined = false;
  uint16_t port = 0;
  uint16_t redirect_port = 0;
  uint16_t metrics_port = 0;
};

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Server::~Server() {
  stop();
  wait();
}

Result<std::unique_ptr<Server>> Server::start(ServerOptions options) {
  auto impl = std::make_unique<Impl>(options);
  Context& ctx = impl->ctx;

  // The origins given, checked before anything is opened.
  std::vector<std::string> configured_origins;
  if (!options.public_url.empty()) {
    auto origin = origin_of_url(options.public_url);
    if (!origin) return fail("--public-url: " + origin.error());
    configured_origins.push_back(*origin);
  }
  for (const std::string& o : options.allow_origins) {
    auto origin = canonical_origin(o);
    if (!origin)
      return fail("--allow-origin: '" + printable(o, 200) +
                  "' is not an origin of the form http://HOST[:PORT] or https://HOST[:PORT]");
    configured_origins.push_back(*origin);
  }

  if (options.tls_cert.empty() != options.tls_key.empty())
    return fail(options.tls_cert.empty() ? "--tls-key needs --tls-cert: the certificate chain"
                                         : "--tls-cert needs --tls-key: the certificate's key");
  if (!options.tls_cert.empty()) {
    auto tls = TlsCertificate::load(options.tls_cert, options.tls_key);
    if (!tls) return fail(tls.error());
    impl->tls = std::move(*tls);
    ctx.tls = impl->tls.get();
  }
  if (options.redirect_port && !ctx.tls)
    return fail("--redirect-port sends to HTTPS: it needs --tls-cert and --tls-key");
  for (const std::string& proxy : options.trust_proxies) {
    boost::system::error_code bad;
    auto address = net::ip::make_address(proxy, bad);
    if (bad)
      return fail("--trust-proxy: '" + printable(proxy, 200) +
                  "' is not an IP address (the proxy's address as the server sees it, such as "
                  "127.0.0.1)");
    ctx.trusted_proxies.push_back(address);
  }

  // Tables in PostgreSQL are shared: the server claims those it held before a restart at
  // once, and the others when a client asks for them (cluster.hpp).
  const bool shared = postgres::is_postgresql_url(options.store);
  std::unique_ptr<SharedStore> control;
  if (shared) {
    if (options.lease < std::chrono::milliseconds(300))
      return fail("--lease-ms: at least 300 ms (three renewals fit in a lease)");
    const std::string node = options.node.empty() ? default_node_name(options.port) : options.node;
    ctx.log("connecting to the store " + postgres::without_password(options.store) + " (up to " +
            std::to_string(postgres::kConnectTimeoutSeconds) +
            " s unless its connect_timeout says)");
    auto store = open_postgresql_store(options.store, node, options.lease);
    if (!store) return fail(store.error());
    auto second = open_postgresql_store(options.store, node, options.lease);
    if (!second) return fail(second.error());
    impl->store = std::move(*store);
    control = std::move(*second);
  } else {
    if (!options.store.empty() && options.store.find("://") != std::string::npos)
      return fail("--store: '" + printable(postgres::without_password(options.store), 200) +
                  "' is neither a postgresql:// URL nor a file");
    std::error_code fs_error;
    std::filesystem::create_directories(options.data_dir, fs_error);
    if (fs_error)
      return fail("cannot create the data directory '" + options.data_dir +
                  "': " + fs_error.message());
    auto store = open_sqlite_store(
        options.store.empty() ? (std::filesystem::path(options.data_dir) / "sabbat.db").string()
                              : options.store);
    if (!store) return fail(store.error());
    impl->store = std::move(*store);
  }

  // Every table, read before the writer thread owns the store: the unfinished ones to play on,
  // the finished ones to serve their status and record. A node of a cluster reads only the
  // unfinished tables it holds.
  std::vector<StoredTable> unfinished, finished;
  for (bool done : {false, true}) {
    if (shared && done) break;
    auto codes = shared ? static_cast<SharedStore&>(*impl->store).held_tables()
                 : done ? impl->store->finished_tables()
                        : impl->store->unfinished_tables();
    if (!codes) return fail("cannot read the stored tables: " + codes.error());
    for (const std::string& code : *codes) {
      auto table = impl->store->load_table(code);
      if (!table) return fail("cannot read table " + code + ": " + table.error());
      if (table->has_value()) (done ? finished : unfinished).push_back(std::move(**table));
    }
  }
  use_every_descriptor(ctx);
  impl->write_ahead = std::make_unique<WriteAhead>(
      *impl->store, options.limits.commit_window,
      [metrics = ctx.metrics](std::chrono::nanoseconds took) { metrics->store_committed(took); });
  impl->lobby = std::make_unique<Lobby>(impl->ioc, ctx, *impl->write_ahead);
  ctx.lobby = impl->lobby.get();
  if (control) {
    impl->cluster =
        std::make_unique<Cluster>(impl->ioc, ctx, std::move(control), *impl->write_ahead);
    ctx.cluster = impl->cluster.get();
    impl->lobby->reach(impl->cluster.get());
  }

  boost::system::error_code ec;
  tcp::resolver resolver(impl->ioc);
  auto endpoints =
      resolver.resolve(options.host, std::to_string(options.port), tcp::resolver::passive, ec);
  if (ec || endpoints.empty())
    return fail("cannot use host '" + printable(options.host) + "': " + ec.message());
  const tcp::endpoint endpoint = endpoints.begin()->endpoint();
  impl->listener = std::make_shared<Listener>(impl->ioc, ctx, ctx.tls ? Door::Tls : Door::Plain);
  if (Status st = impl->listener->listen(endpoint); !st) return fail(st.error());
  impl->port = impl->listener->port();
  ctx.https_port = impl->port;
  if (options.redirect_port) {
    impl->redirect = std::make_shared<Listener>(impl->ioc, ctx, Door::Redirect);
    if (Status st =
            impl->redirect->listen(tcp::endpoint(endpoint.address(), *options.redirect_port));
        !st)
      return fail("--redirect-port: " + st.error());
    impl->redirect_port = impl->redirect->port();
  }
  if (options.metrics_port) {
    auto metrics = listen_for_metrics(impl->ioc, ctx);
    if (!metrics) return fail(metrics.error());
    impl->metrics_listener = std::move(*metrics);
    impl->metrics_port = impl->metrics_listener->port();
  }

  const auto origin = ctx.tls ? https_origin : http_origin;
  auto& allowed = ctx.allowed_origins;
  for (const char* loopback : {"127.0.0.1", "localhost", "::1"})
    allowed.push_back(origin(loopback, impl->port));
  if (!endpoint.address().is_unspecified()) allowed.push_back(origin(options.host, impl->port));
  allowed.insert(allowed.end(), configured_origins.begin(), configured_origins.end());

  if (options.public_url.empty()) {
    std::string host = endpoint.address().to_string();
    if (endpoint.address().is_v6()) host = "[" + host + "]";
    ctx.public_url = (ctx.tls ? "https://" : "http://") + host + ":" + std::to_string(impl->port);
  } else {
    ctx.public_url = options.public_url;
    while (!ctx.public_url.empty() && ctx.public_url.back() == '/') ctx.public_url.pop_back();
  }

  nlohmann::json started{{"url", ctx.public_url},
                         {"port", impl->port},
                         {"tls", ctx.tls != nullptr},
                         {"threads", std::max(1, options.threads)}};
  if (impl->redirect_port) started["redirect_port"] = impl->redirect_port;
  if (impl->metrics_port) started["metrics_port"] = impl->metrics_port;
  ctx.log.event("start", "listening at " + ctx.public_url, started);
  if (options.web_dir.empty())
    ctx.log.error("no web client found: only the API and WebSocket are served (--web DIR)");
  if (ctx.tls) ctx.log("serving HTTPS with " + ctx.tls->describe());
  if (impl->cluster)
    ctx.log("node " + impl->cluster->node() + " of a cluster on " +
            postgres::without_password(options.store) + " (lease " +
            std::to_string(options.lease.count()) + " ms)");
  const int restored = impl->lobby->restore(unfinished);
  if (restored > 0) ctx.log("restored " + std::to_string(restored) + " unfinished tables");
  const int ended = impl->lobby->restore(finished);
  if (ended > 0) ctx.log("restored " + std::to_string(ended) + " finished tables");

  impl->work.emplace(impl->ioc.get_executor());
  ctx.idle_watch = &impl->idle_watch;
  impl->idle_sweep.emplace(impl->ioc);
  sweep_idle(impl->idle_watch, *impl->idle_sweep);
  if (impl->cluster) impl->cluster->start();
  impl->listener->run();
  if (impl->redirect) impl->redirect->run();
  if (impl->metrics_listener) impl->metrics_listener->run();
  const int threads = std::max(1, options.threads);
  for (int i = 0; i < threads; ++i)
    impl->threads.emplace_back([&ioc = impl->ioc, &log = ctx.log] {
      // No exception may end a thread silently: a handler that throws is logged and the
      // thread goes on serving.
      for (;;) {
        try {
          ioc.run();
          return;
        } catch (const std::exception& e) {
          log.error(std::string("internal error in a handler: ") + e.what());
        }
      }
    });
  return std::unique_ptr<Server>(new Server(std::move(impl)));
}

uint16_t Server::port() const {
  return impl_->port;
}

uint16_t Server::redirect_port() const {
  return impl_->redirect_port;
}

uint16_t Server::metrics_port() const {
  return impl_->metrics_port;
}

Status Server::reload_certificate() {
  Impl& impl = *impl_;
  if (!impl.tls) return fail("no certificate to reload: the server was started without --tls-cert");
  if (Status st = impl.tls->reload(); !st) {
    impl.ctx.log.error("certificate not reloaded, the one in use stays: " + st.error());
    return st;
  }
  impl.ctx.log("certificate reloaded: " + impl.tls->describe());
  return {};
}

std::string Server::url() const {
  return impl_->ctx.public_url;
}

void Server::stop() {
  Impl& impl = *impl_;
  std::call_once(impl.stop_once, [&impl] {
    impl.ctx.log.event("stop", "stopping: clients are told the server is going away");
    impl.listener->stop();
    if (impl.cluster) impl.cluster->stop();
    if (impl.redirect) impl.redirect->stop();
    if (impl.metrics_listener) impl.metrics_listener->stop();
    impl.lobby->close_all();
    auto grace = std::make_shared<net::steady_timer>(impl.ioc, kGoingAwayGrace);
    grace->async_wait([grace, &impl](const boost::system::error_code&) {
      if (impl.signals) impl.signals->cancel();
      if (impl.reload_signals) impl.reload_signals->cancel();
      impl.work.reset();
      impl.ioc.stop();
    });
  });
}

void Server::wait() {
  std::lock_guard lock(impl_->wait_mutex);
  if (impl_->joined) return;
  for (auto& t : impl_->threads) t.join();
  // Everything accepted is durable before the store closes.
  impl_->write_ahead->flush();
  if (impl_->cluster) {
    // Stored, the tables may go: the other nodes take them as soon as their clients arrive.
    impl_->write_ahead->run(
        [](Store& store) { return static_cast<SharedStore&>(store).release_all(); },
        [&log = impl_->ctx.log](const Status& st) {
          if (!st) log.error(st.error());
        });
    impl_->write_ahead->flush();
  }
  impl_->joined = true;
  impl_->ctx.log.event("stopped", "stopped: every accepted action is stored");
}

void Server::stop_on_signals() {
  Impl& impl = *impl_;
  impl.signals.emplace(impl.ioc, SIGINT, SIGTERM);
  impl.signals->async_wait([this](const boost::system::error_code& ec, int) {
    if (!ec) stop();
  });
  impl.reload_signals.emplace(impl.ioc, SIGHUP);
  reload_on_hangup();
}

void Server::reload_on_hangup() {
  impl_->reload_signals->async_wait([this](const boost::system::error_code& ec, int) {
    if (ec) return;
    if (impl_->tls)
      (void)reload_certificate();  // logged either way
    else
      impl_->ctx.log("SIGHUP: nothing to reload (no --tls-cert)");
    reload_on_hangup();
  });
}

}  // namespace sabbat::server
