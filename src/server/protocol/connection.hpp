#pragma once
// What a table sees of a client connection. Every call may come from any thread: the
// connection posts it to its own executor, so a table never touches a session's members.
#include <cstdint>
#include <memory>

#include "server/protocol/messages.hpp"

namespace sabbat::server {

class Table;

class Connection {
 public:
  virtual ~Connection() = default;
  virtual uint64_t id() const = 0;
  // Queues one message; a client whose queue is full is disconnected. A `table` message the
  // same as the last one this connection was sent is left out: it tells nothing new.
  virtual void send(Frame frame) = 0;
  // The same, but a `table` message goes even when it repeats the last one: the answer to a
  // request that asked for it.
  virtual void answer(Frame frame) { send(std::move(frame)); }
  // Queues two messages together, so that they may leave in one TCP segment: the answer to a
  // seat's action and the state it led to.
  virtual void send_both(Frame first, Frame second) {
    send(std::move(first));
    send(std::move(second));
  }
  // Sends `last` (an error saying why), then closes: 1001 when `going_away`, else 1008.
  virtual void close_with(Frame last, bool going_away) = 0;
  // The table refused this connection (a wrong token, a taken seat...): sends `why` and
  // forgets the table in one step, so that the client, once told, may try again at once.
  virtual void leave_table(Frame why) = 0;
};

}  // namespace sabbat::server
