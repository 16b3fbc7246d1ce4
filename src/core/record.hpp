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

inline constexpr const char* kRecordFormat = "sabbat-record";
inline constexpr int kRecordVersion = 1;

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

// Reads a record; a corrupt, truncated or foreign file gets an error naming the line.
Result<Record> parse_record(std::istream& in);
Result<Record> read_record_file(const std::string& path);
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

// Replays and compares line by line with the record as given; the error names the first
// line that differs and how.
Status check_record(const Record& record, const Registry& games);

}  // namespace sabbat
