#include "server/idle_watch.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include "server/websocket_session.hpp"

namespace sabbat::server {

std::chrono::milliseconds IdleWatch::sweep_period() const {
  return std::clamp(timeout_ / 4, std::chrono::milliseconds(10), std::chrono::milliseconds(30000));
}

void IdleWatch::watch(WebsocketSession& s) {
  std::lock_guard lock(mutex_);
  s.idle_prev_ = nullptr;
  s.idle_next_ = first_;
  if (first_) first_->idle_prev_ = &s;
  first_ = &s;
}

void IdleWatch::forget(WebsocketSession& s) {
  std::lock_guard lock(mutex_);
  if (s.idle_prev_)
    s.idle_prev_->idle_next_ = s.idle_next_;
  else if (first_ == &s)
    first_ = s.idle_next_;
  if (s.idle_next_) s.idle_next_->idle_prev_ = s.idle_prev_;
  s.idle_prev_ = s.idle_next_ = nullptr;
}

void IdleWatch::sweep() {
  const Clock::time_point now = Clock::now();
  std::vector<std::shared_ptr<WebsocketSession>> idle;
  {
    std::lock_guard lock(mutex_);
    for (WebsocketSession* s = first_; s; s = s->idle_next_)
      if (now - s->last_heard() >= timeout_)
        // A session being destroyed waits on the mutex to leave the list; skip it.
        if (auto alive = s->weak_from_this().lock()) idle.push_back(std::move(alive));
  }
  for (auto& s : idle) s->idle_out();
}

}  // namespace sabbat::server
