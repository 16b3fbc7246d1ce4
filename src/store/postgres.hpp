#pragma once
// A thin owner of libpq's handles: a connection is closed and a result cleared exactly once,
// and every failure becomes an Error carrying PostgreSQL's own message.
#include <libpq-fe.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace sabbat::postgres {

// A statement's rows, as text (libpq's text format).
class Rows {
 public:
  Rows() = default;
  explicit Rows(PGresult* r) : result_(r) {}
  int size() const { return result_ ? PQntuples(result_.get()) : 0; }
  bool null(int row, int column) const { return PQgetisnull(result_.get(), row, column) != 0; }
  std::string text(int row, int column) const {
    return std::string(PQgetvalue(result_.get(), row, column),
                       size_t(PQgetlength(result_.get(), row, column)));
  }
  int64_t integer(int row, int column) const;
  // Rows an INSERT, UPDATE or DELETE changed.
  int64_t affected() const;

 private:
  struct Clear {
    void operator()(PGresult* r) const { PQclear(r); }
  };
  std::unique_ptr<PGresult, Clear> result_;
};

// A parameter: text, or SQL NULL.
using Param = std::optional<std::string>;

// How long a connection may take to be made, handshake included, unless the URL's own
// connect_timeout says otherwise.
constexpr int kConnectTimeoutSeconds = 5;

class Connection {
 public:
  // Connects with a libpq URI or key=value string ("postgresql://host/db", "host=/tmp dbname=x").
  static Result<Connection> open(const std::string& target);
  Connection() = default;
  Connection(Connection&&) noexcept = default;
  Connection& operator=(Connection&&) noexcept = default;

  // One statement with parameters $1, $2... (text), in its own transaction unless one is open.
  // An error names what PostgreSQL said (its primary message).
  Result<Rows> run(std::string_view sql, const std::vector<Param>& params = {});
  // Several statements without parameters.
  Status exec(const char* sql);
  // The connection was lost (the server restarted or went away): open it again.
  bool broken() const { return !conn_ || PQstatus(conn_.get()) != CONNECTION_OK; }
  Status reconnect();
  // Where it is connected, without the password, for messages.
  std::string describe() const;

 private:
  struct Finish {
    void operator()(PGconn* c) const { PQfinish(c); }
  };
  std::unique_ptr<PGconn, Finish> conn_;
  std::string target_;
};

// Whether `target` names a PostgreSQL database rather than a file: a postgresql:// or
// postgres:// URI.
bool is_postgresql_url(std::string_view target);

// `target` with its password (if any) replaced by "***", for logs and errors.
std::string without_password(std::string_view target);

}  // namespace sabbat::postgres
