#pragma once
// A table's chat (docs/protocol.md, "Chat"): short texts and quick reactions from the seats,
// and from spectators when the owner allows it; the owner may mute a seat. It is the table's,
// not the game's: kept beside the seats in the store, never in a record or a view, and its
// texts are untrusted like names (names.hpp).
#include <chrono>
#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/result.hpp"
#include "server/protocol/messages.hpp"

namespace sabbat::server {

inline constexpr std::size_t kChatChars = 200;  // a message's length once cleaned
inline constexpr std::size_t kChatRecent = 50;  // kept with the table, sent on arrival

// The quick reactions: a small fixed set, so a reaction is never free text.
std::span<const std::string_view> chat_reactions();
bool is_chat_reaction(std::string_view text);

struct ChatEntry {
  int64_t id = 0;
  Seat seat = kSpectator;
  std::string name;      // the seat's name when written; empty for a spectator
  std::string text;      // a message ...
  std::string reaction;  // ... or a reaction
  int64_t at_ms = 0;     // wall clock, ms since the Unix epoch
  json to_json() const;
};

// How fast one connection, or one seat across its connections, may write: a burst of
// kBurst, then one every kEvery.
class ChatBudget {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr double kBurst = 5;
  static constexpr std::chrono::milliseconds kEvery{2000};
  // True when a message at `now` is within the budget; `spend` takes it.
  bool allows(Clock::time_point now);
  void spend() { tokens_ -= 1; }

 private:
  double tokens_ = kBurst;
  Clock::time_point last_ = Clock::now();
};

struct Chat {
  std::deque<ChatEntry> recent;
  int64_t next_id = 1;
  bool spectators_write = false;  // the owner's: spectators may write too
  std::vector<Seat> muted;        // the owner's: seats that may not write

  bool is_muted(Seat seat) const;
  // Numbers the entry and keeps it among the recent ones.
  const ChatEntry& add(ChatEntry entry);
  // The owner's rules, as status.chat shows them.
  json rules_json() const;
  // The "chat" messages of the recent entries, sent on arrival (`recent`): none when nobody
  // wrote yet; more than one, numbered `part` 1 to `parts`, when they are longer together
  // than `max_bytes`.
  std::vector<Frame> recent_frames(std::size_t max_bytes) const;
  // The "chat" message of one new entry.
  static Frame entry_frame(const ChatEntry& entry);
  // As stored with the table; an empty text is an empty chat (a table stored before chat).
  std::string to_text() const;
  static Result<Chat> from_text(std::string_view text, int players);
};

}  // namespace sabbat::server
