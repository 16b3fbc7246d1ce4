// `sabbat serve`'s flags: parsed by CLI11 like every command's, with clear errors, and each
// one documented in docs/cli.md.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <sstream>

#include "cli/cli.hpp"
#include "cli/commands.hpp"

namespace sabbat::server::testing {
namespace {

std::string serve_section_of_cli_md() {
  std::ifstream in(std::string(SABBAT_SOURCE_DIR) + "/docs/cli.md");
  std::stringstream all;
  all << in.rdbuf();
  const std::string text = all.str();
  const auto from = text.find("## `sabbat serve`");
  if (from == std::string::npos) return {};
  const auto to = text.find("\n## ", from + 1);
  return text.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

// Requirement: docs/cli.md documents every flag of `sabbat serve`.
TEST(ServeFlags, EveryFlagIsDocumentedInCliMd) {
  CLI::App app;
  cli::ServeOptions options;
  CLI::App* serve = cli::add_serve_command(app, options);
  const std::string docs = serve_section_of_cli_md();
  ASSERT_FALSE(docs.empty()) << "docs/cli.md has no section for sabbat serve";
  int flags = 0;
  for (const CLI::Option* o : serve->get_options()) {
    for (const std::string& name : o->get_lnames()) {
      if (name == "help") continue;
      ++flags;
      EXPECT_NE(docs.find("`--" + name), std::string::npos)
          << "--" << name << " is not documented in docs/cli.md";
    }
  }
  EXPECT_GE(flags, 8);
}

struct Ran {
  int code;
  std::string out, err;
};
Ran sabbat(std::vector<std::string> args) {
  std::istringstream in;
  std::ostringstream out, err;
  const int code = cli::run_cli(args, in, out, err);
  return {code, out.str(), err.str()};
}

// Requirement: a bad serve flag stops with a usage error naming the flag and what it allows;
// the server does not start.
TEST(ServeFlags, BadValuesAreRefusedWithTheFlagAndWhatItAllows) {
  for (const auto& [args, allowed] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"serve", "--port", "70000"}, "65535"},
           {{"serve", "--port", "-1"}, "65535"},
           {{"serve", "--port", "http"}, "65535"},
           {{"serve", "--stand-in-after", "0"}, "86400"},
           {{"serve", "--stand-in-after", "soon"}, "86400"},
           {{"serve", "--messages-per-second", "0"}, "1000000"},
           {{"serve", "--max-tables", "-5"}, "1000000"},
           {{"serve", "--threads", "0"}, "256"}}) {
    Ran r = sabbat(args);
    EXPECT_EQ(r.code, 2) << args[2];
    EXPECT_NE(r.err.find("not in range"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(args[1]), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(allowed), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("serving"), std::string::npos);
  }
  Ran r = sabbat({"serve", "--bogus"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--bogus"), std::string::npos) << r.err;
}

TEST(MetricsFlags, ABadMetricsPortIsRefusedWithWhatItAllows) {
  for (const char* bad : {"70000", "-1", "prometheus"}) {
    Ran r = sabbat({"serve", "--metrics-port", bad});
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_NE(r.err.find("--metrics-port"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("65535"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("serving"), std::string::npos);
  }
}

}  // namespace
}  // namespace sabbat::server::testing
