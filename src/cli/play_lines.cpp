// Playing by typed lines: the view is printed when the person's situation changes, what happens
// is narrated line by line, and each line typed is an action or a command. Used for scripts,
// pipes, tests, and games without a key screen.
#include <algorithm>
#include <ostream>

#include "cli/play_session.hpp"
#include "cli/realtime_input.hpp"
#include "cli/screen_text.hpp"
#include "cli/terminal.hpp"

namespace sabbat::cli {

namespace {

class LineFront final : public Front {
 public:
  LineFront(Session& session, const Io& io, bool color)
      : s_(session), io_(io), color_(color), tty_(is_terminal(io.out)), input_(io.in) {}

  bool live() const override { return input_.live(); }
  bool ready() override { return input_.ready(); }

  // On a terminal, the next moment the countdown changes, to say so.
  std::optional<Clock::time_point> wake() const override {
    auto d = s_.state().deadline();
    const auto left = seconds_left();
    if (!tty_ || !d || !left || *left <= 1) return std::nullopt;
    return s_.when(d->at - (*left - 1) * 1000);
  }

  // Waits for a line until `until` (a bot's or the clock's moment, or the next countdown
  // notice), then handles it.
  Turn turn(std::optional<Clock::time_point> until) override {
    refresh_view();
    countdown_notice();
    prompt();
    std::string line;
    switch (input_.wait(until, line)) {
      case LineInput::Got::Timeout:
        return Turn::Acted;
      case LineInput::Got::End:
        out() << "End of input: you leave the game unfinished.\n";
        return Turn::Left;
      case LineInput::Got::Line:
        break;
    }
    // A terminal echoes the line and its newline; scripted input is echoed here so that the
    // transcript reads well.
    if (!is_terminal(io_.in)) {
      if (!prompt_open_) io_.out << "> ";
      io_.out << echoed(line) << '\n';
    }
    prompt_open_ = false;
    line = trim(line);
    if (line.empty()) return Turn::Acted;
    if (line == "help" || line == "?") {
      show_help();
      return Turn::Acted;
    }
    if (line == "view") {
      show_view();
      return Turn::Acted;
    }
    if (line == "quit" || line == "exit") {
      out() << "You leave the game unfinished.\n";
      return Turn::Left;
    }
    return try_action(line);
  }

  void narrate(const Events& events) override {
    for (const auto& e : events)
      if (e.audience.sees(s_.seat()) && !e.text.empty()) out() << "  " << e.text << '\n';
  }

  void leave() override { out(); }

 private:
  static constexpr size_t kHelpLimit = 40;

  // Ends the prompt's line before other output.
  std::ostream& out() {
    if (prompt_open_) io_.out << '\n';
    prompt_open_ = false;
    return io_.out;
  }

  void show_view() {
    out() << '\n' << s_.game().render_view(s_.state().view(s_.seat()), s_.seat(), color_) << '\n';
    shown_at_ = s_.played();
  }

  // What the person's situation is: whether they may act, who else may, and the deadline.
  struct Phase {
    bool actor = false;
    uint32_t actors = 0;
    std::optional<GameTime> deadline;
    bool operator==(const Phase&) const = default;
  };
  Phase phase() const {
    Phase p;
    p.actor = s_.may_act();
    p.actors = s_.state().actors().bits();
    if (auto d = s_.state().deadline()) p.deadline = d->at;
    return p;
  }

  // The view again when the person's phase changed (not after every bot move), or when it is
  // the person's turn alone and something happened since it was shown.
  void refresh_view() {
    const Phase p = phase();
    const bool changed = !(p == shown_phase_);
    if (changed) noticed_ = -1;
    const bool own_turn = p.actor && p.actors == (1u << s_.seat()) && shown_at_ != s_.played();
    if ((changed && (p.actor || p.deadline)) || own_turn) {
      show_view();
      if (p.actor)
        out() << "(seat " << s_.seat() << ": type an action, or 'help', 'view', 'quit')\n";
      else
        out() << "(you cannot act now; 'help', 'view', 'quit' still work)\n";
    }
    shown_phase_ = p;
  }

  // Whole seconds before the pending deadline, rounded up; nothing without one.
  std::optional<int64_t> seconds_left() const {
    auto d = s_.state().deadline();
    if (!d) return std::nullopt;
    return std::max<int64_t>(0, (d->at - s_.now() + 999) / 1000);
  }

  // On a terminal: "⏳ N s left" every 5 s and at 3, 2, 1.
  void countdown_notice() {
    const auto left = seconds_left();
    if (!tty_ || !left || *left <= 0 || *left == noticed_) return;
    if (*left % 5 != 0 && *left > 3) return;
    noticed_ = *left;
    out() << "\u23f3 " << *left << " s left"
          << (s_.may_act() ? " \u00b7 type an action, 'help'\u2026" : "") << '\n';
  }

  void prompt() {
    if (prompt_open_ || !s_.may_act()) return;
    if (tty_)
      if (auto left = seconds_left()) io_.out << "[" << *left << " s] ";
    io_.out << "> " << std::flush;
    prompt_open_ = true;
  }

  void show_help() {
    if (!s_.may_act()) {
      out() << "You cannot act now; wait for your turn or the next phase.\n"
            << "Also: help, view, quit.\n";
      return;
    }
    const ActionList& legal = s_.legal();
    out() << "Legal actions (type one, or its number):\n";
    const size_t shown = std::min(legal.size(), kHelpLimit);
    for (size_t i = 0; i < shown; ++i)
      out() << "  " << i + 1 << ". " << s_.state().action_text(legal[i]) << '\n';
    if (legal.size() > shown)
      out() << "  \u2026 and " << legal.size() - shown
            << " more; any legal action can be typed in full.\n";
    out() << "Also: help, view, quit.\n";
  }

  Turn try_action(const std::string& line) {
    std::string why;
    switch (s_.act(line, events_, why)) {
      case Session::Tried::Late:
        out() << "Too late: time ran out.\n";
        break;
      case Session::Tried::Idle:
        out() << "You cannot act now: '" << echoed(line)
              << "' was not played. Wait for your turn.\n";
        return Turn::Acted;
      case Session::Tried::Refused:
        out() << "Cannot do '" << echoed(line) << "': " << reason(why)
              << "\nType 'help' for the legal actions.\n";
        return Turn::Acted;
      case Session::Tried::Failed:
        report_error(io_.err, "a bot's action was refused: " + why, kExitFailure);
        return Turn::Failed;
      case Session::Tried::Played:
        break;
    }
    narrate(events_);
    return Turn::Acted;
  }

  Session& s_;
  const Io& io_;
  bool color_;
  bool tty_;  // stdout is a terminal: countdown shown
  LineInput input_;
  Events events_;
  size_t shown_at_ = size_t(-1);
  Phase shown_phase_;
  int64_t noticed_ = -1;
  bool prompt_open_ = false;
};

}  // namespace

std::unique_ptr<Front> make_line_front(Session& session, const Io& io, bool color) {
  return std::make_unique<LineFront>(session, io, color);
}

}  // namespace sabbat::cli
