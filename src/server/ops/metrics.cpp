#include "server/ops/metrics.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>

namespace sabbat::server {

namespace {

using std::chrono::nanoseconds;

// As `sabbat --version` says.
constexpr std::string_view kVersion = "0.1";

std::string number(double v) {
  char buf[32];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

// The HELP and TYPE lines of one metric.
void head(std::string& out, std::string_view name, std::string_view type, std::string_view help) {
  out.append("# HELP ").append(name).append(" ").append(help).append("\n");
  out.append("# TYPE ").append(name).append(" ").append(type).append("\n");
}

void sample(std::string& out, std::string_view name, std::string_view labels, int64_t value) {
  out.append(name).append(labels).append(" ").append(std::to_string(value)).append("\n");
}

}  // namespace

const std::array<nanoseconds, Metrics::kBounds> Metrics::kCommitBounds = {
    nanoseconds(500'000),     nanoseconds(1'000'000),     nanoseconds(2'500'000),
    nanoseconds(5'000'000),   nanoseconds(10'000'000),    nanoseconds(25'000'000),
    nanoseconds(50'000'000),  nanoseconds(100'000'000),   nanoseconds(250'000'000),
    nanoseconds(500'000'000), nanoseconds(1'000'000'000), nanoseconds(2'500'000'000)};
const std::array<const char*, Metrics::kBounds> Metrics::kCommitLabels = {
    "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025",
    "0.05",   "0.1",   "0.25",   "0.5",   "1",    "2.5"};

Metrics::Metrics()
    : started_(std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
                   .count()) {}

void Metrics::table_moved(TableState from, TableState to) {
  tables_[at(from)].add(-1);
  tables_[at(to)].add(1);
}

void Metrics::store_committed(nanoseconds took) {
  const auto bucket = std::lower_bound(kCommitBounds.begin(), kCommitBounds.end(), took);
  commits_[size_t(bucket - kCommitBounds.begin())].add(1);
  commit_nanoseconds_.add(took.count());
}

void Metrics::write_commit_histogram(std::string& out) const {
  constexpr std::string_view kName = "sabbat_store_commit_seconds";
  head(out, kName, "histogram",
       "Seconds the store took to commit one transaction of the write-ahead: the actions "
       "played meanwhile, written and synced to disk before anyone is told of them.");
  // The count is the last cumulative bucket, so that the two always agree.
  int64_t below = 0;
  for (size_t i = 0; i <= kBounds; ++i) {
    below += commits_[i].get();
    const std::string le = i < kBounds ? kCommitLabels[i] : "+Inf";
    sample(out, std::string(kName) + "_bucket", "{le=\"" + le + "\"}", below);
  }
  out.append(kName).append("_sum ").append(number(double(commit_nanoseconds_.get()) / 1e9));
  out.append("\n");
  sample(out, std::string(kName) + "_count", "", below);
}

std::string Metrics::text() const {
  std::string out;
  out.reserve(4096);
  head(out, "sabbat_build_info", "gauge",
       "The version of the running program, as a label; always 1.");
  sample(out, "sabbat_build_info", "{version=\"" + std::string(kVersion) + "\"}", 1);
  head(out, "sabbat_start_time_seconds", "gauge",
       "When the server started, in seconds since the Unix epoch.");
  out.append("sabbat_start_time_seconds ").append(number(started_)).append("\n");

  head(out, "sabbat_tables", "gauge",
       "Tables the server holds, by the state of their game: waiting for people, playing, or "
       "finished (kept to serve their record).");
  sample(out, "sabbat_tables", "{state=\"waiting\"}", tables_[at(TableState::Waiting)].get());
  sample(out, "sabbat_tables", "{state=\"playing\"}", tables_[at(TableState::Playing)].get());
  sample(out, "sabbat_tables", "{state=\"finished\"}", tables_[at(TableState::Finished)].get());

  // Read apart, the counts may disagree for an instant while a connection ends: never below 0.
  const int64_t players = roles_[at(Role::Player)].get();
  const int64_t spectators = roles_[at(Role::Spectator)].get();
  const int64_t none = std::max<int64_t>(0, connections_.get() - players - spectators);
  head(out, "sabbat_connections", "gauge",
       "Open WebSocket connections, by role: a seat's person (player), a spectator, or at no "
       "table yet (none).");
  sample(out, "sabbat_connections", "{role=\"player\"}", players);
  sample(out, "sabbat_connections", "{role=\"spectator\"}", spectators);
  sample(out, "sabbat_connections", "{role=\"none\"}", none);

  head(out, "sabbat_http_requests_total", "counter",
       "HTTP requests read, on every port: pages, API calls, WebSocket upgrades and these "
       "scrapes.");
  sample(out, "sabbat_http_requests_total", "", http_requests_.get());

  head(out, "sabbat_actions_total", "counter",
       "Actions applied to games (people's act messages, and the moves of bots and stand-ins; "
       "not the clock's deadlines), and act messages the table refused.");
  sample(out, "sabbat_actions_total", "{outcome=\"applied\"}", actions_applied_.get());
  sample(out, "sabbat_actions_total", "{outcome=\"refused\"}", actions_refused_.get());

  head(out, "sabbat_messages_rate_limited_total", "counter",
       "WebSocket messages refused because their connection sent more than its messages per "
       "second.");
  sample(out, "sabbat_messages_rate_limited_total", "", rate_limited_.get());

  head(out, "sabbat_stand_ins_playing", "gauge",
       "Seats of games under way played by a stand-in bot because their person is away.");
  sample(out, "sabbat_stand_ins_playing", "", stand_ins_.get());

  write_commit_histogram(out);
  return out;
}

}  // namespace sabbat::server
