#pragma once
// JSON written straight into a string, without building a tree: for the texts the server
// writes at every move (a game's views), where nlohmann's tree and its dump cost more than the
// game itself. It writes compact JSON; the caller keeps objects and arrays balanced, at most
// 32 deep, and gives it valid UTF-8 (the games' own texts: unlike json_text, it does not
// repair a string, so no text a client sent may go through it).
#include <array>
#include <charconv>
#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>

namespace sabbat {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // Goes on inside an object whose text (an opening brace and at least one member) is
  // already in the string: the next member is written after a comma.
  void continue_object() { first_[size_t(depth_++)] = false; }

  JsonWriter& key(std::string_view k) {
    separate();
    quoted(k);
    out_ += ':';
    after_key_ = true;
    return *this;
  }

  void value(std::string_view s) {
    before_value();
    quoted(s);
  }
  void value(const char* s) { value(std::string_view(s)); }
  void value(const std::string& s) { value(std::string_view(s)); }
  void value(bool b) {
    before_value();
    out_ += b ? "true" : "false";
  }
  template <class Integer>
  requires(std::is_integral_v<Integer> && !std::is_same_v<Integer, bool>) void value(Integer n) {
    before_value();
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out_.append(digits, end);
  }
  void null() {
    before_value();
    out_ += "null";
  }

 private:
  void open(char c) {
    before_value();
    out_ += c;
    first_[size_t(depth_++)] = true;
  }
  void close(char c) {
    --depth_;
    out_ += c;
  }
  // A comma before every element of an array or member of an object but the first.
  void separate() {
    if (depth_ == 0) return;
    bool& first = first_[size_t(depth_ - 1)];
    if (!first) out_ += ',';
    first = false;
  }
  void before_value() {
    if (after_key_)
      after_key_ = false;
    else
      separate();
  }
  void quoted(std::string_view s) {
    out_ += '"';
    for (char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += ch;
      } else if (c < 0x20) {
        char esc[8];
        std::snprintf(esc, sizeof esc, "\\u%04x", c);
        out_ += esc;
      } else {
        out_ += ch;  // UTF-8 passes through as it is
      }
    }
    out_ += '"';
  }

  std::string& out_;
  std::array<bool, 32> first_{};  // per open object or array: nothing written in it yet
  int depth_ = 0;
  bool after_key_ = false;
};

}  // namespace sabbat
