#include "server/lobby/dispatch.hpp"

#include <chrono>

#include "core/untrusted.hpp"
#include "server/lobby/lobby.hpp"
#include "server/protocol/json_scan.hpp"
#include "server/protocol/names.hpp"
#include "server/protocol/secrets.hpp"

namespace sabbat::server {

namespace {

constexpr const char* kClientTypes =
    "create, join, rejoin, watch, start, ready, chat, chat_rules, act, again, ping";

}  // namespace

void dispatch_client_message(Context& ctx, ClientLink link, std::string_view text) {
  auto read = read_client_message(text, ctx.options.limits.max_message_bytes);
  if (auto* e = std::get_if<ProtocolError>(&read)) return link.answer(error_frame(*e));
  const ClientMessage& m = std::get<ClientMessage>(read);
  const auto& self = link.connection;
  const auto wrong_role = [&](const char* why) {
    link.answer(error_frame("wrong-role", why, m.type));
  };
  // Reads a field or answers the error; `out` is set only on success.
  const auto field = [&](auto parsed, auto& out) {
    if (auto* e = std::get_if<ProtocolError>(&parsed)) {
      link.answer(error_frame(*e));
      return false;
    }
    out = std::move(std::get<0>(parsed));
    return true;
  };
  const auto find_table = [&](std::shared_ptr<Table>& out) {
    std::string code;
    if (!field(string_field(m, "table", 64), code)) return false;
    out = ctx.lobby->find(code);
    if (!out) link.answer(error_frame("no-such-table", "no table has this code", m.type));
    return bool(out);
  };

  if (m.type == "ping") {
    const auto id = m.body.find("id");
    if (id != m.body.end() && !id->is_primitive())
      return link.answer(error_frame(
          "malformed", "\"id\" must be a string, a number, true, false or null (it is echoed)",
          m.type));
    const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    if (id != m.body.end() && id->is_number()) {
      // The number as the client wrote it: one beyond 64 bits would come back as a float.
      const auto raw = top_level_member(text, "id");
      if (raw && json::parse(*raw, nullptr, false) == *id)
        return link.answer(std::make_shared<const std::string>(
            "{\"id\":" + std::string(*raw) + ",\"server_time\":" + std::to_string(now) +
            ",\"type\":\"pong\"}"));
    }
    json pong = {{"type", "pong"}, {"server_time", now}};
    if (id != m.body.end()) pong["id"] = *id;
    return link.answer(frame(pong));
  }
  if (m.type == "create") {
    if (link.table) return wrong_role("this connection is already at a table; open another");
    return ctx.lobby->create(m, self);
  }
  if (m.type == "join" || m.type == "rejoin" || m.type == "watch") {
    if (link.table) return wrong_role("this connection is already at a table; open another");
    std::shared_ptr<Table> table;
    bool patches = false;
    if (!find_table(table) || !field(optional_bool(m, "patches"), patches)) return;
    if (m.type == "join") {
      std::string name;
      std::optional<int64_t> seat;
      // The limit is on the name as shown, after cleaning; the message's own bounds its text.
      if (!field(string_field(m, "name", ctx.options.limits.max_message_bytes), name) ||
          !field(optional_integer(m, "seat"), seat))
        return;
      auto shown = clean_name(name);
      if (!shown) return link.answer(error_frame("malformed", shown.error(), m.type));
      link.table = table;
      return table->join(self, seat, std::move(*shown), patches);
    }
    if (m.type == "rejoin") {
      std::string token;
      if (!field(string_field(m, "token", 64), token)) return;
      if (!looks_like_token(token)) {
        ctx.log("websocket " + std::string(link.peer) + ": rejoin refused, malformed token");
        return link.answer(
            error_frame("wrong-token", "this token holds no seat at this table", m.type));
      }
      link.table = table;
      return table->rejoin(self, token, patches);
    }
    link.table = table;
    return table->watch(self, patches);
  }
  if (m.type == "start") {
    if (!link.table) return wrong_role("join or watch the table first");
    std::string owner;
    if (!field(string_field(m, "owner", 64), owner)) return;
    return link.table->start(self, owner);
  }
  if (m.type == "ready") {
    if (!link.table) return wrong_role("join a seat first");
    std::optional<int64_t> seat;
    if (!field(optional_integer(m, "seat"), seat)) return;
    std::string owner;
    if (m.body.contains("owner") && !field(string_field(m, "owner", 64), owner)) return;
    return link.table->ready(self, seat, owner);
  }
  if (m.type == "chat") {
    if (!link.table) return wrong_role("join or watch the table first");
    const bool has_text = m.body.contains("text"), has_reaction = m.body.contains("reaction");
    if (has_text == has_reaction)
      return link.answer(
          error_frame("malformed", "'chat' needs a \"text\" or a \"reaction\", not both", m.type));
    std::string said, reaction;
    // The text's own limit is on what is left once cleaned (table.cpp); the message's bounds it.
    if (has_text && !field(string_field(m, "text", ctx.options.limits.max_message_bytes), said))
      return;
    if (has_reaction && !field(string_field(m, "reaction", 16), reaction)) return;
    if (has_reaction && reaction.empty())
      return link.answer(error_frame("malformed", "an empty reaction", m.type));
    return link.table->chat(self, std::move(said), std::move(reaction));
  }
  if (m.type == "chat_rules") {
    if (!link.table) return wrong_role("join or watch the table first");
    std::string owner;
    Table::ChatRules rules;
    if (!field(string_field(m, "owner", 64), owner) ||
        !field(optional_integer(m, "mute"), rules.mute) ||
        !field(optional_integer(m, "unmute"), rules.unmute))
      return;
    if (m.body.contains("spectators_write")) {
      bool write = false;
      if (!field(optional_bool(m, "spectators_write"), write)) return;
      rules.spectators_write = write;
    }
    return link.table->chat_rules(self, std::move(owner), rules);
  }
  if (m.type == "again") {
    if (!link.table) return wrong_role("join a seat first");
    return link.table->again(self);
  }
  if (m.type == "act") {
    if (!link.table) return wrong_role("join a seat first");
    std::optional<int64_t> seq;
    std::string action;
    if (!field(optional_integer(m, "seq"), seq) || !field(string_field(m, "action", 1000), action))
      return;
    if (!seq)
      return link.answer(error_frame("malformed", "'act' needs an integer \"seq\"", m.type));
    return link.table->act(self, *seq, action);
  }
  link.answer(
      error_frame("unknown-type",
                  "unknown message type '" + printable(m.type, 30) + "'; allowed: " + kClientTypes,
                  printable(m.type, 30)));
}

}  // namespace sabbat::server
