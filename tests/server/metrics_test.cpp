// GET /metrics on --metrics-port (docs/protocol.md, "Metrics"): Prometheus's text format on a
// port of its own, off by default, and counts that follow what the server does.
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>
#include <thread>

#include "play.hpp"

namespace sabbat::server::testing {
namespace {

// Only a guard against a hung test, not a measured time: every wait ends far sooner.
constexpr auto kSafety = std::chrono::seconds(20);

using Labels = std::map<std::string, std::string>;

struct Sample {
  std::string name;
  Labels labels;
  double value = 0;
};

// One answer of /metrics, read as Prometheus reads it.
struct Scrape {
  std::string text;
  std::vector<Sample> samples;
  std::map<std::string, std::string> types;  // by metric name, from `# TYPE`
  std::map<std::string, std::string> helps;  // by metric name, from `# HELP`

  // The value of the sample with exactly these labels; NaN when there is none.
  double value(const std::string& name, const Labels& labels = {}) const {
    for (const Sample& s : samples)
      if (s.name == name && s.labels == labels) return s.value;
    return std::nan("");
  }
  std::vector<const Sample*> named(const std::string& name) const {
    std::vector<const Sample*> out;
    for (const Sample& s : samples)
      if (s.name == name) out.push_back(&s);
    return out;
  }
};

bool name_char(char c, bool first) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == ':' ||
         (!first && std::isdigit(static_cast<unsigned char>(c)));
}

// `name{label="value",...} number`; false on anything else.
bool parse_sample(const std::string& line, Sample& out) {
  size_t i = 0;
  while (i < line.size() && name_char(line[i], i == 0)) ++i;
  if (i == 0) return false;
  out.name = line.substr(0, i);
  if (i < line.size() && line[i] == '{') {
    ++i;
    while (i < line.size() && line[i] != '}') {
      const size_t from = i;
      while (i < line.size() && name_char(line[i], i == from) && line[i] != ':') ++i;
      if (i == from || line.compare(i, 2, "=\"") != 0) return false;
      const std::string label = line.substr(from, i - from);
      i += 2;
      std::string value;
      while (i < line.size() && line[i] != '"') {
        if (line[i] == '\\' && i + 1 < line.size()) ++i;
        value += line[i++];
      }
      if (i == line.size()) return false;
      ++i;  // the closing quote
      out.labels[label] = value;
      if (i < line.size() && line[i] == ',') ++i;
    }
    if (i == line.size()) return false;
    ++i;  // }
  }
  if (i >= line.size() || line[i] != ' ') return false;
  const std::string number = line.substr(i + 1);
  if (number.empty() || number.find(' ') != std::string::npos) return false;
  char* end = nullptr;
  out.value = std::strtod(number.c_str(), &end);
  return end == number.c_str() + number.size();
}

// Every line is a HELP, a TYPE or a sample; the test fails on any other.
Scrape parse_exposition(const std::string& text) {
  Scrape s;
  s.text = text;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    if (line.starts_with("# HELP ") || line.starts_with("# TYPE ")) {
      const std::string rest = line.substr(7);
      const size_t space = rest.find(' ');
      EXPECT_NE(space, std::string::npos) << line;
      if (space == std::string::npos) continue;
      auto& into = line[2] == 'H' ? s.helps : s.types;
      into[rest.substr(0, space)] = rest.substr(space + 1);
      continue;
    }
    Sample sample;
    EXPECT_TRUE(parse_sample(line, sample)) << "not a sample line: " << line;
    s.samples.push_back(std::move(sample));
  }
  return s;
}

// The metric a sample belongs to: its own name, or a histogram's for its series.
std::string family_of(const Scrape& s, const std::string& name) {
  if (s.types.count(name)) return name;
  for (std::string_view suffix : {"_bucket", "_sum", "_count"})
    if (name.ends_with(suffix)) {
      const std::string base = name.substr(0, name.size() - suffix.size());
      auto it = s.types.find(base);
      if (it != s.types.end() && it->second == "histogram") return base;
    }
  return {};
}

Scrape scrape(uint16_t metrics_port) {
  HttpAnswer a = http_get(metrics_port, "/metrics");
  EXPECT_EQ(a.status, 200) << a.body;
  return parse_exposition(a.body);
}

