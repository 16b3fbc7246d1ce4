#pragma once
// One client message, from its text to its effect: parsed (only through
// parse_untrusted_json), checked against the connection's role, and handed to the lobby or
// the connection's table. The WebSocket session calls it for every text frame; the message
// fuzzer calls it without a network.
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/ops/context.hpp"
#include "server/protocol/connection.hpp"

namespace sabbat::server {

class Table;

struct ClientLink {
  std::shared_ptr<Connection> connection;
  // The one table of this connection, once asked for; a table that refuses resets it
  // through Connection::leave_table.
  std::shared_ptr<Table>& table;
  // Answers at once on the connection (errors, pong); tables answer through `connection`.
  std::function<void(Frame)> answer;
  std::string_view peer;  // for log lines
};

void dispatch_client_message(Context& ctx, ClientLink link, std::string_view text);

}  // namespace sabbat::server
