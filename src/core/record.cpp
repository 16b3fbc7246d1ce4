#include "record.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "untrusted.hpp"

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

// How much of a message or a line from elsewhere an error quotes: enough to see what is wrong.
constexpr size_t kQuotedError = 200;
constexpr size_t kQuotedLine = 160;

// Every byte of `text` to `fd`, or the system's reason.
Status write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(std::strerror(errno));
    text.remove_prefix(size_t(n));
  }
  return {};
}

}  // namespace

Status write_record_file(const std::string& path, const Record& record) {
  namespace fs = std::filesystem;
  // A hidden name in the same directory (a rename does not cross file systems), unique to this
  // process and call, so that parallel writers never share one.
  static std::atomic<uint64_t> calls{0};
  const fs::path target(path);
  const fs::path temp = target.parent_path() /
                        ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()) +
                         "-" + std::to_string(calls.fetch_add(1)));
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return fail("cannot write '" + path + "': " + std::strerror(errno));
  Status st = write_all(fd, record.text());
  if (::close(fd) != 0 && st) st = fail(std::strerror(errno));
  if (st && ::rename(temp.c_str(), target.c_str()) != 0) st = fail(std::strerror(errno));
  if (!st) {
    ::unlink(temp.c_str());
    return fail("cannot write '" + path + "': " + st.error());
  }
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
                          const std::function<void(const State&)>& at_start,
                          const std::function<void(const State&)>& after_each,
                          const ReplayHook& on_action) {
  auto game = games.get(record.game);
  if (!game) return fail("line 1: " + printable(game.error(), kQuotedError));
  // A parameter the record does not name, added since, reads as the rule it was played by.
  std::map<std::string, std::string> params = record.params;
  std::vector<std::string> absent;
  for (const ParamSpec& spec : (*game)->param_specs())
    if (spec.before && !record.params.contains(spec.name)) {
      params[spec.name] = *spec.before;
      absent.push_back(spec.name);
    }
  auto setup = (*game)->setup(record.players, params, record.seed);
  if (!setup) return fail("line 1: " + printable(setup.error(), kQuotedError));
  auto match = Match::start(**game, *setup);
  if (!match) return fail("line 1: " + printable(match.error(), kQuotedError));
  for (const std::string& name : absent) match->leave_out_param(name);
  if (at_start) at_start(match->state());
  Events events;
  Events* wanted = on_action ? &events : nullptr;
  for (size_t i = 0; i < record.actions.size(); ++i) {
    const auto& a = record.actions[i];
    events.clear();
    Status st = match->apply_text(a.seat, a.action, a.time, wanted);
    if (!st)
      return line_error(i + 2, "cannot apply '" + printable(a.action) +
                                   "': " + printable(st.error(), kQuotedError));
    if (after_each) after_each(match->state());
    if (on_action) on_action(a, match->state(), events);
  }
  return match;
}

}  // namespace

Result<Match> replay(const Record& record, const Registry& games,
                     const std::function<void(const State&)>& after_each) {
  return replay_impl(record, games, nullptr, after_each, nullptr);
}

Result<Match> replay_with_events(const Record& record, const Registry& games,
                                 const ReplayHook& on_action) {
  return replay_impl(record, games, nullptr, nullptr, on_action);
}

Result<Match> replay_from_start(const Record& record, const Registry& games,
                                const std::function<void(const State&)>& at_start,
                                const ReplayHook& on_action) {
  return replay_impl(record, games, at_start, nullptr, on_action);
}

Status check_result(const Record& record, const Record& replayed) {
  if (!record.result) return {};
  const size_t line = record.actions.size() + 2;
  if (!replayed.result)
    return line_error(line, "the record gives a result, but after its " +
                                std::to_string(record.actions.size()) +
                                " actions the game is not over");
  if (*record.result != *replayed.result)
    return line_error(line,
                      "the record says " +
                          printable(one_line(Record::result_json(*record.result)), kQuotedLine) +
                          " but the replay gives " +
                          printable(one_line(Record::result_json(*replayed.result)), kQuotedLine));
  return {};
}

Status check_record(const Record& record, const Registry& games) {
  auto m = replay(record, games);
  if (!m) return fail(m.error());
  auto expected = record.lines();
  auto actual = m->record().lines();
  for (size_t i = 0; i < std::max(expected.size(), actual.size()); ++i) {
    if (i >= expected.size())
      return line_error(i + 1, "the record ends here, but the replay goes on with " +
                                   printable(actual[i], kQuotedLine));
    if (i >= actual.size())
      return line_error(i + 1,
                        "the replay ends before this line: " + printable(expected[i], kQuotedLine));
    if (expected[i] != actual[i])
      return line_error(i + 1, "the record says " + printable(expected[i], kQuotedLine) +
                                   " but the replay gives " + printable(actual[i], kQuotedLine));
  }
  return {};
}

}  // namespace sabbat
