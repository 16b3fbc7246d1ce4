// Reading a record that someone else may have written: every line is bounded before it is
// parsed, parsed only through parse_untrusted_json, and every field is checked against its
// documented range (docs/record-format.md). Errors name the line and quote only a short,
// printable prefix of what they refuse.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "record.hpp"
#include "untrusted.hpp"

namespace sabbat {

namespace {

Error line_error(size_t line, const std::string& what) {
  return fail("line " + std::to_string(line) + ": " + what);
}

// A value from the file as an error quotes it: short and harmless.
std::string quote(const json& v) {
  return printable(v.dump(-1, ' ', false, json::error_handler_t::replace), 40);
}

std::string field_name(const std::string& field) {
  return "\"" + field + "\"";
}

// An integer field within [lo, hi] (hi >= 0); anything else is refused with the field's name
// and the range, never wrapped.
Result<int64_t> bounded(const json& v, const std::string& field, int64_t lo, int64_t hi) {
  if (!v.is_number_integer())
    return fail(field_name(field) + " must be an integer, not " + quote(v));
  bool in_range = false;
  int64_t value = 0;
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    in_range = u <= uint64_t(hi) && (lo <= 0 || u >= uint64_t(lo));
    value = in_range ? int64_t(u) : 0;
  } else {
    value = v.get<int64_t>();
    in_range = value >= lo && value <= hi;
  }
  if (!in_range)
    return fail(field_name(field) + " is " + quote(v) + ", allowed " + std::to_string(lo) + " to " +
                std::to_string(hi));
  return value;
}

// Game ids as the registry spells them; anything else cannot name a game, and refusing it
// here keeps every later message that names the game printable.
bool is_game_id(const std::string& id) {
  if (id.empty() || id.size() > 40) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
  return true;
}

Result<Record> parse_header(const json& h, const Registry& games) {
  if (!h.is_object() || !h.contains("format"))
    return fail("not a Sabbat record (the header has no \"format\")");
  if (h["format"] != kRecordFormat)
    return fail("not a Sabbat record (format is " + quote(h["format"]) + ", expected \"" +
                kRecordFormat + "\")");
  if (!h.contains("version") || h["version"] != kRecordVersion)
    return fail("unsupported record version " + (h.contains("version") ? quote(h["version"]) : "") +
                "; this program reads version " + std::to_string(kRecordVersion));
  Record r;
  for (const char* key : {"game", "players", "seed", "params"})
    if (!h.contains(key)) return fail("the header has no " + field_name(key));
  if (!h["game"].is_string() || !is_game_id(h["game"].get<std::string>()))
    return fail("\"game\" must be a game id (lowercase letters, digits, '-'), not " +
                quote(h["game"]));
  r.game = h["game"].get<std::string>();
  auto players = bounded(h["players"], "players", 1, kMaxRecordPlayers);
  if (!players) return fail(players.error());
  r.players = int(*players);
  // Checked first: the seats of every action line and the result line depend on it.
  if (const Game* game = games.find(r.game);
      game && (r.players < game->min_players() || r.players > game->max_players()))
    return fail("\"players\" is " + std::to_string(r.players) + ", but " + r.game +
                " is played by " + std::to_string(game->min_players()) + " to " +
                std::to_string(game->max_players()) + " players");
  if (!h["seed"].is_number_unsigned())
    return fail("\"seed\" must be an integer from 0 to 2^64-1, not " + quote(h["seed"]));
  r.seed = h["seed"].get<uint64_t>();
  if (!h["params"].is_object()) return fail("\"params\" must be an object");
  for (const auto& [k, v] : h["params"].items()) {
    if (!v.is_string()) return fail("parameter '" + printable(k, 40) + "' must be a string");
    r.params[k] = v.get<std::string>();
  }
  return r;
}

Result<RecordedAction> parse_action_line(const json& j, const Record& record) {
  const int64_t expected_seq = int64_t(record.actions.size()) + 1;
  const GameTime previous_time = record.actions.empty() ? 0 : record.actions.back().time;
  if (!j.is_object()) return fail("expected a JSON object");
  for (const char* key : {"seq", "time", "seat", "action"})
    if (!j.contains(key)) return fail("missing " + field_name(key));
  RecordedAction a;
  auto seq = bounded(j["seq"], "seq", 1, kMaxRecordActions);
  if (!seq) return fail(seq.error() + "; expected " + std::to_string(expected_seq));
  a.seq = *seq;
  if (a.seq != expected_seq)
    return fail("sequence number " + std::to_string(a.seq) + ", expected " +
                std::to_string(expected_seq));
  auto time = bounded(j["time"], "time", 0, kMaxGameTime);
  if (!time) return fail(time.error() + " ms (30 days)");
  a.time = *time;
  // Game time never runs backwards: State::apply refuses it, so no true record has it.
  if (a.time < previous_time)
    return fail("time " + std::to_string(a.time) + " ms is before the previous " +
                std::to_string(previous_time) + " ms");
  const json& seat = j["seat"];
  if (seat == "clock") {
    a.seat = kClock;
  } else {
    auto s = bounded(seat, "seat", 0, record.players - 1);
    if (!s)
      return fail("\"seat\" must be a seat from 0 to " + std::to_string(record.players - 1) +
                  " or \"clock\", not " + quote(seat));
    a.seat = Seat(*s);
  }
  if (!j["action"].is_string())
    return fail("\"action\" must be a string, not " + quote(j["action"]));
  a.action = j["action"].get<std::string>();
  return a;
}

Result<RecordResult> parse_result_line(const json& j, int players) {
  const json& r = j["result"];
  if (!r.is_object() || !r.contains("scores") || !r.contains("ranks") || !r["scores"].is_array() ||
      !r["ranks"].is_array())
    return fail("the result needs \"scores\" and \"ranks\" arrays");
  if (r["scores"].size() != size_t(players) || r["ranks"].size() != size_t(players))
    return fail("the result needs one score and one rank per player (" + std::to_string(players) +
                ")");
  RecordResult out;
  for (size_t s = 0; s < size_t(players); ++s) {
    const std::string at = "[" + std::to_string(s) + "]";
    auto score = bounded(r["scores"][s], "scores" + at, -kMaxRecordScore, kMaxRecordScore);
    if (!score) return fail(score.error());
    auto rank = bounded(r["ranks"][s], "ranks" + at, 1, players);
    if (!rank) return fail(rank.error());
    out.scores.push_back(int(*score));
    out.ranks.push_back(int(*rank));
  }
  return out;
}

}  // namespace

