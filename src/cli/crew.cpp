#include "cli/crew.hpp"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <system_error>

namespace sabbat::cli {

std::thread start_thread(std::function<void()> body) {
  return std::thread(std::move(body));
}

namespace {

// Holds the threads until all have started. When one cannot start, the system is out of
// threads or of memory: the others then leave without working, rather than run short of
// memory in the middle of a game.
struct Gate {
  std::mutex m;
  std::condition_variable cv;
  enum { Closed, Go, Cancel } state = Closed;

  bool wait() {
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return state != Closed; });
    return state == Go;
  }
  void open(bool go) {
    {
      std::lock_guard lock(m);
      state = go ? Go : Cancel;
    }
    cv.notify_all();
  }
};

}  // namespace

Status Crew::start(int count, const std::function<void(int)>& work,
                   const std::function<void()>& stop) {
  threads_.reserve(size_t(count));  // before any thread runs: reserving may throw too
  auto gate = std::make_shared<Gate>();
  for (int j = 0; j < count; ++j) {
    try {
      threads_.push_back(start_([work, j, gate] {
        if (gate->wait()) work(j);
      }));
    } catch (const std::system_error& e) {
      gate->open(false);
      stop();
      const int started = size();
      join();
      threads_.clear();
      return fail("could start only " + std::to_string(started) + " of " + std::to_string(count) +
                  " threads (" + e.code().message() + "); ask for fewer with --jobs");
    }
  }
  gate->open(true);
  return {};
}

void Crew::join() {
  for (auto& t : threads_)
    if (t.joinable()) t.join();
}

}  // namespace sabbat::cli
