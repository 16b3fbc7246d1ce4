#pragma once
// Closes the WebSocket connections that sent nothing for the idle timeout. One timer for the
// whole server sweeps them every quarter of the timeout (the server arms it): a timer per
// connection cost each about 0.3 KiB and a re-arm on every message.
//
// The watch knows a connection only as its `Watched` part: when it last heard from it, and its
// place in the list. Whoever sweeps says what a watched part belongs to and how to close it.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <type_traits>
#include <vector>

namespace sabbat::server {

class IdleWatch {
 public:
  using Clock = std::chrono::steady_clock;

  // A connection's part that the watch reads: no virtual call, no memory beyond these fields.
  class Watched {
   public:
    Clock::time_point last_heard() const {
      return Clock::time_point(Clock::duration(last_heard_.load()));
    }

   protected:
    void heard() { last_heard_ = Clock::now().time_since_epoch().count(); }

   private:
    friend class IdleWatch;
    std::atomic<Clock::rep> last_heard_{0};
    Watched* prev_ = nullptr;  // the watch's list, under its mutex
    Watched* next_ = nullptr;
  };

  explicit IdleWatch(std::chrono::milliseconds timeout) : timeout_(timeout) {}

  std::chrono::milliseconds timeout() const { return timeout_; }
  // How often to sweep: a connection is closed between one timeout and 1.25 timeouts after its
  // last message.
  std::chrono::milliseconds sweep_period() const;

  // A connection is watched from its handshake to its destruction.
  void watch(Watched& w);
  void forget(Watched& w);

  // The watched connections that heard nothing for the timeout. `keep` turns each into an
  // owner under the list's lock, so that it outlives the sweep; an empty owner (a connection
  // being destroyed, which waits on the lock to leave the list) is left out.
  template <class Keep>
  auto idle(Keep keep) -> std::vector<std::invoke_result_t<Keep&, Watched&>> {
    const Clock::time_point now = Clock::now();
    std::vector<std::invoke_result_t<Keep&, Watched&>> found;
    std::lock_guard lock(mutex_);
    for (Watched* w = first_; w; w = w->next_)
      if (now - w->last_heard() >= timeout_)
        if (auto owner = keep(*w)) found.push_back(std::move(owner));
    return found;
  }

 private:
  const std::chrono::milliseconds timeout_;
  std::mutex mutex_;
  Watched* first_ = nullptr;
};

}  // namespace sabbat::server
