// The store: durable appends per second through WriteAhead's group commit, against the same
// appends each committed (and synced) in a transaction of its own. The file lives in the
// temporary directory ($TMPDIR), which must be on a real disk for the syncs to mean anything.
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <mutex>
#include <semaphore>
#include <string>
#include <vector>

#include "bench/baselines.hpp"
#include "store/store.hpp"

namespace sabbat {
namespace {

namespace fs = std::filesystem;

// A fresh store with `tables` tables, removed with its directory at the end.
class BenchStore {
 public:
  explicit BenchStore(int tables) {
    static int counter = 0;
    dir_ = fs::temp_directory_path() /
           ("sabbat-store-bench-" + std::to_string(getpid()) + "-" + std::to_string(++counter));
    fs::create_directories(dir_);
    auto opened = open_sqlite_store((dir_ / "tables.sqlite").string());
    if (!opened) throw std::runtime_error(opened.error());
    store_ = std::move(opened.value());
    for (int t = 0; t < tables; ++t) {
      StoredTable table;
      table.code = code(t);
      table.header = R"({"format":"sabbat-record","version":1,"game":"sortileges","players":4})";
      table.settings = "{}";
      if (Status s = store_->create_table(table); !s) throw std::runtime_error(s.error());
    }
    next_seq_.assign(size_t(tables), 1);
  }
  ~BenchStore() {
    store_.reset();
    fs::remove_all(dir_);
  }
  static std::string code(int t) { return "bench-table-" + std::to_string(t); }
  // The next action of table t, about as long as a Sortilèges one.
  StoredAction next(int t) {
    const int64_t seq = next_seq_[size_t(t)]++;
    return StoredAction{code(t),
                        RecordedAction{seq, seq * 1000, Seat(seq % 4), "place 7H under left"}};
  }
  Store& store() { return *store_; }

 private:
  fs::path dir_;
  std::unique_ptr<Store> store_;
  std::vector<int64_t> next_seq_;
};

// CPU time of the whole process (the writer thread included), in microseconds.
double process_cpu_us() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e6 +
         double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// Baseline: one action per transaction, each synced before the next (16 tables in turn).
void BM_StoreAppendOnePerCommit(benchmark::State& bs) {
  BenchStore db(16);
  int t = 0;
  const double cpu_before = process_cpu_us();
  for (auto _ : bs) {
    const StoredAction a = db.next(t);
    t = (t + 1) % 16;
    if (Status s = db.store().append_actions(std::span(&a, 1)); !s)
      bs.SkipWithError(s.error().c_str());
  }
  bs.SetItemsProcessed(bs.iterations());
  bs.counters["cpu_us/action"] = (process_cpu_us() - cpu_before) / double(bs.iterations());
}
BENCHMARK(BM_StoreAppendOnePerCommit)->UseRealTime();

// Group commit as the server uses it: `tables` tables each with one action waiting to be
// durable (a table's next move comes once its last one is acknowledged), with no window (what
// queues during one commit goes into the next) or a 1 ms one.
// One iteration is one durable append.
void BM_StoreGroupCommit(benchmark::State& bs) {
  const int tables = int(bs.range(0));
  const auto window = std::chrono::microseconds(bs.range(1));
  BenchStore db(tables);
  std::atomic<int64_t> transactions = 0;
  struct Counting : Store {
    Store& inner;
    std::atomic<int64_t>& count;
    Counting(Store& s, std::atomic<int64_t>& c) : inner(s), count(c) {}
    Status create_table(const StoredTable& t) override { return inner.create_table(t); }
    Status save_settings(std::string_view c, std::string_view s) override {
      return inner.save_settings(c, s);
    }
    Status append_actions(std::span<const StoredAction> a) override {
      ++count;
      return inner.append_actions(a);
    }
    Status finish_table(std::string_view c, std::string_view r) override {
      return inner.finish_table(c, r);
    }
    Result<std::optional<StoredTable>> load_table(std::string_view c) override {
      return inner.load_table(c);
    }
    Result<std::vector<std::string>> unfinished_tables() override {
      return inner.unfinished_tables();
    }
  } counting(db.store(), transactions);

  std::counting_semaphore<1024> waiting_tables(tables);
  std::mutex mutex;
  std::vector<int> idle;  // tables whose last action is durable
  for (int t = 0; t < tables; ++t) idle.push_back(t);
  std::atomic<bool> failed = false;
  const double cpu_before = process_cpu_us();
  {
    WriteAhead wal(counting, window);
    for (auto _ : bs) {
      waiting_tables.acquire();
      int t;
      {
        std::lock_guard lock(mutex);
        t = idle.back();
        idle.pop_back();
      }
      wal.append(db.next(t), [&, t](const Status& s) {
        if (!s) failed = true;
        {
          std::lock_guard lock(mutex);
          idle.push_back(t);
        }
        waiting_tables.release();
      });
    }
    wal.flush();
  }
  const double cpu_us = process_cpu_us() - cpu_before;
  if (failed) bs.SkipWithError("an append failed");
  bs.counters["cpu_us/action"] = cpu_us / double(bs.iterations());
  bs.SetItemsProcessed(bs.iterations());
  bs.counters["actions/transaction"] =
      double(bs.iterations()) / double(std::max<int64_t>(transactions, 1));
}
BENCHMARK(BM_StoreGroupCommit)
    ->ArgsProduct({{4, 16, 64}, {0, 1000}})
    ->ArgNames({"tables", "window_us"})
    ->UseRealTime();
const bool compared = [] {
  for (int tables : {4, 16, 64})
    for (int window : {0, 1000})
      bench::Compare("BM_StoreGroupCommit/tables:" + std::to_string(tables) +
                         "/window_us:" + std::to_string(window) + "/real_time",
                     "BM_StoreAppendOnePerCommit/real_time");
  return true;
}();

}  // namespace
}  // namespace sabbat
