#pragma once
// The `sabbat` command line, callable in-process (tests pass string streams).
#include <iosfwd>
#include <string>
#include <vector>

namespace sabbat::cli {

// Parses the command line, runs the subcommand and returns the process exit code. Errors are
// one "sabbat: ..." line on `err`; nothing throws.
int run_cli(int argc, char** argv, std::istream& in, std::ostream& out, std::ostream& err);
// Same with the arguments after the program name.
int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
            std::ostream& err);

}  // namespace sabbat::cli
