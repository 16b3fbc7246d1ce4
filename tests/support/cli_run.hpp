#pragma once
// What the command-line tests share: the `sabbat` command run in-process, a scratch directory
// per test, and whole files read and written.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"

namespace sabbat::test {

struct Outcome {
  int code = 0;
  std::string out;
  std::string err;
};

// Runs the command in-process with `input` as stdin.
inline Outcome sabbat(const std::vector<std::string>& args, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  Outcome r;
  r.code = cli::run_cli(args, in, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

// The contract for every failure: non-zero exit, exactly one line on stderr, and nothing on
// stdout (an error comes before any output).
inline void expect_one_error_line(const Outcome& r, const std::string& mention) {
  EXPECT_NE(r.code, 0);
  EXPECT_EQ(r.out, "") << "output before the error";
  EXPECT_EQ(r.err.rfind("sabbat: ", 0), 0u) << r.err;
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.back(), '\n');
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "more than one line:\n" << r.err;
  EXPECT_NE(r.err.find(mention), std::string::npos) << r.err;
}

// A fresh directory for one test, named after it, removed at the end.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            (prefix + "-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace sabbat::test
