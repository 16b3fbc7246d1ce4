#pragma once
// Which benchmark is measured against which baseline (registered next to each benchmark).
#include <string>
#include <utility>
#include <vector>

namespace sabbat::bench {

std::vector<std::pair<std::string, std::string>>& baselines();

struct Compare {
  Compare(std::string name, std::string baseline) {
    baselines().emplace_back(std::move(name), std::move(baseline));
  }
};

}  // namespace sabbat::bench
