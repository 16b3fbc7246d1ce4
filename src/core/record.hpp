#pragma once
// A game as JSON Lines: a header, one line per applied action, and the result
// (docs/record-format.md).
#include <cstdint>
#include <functional>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game.hpp"
#include "registry.hpp"

namespace sabbat {

// Compact text of a record's line, its keys in the order they were put in (the documented
// order); json_text's nlohmann::json would sort them.
inline std::string json_text(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

inline constexpr const char* kRecordFormat = "sabbat-record";
inline constexpr int kRecordVersion = 1;

// What a record may hold (docs/record-format.md, "Limits"); a reader refuses anything beyond,
// naming the line and the field, so no file can exhaust memory or wrap an integer.
inline constexpr std::size_t kMaxRecordLineBytes = 64 * 1024;
inline constexpr int kMaxRecordDepth = 16;
inline constexpr int kMaxRecordPlayers = 32;
inline constexpr int64_t kMaxRecordActions = 1'000'000;
// No game lasts 30 days: a later time is damage, and refusing it keeps every deadline sum small.
inline constexpr GameTime kMaxGameTime = 30LL * 24 * 60 * 60 * 1000;
inline constexpr int kMaxRecordScore = 1'000'000;  // scores lie in [-this, this]

struct RecordedAction {
  int64_t seq = 0;  // 1, 2, 3 ...
  GameTime time = 0;
  Seat seat = 0;  // or kClock
  std::string action;
  bool operator==(const RecordedAction&) const = default;
};

struct RecordResult {
  std::vector<int> scores;
  std::vector<int> ranks;
  bool operator==(const RecordResult&) const = default;
};

struct Record {
  std::string game;
  std::map<std::string, std::string> params;  // every parameter, defaults included
  uint64_t seed = 0;
  int players = 0;
  std::vector<RecordedAction> actions;
  std::optional<RecordResult> result;
  bool operator==(const Record&) const = default;

  // Ordered so a line reads as documented: format first, seq first.
  nlohmann::ordered_json header_json() const;
  static nlohmann::ordered_json action_json(const RecordedAction& a);
  static nlohmann::ordered_json result_json(const RecordResult& r);
  // All lines, each one JSON document, without newlines.
  std::vector<std::string> lines() const;
  std::string text() const;  // lines joined by '\n', ending with '\n'
};

// Reads a record; a corrupt, truncated, foreign or oversized file gets an error naming the
// line, and quoting at most a short printable prefix of what is wrong. A game that `games`
// knows has its player count checked on line 1, before anything depends on it.
Result<Record> parse_record(std::istream& in, const Registry& games = registry());
Result<Record> read_record_file(const std::string& path, const Registry& games = registry());
// Writes the whole record under a temporary name in the same directory, then renames it: the
// file appears complete or not at all. A failure says the system's reason.
Status write_record_file(const std::string& path, const Record& record);

// A game being played and recorded: every applied action goes into the record, and the
// result is added once the game ends.
class Match {
 public:
  static Result<Match> start(const Game& game, const Setup& setup);
  Status apply(Seat seat, Action action, GameTime now, Events* events = nullptr);
  Status apply_text(Seat seat, std::string_view text, GameTime now, Events* events = nullptr);

  const Game& game() const { return *game_; }
  const State& state() const { return *state_; }
  const Record& record() const { return record_; }
  // A replay of a record written before parameter `name` existed keeps it out of the header,
  // so that the record it rebuilds is the one it read.
  void leave_out_param(const std::string& name) { record_.params.erase(name); }

 private:
  const Game* game_ = nullptr;
  std::unique_ptr<State> state_;
  Record record_;
};

// Replays a record from its header; the error names the record line that cannot be applied.
// `after_each` (optional) sees the state after every applied action.
Result<Match> replay(const Record& record, const Registry& games,
                     const std::function<void(const State&)>& after_each = nullptr);

// Same, and `on_action` also sees the record's action and the events it caused (to narrate).
using ReplayHook = std::function<void(const RecordedAction&, const State&, const Events&)>;
Result<Match> replay_with_events(const Record& record, const Registry& games,
                                 const ReplayHook& on_action);
// Same, and `at_start` sees the state the game began with, before the first action.
Result<Match> replay_from_start(const Record& record, const Registry& games,
                                const std::function<void(const State&)>& at_start,
                                const ReplayHook& on_action);

// The result line of `record` against the `replayed` record of the same actions: a result the
// replay does not give, or a result for a game the replay has not ended, names the result line.
// A record without a result line passes (it is unfinished, or cut before its last line).
Status check_result(const Record& record, const Record& replayed);

// Replays and compares line by line with the record as given; the error names the first
// line that differs and how.
Status check_record(const Record& record, const Registry& games);

}  // namespace sabbat