Result<Record> parse_record(std::istream& in, const Registry& games) {
  const JsonLimits limits{.max_bytes = kMaxRecordLineBytes, .max_depth = kMaxRecordDepth};
  // A header, every action and a result; blank lines beyond that are no record's.
  const size_t max_lines = size_t(kMaxRecordActions) + 2;
  std::string text;
  size_t line = 0;
  std::optional<Record> record;
  bool ended = false;
  size_t blank = 0;  // the first blank line not yet followed by content
  for (;;) {
    const LineRead read = read_bounded_line(in, text, kMaxRecordLineBytes);
    if (read == LineRead::End) break;
    if (++line > max_lines)
      return line_error(line, "a record has at most " + std::to_string(max_lines) + " lines");
    if (read == LineRead::TooLong)
      return line_error(line, "longer than " + std::to_string(kMaxRecordLineBytes) +
                                  " bytes, the limit for a record line");
    if (!text.empty() && text.back() == '\r') text.pop_back();
    // Blank lines may only trail: inside, they would shift the line numbers errors name.
    if (text.empty()) {
      if (!blank) blank = line;
      continue;
    }
    if (blank) return line_error(blank, "blank line inside the record");
    auto j = parse_untrusted_json(text, limits);
    if (!j) {
      if (!record) return line_error(line, "not a Sabbat record (" + j.error() + ")");
      return line_error(line, j.error() == "not valid JSON"
                                  ? "not valid JSON (truncated or corrupt)"
                                  : j.error());
    }
    if (!record) {
      auto h = parse_header(*j, games);
      if (!h) return line_error(line, h.error());
      record = std::move(h.value());
      continue;
    }
    if (ended) return line_error(line, "nothing may follow the result line");
    if (j->is_object() && j->contains("result")) {
      auto r = parse_result_line(*j, record->players);
      if (!r) return line_error(line, r.error());
      record->result = std::move(r.value());
      ended = true;
      continue;
    }
    auto a = parse_action_line(*j, *record);
    if (!a) return line_error(line, a.error());
    record->actions.push_back(std::move(a.value()));
  }
  if (in.bad()) return fail("line " + std::to_string(line + 1) + ": read error");
  if (!record) return fail("line 1: empty file, expected a Sabbat record header");
  return std::move(*record);
}

Result<Record> read_record_file(const std::string& path, const Registry& games) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return fail("cannot read '" + path + "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot open '" + path + "': " + std::strerror(errno));
  auto r = parse_record(in, games);
  if (!r) return fail(path + ": " + r.error());
  return r;
}

}  // namespace sabbat
