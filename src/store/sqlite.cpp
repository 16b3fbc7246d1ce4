#include "store/sqlite.hpp"

#include <utility>

namespace sabbat::sqlite {

Statement::Statement(Statement&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      stmt_(std::exchange(other.stmt_, nullptr)),
      bind_error_(other.bind_error_) {}

Statement& Statement::operator=(Statement&& other) noexcept {
  if (this != &other) {
    sqlite3_finalize(stmt_);
    db_ = std::exchange(other.db_, nullptr);
    stmt_ = std::exchange(other.stmt_, nullptr);
    bind_error_ = other.bind_error_;
  }
  return *this;
}

void Statement::bind(int index, std::string_view text) {
  // SQLITE_TRANSIENT: SQLite copies the text, so the caller's buffer may go away before step().
  const int rc =
      sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  if (rc != SQLITE_OK && bind_error_ == SQLITE_OK) bind_error_ = rc;
}

void Statement::bind(int index, int64_t value) {
  const int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK && bind_error_ == SQLITE_OK) bind_error_ = rc;
}

Result<bool> Statement::step() {
  if (bind_error_ != SQLITE_OK)
    return fail(std::string("cannot bind a value: ") + sqlite3_errstr(bind_error_));
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return fail(sqlite3_errmsg(db_));
}

Status Statement::run() {
  for (;;) {
    auto row = step();
    if (!row) return fail(row.error());
    if (!*row) return Status::success();
  }
}

std::string Statement::column_text(int index) const {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, index));
  const int bytes = sqlite3_column_bytes(stmt_, index);
  return text ? std::string(text, size_t(bytes)) : std::string();
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  bind_error_ = SQLITE_OK;
}

Database::Database(Database&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}

Database& Database::operator=(Database&& other) noexcept {
  if (this != &other) {
    sqlite3_close_v2(db_);
    db_ = std::exchange(other.db_, nullptr);
  }
  return *this;
}

Result<Database> Database::open(const std::string& path) {
  return open_with(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
}

Result<Database> Database::open_existing(const std::string& path) {
  return open_with(path, SQLITE_OPEN_READWRITE);
}

Result<Database> Database::open_with(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  // No mutex of SQLite's own: a Store is used by one thread at a time.
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  Database owner(db);  // closes the handle even when opening failed
  if (rc != SQLITE_OK)
    return fail(db ? std::string(sqlite3_errmsg(db)) : std::string(sqlite3_errstr(rc)));
  sqlite3_extended_result_codes(db, 1);
  return owner;
}

Result<Statement> Database::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  const int rc = sqlite3_prepare_v3(db_, sql.data(), int(sql.size()), SQLITE_PREPARE_PERSISTENT,
                                    &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    return fail(sqlite3_errmsg(db_));
  }
  return Statement(db_, stmt);
}

Status Database::exec(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) == SQLITE_OK) return Status::success();
  std::string text = message ? message : sqlite3_errmsg(db_);
  sqlite3_free(message);
  return fail(std::move(text));
}

Result<std::string> Database::query_text(std::string_view sql) {
  auto stmt = prepare(sql);
  if (!stmt) return fail(stmt.error());
  auto row = stmt->step();
  if (!row) return fail(row.error());
  if (!*row) return fail("no row");
  return stmt->column_text(0);
}

Result<int64_t> Database::query_int(std::string_view sql) {
  auto stmt = prepare(sql);
  if (!stmt) return fail(stmt.error());
  auto row = stmt->step();
  if (!row) return fail(row.error());
  if (!*row) return fail("no row");
  return stmt->column_int(0);
}

}  // namespace sabbat::sqlite
