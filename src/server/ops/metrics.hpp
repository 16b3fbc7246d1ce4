#pragma once
// What GET /metrics tells on --metrics-port (docs/protocol.md, "Metrics"): counts kept as the
// server runs, written in Prometheus's text format. Each count is an atomic read and written
// alone with relaxed ordering, so the parts of the server bump them from any thread, and a
// scrape reads a few dozen numbers however many tables there are, waiting on no table.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

namespace sabbat::server {

class Metrics {
 public:
  // A table's phase (Table::Phase), in the same order.
  enum class TableState { Waiting, Playing, Finished };
  // What a WebSocket connection is at its table.
  enum class Role { Player, Spectator };

  Metrics();

  // A table is counted from its making to its end, in the state it is in.
  void table_made(TableState state) { tables_[at(state)].add(1); }
  void table_moved(TableState from, TableState to);
  void table_gone(TableState state) { tables_[at(state)].add(-1); }

  // WebSocket connections from their handshake to their end; those at a table are counted
  // again in the table's role, so that the rest are at none.
  void connection_opened() { connections_.add(1); }
  void connection_closed() { connections_.add(-1); }
  void linked(Role role) { roles_[at(role)].add(1); }
  void unlinked(Role role) { roles_[at(role)].add(-1); }

  void http_request() { http_requests_.add(1); }
  void action_applied() { actions_applied_.add(1); }
  void action_refused() { actions_refused_.add(1); }
  void message_rate_limited() { rate_limited_.add(1); }
  void stand_in_began() { stand_ins_.add(1); }
  void stand_ins_ended(int64_t n = 1) { stand_ins_.add(-n); }
  // One commit of the write-ahead (WriteAhead's observer, on the store's writer thread).
  void store_committed(std::chrono::nanoseconds took);

  // Every metric in the text exposition format, version 0.0.4.
  std::string text() const;

 private:
  // One number. Nothing is read together with another, so no ordering is needed.
  class Count {
   public:
    void add(int64_t n) { n_.fetch_add(n, std::memory_order_relaxed); }
    int64_t get() const { return n_.load(std::memory_order_relaxed); }

   private:
    std::atomic<int64_t> n_{0};
  };
  // The histogram's upper bounds, and as Prometheus writes them in `le`.
  static constexpr size_t kBounds = 12;
  static const std::array<std::chrono::nanoseconds, kBounds> kCommitBounds;
  static const std::array<const char*, kBounds> kCommitLabels;

  template <class E>
  static size_t at(E e) {
    return static_cast<size_t>(e);
  }
  void write_commit_histogram(std::string& out) const;

  const double started_;  // seconds since the Unix epoch
  std::array<Count, 3> tables_;
  Count connections_;
  std::array<Count, 2> roles_;
  Count http_requests_;
  Count actions_applied_;
  Count actions_refused_;
  Count rate_limited_;
  Count stand_ins_;
  // Commits by bucket, each counted once (the last one beyond every bound): the text sums
  // them into Prometheus's cumulative buckets.
  std::array<Count, kBounds + 1> commits_;
  Count commit_nanoseconds_;
};

}  // namespace sabbat::server
