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
  // `failed`, if any, runs instead should the store fail first: it answers whoever still
  // awaits an answer (a refused act) without telling anything that was not stored.
  void wait_for_store(Release release, Release failed = {}) {
    batches_.push_back({false, std::move(release), std::move(failed)});
  }
  // Released at once when nothing waits, else right after everything before it.
  void after_earlier(Release release, Release failed = {});
  // The oldest write still awaited is durable: releases, in order, every batch at the front
  // that no longer waits. A release may add batches of its own.
  void stored();
  // The store failed: nothing held will ever be told; each batch's `failed` runs, in order.
  void fail();
  bool empty() const { return batches_.empty(); }

 private:
  struct Batch {
    bool durable = false;
    Release release;
    Release failed;
  };
  // A vector, not a deque: it holds a batch or two, and an empty deque still takes 576 bytes.
  std::vector<Batch> batches_;
};

}  // namespace sabbat::server
