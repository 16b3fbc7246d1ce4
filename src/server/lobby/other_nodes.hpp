#pragma once
// What the lobby asks of the other nodes of a cluster: to bring a table it does not hold, and
// whether the shared store answers. The cluster (cluster.hpp) answers; the lobby knows only
// this, so that the two do not include each other.
#include <functional>
#include <memory>
#include <string>

#include "core/result.hpp"

namespace sabbat::server {

class Table;

class OtherNodes {
 public:
  enum class Found {
    Here,         // the table is in this node now
    Missing,      // no table has this code
    Unavailable,  // the store cannot be reached, or the holder did not let go in time
  };
  using Brought = std::function<void(Found, std::shared_ptr<Table>)>;

  virtual ~OtherNodes() = default;
  // The table with this code, in this node's lobby once `done` is told Here. `done` runs on
  // an io_context thread.
  virtual void bring(const std::string& code, Brought done) = 0;
  // The health check of a node: `done` gets the answer of a lease renewal.
  virtual void check_store(std::function<void(const Status&)> done) = 0;
};

}  // namespace sabbat::server
