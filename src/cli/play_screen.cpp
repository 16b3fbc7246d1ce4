// Playing one key at a time on a terminal: the game's screen (core/key_screen.hpp) drawn whole when
// the table changes, what happened shown line by line, and a live line at the bottom with the
// countdown, redrawn while the person thinks. `:` opens a command line for anything typed.
// Seats are counted from 1 in all the person reads and types, as on the game's key screen.
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <ostream>
#include <utility>

#include "cli/key_input.hpp"
#include "cli/play_session.hpp"
#include "cli/screen_text.hpp"
#include "cli/tty.hpp"

namespace sabbat::cli {

namespace {

constexpr auto kTick = std::chrono::milliseconds(100);       // the countdown's resolution
constexpr auto kStepPause = std::chrono::milliseconds(400);  // between lines of narration
constexpr size_t kKeptLines = 200;
constexpr size_t kScrollStep = 4;  // rows of what happened per Page Up or Page Down
constexpr int kMinColumns = 40;    // for the keys and the live line, whatever the table

const char* const kHint =
    ": command (help, quit, an action)  ? keys  PgUp/PgDn scroll  Ctrl-C leave";

class ScreenFront final : public Front {
 public:
  ScreenFront(Session& session, const Io& io, bool color, std::unique_ptr<KeyScreen> screen)
      : s_(session), io_(io), color_(color), screen_(std::move(screen)), keys_(STDIN_FILENO) {}

  bool enter() { return term_.enter(STDIN_FILENO, STDOUT_FILENO); }

  bool live() const override { return true; }
  bool ready() override { return RawTerminal::interrupted() || keys_.ready(); }

  std::optional<Clock::time_point> wake() const override {
    std::optional<Clock::time_point> at;
    if (!queued_.empty()) at = next_line_;
    if (s_.state().deadline()) {
      const auto tick = Clock::now() + kTick;
      if (!at || tick < *at) at = tick;
    }
    return at;
  }

  Turn turn(std::optional<Clock::time_point> until) override {
    if (RawTerminal::interrupted()) return leave_with("Ctrl-C: you leave the game unfinished.");
    reveal_due_line();
    if (RawTerminal::take_redraw() || dirty_ || drawn_at_ != s_.played())
      draw();
    else
      draw_live();
    Key k;
    switch (keys_.wait(until, k)) {
      case KeyInput::Got::Key:
        return handle(k);
      case KeyInput::Got::End:
        return leave_with("End of input: you leave the game unfinished.");
      case KeyInput::Got::Timeout:
      case KeyInput::Got::Signal:
        break;
    }
    return Turn::Acted;
  }

  void narrate(const Events& events) override {
    // The screen tells an event as a person reads it; the engine's words are handed over so.
    for (const auto& e : events)
      if (e.audience.sees(s_.seat()) && !e.text.empty()) {
        Event told = e;
        told.text = s_.prose(e.text);
        for (auto& line : screen_->narrate(told)) queued_.push_back(std::move(line));
      }
  }

  // The last lines of narration stay on the terminal after the screen is gone.
  void leave() override {
    if (!term_.active()) return;
    io_.out << std::flush;
    term_.leave();
    while (!queued_.empty()) {
      log_.push_back(queued_.front());
      queued_.pop_front();
    }
    const size_t from = log_.size() > 12 ? log_.size() - 12 : 0;
    for (size_t i = from; i < log_.size(); ++i) io_.out << "  " << log_[i] << '\n';
    if (!farewell_.empty()) io_.out << farewell_ << '\n';
    io_.out << std::flush;
  }

 private:
  Turn leave_with(const std::string& words) {
    farewell_ = words;
    return Turn::Left;
  }

  // The view and legal actions, read again only when an action was played. The note goes
  // when the person's situation changes (who may act, the deadline).
  KeySituation situation() {
    if (seen_at_ != s_.played()) {
      view_ = s_.state().view(s_.seat());
      legal_ = s_.legal_texts();
      seen_at_ = s_.played();
      const auto deadline = s_.state().deadline();
      const std::pair<uint32_t, GameTime> moment{s_.state().actors().bits(),
                                                 deadline ? deadline->at : -1};
      if (moment != moment_) note_.clear();
      moment_ = moment;
    }
    return {view_, s_.seat(), legal_};
  }

  // Narration comes one line at a time, so that phase 4 reads step by step; but when the
  // person must act, all of it at once: nobody is asked to choose before being told what
  // happened.
  void reveal_due_line() {
    if (queued_.empty()) return;
    if (!situation().legal.empty()) {
      while (!queued_.empty()) {
        log_.push_back(std::move(queued_.front()));
        queued_.pop_front();
      }
      while (log_.size() > kKeptLines) log_.erase(log_.begin());
      dirty_ = true;
      return;
    }
    if (Clock::now() < next_line_) return;
    log_.push_back(queued_.front());
    queued_.pop_front();
    if (log_.size() > kKeptLines) log_.erase(log_.begin());
    // A long backlog goes faster, so that the story catches up with the table.
    next_line_ = Clock::now() + (queued_.size() > 6 ? kStepPause / 4 : kStepPause);
    dirty_ = true;
  }

