#pragma once
// The threads of `sim` and `arena`. Starting a thread can fail (the system's limit on threads
// or memory); none works before all have started, so that on a failure the ones already
// started leave without working (they would run short of memory too) and are joined before
// the error is told: no thread is left joinable (which would end the program).
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "core/result.hpp"

namespace sabbat::cli {

// Starts one thread running `body`; throws std::system_error when the system refuses.
using ThreadStart = std::function<std::thread(std::function<void()> body)>;
std::thread start_thread(std::function<void()> body);

class Crew {
 public:
  explicit Crew(ThreadStart start = start_thread) : start_(std::move(start)) {}
  Crew(const Crew&) = delete;
  Crew& operator=(const Crew&) = delete;
  ~Crew() { join(); }

  // Starts `count` threads running work(0) ... work(count - 1). When one cannot start, calls
  // `stop` (which must make the running ones end soon), joins them, and returns an error
  // saying how many started and the system's reason.
  Status start(int count, const std::function<void(int)>& work, const std::function<void()>& stop);
  // Threads started (all of them after a successful start).
  int size() const { return int(threads_.size()); }
  void join();

 private:
  ThreadStart start_;
  std::vector<std::thread> threads_;
};

}  // namespace sabbat::cli
