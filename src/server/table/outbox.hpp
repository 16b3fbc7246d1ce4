#pragma once
// The write-ahead rule: what a table would tell anyone waits here, in order, until the store
// has made durable everything it depends on. A batch either waits for one store write, or
// only for the batches before it.
#include <functional>
#include <vector>

namespace sabbat::server {

class Outbox {
 public:
  using Release = std::function<void()>;

  // A batch released once its own store write is done (writes answer in the order asked).
  void wait_for_store(Release release) { batches_.push_back({false, std::move(release)}); }
  // Released at once when nothing waits, else right after everything before it.
  void after_earlier(Release release);
  // The oldest write still awaited is durable: releases, in order, every batch at the front
  // that no longer waits. A release may add batches of its own.
  void stored();
  // The store failed: nothing held will ever be told.
  void clear() { batches_.clear(); }
  bool empty() const { return batches_.empty(); }

 private:
  struct Batch {
    bool durable = false;
    Release release;
  };
  // A vector, not a deque: it holds a batch or two, and an empty deque still takes 576 bytes.
  std::vector<Batch> batches_;
};

}  // namespace sabbat::server
