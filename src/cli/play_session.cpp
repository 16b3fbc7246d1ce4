#include "cli/play_session.hpp"

#include <algorithm>
#include <sstream>

#include "bots/bot.hpp"

namespace sabbat::cli {

namespace {

// A positive number, or 0.
size_t as_index(const std::string& s) {
  if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos) return 0;
  return size_t(std::stoul(s));
}

}  // namespace

Session::Session(const PlayOptions& options, Match match, uint64_t seed)
    : options_(options),
      match_(std::move(match)),
      seat_(options.seat),
      rng_(Rng::mix(seed, 1)),
      start_(Clock::now()) {}

Status Session::make_bots() {
  size_t other = 0;  // the other seats' bots, in seat order
  for (Seat s = 0; s < state().players(); ++s) {
    if (s == seat_) {
      bots_.push_back(nullptr);
      continue;
    }
    const auto& names = options_.seat_bots;
    auto bot = make_bot(other < names.size() ? names[other] : default_bot_name(game()), game());
    ++other;
    if (!bot) return fail(bot.error());
    owned_.push_back(std::move(bot.value()));
    bots_.push_back(owned_.back().get());
  }
  return {};
}

Status Session::start_record() {
  if (options_.record.empty()) return {};
  auto writer = RecordWriter::create(options_.record, match_.record());
  if (!writer) return fail(writer.error());
  writer_ = std::move(writer.value());
  return {};
}

void Session::write_record() {
  if (!writer_.is_open() || !record_error_.empty()) return;
  if (Status st = writer_.sync(match_.record()); !st) record_error_ = st.error();
}

GameTime Session::now() const {
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  return std::max<GameTime>(ms, state().now());
}

std::optional<Step> Session::scheduled() {
  if (played() != step_for_) {
    step_ = next_step(state(), bots_, rng_);
    step_for_ = played();
  }
  return step_;
}

Status Session::apply_step(const Step& step, Events& events) {
  events.clear();
  Status st = match_.apply(step.seat, step.action, step.at, &events);
  if (st) write_record();
  return st;
}

const ActionList& Session::legal() {
  state().legal_actions(seat_, legal_);
  return legal_;
}

std::vector<std::string> Session::legal_texts() {
  std::vector<std::string> out;
  for (const Action a : legal()) out.push_back(state().action_text(a));
  return out;
}

std::string Session::for_person(const std::string& action) const {
  return action_for_person(game().seat_words(), action);
}

std::string Session::prose(const std::string& text) const {
  return prose_for_person(game().seat_words(), text);
}

std::vector<std::string> Session::legal_for_person() {
  std::vector<std::string> out;
  for (const Action a : legal()) out.push_back(for_person(state().action_text(a)));
  return out;
}

Result<std::string> typed_action(const State& state, Seat seat, SeatWords words,
                                 const std::string& typed) {
  auto canonical = action_from_person(words, typed, state.players());
  if (!canonical || *canonical != typed) return canonical;
  // A looser form the game reads (Du Balai !'s "play mauvais sort 2", capitals): the game reads
  // its number as written, and the canonical text it gives holds it, to be counted from 1 like
  // a typed one.
  auto parsed = state.parse_action(seat, typed);
  if (!parsed) return canonical;
  const std::string text = state.action_text(*parsed);
  return action_for_person(words, text) == text ? canonical
                                                : action_from_person(words, text, state.players());
}

Result<std::string> Session::from_person(const std::string& typed) const {
  return typed_action(state(), seat_, game().seat_words(), typed);
}

Session::Tried Session::act_typed(const std::string& typed, Events& events, std::string& why) {
  events.clear();
  auto canonical = from_person(typed);
  if (!canonical) {
    why = canonical.error();
    return Tried::Refused;
  }
  return act(*canonical, events, why);
}

// A game with reaction windows has their time limit among its parameters.
bool Session::has_windows() const {
  const auto specs = game().param_specs();
  return std::any_of(specs.begin(), specs.end(),
                     [](const ParamSpec& p) { return p.name == "window_ms"; });
}

std::optional<std::string> Session::windows_command(const std::string& line) {
  std::istringstream words(line);
  std::string verb, choice, more;
  words >> verb >> choice >> more;
  if (verb != "windows") return std::nullopt;
  if (!has_windows()) return "This game has no reaction windows.";
  if (choice == "pass" && more.empty()) {
    let_windows_pass_ = true;
    return "Every reaction window that asks you passes, until you type 'windows ask'.";
  }
  if (choice == "ask" && more.empty()) {
    let_windows_pass_ = false;
    return "Reaction windows ask you again when you hold a card for them.";
  }
  return "Type 'windows pass' to let every reaction window pass, or 'windows ask' to be asked.";
}

std::optional<std::string> Session::forced_setting() const {
  const json view = state().view(seat_);
  const auto f = view.find("forced");
  if (f == view.end() || !f->is_string()) return std::nullopt;
  return f->get<std::string>();
}

bool Session::lets_this_window_pass() {
  if (!let_windows_pass_ || !may_act()) return false;
  const json view = state().view(seat_);
  const auto w = view.find("window");
  if (w == view.end() || !w->is_object() || !w->value("asked", false)) return false;
  const auto texts = legal_texts();
  return std::find(texts.begin(), texts.end(), "pass") != texts.end();
}

Session::Tried Session::act_at(const std::string& text, GameTime t, Events& events,
                               std::string& why) {
  events.clear();
  // The deadlines that fell while the person was typing come first, each at its own time;
  // then her action at its time, not dropped for being after another seat's deadline.
  bool clocked = false;
  for (auto d = state().deadline(); d && d->at <= t && !state().terminal();
       d = state().deadline()) {
    Events more;
    Status st = match_.apply(kClock, d->action, d->at, &more);
    if (!st) {
      why = st.error();
      return Tried::Failed;
    }
    write_record();
    events.insert(events.end(), more.begin(), more.end());
    clocked = true;
  }
  auto parsed = state().parse_action(seat_, text);
  // A seat's setting (`forced ask`) is hers whenever the game is on.
  const bool setting = parsed && state().seat_setting(*parsed);
  if (!may_act() && !setting) return clocked ? Tried::Late : Tried::Idle;
  Action action;
  if (parsed) {
    action = *parsed;
  } else {
    // A number picks from the list of legal actions (as `help` shows it).
    const size_t n = as_index(text);
    if (n == 0 || n > legal().size()) {
      why = prose(parsed.error());
      return Tried::Refused;
    }
    action = legal_[n - 1];
  }
  Events mine;
  Status st = match_.apply(seat_, action, t, &mine);
  if (!st) {
    why = prose(st.error());
    return clocked ? Tried::Late : Tried::Refused;
  }
  events.insert(events.end(), mine.begin(), mine.end());
  write_record();
  return Tried::Played;
}

}  // namespace sabbat::cli
