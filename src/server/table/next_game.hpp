#pragma once
// Where a finished table asks for the table of the next game with the same people. The lobby
// answers; a table knows only this, not the lobby above it.
#include <functional>
#include <memory>
#include <string>

#include "server/protocol/connection.hpp"

namespace sabbat::server {

class NextGame {
 public:
  virtual ~NextGame() = default;
  // `request` is a "create" message; `made` gets the new table's code, or "" after an error
  // (then `asker` was told why).
  virtual void make_next(const ClientMessage& request, const std::shared_ptr<Connection>& asker,
                         std::function<void(std::string)> made) = 0;
};

}  // namespace sabbat::server
