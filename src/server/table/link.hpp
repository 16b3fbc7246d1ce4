#pragma once
// A connection at a table: whose eyes it sees with (a seat or the spectators), whether it has
// been told everything so far, and how it takes views.
#include <cstdint>
#include <memory>

#include "server/protocol/connection.hpp"
#include "server/table/chat.hpp"

namespace sabbat::server {

struct Link {
  std::weak_ptr<Connection> conn;
  uint64_t id = 0;
  Seat seat = kSpectator;
  bool live = false;     // told of everything stored so far; gets every new frame
  bool patches = false;  // takes views as patches of its last one
  // The version of the view in the last state frame made for it (0: none yet). Frames reach a
  // link in the order they are made, so this is the view it will hold.
  uint64_t view_version = 0;
  ChatBudget chat_budget{};  // how fast this connection may write in the chat
};

}  // namespace sabbat::server
