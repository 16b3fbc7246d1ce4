// Runs the benchmarks, then prints each one's cost as a ratio to its baseline measured in the
// same run, since machines here are shared and absolute times drift.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>

#include "bench/baselines.hpp"

namespace {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const auto& r : runs)
      if (r.run_type == Run::RT_Iteration && r.iterations > 0)
        ns_per_iteration_[r.benchmark_name()] = r.GetAdjustedRealTime();
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    std::printf("\nRatios to the baseline of the same run (lower is cheaper):\n");
    for (const auto& [name, baseline] : sabbat::bench::baselines()) {
      auto a = ns_per_iteration_.find(name), b = ns_per_iteration_.find(baseline);
      if (a == ns_per_iteration_.end() || b == ns_per_iteration_.end()) continue;
      std::printf("  %-36s %8.2f x %s\n", name.c_str(), a->second / b->second, baseline.c_str());
    }
  }

 private:
  std::map<std::string, double> ns_per_iteration_;
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
