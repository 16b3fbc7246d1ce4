#include "record.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sabbat {

using ordered = nlohmann::ordered_json;

ordered Record::header_json() const {
  return ordered{{"format", kRecordFormat},
                 {"version", kRecordVersion},
                 {"game", game},
                 {"players", players},
                 {"seed", seed},
                 {"params", params}};
}

ordered Record::action_json(const RecordedAction& a) {
  ordered seat = a.seat == kClock ? ordered("clock") : ordered(a.seat);
  return ordered{{"seq", a.seq}, {"time", a.time}, {"seat", seat}, {"action", a.action}};
}

ordered Record::result_json(const RecordResult& r) {
  return ordered{{"result", {{"scores", r.scores}, {"ranks", r.ranks}}}};
}

namespace {
// Never throws: a stray invalid UTF-8 byte becomes U+FFFD instead of aborting a write.
std::string one_line(const ordered& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}
}  // namespace

std::vector<std::string> Record::lines() const {
  std::vector<std::string> out;
  out.reserve(actions.size() + 2);
  out.push_back(one_line(header_json()));
  for (const auto& a : actions) out.push_back(one_line(action_json(a)));
  if (result) out.push_back(one_line(result_json(*result)));
  return out;
}

std::string Record::text() const {
  std::string out;
  for (const auto& l : lines()) out += l + '\n';
  return out;
}

namespace {

Error line_error(size_t line, const std::string& what) {
  return fail("line " + std::to_string(line) + ": " + what);
}

Result<Record> parse_header(const json& h, size_t line) {
  if (!h.is_object() || !h.contains("format"))
    return line_error(line, "not a Sabbat record (the header has no \"format\")");
  if (h["format"] != kRecordFormat)
    return line_error(line, "not a Sabbat record (format is " + h["format"].dump() +
                                ", expected \"" + kRecordFormat + "\")");
  if (!h.contains("version") || !h["version"].is_number_integer() ||
      h["version"].get<int64_t>() != kRecordVersion)
    return line_error(line, "unsupported record version; this program reads version " +
                                std::to_string(kRecordVersion));
  Record r;
  if (!h.contains("game") || !h["game"].is_string())
    return line_error(line, "the header needs \"game\" as a string");
  r.game = h["game"].get<std::string>();
  if (!h.contains("seed") || !h["seed"].is_number_unsigned())
    return line_error(line, "the header needs \"seed\" as a non-negative integer");
  r.seed = h["seed"].get<uint64_t>();
  if (!h.contains("players") || !h["players"].is_number_integer() ||
      h["players"].get<int64_t>() < 1 || h["players"].get<int64_t>() > 32)
    return line_error(line, "the header needs \"players\" as an integer from 1 to 32");
  r.players = h["players"].get<int>();
  if (!h.contains("params") || !h["params"].is_object())
    return line_error(line, "the header needs \"params\" as an object");
  for (const auto& [k, v] : h["params"].items()) {
    if (!v.is_string()) return line_error(line, "parameter '" + k + "' must be a string");
    r.params[k] = v.get<std::string>();
  }
  return r;
}

Result<RecordedAction> parse_action_line(const json& j, size_t line, const Record& record) {
  const int64_t expected_seq = int64_t(record.actions.size()) + 1;
  const GameTime previous_time = record.actions.empty() ? 0 : record.actions.back().time;
  if (!j.is_object()) return line_error(line, "expected a JSON object");
  for (const char* key : {"seq", "time", "seat", "action"})
    if (!j.contains(key)) return line_error(line, std::string("missing \"") + key + "\"");
  RecordedAction a;
  if (!j["seq"].is_number_integer()) return line_error(line, "\"seq\" must be an integer");
  a.seq = j["seq"].get<int64_t>();
  if (a.seq != expected_seq)
    return line_error(line, "sequence number " + std::to_string(a.seq) + ", expected " +
                                std::to_string(expected_seq));
  if (!j["time"].is_number_integer()) return line_error(line, "\"time\" must be an integer");
  a.time = j["time"].get<int64_t>();
  // Game time never runs backwards: State::apply refuses it, so no true record has it.
  if (a.time < previous_time)
    return line_error(line, "time " + std::to_string(a.time) + " ms is before the previous " +
                                std::to_string(previous_time) + " ms");
  const json& seat = j["seat"];
  if (seat == "clock") {
    a.seat = kClock;
  } else if (seat.is_number_integer() && seat.get<int64_t>() >= 0 &&
             seat.get<int64_t>() < record.players) {
    a.seat = seat.get<int>();
  } else {
    return line_error(line, "\"seat\" must be a seat from 0 to " +
                                std::to_string(record.players - 1) + " or \"clock\", not " +
                                seat.dump());
  }
  if (!j["action"].is_string()) return line_error(line, "\"action\" must be a string");
  a.action = j["action"].get<std::string>();
  return a;
}

Result<RecordResult> parse_result_line(const json& j, size_t line, int players) {
  const json& r = j["result"];
  if (!r.is_object() || !r.contains("scores") || !r.contains("ranks") || !r["scores"].is_array() ||
      !r["ranks"].is_array())
    return line_error(line, "the result needs \"scores\" and \"ranks\" arrays");
  RecordResult out;
  for (const auto& v : r["scores"]) {
    if (!v.is_number_integer()) return line_error(line, "scores must be integers");
    out.scores.push_back(v.get<int>());
  }
  for (const auto& v : r["ranks"]) {
    if (!v.is_number_integer()) return line_error(line, "ranks must be integers");
    out.ranks.push_back(v.get<int>());
  }
  if (out.scores.size() != size_t(players) || out.ranks.size() != size_t(players))
    return line_error(line, "the result needs one score and one rank per player (" +
                                std::to_string(players) + ")");
  return out;
}

}  // namespace

