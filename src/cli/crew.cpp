#include "cli/crew.hpp"

#include <system_error>

namespace sabbat::cli {

std::thread start_thread(std::function<void()> body) {
  return std::thread(std::move(body));
}

Status Crew::start(int count, const std::function<void(int)>& work,
                   const std::function<void()>& stop) {
  threads_.reserve(size_t(count));  // before any thread runs: reserving may throw too
  for (int j = 0; j < count; ++j) {
    try {
      threads_.push_back(start_([work, j] { work(j); }));
    } catch (const std::system_error& e) {
      stop();
      const int started = size();
      join();
      threads_.clear();
      return fail("could start only " + std::to_string(started) + " of " + std::to_string(count) +
                  " threads (" + e.code().message() + "); ask for fewer with --jobs");
    }
  }
  return {};
}

void Crew::join() {
  for (auto& t : threads_)
    if (t.joinable()) t.join();
}

}  // namespace sabbat::cli