  void draw() {
    const KeySituation now = situation();
    const TerminalSize size = term_.size();
    const size_t width = size_t(std::max(size.columns, 20));
    const size_t rows = size_t(std::max(size.rows, 10));
    std::vector<std::string> top =
        split_lines(screen_->table(now.view, now.viewer, color_, size.rows));
    std::vector<std::string> bottom =
        split_lines(help_ ? screen_->help() + kHint : screen_->keys(now, color_));
    if (!note_.empty()) bottom.push_back(bold("\u25b6 " + note_));
    // What happened takes the rows left (two to eight); on a short terminal the line of
    // commands and the heading go first.
    size_t fixed = top.size() + bottom.size() + 1;
    const bool hint = !help_ && fixed + 4 <= rows;
    fixed += hint;
    const bool heading = fixed + 3 <= rows;
    fixed += heading;
    // The table must fit whole, with the keys, a line of what happened and the live line.
    size_t need_columns = 0;
    for (const auto& line : top) need_columns = std::max(need_columns, columns(line));
    const size_t need_rows = top.size() + bottom.size() + 2;
    if (need_columns > size_t(size.columns) || need_rows > size_t(size.rows)) {
      too_small(size, std::max(need_columns, size_t(kMinColumns)), need_rows);
      return;
    }
    const size_t log_rows = std::clamp<size_t>(rows > fixed ? rows - fixed : 0, 1, 8);
    if (hint) bottom.push_back(dim(kHint));
    std::vector<std::string> frame = std::move(top);
    // Scrolled back: the rows that many rows above the last, and the heading says so.
    const auto wrapped = last_rows(log_, kKeptLines * 4, width - 2);
    scroll_ = std::min(scroll_, wrapped.size() > log_rows ? wrapped.size() - log_rows : 0);
    if (heading)
      frame.push_back(dim(scroll_ == 0 ? "\u2500\u2500 what happened \u2500\u2500"
                                       : "\u2500\u2500 what happened, " + std::to_string(scroll_) +
                                             " lines back (PgDn: later) \u2500\u2500"));
    const size_t end = wrapped.size() - scroll_;
    for (size_t i = end > log_rows ? end - log_rows : 0; i < end; ++i)
      frame.push_back("  " + wrapped[i]);
    frame.insert(frame.end(), bottom.begin(), bottom.end());
    // Written over the last frame, each line cleared to its end, rather than after clearing
    // the screen: no flicker at every key.
    std::string out = "\x1b[H";
    for (const auto& line : frame) out += clip(line, width) + "\x1b[K\n";
    io_.out << out << "\x1b[J" << live_line() << "\x1b[K" << std::flush;
    drawn_at_ = s_.played();
    dirty_ = false;
  }

  // Below the size the table needs, a sentence instead of a broken picture; it is redrawn
  // whole when the terminal is resized.
  void too_small(const TerminalSize& size, size_t columns_needed, size_t rows_needed) {
    const std::string need =
        std::to_string(columns_needed) + "\u00d7" + std::to_string(rows_needed);
    const std::string has = std::to_string(size.columns) + "\u00d7" + std::to_string(size.rows);
    const size_t width = size_t(std::max(size.columns - 1, 10));
    std::string out = "\x1b[H\x1b[J";
    for (const auto& line :
         last_rows({"This table needs a larger terminal:", "make the terminal at least " + need,
                    "(columns \u00d7 rows; it is " + has + " now).",
                    "The game goes on meanwhile; Ctrl-C leaves."},
                   size_t(std::max(size.rows - 1, 1)), width))
      out += line + "\n";
    io_.out << out << live_line() << "\x1b[K" << std::flush;
    drawn_at_ = s_.played();
    dirty_ = false;
  }

  void draw_live() { io_.out << "\r\x1b[K" << live_line() << std::flush; }

  // The countdown, then what the game waits for (or the command being typed).
  std::string live_line() {
    std::string out;
    if (auto d = s_.state().deadline()) {
      const GameTime left = std::max<GameTime>(0, d->at - s_.now());
      if (d->at != bar_for_) {
        bar_for_ = d->at;
        bar_total_ = std::max<GameTime>(left, 1);
      }
      out = countdown(left, bar_total_, color_) + "  ";
    }
    if (prompt_) return out + ":" + line_;
    const KeySituation now = situation();
    return clip(out + screen_->waiting(now), size_t(std::max(term_.size().columns - 1, 20)));
  }

