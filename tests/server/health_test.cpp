// GET /healthz (docs/hosting.md, "Health"): 200 when the store takes its write lock, as a
// commit would; 503 when it cannot within the wait, or when the disk refused the last write,
// without the machine's details, and with the reason in the log.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/resource.h>

#include <csignal>

#include "harness.hpp"

namespace sabbat::server::testing {
namespace {

TEST(Health, AnswersOkWhenTheStoreTakesItsWriteLock) {
  TempDir dir;
  TestServer server(dir.path());
  HttpAnswer a = http_get(server.port(), "/healthz");
  EXPECT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.content_type, "application/json");
  EXPECT_EQ(a.header("Cache-Control"), "no-store");
  const json body = json::parse(a.body);
  EXPECT_EQ(body.value("status", ""), "ok");
  EXPECT_EQ(body.value("store", ""), "writable");
}

TEST(Health, AnswersServiceUnavailableWhileAnotherWriterHoldsTheStore) {
  TempDir dir;
  TestServer server(dir.path());
  // Another program holds the store's write lock: the server cannot commit.
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path() / "sabbat.db").string().c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  HttpAnswer stuck = http_get(server.port(), "/healthz");
  EXPECT_EQ(stuck.status, 503) << stuck.body;
  const json body = json::parse(stuck.body);
  EXPECT_EQ(body.value("status", ""), "failing");
  EXPECT_EQ(stuck.body.find(dir.path().string()), std::string::npos) << "a path was shown";
  EXPECT_TRUE(server.logged("health check failed: the store did not take its write lock"))
      << "a 503 that the log does not explain";
  // Let go: the store answers again.
  ASSERT_EQ(sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(other);
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
}

// A disk that fills while the server runs: the write lock is still free, but writes fail.
// The process may extend no file (RLIMIT_FSIZE 0), as on a full disk; health says failing from
// the first refused write until a write passes again.
TEST(Health, AnswersServiceUnavailableAfterTheDiskRefusedAWriteUntilOnePasses) {
  TempDir dir;
  TestServer server(dir.path());
  Client c(server.port());
  ASSERT_EQ(http_get(server.port(), "/healthz").status, 200);
  std::signal(SIGXFSZ, SIG_IGN);  // a refused write fails with EFBIG rather than a signal
  rlimit was{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &was), 0);
  const rlimit full{0, was.rlim_max};
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &full), 0);
  c.send({{"type", "create"},
          {"game", "sortileges"},
          {"players", 2},
          {"seats", json::array({json{{"human", true}}, json{{"bot", "random"}}})}});
  const json refused = c.next();
  EXPECT_NE(refused.value("type", ""), "created") << refused.dump();
  const HttpAnswer failing = http_get(server.port(), "/healthz");
  EXPECT_EQ(failing.status, 503) << failing.body;
  EXPECT_TRUE(server.logged("health check failed: the last writes to the store failed"));
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &was), 0);
  const HttpAnswer again = http_get(server.port(), "/healthz");
  EXPECT_EQ(again.status, 200) << again.body;
}

}  // namespace
}  // namespace sabbat::server::testing
