#include "support/postgres_server.hpp"

#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace sabbat::testing {

namespace {

std::string script() {
  return std::string(SABBAT_SOURCE_DIR) + "/scripts/postgres.sh";
}

// Runs the script; throws with what it printed when it fails.
void run_script(const std::string& args) {
  const std::string command = "bash '" + script() + "' " + args + " >/dev/null";
  if (std::system(command.c_str()) != 0)
    throw std::runtime_error("cannot run PostgreSQL for the tests: " + command);
}

// The server this program started, stopped at exit.
struct OwnServer {
  std::string dir;
  ~OwnServer() {
    if (dir.empty()) return;
    const std::string command = "bash '" + script() + "' stop '" + dir + "' >/dev/null 2>&1";
    if (std::system(command.c_str()) != 0) {
      // Stopping is best effort: the folder goes below either way.
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
};

// One statement on a database of the server (its maintenance database by default); a
// query's first value.
std::string admin(const std::string& sql, const std::string& database = "postgres") {
  return query_database("host=" + postgres_dir() + " user=sabbat dbname=" + database, sql);
}

}  // namespace

std::string query_database(const std::string& target, const std::string& sql) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(target.c_str()), &PQfinish);
  if (PQstatus(conn.get()) != CONNECTION_OK)
    throw std::runtime_error("cannot reach the tests' PostgreSQL: " +
                             std::string(PQerrorMessage(conn.get())));
  PQsetNoticeProcessor(
      conn.get(), [](void*, const char*) {}, nullptr);
  std::unique_ptr<PGresult, decltype(&PQclear)> r(PQexec(conn.get(), sql.c_str()), &PQclear);
  if (PQresultStatus(r.get()) == PGRES_TUPLES_OK)
    return PQntuples(r.get()) > 0 ? PQgetvalue(r.get(), 0, 0) : "";
  if (PQresultStatus(r.get()) != PGRES_COMMAND_OK)
    throw std::runtime_error(sql + ": " + PQerrorMessage(conn.get()));
  return "";
}

const std::string& postgres_dir() {
  static OwnServer own;
  static std::string dir;
  static std::once_flag once;
  std::call_once(once, [] {
    if (const char* given = std::getenv("SABBAT_TEST_POSTGRES"); given && *given) {
      dir = given;
      return;
    }
    dir = (std::filesystem::temp_directory_path() / ("sabbat-postgres-" + std::to_string(getpid())))
              .string();
    run_script("start '" + dir + "' --fast");
    own.dir = dir;
  });
  return dir;
}

TestDatabase::TestDatabase() {
  static std::atomic<int> counter = 0;
  name_ = "test_" + std::to_string(getpid()) + "_" + std::to_string(++counter);
  admin("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
  admin("CREATE DATABASE " + name_);
  url_ = "postgresql:///" + name_ + "?host=" + postgres_dir() + "&user=sabbat";
}

std::string TestDatabase::query(const std::string& sql) const {
  return admin(sql, name_);
}

void TestDatabase::wait_until_unused() const {
  for (int tries = 0; tries < 3000; ++tries) {
    if (admin("SELECT count(*) FROM pg_stat_activity WHERE datname = '" + name_ + "'") == "0")
      return;
    usleep(10000);
  }
  throw std::runtime_error("a session on " + name_ + " outlived its client by 30 s");
}

TestDatabase::~TestDatabase() {
  try {
    admin("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
  } catch (const std::exception&) {
    // The server may be gone already (the end of the run): nothing is left to drop then.
  }
}

}  // namespace sabbat::testing