  Turn handle(const Key& k) {
    if (prompt_) return prompt_key(k);
    switch (k.code) {
      case ':':
      case '/':
        prompt_ = true;
        line_.clear();
        io_.out << "\x1b[?25h";  // the cursor, for typing
        draw_live();
        return Turn::Acted;
      case '?':
        help_ = !help_;
        dirty_ = true;
        return Turn::Acted;
      case key::ctrl('L'):
        dirty_ = true;
        return Turn::Acted;
      // What happened, scrolled back and forth a few rows at a time.
      case key::kPageUp:
      case key::ctrl('B'):
        scroll_ += kScrollStep;
        dirty_ = true;
        return Turn::Acted;
      case key::kPageDown:
      case key::ctrl('F'):
        scroll_ = scroll_ > kScrollStep ? scroll_ - kScrollStep : 0;
        dirty_ = true;
        return Turn::Acted;
      case key::ctrl('D'):
        return leave_with("You leave the game unfinished.");
      default:
        break;
    }
    help_ = false;
    scroll_ = 0;
    KeyAnswer a = screen_->press(k.code, situation());
    note_ = a.note;
    dirty_ = true;
    return a.action.empty() ? Turn::Acted : play(a.action, false);
  }

  Turn prompt_key(const Key& k) {
    if (k.code == key::kEnter || k.code == key::kEscape) {
      prompt_ = false;
      io_.out << "\x1b[?25l";
      dirty_ = true;
      const std::string command = trim(line_);
      if (k.code == key::kEscape || command.empty()) return Turn::Acted;
      if (command == "help" || command == "?") {
        help_ = true;
        return Turn::Acted;
      }
      if (command == "view") return Turn::Acted;
      if (command == "quit" || command == "exit")
        return leave_with("You leave the game unfinished.");
      if (auto said = s_.windows_command(command)) {
        note_ = *said;
        return Turn::Acted;
      }
      return play(command, true);
    }
    if (k.code == key::kBackspace)
      drop_last_character(line_);
    else if (k.code == key::ctrl('U'))
      line_.clear();
    else if ((k.code >= 32 && k.code < 127) ||
             (k.code == key::kUnknown && static_cast<unsigned char>(k.text[0]) >= 0x80))
      line_ += k.text;
    draw_live();
    return Turn::Acted;
  }

  // Plays an action's text, `typed` by the person (seats from 1) or a key's canonical text; a
  // refusal is explained in the note and loses nothing.
  Turn play(const std::string& action, bool typed) {
    std::string why;
    const Session::Tried tried =
        typed ? s_.act_typed(action, events_, why) : s_.act(action, events_, why);
    const std::string text = typed ? action : s_.for_person(action);
    situation();  // the new situation first, so that the note below is about it
    switch (tried) {
      case Session::Tried::Late:
        note_ = "Too late: time ran out.";
        break;
      case Session::Tried::Idle:
        note_ = "You cannot act now: '" + echoed(text) + "' was not played.";
        return Turn::Acted;
      case Session::Tried::Refused:
        note_ = "Cannot do '" + echoed(text) + "': " + reason(why);
        return Turn::Acted;
      case Session::Tried::Failed:
        leave();
        report_error(io_.err, "a bot's action was refused: " + why, kExitFailure);
        return Turn::Failed;
      case Session::Tried::Played:
        note_ = "played: " + echoed(text);
        break;
    }
    narrate(events_);
    return Turn::Acted;
  }

  std::string bold(const std::string& s) const { return color_ ? "\x1b[1m" + s + "\x1b[0m" : s; }
  std::string dim(const std::string& s) const { return color_ ? "\x1b[2m" + s + "\x1b[0m" : s; }

  Session& s_;
  const Io& io_;
  bool color_;
  std::unique_ptr<KeyScreen> screen_;
  RawTerminal term_;
  KeyInput keys_;
  Events events_;
  json view_;
  std::vector<std::string> legal_;
  size_t seen_at_ = size_t(-1);
  std::pair<uint32_t, GameTime> moment_{0, -1};
  size_t drawn_at_ = size_t(-1);
  bool dirty_ = true;
  bool help_ = false;
  bool prompt_ = false;
  std::string line_;  // the command being typed after ':'
  std::string note_;  // what the last key did, or why it did nothing
  std::string farewell_;
  std::deque<std::string> queued_;  // narration not shown yet
  std::vector<std::string> log_;    // narration shown
  Clock::time_point next_line_{};
  size_t scroll_ = 0;      // rows of what happened scrolled back from the last
  GameTime bar_for_ = -1;  // the deadline the countdown bar measures
  GameTime bar_total_ = 1;
};

}  // namespace

std::unique_ptr<Front> make_screen_front(Session& session, const Io& io, bool color,
                                         std::unique_ptr<KeyScreen> screen) {
  auto front = std::make_unique<ScreenFront>(session, io, color, std::move(screen));
  if (!front->enter()) return nullptr;
  return front;
}

}  // namespace sabbat::cli
