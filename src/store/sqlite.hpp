#pragma once
// A thin owner of SQLite's C handles: a connection and its prepared statements are closed
// exactly once, and every failure becomes a Status carrying SQLite's own message.
#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace sabbat::sqlite {

class Statement {
 public:
  Statement() = default;
  Statement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&& other) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters count from 1, as in SQLite. A failed bind is reported by the next step().
  void bind(int index, std::string_view text);
  void bind(int index, int64_t value);
  // A row (true), the end (false), or SQLite's error.
  Result<bool> step();
  // Runs a statement that returns no rows to its end.
  Status run();
  int64_t column_int(int index) const { return sqlite3_column_int64(stmt_, index); }
  bool column_null(int index) const { return sqlite3_column_type(stmt_, index) == SQLITE_NULL; }
  std::string column_text(int index) const;
  // Ready for the next use: no bindings, and no read transaction kept open.
  void reset();

 private:
  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  int bind_error_ = SQLITE_OK;
};

// Resets a cached statement at the end of a scope, whichever way the scope is left.
class Use {
 public:
  explicit Use(Statement& s) : s_(s) {}
  ~Use() { s_.reset(); }
  Use(const Use&) = delete;
  Use& operator=(const Use&) = delete;
  Statement* operator->() { return &s_; }
  Statement& operator*() { return s_; }

 private:
  Statement& s_;
};

class Database {
 public:
  Database() = default;
  ~Database() { sqlite3_close_v2(db_); }
  Database(Database&& other) noexcept;
  Database& operator=(Database&& other) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Opens (creating an empty file if missing) for reading and writing; nothing is written yet.
  static Result<Database> open(const std::string& path);
  // Opens a file that must exist already.
  static Result<Database> open_existing(const std::string& path);
  Result<Statement> prepare(std::string_view sql);
  // Runs one or more statements that return no rows.
  Status exec(const char* sql);
  // A statement's first column of its first row, as text or as an integer.
  Result<std::string> query_text(std::string_view sql);
  Result<int64_t> query_int(std::string_view sql);
  bool in_transaction() const { return db_ && !sqlite3_get_autocommit(db_); }
  std::string message() const { return db_ ? sqlite3_errmsg(db_) : "no database"; }
  sqlite3* handle() const { return db_; }

 private:
  explicit Database(sqlite3* db) : db_(db) {}
  static Result<Database> open_with(const std::string& path, int flags);
  sqlite3* db_ = nullptr;
};

}  // namespace sabbat::sqlite