// Scrapes until `holds` is true of one answer: the counts follow the server's threads, a
// moment after what the client saw. Fails the test after the safety timeout.
template <class Holds>
Scrape scrape_until(uint16_t metrics_port, Holds holds, const std::string& what) {
  const auto deadline = std::chrono::steady_clock::now() + kSafety;
  for (;;) {
    Scrape s = scrape(metrics_port);
    if (holds(s)) return s;
    if (std::chrono::steady_clock::now() > deadline) {
      ADD_FAILURE() << "the metrics never showed " << what << "; the last answer:\n" << s.text;
      return s;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

// Waits until the sample with these labels has this value.
Scrape scrape_until_value(uint16_t metrics_port, const std::string& name, const Labels& labels,
                          double value) {
  std::string what = name;
  for (const auto& [k, v] : labels) what += " " + k + "=" + v;
  return scrape_until(
      metrics_port, [&](const Scrape& s) { return s.value(name, labels) == value; },
      what + " at " + std::to_string(value));
}

ServerOptions with_metrics(const TempDir& dir, Limits limits = {}) {
  ServerOptions o = TestServer::options_for(dir.path(), limits);
  o.metrics_port = 0;
  return o;
}

uint16_t metrics_port(TestServer& server) {
  const uint16_t port = server.server().metrics_port();
  EXPECT_NE(port, 0);
  EXPECT_NE(port, server.port());
  return port;
}

Labels role(const char* r) {
  return {{"role", r}};
}

// Sortilèges for two people, watched by a spectator or not.
TablePlan two_people(bool spectator = true) {
  TablePlan plan;
  plan.game = "sortileges";
  plan.players = 2;
  plan.spectator = spectator;
  return plan;
}

TEST(MetricsPort, ServesTheTextFormatWithATypeAndAHelpForEveryName) {
  TempDir dir;
  TestServer server(with_metrics(dir));
  HttpAnswer a = http_get(metrics_port(server), "/metrics");
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.content_type, "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(a.header("Cache-Control"), "no-store");
  const Scrape s = parse_exposition(a.body);
  ASSERT_FALSE(s.samples.empty());
  for (const Sample& sample : s.samples) {
    const std::string family = family_of(s, sample.name);
    EXPECT_FALSE(family.empty()) << sample.name << " has no # TYPE";
    EXPECT_TRUE(s.helps.count(family)) << family << " has no # HELP";
    EXPECT_TRUE(family.starts_with("sabbat_")) << family;
  }
  const std::map<std::string, std::string> expected = {
      {"sabbat_build_info", "gauge"},
      {"sabbat_start_time_seconds", "gauge"},
      {"sabbat_tables", "gauge"},
      {"sabbat_connections", "gauge"},
      {"sabbat_http_requests_total", "counter"},
      {"sabbat_actions_total", "counter"},
      {"sabbat_messages_rate_limited_total", "counter"},
      {"sabbat_stand_ins_playing", "gauge"},
      {"sabbat_store_commit_seconds", "histogram"}};
  EXPECT_EQ(s.types, expected);
  EXPECT_EQ(s.value("sabbat_build_info", {{"version", "0.1"}}), 1);
  EXPECT_GT(s.value("sabbat_start_time_seconds"), 0);
  for (const char* state : {"waiting", "playing", "finished"})
    EXPECT_EQ(s.value("sabbat_tables", {{"state", state}}), 0) << state;
  for (const char* r : {"player", "spectator", "none"})
    EXPECT_EQ(s.value("sabbat_connections", role(r)), 0) << r;
  for (const char* outcome : {"applied", "refused"})
    EXPECT_EQ(s.value("sabbat_actions_total", {{"outcome", outcome}}), 0) << outcome;
  EXPECT_EQ(s.value("sabbat_messages_rate_limited_total"), 0);
  EXPECT_EQ(s.value("sabbat_stand_ins_playing"), 0);
  // This request is read before its answer is written.
  EXPECT_GE(s.value("sabbat_http_requests_total"), 1);
}

TEST(MetricsPort, ServesOnlyMetricsAndHealthz) {
  TempDir dir;
  TestServer server(with_metrics(dir));
  const uint16_t port = metrics_port(server);
  HttpAnswer health = http_get(port, "/healthz");
  EXPECT_EQ(health.status, 200) << health.body;
  EXPECT_EQ(health.content_type, "application/json");
  for (const char* other : {"/", "/api/games", "/api/tables", "/ws", "/t/abc", "/metrics/x"})
    EXPECT_EQ(http_get(port, other).status, 404) << other;
  // A WebSocket upgrade is refused there too.
  RawAnswer upgrade = raw_exchange(port,
                                   "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                   "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
                                   true);
  EXPECT_EQ(upgrade.statuses(), std::vector<int>{404}) << upgrade.bytes;
}

TEST(MetricsPort, MetricsAreNotServedOnThePublicPort) {
  TempDir dir;
  TestServer server(with_metrics(dir));
  HttpAnswer a = http_get(server.port(), "/metrics");
  EXPECT_EQ(a.status, 404) << a.body;
  EXPECT_EQ(a.body.find("sabbat_"), std::string::npos);
}

TEST(MetricsPort, IsAbsentWithoutTheFlag) {
  TempDir dir;
  TestServer server(dir.path());
  EXPECT_EQ(server.server().metrics_port(), 0);
  EXPECT_EQ(http_get(server.port(), "/metrics").status, 404);
}

TEST(MetricsPort, APortInUseStopsTheStartNamingTheFlag) {
  TempDir first_dir, second_dir;
  TestServer first(first_dir.path());
  ServerOptions o = with_metrics(second_dir);
  o.metrics_port = first.port();
  auto started = Server::start(o);
  ASSERT_FALSE(started.ok());
  EXPECT_NE(started.error().find("--metrics-port"), std::string::npos) << started.error();
}

// People's actions are applied, the table finishes, and each connection is counted in its
// role while it is open, then no more.
TEST(MetricsCounts, AWholeGameMovesTablesActionsAndConnections) {
  TempDir dir;
  TestServer server(with_metrics(dir));
  const uint16_t port = metrics_port(server);
  {
    Client idle(server.port());  // at no table
    scrape_until_value(port, "sabbat_connections", role("none"), 1);
    PlayedTable t = play_whole_game(server.port(), two_people());
    ASSERT_FALSE(t.record.actions.empty());
    int64_t by_people = 0;
    for (const RecordedAction& a : t.record.actions) by_people += a.seat >= 0;

    // The creator's connection, at no table, has closed; the people and the spectator remain.
    Scrape s = scrape_until(
        port,
        [](const Scrape& x) {
          return x.value("sabbat_connections", role("player")) == 2 &&
                 x.value("sabbat_connections", role("spectator")) == 1 &&
                 x.value("sabbat_connections", role("none")) == 1;
        },
        "two players, one spectator and one connection at no table");
    EXPECT_EQ(s.value("sabbat_tables", {{"state", "finished"}}), 1);
    EXPECT_EQ(s.value("sabbat_tables", {{"state", "playing"}}), 0);
    EXPECT_EQ(s.value("sabbat_tables", {{"state", "waiting"}}), 0);
    EXPECT_GE(s.value("sabbat_actions_total", {{"outcome", "applied"}}), double(by_people));
    EXPECT_EQ(s.value("sabbat_actions_total", {{"outcome", "refused"}}), 0);
    EXPECT_EQ(s.value("sabbat_stand_ins_playing"), 0);
  }
  Scrape s = scrape_until(
      port,
      [](const Scrape& x) {
        for (const char* r : {"player", "spectator", "none"})
          if (x.value("sabbat_connections", role(r)) != 0) return false;
        return true;
      },
      "no connection left once every client closed");
  EXPECT_EQ(s.value("sabbat_tables", {{"state", "finished"}}), 1);
}

// The tables a restart brings back are counted in their state like any other.
TEST(MetricsCounts, RestoredTablesAreCountedInTheirState) {
  TempDir dir;
  {
    TestServer server(dir.path());
    play_whole_game(server.port(), two_people(false));
    Client creator(server.port());
    Created waiting = create_table(creator, two_people(false));
    Created playing = create_table(creator, two_people(false));
    Person a = join(server.port(), playing.table, 0, "Morgane");
    Person b = join(server.port(), playing.table, 1, "Viviane");
    ASSERT_FALSE(b.client->next_of("state").is_null());
  }
  TestServer again(with_metrics(dir));
  // The unfinished ones take up their game on their own strands as the threads start.
  scrape_until(
      metrics_port(again),
      [](const Scrape& x) {
        for (const char* state : {"waiting", "playing", "finished"})
          if (x.value("sabbat_tables", {{"state", state}}) != 1) return false;
        return true;
      },
      "one table waiting, one playing, one finished");
}

TEST(MetricsCounts, AnIllegalActIsCountedRefused) {
  TempDir dir;
  TestServer server(with_metrics(dir));
  const uint16_t port = metrics_port(server);
  Client creator(server.port());
  Created t = create_table(creator, two_people(false));
  scrape_until_value(port, "sabbat_tables", {{"state", "waiting"}}, 1);
  Person a = join(server.port(), t.table, 0, "Morgane");
  Person b = join(server.port(), t.table, 1, "Viviane");
  scrape_until_value(port, "sabbat_tables", {{"state", "playing"}}, 1);
  a.client->send({{"type", "act"}, {"seq", 1}, {"action", "fly away on the broom"}});
  json refused = a.client->next_of("refused");
  EXPECT_EQ(refused.value("code", ""), "illegal") << refused.dump();
  Scrape s = scrape_until_value(port, "sabbat_actions_total", {{"outcome", "refused"}}, 1);
  EXPECT_EQ(s.value("sabbat_actions_total", {{"outcome", "applied"}}), 0);
  EXPECT_EQ(s.value("sabbat_connections", role("player")), 2);
}

TEST(MetricsCounts, RateLimitedMessagesAreCounted) {
  TempDir dir;
  Limits limits;
  limits.messages_per_second = 2;
  TestServer server(with_metrics(dir, limits));
  const uint16_t port = metrics_port(server);
  Client c(server.port());
  constexpr int kSent = 12;
  for (int i = 0; i < kSent; ++i) c.send({{"type", "ping"}, {"id", i}});
  int limited = 0;
  for (int i = 0; i < kSent; ++i) limited += c.next().value("code", "") == "rate-limited";
  ASSERT_GE(limited, 1);
  scrape_until_value(port, "sabbat_messages_rate_limited_total", {}, limited);
}

TEST(MetricsCounts, CommitHistogramGrowsAndItsBucketsAreCumulative) {
  TempDir dir;
  TestServer server(with_metrics(dir));
  const uint16_t port = metrics_port(server);
  const double before = scrape(port).value("sabbat_store_commit_seconds_count");
  ASSERT_EQ(before, 0);
  play_whole_game(server.port(), two_people(false));
  // Each action is committed before its seat is told it was accepted.
  const Scrape s = scrape(port);
  const double count = s.value("sabbat_store_commit_seconds_count");
  EXPECT_GT(count, before);

  const std::vector<std::string> bounds = {"0.0005", "0.001", "0.0025", "0.005", "0.01",
                                           "0.025",  "0.05",  "0.1",    "0.25",  "0.5",
                                           "1",      "2.5",   "+Inf"};
  std::vector<std::string> les;
  double previous = 0;
  for (const Sample* b : s.named("sabbat_store_commit_seconds_bucket")) {
    les.push_back(b->labels.at("le"));
    EXPECT_GE(b->value, previous) << "the bucket le=" << les.back() << " holds fewer";
    previous = b->value;
  }
  EXPECT_EQ(les, bounds);
  EXPECT_EQ(previous, count) << "the +Inf bucket is the count";
  EXPECT_GE(s.value("sabbat_store_commit_seconds_sum"), 0);
}

TEST(MetricsCounts, AStandInIsCountedWhileItsPersonIsAway) {
  TempDir dir;
  TestServer server(with_metrics(dir));
  const uint16_t port = metrics_port(server);
  Client creator(server.port());
  creator.send({{"type", "create"},
                {"game", "sortileges"},
                {"players", 2},
                {"seats", {{{"human", true}}, {{"human", true}}}},
                {"seed", "11"},
                {"stand_in_after_ms", 100}});
  const std::string table = creator.next().value("table", "");
  ASSERT_FALSE(table.empty());
  Person a = join(server.port(), table, 0, "Morgane");
  Person b = join(server.port(), table, 1, "Viviane");
  scrape_until_value(port, "sabbat_tables", {{"state", "playing"}}, 1);
  EXPECT_EQ(scrape(port).value("sabbat_stand_ins_playing"), 0);

  a.client.reset();  // seat 0's person goes away; seat 1's stays, so the game goes on
  Scrape s = scrape_until_value(port, "sabbat_stand_ins_playing", {}, 1);
  EXPECT_EQ(s.value("sabbat_connections", role("player")), 1);

  Client back(server.port());
  back.send({{"type", "rejoin"}, {"table", table}, {"token", a.token}});
  ASSERT_EQ(back.next_of("joined").value("seat", -1), 0);
  s = scrape_until_value(port, "sabbat_stand_ins_playing", {}, 0);
  EXPECT_EQ(s.value("sabbat_connections", role("player")), 2);
}

}  // namespace
}  // namespace sabbat::server::testing
