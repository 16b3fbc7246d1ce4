// The table's chat: what a seat or a spectator writes, and the owner's rules of it.
#include "server/table/table.hpp"

#include <algorithm>

#include "server/protocol/names.hpp"
#include "server/protocol/secrets.hpp"

namespace sabbat::server {

void Table::chat(std::shared_ptr<Connection> conn, std::string text, std::string reaction) {
  on_strand([conn, text = std::move(text), reaction = std::move(reaction)](Table& self) {
    const auto refuse = [&](std::string_view code, std::string_view message) {
      conn->send(error_frame(code, message, "chat"));
    };
    Link* link = self.find_link(conn->id());
    if (!link) return refuse("wrong-role", "join or watch the table first");
    if (self.broken_ || self.closed_) return refuse("no-such-table", "this table is closed");
    const Seat seat = link->seat;
    if (seat == kSpectator && !self.chat_.spectators_write)
      return refuse("chat-closed",
                    "spectators read the chat; the table's owner has not let them write");
    if (seat >= 0 && self.chat_.is_muted(seat))
      return refuse("muted", "the table's owner has muted this seat in the chat");
    ChatEntry entry;
    if (!reaction.empty()) {
      if (!is_chat_reaction(reaction)) {
        std::string set;
        for (std::string_view r : chat_reactions())
          set += (set.empty() ? "" : " ") + std::string(r);
        return refuse("malformed", "a reaction is one of " + set);
      }
      entry.reaction = reaction;
    } else {
      auto clean = clean_chat_text(text, kChatChars);
      if (!clean) return refuse("malformed", clean.error());
      entry.text = std::move(*clean);
    }
    // Per connection, and per seat so that a second tab does not double the rate.
    const auto now = std::chrono::steady_clock::now();
    ChatBudget* seat_budget = seat >= 0 ? &self.chat_budgets_[size_t(seat)] : nullptr;
    if (!link->chat_budget.allows(now) || (seat_budget && !seat_budget->allows(now)))
      return refuse("chat-too-fast",
                    "at most 5 chat messages at once, then one every 2 s; this one was not kept");
    link->chat_budget.spend();
    if (seat_budget) seat_budget->spend();
    entry.seat = seat;
    if (seat >= 0) entry.name = self.settings_.seats[size_t(seat)].name;
    entry.at_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
    Frame told = Chat::entry_frame(self.chat_.add(std::move(entry)));
    self.save_chat([&self, told] {
      for (Link& l : self.links_)
        if (auto c = l.conn.lock(); c && l.live) c->send(told);
    });
  });
}

void Table::chat_rules(std::shared_ptr<Connection> conn, std::string owner, ChatRules rules) {
  on_strand([conn, owner = std::move(owner), rules](Table& self) {
    const auto refuse = [&](std::string_view code, std::string_view message) {
      conn->send(error_frame(code, message, "chat_rules"));
    };
    const Link* link = self.find_link(conn->id());
    if (!link) return refuse("wrong-role", "join or watch the table first");
    if (self.broken_ || self.closed_) return refuse("no-such-table", "this table is closed");
    if (!token_matches(self.settings_.owner_token, owner)) {
      self.ctx_.log("table " + self.code_ + ": chat rules refused, wrong owner token");
      return refuse("wrong-token", "only the table's owner sets the chat's rules");
    }
    const int players = int(self.settings_.seats.size());
    for (const auto& seat : {rules.mute, rules.unmute})
      if (seat && (*seat < 0 || *seat >= players))
        return refuse("no-such-seat",
                      "seats are numbered from 0 to " + std::to_string(players - 1));
    Chat& chat = self.chat_;
    const json before = chat.rules_json();
    if (rules.spectators_write) chat.spectators_write = *rules.spectators_write;
    if (rules.mute && !chat.is_muted(Seat(*rules.mute))) {
      chat.muted.push_back(Seat(*rules.mute));
      std::sort(chat.muted.begin(), chat.muted.end());
    }
    if (rules.unmute) std::erase(chat.muted, Seat(*rules.unmute));
    if (chat.rules_json() == before)  // nothing changed: the owner hears where the rules stand
      return self.after_earlier(
          [&self, conn, seat = link->seat] { conn->answer(self.table_frame(seat)); });
    self.save_chat([&self] { self.broadcast_status(); });
  });
}

}  // namespace sabbat::server
