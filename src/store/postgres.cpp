#include "store/postgres.hpp"

#include <charconv>

namespace sabbat::postgres {

namespace {

// PostgreSQL's message for a failed result, without its trailing newline.
std::string result_message(const PGresult* r, PGconn* conn) {
  const char* primary = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
  std::string message = primary ? primary : (conn ? PQerrorMessage(conn) : "no connection");
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message.empty() ? "unknown error" : message;
}

}  // namespace

int64_t Rows::integer(int row, int column) const {
  const char* v = PQgetvalue(result_.get(), row, column);
  const size_t n = size_t(PQgetlength(result_.get(), row, column));
  int64_t out = 0;
  std::from_chars(v, v + n, out);
  return out;
}

int64_t Rows::affected() const {
  if (!result_) return 0;
  const std::string_view n = PQcmdTuples(result_.get());
  int64_t out = 0;
  std::from_chars(n.data(), n.data() + n.size(), out);
  return out;
}

Result<Connection> Connection::open(const std::string& target) {
  Connection c;
  c.target_ = target;
  if (Status s = c.reconnect(); !s) return fail(s.error());
  return c;
}

Status Connection::reconnect() {
  // A server that accepts and never answers would hold the start forever: a connection is given
  // kConnectTimeoutSeconds unless the URL says otherwise (its own keywords come after, and win).
  const std::string timeout = std::to_string(kConnectTimeoutSeconds);
  const char* keywords[] = {"connect_timeout", "dbname", nullptr};
  const char* values[] = {timeout.c_str(), target_.c_str(), nullptr};
  conn_.reset(PQconnectdbParams(keywords, values, /*expand_dbname=*/1));
  if (!conn_) return fail("cannot connect to " + describe() + ": out of memory");
  if (PQstatus(conn_.get()) != CONNECTION_OK) {
    std::string message = PQerrorMessage(conn_.get());
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
      message.pop_back();
    conn_.reset();
    if (message.find("timeout expired") != std::string::npos)
      message += " (no answer within the connect_timeout, " + timeout +
                 " s unless the URL sets it: is a PostgreSQL server listening there?)";
    return fail("cannot connect to " + describe() + ": " + message);
  }
  // Notices (such as "relation already exists, skipping") are not errors: keep them quiet.
  PQsetNoticeProcessor(
      conn_.get(), [](void*, const char*) {}, nullptr);
  return Status::success();
}

Result<Rows> Connection::run(std::string_view sql, const std::vector<Param>& params) {
  if (broken()) return fail("the connection to PostgreSQL is lost");
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const Param& p : params) values.push_back(p ? p->c_str() : nullptr);
  const std::string text(sql);
  PGresult* r = PQexecParams(conn_.get(), text.c_str(), int(values.size()), nullptr, values.data(),
                             nullptr, nullptr, 0);
  const ExecStatusType status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    std::string message = result_message(r, conn_.get());
    PQclear(r);
    return fail(std::move(message));
  }
  return Rows(r);
}

Status Connection::exec(const char* sql) {
  if (broken()) return fail("the connection to PostgreSQL is lost");
  PGresult* r = PQexec(conn_.get(), sql);
  const ExecStatusType status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  Status out = Status::success();
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    out = fail(result_message(r, conn_.get()));
  PQclear(r);
  return out;
}

std::string Connection::describe() const {
  return "PostgreSQL at " + without_password(target_);
}

bool is_postgresql_url(std::string_view target) {
  return target.starts_with("postgresql://") || target.starts_with("postgres://");
}

std::string without_password(std::string_view target) {
  std::string out(target);
  if (is_postgresql_url(out)) {
    // scheme://user:password@host...: the password is between the first ':' after the
    // scheme and the '@'.
    const size_t start = out.find("://") + 3;
    const size_t at = out.find('@', start);
    const size_t colon = out.find(':', start);
    if (at != std::string::npos && colon != std::string::npos && colon < at)
      out.replace(colon + 1, at - colon - 1, "***");
  }
  // key=value form: password=...
  for (size_t p = out.find("password="); p != std::string::npos; p = out.find("password=", p + 1)) {
    const size_t end = out.find(' ', p);
    out.replace(p + 9, (end == std::string::npos ? out.size() : end) - p - 9, "***");
  }
  return out;
}

}  // namespace sabbat::postgres