Result<Record> parse_record(std::istream& in) {
  std::string text;
  size_t line = 0;
  std::optional<Record> record;
  bool ended = false;
  size_t blank = 0;  // the first blank line not yet followed by content
  while (std::getline(in, text)) {
    ++line;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    // Blank lines may only trail: inside, they would shift the line numbers errors name.
    if (text.empty()) {
      if (!blank) blank = line;
      continue;
    }
    if (blank) return line_error(blank, "blank line inside the record");
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) {
      if (!record && line == 1) return line_error(line, "not a Sabbat record (not JSON)");
      return line_error(line, "not valid JSON (truncated or corrupt)");
    }
    if (!record) {
      auto h = parse_header(j, line);
      if (!h) return fail(h.error());
      record = std::move(h.value());
      continue;
    }
    if (ended) return line_error(line, "nothing may follow the result line");
    if (j.is_object() && j.contains("result")) {
      auto r = parse_result_line(j, line, record->players);
      if (!r) return fail(r.error());
      record->result = std::move(r.value());
      ended = true;
      continue;
    }
    auto a = parse_action_line(j, line, *record);
    if (!a) return fail(a.error());
    record->actions.push_back(std::move(a.value()));
  }
  if (in.bad()) return fail("line " + std::to_string(line + 1) + ": read error");
  if (!record) return fail("line 1: empty file, expected a Sabbat record header");
  return std::move(*record);
}

Result<Record> read_record_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return fail("cannot read '" + path + "': it is a directory");
  std::ifstream in(path);
  if (!in) return fail("cannot open '" + path + "': " + std::strerror(errno));
  auto r = parse_record(in);
  if (!r) return fail(path + ": " + r.error());
  return r;
}

Status write_record_file(const std::string& path, const Record& record) {
  std::ofstream out(path);
  if (!out) return fail("cannot write '" + path + "': " + std::strerror(errno));
  out << record.text();
  out.close();
  if (!out) return fail("cannot write '" + path + "'");
  return {};
}

Result<Match> Match::start(const Game& game, const Setup& setup) {
  auto state = game.new_state(setup);
  if (!state) return fail(state.error());
  Match m;
  m.game_ = &game;
  m.state_ = std::move(state.value());
  m.record_.game = game.id();
  m.record_.params = setup.params.values();
  m.record_.seed = setup.seed;
  m.record_.players = setup.players;
  return m;
}

Status Match::apply(Seat seat, Action action, GameTime now, Events* events) {
  auto text = state_->action_text(action);
  Status st = state_->apply(seat, action, now, events);
  if (!st) return st;
  record_.actions.push_back({int64_t(record_.actions.size()) + 1, now, seat, std::move(text)});
  if (state_->terminal()) record_.result = RecordResult{state_->scores(), state_->ranks()};
  return st;
}

Status Match::apply_text(Seat seat, std::string_view text, GameTime now, Events* events) {
  auto action = state_->parse_action(seat, text);
  if (!action) return fail(action.error());
  return apply(seat, *action, now, events);
}

namespace {

// One loop for both replays; events are built only when someone reads them.
Result<Match> replay_impl(const Record& record, const Registry& games,
                          const std::function<void(const State&)>& after_each,
                          const ReplayHook& on_action) {
  auto game = games.get(record.game);
  if (!game) return fail("line 1: " + game.error());
  auto setup = (*game)->setup(record.players, record.params, record.seed);
  if (!setup) return fail("line 1: " + setup.error());
  auto match = Match::start(**game, *setup);
  if (!match) return fail("line 1: " + match.error());
  Events events;
  Events* wanted = on_action ? &events : nullptr;
  for (size_t i = 0; i < record.actions.size(); ++i) {
    const auto& a = record.actions[i];
    events.clear();
    Status st = match->apply_text(a.seat, a.action, a.time, wanted);
    if (!st) return line_error(i + 2, "cannot apply '" + a.action + "': " + st.error());
    if (after_each) after_each(match->state());
    if (on_action) on_action(a, match->state(), events);
  }
  return match;
}

}  // namespace

Result<Match> replay(const Record& record, const Registry& games,
                     const std::function<void(const State&)>& after_each) {
  return replay_impl(record, games, after_each, nullptr);
}

Result<Match> replay_with_events(const Record& record, const Registry& games,
                                 const ReplayHook& on_action) {
  return replay_impl(record, games, nullptr, on_action);
}

Status check_record(const Record& record, const Registry& games) {
  auto m = replay(record, games);
  if (!m) return fail(m.error());
  auto expected = record.lines();
  auto actual = m->record().lines();
  for (size_t i = 0; i < std::max(expected.size(), actual.size()); ++i) {
    if (i >= expected.size())
      return line_error(i + 1, "the record ends here, but the replay goes on with " + actual[i]);
    if (i >= actual.size())
      return line_error(i + 1, "the replay ends before this line: " + expected[i]);
    if (expected[i] != actual[i])
      return line_error(i + 1,
                        "the record says " + expected[i] + " but the replay gives " + actual[i]);
  }
  return {};
}

}  // namespace sabbat
