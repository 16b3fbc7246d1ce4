#include "server/net/idle_watch.hpp"

namespace sabbat::server {

std::chrono::milliseconds IdleWatch::sweep_period() const {
  return std::clamp(timeout_ / 4, std::chrono::milliseconds(10), std::chrono::milliseconds(30000));
}

void IdleWatch::watch(Watched& w) {
  std::lock_guard lock(mutex_);
  w.prev_ = nullptr;
  w.next_ = first_;
  if (first_) first_->prev_ = &w;
  first_ = &w;
}

void IdleWatch::forget(Watched& w) {
  std::lock_guard lock(mutex_);
  if (w.prev_)
    w.prev_->next_ = w.next_;
  else if (first_ == &w)
    first_ = w.next_;
  if (w.next_) w.next_->prev_ = w.prev_;
  w.prev_ = w.next_ = nullptr;
}

}  // namespace sabbat::server
