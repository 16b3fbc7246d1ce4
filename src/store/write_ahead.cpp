// Group commit (docs/architecture.md, "Store"): one writer thread takes everything queued once
// the oldest operation has waited `window`, and commits the appends among it in one
// transaction, so that one sync of the disk serves every table that acted meanwhile.
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "store/store.hpp"

namespace sabbat {

namespace {

using Clock = std::chrono::steady_clock;

struct Operation {
  std::optional<StoredAction> append;       // an append...
  std::function<Status(Store&)> operation;  // ...or any other store operation
  WriteAhead::Done done;
  Clock::time_point queued_at;
};

void report(const WriteAhead::Done& done, const Status& status) {
  if (done) done(status);
}

}  // namespace

struct WriteAhead::Impl {
  Impl(Store& s, std::chrono::microseconds w, CommitObserver o)
      : store(s), window(w), on_commit(std::move(o)) {}

  void push(Operation op) {
    op.queued_at = Clock::now();
    {
      std::lock_guard lock(mutex);
      queue.push_back(std::move(op));
      ++queued;
    }
    work.notify_one();
  }

  void writer_loop() {
    std::unique_lock lock(mutex);
    for (;;) {
      work.wait(lock, [&] { return !queue.empty() || stopping; });
      if (queue.empty()) return;  // stopping, and nothing left
      // Gather: wait until the oldest operation has waited the window, unless someone waits
      // for the queue to be durable (flush, or the destructor).
      const auto deadline = queue.front().queued_at + window;
      work.wait_until(lock, deadline, [&] { return stopping || flushing > 0; });
      std::deque<Operation> batch;
      batch.swap(queue);
      lock.unlock();
      commit(batch);
      lock.lock();
      completed += batch.size();
      durable.notify_all();
    }
  }

  // Runs the operations in order: each run of consecutive appends is one append_actions.
  void commit(std::deque<Operation>& batch) {
    std::vector<StoredAction> actions;
    std::vector<const Done*> dones;
    auto commit_appends = [&] {
      if (actions.empty()) return;
      append_all(actions, dones);
      actions.clear();
      dones.clear();
    };
    for (auto& op : batch) {
      if (op.append) {
        actions.push_back(std::move(*op.append));
        dones.push_back(&op.done);
        continue;
      }
      commit_appends();
      Status status;
      try {
        status = op.operation(store);
      } catch (const std::exception& e) {
        status = fail(std::string("the store operation failed: ") + e.what());
      }
      report(op.done, status);
    }
    commit_appends();
  }

  // One transaction for all; if it is refused, each action alone, so that a bad one (unknown
  // or finished table, wrong seq) costs only its own table and each caller hears its own fate.
  void append_all(const std::vector<StoredAction>& actions, const std::vector<const Done*>& dones) {
    const Status together = timed_append(actions);
    if (together || actions.size() == 1) {
      for (const Done* done : dones) report(*done, together);
      return;
    }
    for (size_t i = 0; i < actions.size(); ++i)
      report(*dones[i], timed_append(std::span(&actions[i], 1)));
  }

  Status timed_append(std::span<const StoredAction> actions) {
    const auto start = Clock::now();
    Status status = store.append_actions(actions);
    if (on_commit) on_commit(Clock::now() - start);
    return status;
  }

  Store& store;
  const std::chrono::microseconds window;
  const CommitObserver on_commit;
  std::mutex mutex;
  std::condition_variable work;     // the writer waits for operations
  std::condition_variable durable;  // flush() waits for the writer
  std::deque<Operation> queue;
  uint64_t queued = 0;     // operations ever queued
  uint64_t completed = 0;  // operations committed (or failed) and reported
  int flushing = 0;        // callers waiting in flush()
  bool stopping = false;
  std::thread writer;
};

WriteAhead::WriteAhead(Store& store, std::chrono::microseconds window, CommitObserver on_commit)
    : impl_(std::make_unique<Impl>(store, window, std::move(on_commit))) {
  impl_->writer = std::thread([impl = impl_.get()] { impl->writer_loop(); });
}

WriteAhead::~WriteAhead() {
  {
    std::lock_guard lock(impl_->mutex);
    impl_->stopping = true;
  }
  impl_->work.notify_one();
  impl_->writer.join();
}

void WriteAhead::append(StoredAction action, Done done) {
  impl_->push(Operation{std::move(action), nullptr, std::move(done), {}});
}

void WriteAhead::run(std::function<Status(Store&)> operation, Done done) {
  impl_->push(Operation{std::nullopt, std::move(operation), std::move(done), {}});
}

void WriteAhead::flush() {
  std::unique_lock lock(impl_->mutex);
  const uint64_t target = impl_->queued;
  ++impl_->flushing;
  impl_->work.notify_one();
  impl_->durable.wait(lock, [&] { return impl_->completed >= target; });
  --impl_->flushing;
}

}  // namespace sabbat
