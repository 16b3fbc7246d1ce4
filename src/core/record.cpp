#include "record.hpp"

#include <fstream>
#include <sstream>

namespace sabbat {

json Record::header_json() const {
  return json{{"format", kRecordFormat}, {"version", kRecordVersion}, {"game", game},
              {"params", params},        {"seed", seed},                {"players", players}};
}

json Record::action_json(const RecordedAction& a) {
  json seat = a.seat == kClock ? json("clock") : json(a.seat);
  return json{{"seq", a.seq}, {"time", a.time}, {"seat", seat}, {"action", a.action}};
}

json Record::result_json(const RecordResult& r) {
  return json{{"result", {{"scores", r.scores}, {"ranks", r.ranks}}}};
}

std::vector<std::string> Record::lines() const {
  std::vector<std::string> out;
  out.push_back(header_json().dump());
  for (const auto& a : actions) out.push_back(action_json(a).dump());
  if (result) out.push_back(result_json(*result).dump());
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
  if (!h.contains("players") || !h["players"].is_number_integer())
    return line_error(line, "the header needs \"players\" as an integer");
  r.players = h["players"].get<int>();
  if (!h.contains("params") || !h["params"].is_object())
    return line_error(line, "the header needs \"params\" as an object");
  for (const auto& [k, v] : h["params"].items()) {
    if (!v.is_string()) return line_error(line, "parameter '" + k + "' must be a string");
    r.params[k] = v.get<std::string>();
  }
  return r;
}

Result<RecordedAction> parse_action_line(const json& j, size_t line, int64_t expected_seq) {
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
  if (j["seat"] == "clock") {
    a.seat = kClock;
  } else if (j["seat"].is_number_integer()) {
    a.seat = j["seat"].get<int>();
  } else {
    return line_error(line, "\"seat\" must be a seat number or \"clock\"");
  }
  if (!j["action"].is_string()) return line_error(line, "\"action\" must be a string");
  a.action = j["action"].get<std::string>();
  return a;
}

Result<RecordResult> parse_result_line(const json& j, size_t line) {
  const json& r = j["result"];
  if (!r.is_object() || !r.contains("scores") || !r.contains("ranks") ||
      !r["scores"].is_array() || !r["ranks"].is_array())
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
  return out;
}

}  // namespace

Result<Record> parse_record(std::istream& in) {
  std::string text;
  size_t line = 0;
  std::optional<Record> record;
  bool ended = false;
  while (std::getline(in, text)) {
    ++line;
    if (text.empty() || text == "\r") continue;
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
      auto r = parse_result_line(j, line);
      if (!r) return fail(r.error());
      record->result = std::move(r.value());
      ended = true;
      continue;
    }
    auto a = parse_action_line(j, line, int64_t(record->actions.size()) + 1);
    if (!a) return fail(a.error());
    record->actions.push_back(std::move(a.value()));
  }
  if (!record) return fail("line 1: empty file, expected a Sabbat record header");
  return std::move(*record);
}

Result<Record> read_record_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return fail("cannot open '" + path + "'");
  auto r = parse_record(in);
  if (!r) return fail(path + ": " + r.error());
  return r;
}

Status write_record_file(const std::string& path, const Record& record) {
  std::ofstream out(path);
  if (!out) return fail("cannot write '" + path + "'");
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

Result<Match> replay(const Record& record, const Registry& games,
                     const std::function<void(const State&)>& after_each) {
  auto game = games.get(record.game);
  if (!game) return fail("line 1: " + game.error());
  auto setup = (*game)->setup(record.players, record.params, record.seed);
  if (!setup) return fail("line 1: " + setup.error());
  auto match = Match::start(**game, *setup);
  if (!match) return fail("line 1: " + match.error());
  for (size_t i = 0; i < record.actions.size(); ++i) {
    const auto& a = record.actions[i];
    Status st = match->apply_text(a.seat, a.action, a.time);
    if (!st) return line_error(i + 2, "cannot apply '" + a.action + "': " + st.error());
    if (after_each) after_each(match->state());
  }
  return match;
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
      return line_error(i + 1, "the record says " + expected[i] + " but the replay gives " +
                                   actual[i]);
  }
  return {};
}

}  // namespace sabbat
