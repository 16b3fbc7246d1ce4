#pragma once
// This server's side of a cluster: several `sabbat serve` nodes over one PostgreSQL store,
// behind a proxy that sends every request of a table to one node (docs/cluster.md).
//
// Each node renews its lease in the store a few times per lease. A client names its table
// when it connects (/ws?table=CODE); a node that does not have the table claims it (free, its
// own, or its holder's lease ran out), rebuilds it from the store, and serves it. A table that
// another live node holds is asked for: its holder hears of it at its next renewal, tells its
// clients to come back (the proxy now sends them here), stores what it has, and lets go.
// When more nodes are seen alive than before, a node holding more than its part of the tables
// hands a few over at each renewal, so that they spread over the nodes again.
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/lobby/other_nodes.hpp"
#include "server/ops/context.hpp"
#include "store/store.hpp"

namespace sabbat::server {

class Table;

class Cluster final : public OtherNodes {
 public:
  // `control`: a connection of its own for leases and claims, so that they never wait behind
  // the appends of `writes` (the tables' write-ahead, on the node's other connection).
  Cluster(boost::asio::io_context& ioc, Context& ctx, std::unique_ptr<SharedStore> control,
          WriteAhead& writes);
  ~Cluster() override;
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  const std::string& node() const { return node_; }
  // Starts renewing the lease; stop() ends it (the server's stop).
  void start();
  void stop();
  void bring(const std::string& code, Brought done) override;
  // On the node's own connection for leases, so that it answers quickly while the tables'
  // writes queue up.
  void check_store(std::function<void(const Status&)> done) override;
  // The lobby's entries that other nodes published (status JSON texts), for GET /api/tables.
  void listings_elsewhere(int limit, std::function<void(std::vector<std::string>)> done);

 private:
  template <class T>
  void ask(std::function<Result<T>(SharedStore&)> question, std::function<void(Result<T>)> answer);
  void renew();
  void schedule_renewal();
  void let_go(const std::vector<std::string>& codes);
  void spread(const std::vector<SharedStore::Share>& shares);
  void publish_listings();
  void try_claim(const std::string& code, int tries);
  // Tries again a little later, while `holder` still has the table (within a bound).
  void claim_later(const std::string& code, int tries, const std::string& holder);
  void finish_bringing(const std::string& code, Found found, std::shared_ptr<Table> table);

  boost::asio::io_context& ioc_;
  Context& ctx_;
  std::unique_ptr<SharedStore> control_store_;
  std::unique_ptr<WriteAhead> control_;
  WriteAhead& writes_;
  const std::string node_;
  const std::chrono::milliseconds lease_;
  boost::asio::steady_timer renewal_;
  std::mutex mutex_;
  bool stopped_ = false;
  std::map<std::string, std::vector<Brought>> bringing_;  // code → who waits for it
  std::map<std::string, std::string> published_;          // code → the listing last published
  // Tables this node lets go of, until their release is stored: claimed again meanwhile (the
  // proxy sent their people back here), they would be released under their new game.
  std::set<std::string> releasing_;
  // Spreading, touched only by the renewal's answer (one renewal at a time): the live nodes
  // seen at the last renewal (0 after a failed one), whether their number rose since, from
  // when on, and the tables already handed over since it last changed (the proxy may send one
  // back here; it then stays).
  size_t seen_live_ = 0;
  bool spreading_ = false;
  std::chrono::steady_clock::time_point spread_from_;
  std::set<std::string> spread_;
};

}  // namespace sabbat::server
