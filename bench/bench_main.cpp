// Runs the benchmarks, then prints each one's cost as a ratio to its baseline measured in the
// same run, since machines here are shared and absolute times drift.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "bench/baselines.hpp"

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// With --benchmark_repetitions, each benchmark is timed several times; with
// --benchmark_enable_random_interleaving, the repetitions of all benchmarks are mixed, so that a
// benchmark and its baseline meet the same disturbances. The ratio is then taken between the
// medians, and between the fastest runs (the least disturbed).
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const auto& r : runs)
      if (r.run_type == Run::RT_Iteration && r.iterations > 0)
        ns_per_iteration_[r.benchmark_name()].push_back(r.GetAdjustedRealTime());
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    std::printf("\nRatios to the baseline of the same run (lower is cheaper):\n");
    for (const auto& [name, baseline] : sabbat::bench::baselines()) {
      auto a = ns_per_iteration_.find(name), b = ns_per_iteration_.find(baseline);
      if (a == ns_per_iteration_.end() || b == ns_per_iteration_.end()) continue;
      const auto& x = a->second;
      const auto& y = b->second;
      if (x.size() == 1 && y.size() == 1) {
        std::printf("  %-36s %8.2f x %s\n", name.c_str(), x[0] / y[0], baseline.c_str());
        continue;
      }
      std::printf("  %-36s %8.2f x %s (medians of %zu and %zu runs; fastest runs: %.2f x)\n",
                  name.c_str(), median(x) / median(y), baseline.c_str(), x.size(), y.size(),
                  *std::min_element(x.begin(), x.end()) / *std::min_element(y.begin(), y.end()));
    }
  }

 private:
  std::map<std::string, std::vector<double>> ns_per_iteration_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
