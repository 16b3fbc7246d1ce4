#pragma once
// A table's own settings beside its record: who sits where, the secrets, whether spectators
// may watch and whether the game has started. Stored as JSON with the table, so that a
// restart keeps every token valid.
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/result.hpp"

namespace sabbat::server {

struct SeatSettings {
  bool bot = false;
  std::string bot_name;  // for a bot
  std::string name;      // for a person, once taken
  std::string token;     // for a person, once taken, its digest; empty: free
  // In a real-time game's ready step (Table): who said this person is ready, herself or the
  // owner for her while she is away; empty: not yet. Bots are always ready.
  std::string ready;
  bool taken() const { return bot || !token.empty(); }
};

struct TableSettings {
  std::string owner_token;  // its digest (secrets.hpp; plain in stores written before)
  bool spectators = true;
  bool listed = false;  // shown in the lobby's list of open tables
  bool started = false;
  std::vector<SeatSettings> seats;

  json to_json() const;
  static Result<TableSettings> from_text(std::string_view text, int players);
};

}  // namespace sabbat::server
