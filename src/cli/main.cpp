#include <iostream>

#include "cli/cli.hpp"

int main(int argc, char** argv) {
  return sabbat::cli::run_cli(argc, argv, std::cin, std::cout, std::cerr);
}
