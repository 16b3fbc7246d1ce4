#pragma once
// The server's tables by code: creating them from a client's request (within the server's
// limit), finding them for a join or an HTTP route, and rebuilding them after a restart.
#include <boost/asio/io_context.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "server/lobby/other_nodes.hpp"
#include "server/ops/context.hpp"
#include "server/protocol/connection.hpp"
#include "server/table/next_game.hpp"
#include "server/table/table.hpp"

namespace sabbat::server {

class Lobby final : public NextGame {
 public:
  Lobby(boost::asio::io_context& ioc, Context& ctx, WriteAhead& store);
  // In a cluster: the other nodes, which bring the tables this node does not hold. Set before
  // the server runs.
  void reach(OtherNodes* nodes) { nodes_ = nodes; }

  // Rebuilds every stored unfinished table; a table that cannot be rebuilt is logged and
  // skipped, the others go on. Returns how many were restored.
  int restore(const std::vector<StoredTable>& tables);

  // The protocol's "create": validates it, then answers "created" once the table is stored,
  // or an error at once. `made` (optional) then gets the new table's code, or "" after an
  // error.
  void create(const ClientMessage& message, const std::shared_ptr<Connection>& conn,
              std::function<void(std::string)> made = {});
  // A finished table's "again": the same as create.
  void make_next(const ClientMessage& request, const std::shared_ptr<Connection>& asker,
                 std::function<void(std::string)> made) override {
    create(request, asker, std::move(made));
  }

  std::shared_ptr<Table> find(std::string_view code) const;
  // The table with this code, brought to this node first if it plays in a cluster
  // (other_nodes.hpp); otherwise as find() says. `done` may run at once, or later on an
  // io_context thread.
  void acquire(const std::string& code,
               std::function<void(bool reachable, std::shared_ptr<Table>)> done);
  // A table claimed from the store (by the cluster), in place of one that played here before;
  // null if it cannot be rebuilt (logged).
  std::shared_ptr<Table> adopt(const StoredTable& stored);
  // Takes the table out of the lobby (it moves to another node); null if it was not here.
  std::shared_ptr<Table> let_go(std::string_view code);
  // Every table in memory, in code order (a snapshot; each answers on its own strand).
  std::vector<std::shared_ptr<Table>> tables() const;
  void close_all();
  // The health check of the store: `done` gets probe()'s answer from the store's writer
  // thread, in order after everything queued before it.
  void check_store(std::function<void(const Status&)> done);

 private:
  boost::asio::io_context& ioc_;
  Context& ctx_;
  WriteAhead& store_;
  OtherNodes* nodes_ = nullptr;  // none on a single node
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Table>, std::less<>> tables_;
};

}  // namespace sabbat::server
