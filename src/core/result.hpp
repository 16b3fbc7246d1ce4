#pragma once
// Errors are values at the API edge: a Result holds either a value or a message a player can read.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace sabbat {

struct Error {
  std::string message;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const std::string& error() const { return std::get<1>(v_).message; }

 private:
  std::variant<T, Error> v_;
};

// Success or a message. Success is a null pointer: every applied action returns one, so it
// costs a word, not a string.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::make_unique<std::string>(std::move(error.message))) {}
  Status(const Status& other)
      : error_(other.error_ ? std::make_unique<std::string>(*other.error_) : nullptr) {}
  Status(Status&&) noexcept = default;
  Status& operator=(const Status& other) { return *this = Status(other); }
  Status& operator=(Status&&) noexcept = default;
  static Status success() { return {}; }
  bool ok() const { return !error_; }
  explicit operator bool() const { return ok(); }
  const std::string& error() const { return *error_; }

 private:
  std::unique_ptr<std::string> error_;
};

inline Error fail(std::string message) {
  return Error{std::move(message)};
}

}  // namespace sabbat
