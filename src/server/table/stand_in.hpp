#pragma once
// Stand-ins: a person's seat left without a connection while the game is playing is played
// by the game's default bot once the table's limit has passed, until the person rejoins.
// What a table keeps of them (its limit and which actions a stand-in played) is stored with
// its settings, and the record it serves marks those actions with "stand_in".
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/record.hpp"
#include "core/result.hpp"

namespace sabbat::server {

// The bounds of a table's limit, in ms of game time (docs/protocol.md, `create`).
inline constexpr int64_t kMinStandInAfterMs = 100;
inline constexpr int64_t kMaxStandInAfterMs = 24LL * 60 * 60 * 1000;

struct StandInSpell {
  Seat seat = 0;
  std::string bot;
  int64_t from_seq = 1;           // the first action the stand-in could play
  std::optional<int64_t> to_seq;  // the last one; open while it plays
  bool covers(Seat s, int64_t seq) const {
    return s == seat && seq >= from_seq && (!to_seq || seq <= *to_seq);
  }
};

struct StandIns {
  int64_t after_ms = 0;  // game time a seat stays empty before a stand-in plays it
  std::vector<StandInSpell> spells;

  // The stand-in that played action `seq` of `seat`, if any.
  const StandInSpell* played(Seat seat, int64_t seq) const;
  // Adds this table's keys ("stand_in_after_ms", "stand_ins") to its settings object.
  void add_to(json& settings) const;
  // Reads them back from the stored settings text; tables stored before stand-ins existed
  // have neither key and get `default_after_ms` and no spells.
  static Result<StandIns> from_settings_text(std::string_view text, int players,
                                             int64_t default_after_ms);
};

// The record as the server serves it: the record's own lines, each action a stand-in played
// marked with "stand_in":"BOT" (readers ignore the key; docs/record-format.md).
std::string record_text_with_stand_ins(const Record& record, const StandIns& stand_ins);

}  // namespace sabbat::server
