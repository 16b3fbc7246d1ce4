#pragma once
// PostgreSQL for the tests: the server ctest starts for the whole run (SABBAT_TEST_POSTGRES
// names its folder, see CMakeLists.txt), or else one this program starts for itself with
// scripts/postgres.sh and stops when it ends. Each test takes a database of its own.
#include <string>

namespace sabbat::testing {

// The folder of the tests' PostgreSQL server, started if need be; its socket is there.
const std::string& postgres_dir();

// The first value of a query ("" without rows) on the database at `target` (a libpq URL or
// connection string); throws when it cannot be reached or the query fails.
std::string query_database(const std::string& target, const std::string& sql);

// A new empty database on the tests' server, dropped when this ends.
class TestDatabase {
 public:
  TestDatabase();
  ~TestDatabase();
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;
  // The libpq URL of the database, as `sabbat serve --store` takes it.
  const std::string& url() const { return url_; }
  const std::string& name() const { return name_; }
  // Waits (up to 30 s) until no session is connected to the database: a killed client's
  // session ends its transaction (committing what it had sent COMMIT for) only after the
  // client died.
  void wait_until_unused() const;
  // The first value of a query on the database ("" without rows).
  std::string query(const std::string& sql) const;

 private:
  std::string name_;
  std::string url_;
};

}  // namespace sabbat::testing
