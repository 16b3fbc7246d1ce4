#include "server/table/outbox.hpp"

namespace sabbat::server {

void Outbox::after_earlier(Release release, Release failed) {
  if (batches_.empty()) {
    release();
    return;
  }
  batches_.push_back({true, std::move(release), std::move(failed)});
}

void Outbox::fail() {
  auto held = std::move(batches_);
  batches_.clear();
  for (Batch& b : held)
    if (b.failed) b.failed();
}

void Outbox::stored() {
  for (Batch& b : batches_)
    if (!b.durable) {
      b.durable = true;
      break;
    }
  while (!batches_.empty() && batches_.front().durable) {
    auto release = std::move(batches_.front().release);
    batches_.erase(batches_.begin());
    release();
  }
}

}  // namespace sabbat::server
