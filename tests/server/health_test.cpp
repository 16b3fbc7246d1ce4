// GET /healthz (docs/hosting.md, "Health"): 200 when the store takes its write lock, as a
// commit would; 503 when it cannot within the wait, without the machine's details.
#include <gtest/gtest.h>
#include <sqlite3.h>

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
  // Let go: the store answers again.
  ASSERT_EQ(sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(other);
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
}

}  // namespace
}  // namespace sabbat::server::testing
