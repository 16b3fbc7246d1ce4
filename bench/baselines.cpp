#include "bench/baselines.hpp"

namespace sabbat::bench {

std::vector<std::pair<std::string, std::string>>& baselines() {
  static std::vector<std::pair<std::string, std::string>> list;
  return list;
}

}  // namespace sabbat::bench
