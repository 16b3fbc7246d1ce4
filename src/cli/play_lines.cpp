// Playing by typed lines: what happens is narrated line by line, the parts of the table that
// changed are printed when the person's situation changes, and each line typed is an action or
// a command. Used for screen readers (--lines), scripts, pipes, tests, and games without a key
// screen. Seats are counted from 1 in all she reads and types (Session::for_person).
#include <algorithm>
#include <deque>
#include <map>
#include <ostream>
#include <set>

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
    if (line == "rules") {
      show_rules();
      return Turn::Acted;
    }
    if (line == "quit" || line == "exit") {
      out() << "You leave the game unfinished.\n";
      return Turn::Left;
    }
    if (auto said = s_.windows_command(line)) {
      out() << *said << '\n';
      return Turn::Acted;
    }
    return try_action(line);
  }

  void narrate(const Events& events) override {
    forget_fleeting();
    for (const auto& e : events)
      if (e.audience.sees(s_.seat()) && !e.text.empty()) {
        const std::string text = s_.prose(e.text);
        out() << "  " << text << '\n';
        // A line telling what was shown for a moment (an ingredient turned) is not told again
        // after the wipe.
        if (e.data.is_object() && e.data.value("fleeting", false)) continue;
        told_.push_back(text);
        if (told_.size() > kToldKept) told_.pop_front();
      }
  }

  void leave() override { out(); }

 private:
  static constexpr size_t kHelpLimit = 40;
  static constexpr size_t kToldKept = 12;  // narration lines told again after a wipe
  // A kind of action listed whole in a long help; beyond, summarised by its words.
  static constexpr size_t kListedPerVerb = 8;

  // Ends the prompt's line before other output.
  std::ostream& out() {
    if (prompt_open_) io_.out << '\n';
    prompt_open_ = false;
    return io_.out;
  }

  // The table split at its empty lines: each block (the book, the track, the witches...) is
  // printed whole when it changed.
  static std::vector<std::string> blocks_of(const std::string& text) {
    std::vector<std::string> out(1);
    for (const auto& line : split_lines(text)) {
      if (trim(line).empty()) {
        if (!out.back().empty()) out.emplace_back();
        continue;
      }
      out.back() += line + '\n';
    }
    if (out.back().empty()) out.pop_back();
    return out;
  }

  // The whole table (`view`, the start), or only its blocks that changed since it was last
  // printed: a screen reader then reads what is new, not the whole board again.
  void show_view(bool whole = true) {
    const json view = s_.state().view(s_.seat());
    const auto blocks = blocks_of(s_.game().render_for_person(view, s_.seat(), color_));
    const std::set<std::string> before(shown_blocks_.begin(), shown_blocks_.end());
    std::string text;
    for (const auto& b : blocks)
      if (whole || !before.contains(b)) text += (text.empty() ? "" : "\n") + b;
    if (!text.empty()) out() << '\n' << text << '\n';
    shown_blocks_ = blocks;
    shown_at_ = s_.played();
    const auto now = fleeting_of(view);
    shown_fleeting_.insert(now.begin(), now.end());
  }

  // What a view shows the seat only for now: its "fleeting" is true (Du Balai !'s open book)
  // or names each such thing (Baba Yaga's tiles face up).
  static std::set<std::string> fleeting_of(const json& view) {
    std::set<std::string> out;
    const auto f = view.find("fleeting");
    if (f == view.end()) return out;
    if (f->is_boolean() && f->get<bool>()) out.insert("*");
    if (f->is_array())
      for (const auto& x : *f)
        if (x.is_string()) out.insert(x.get<std::string>());
    return out;
  }

  // Once something fleeting that was printed is gone (the book closed, a tile turned back), a
  // terminal's screen and scrollback are wiped, so that scrolling up cannot bring it back; the
  // last lines of narration are told again.
  void forget_fleeting() {
    if (shown_fleeting_.empty()) return;
    const auto now = fleeting_of(s_.state().view(s_.seat()));
    if (std::includes(now.begin(), now.end(), shown_fleeting_.begin(), shown_fleeting_.end()))
      return;
    shown_fleeting_.clear();
    if (!tty_) return;
    out() << "\x1b[H\x1b[2J\x1b[3J"
          << "(What was shown for a moment only has been wiped from the terminal.)\n";
    for (const auto& line : told_) io_.out << "  " << line << '\n';
    shown_blocks_.clear();
  }

  // What the person's situation is: whether they may act, the deadline, and whether the view
  // shows something fleeting. Other seats coming and going (a witch has written) is narrated,
  // not a reason to print the table again.
  struct Phase {
    bool actor = false;
    std::optional<GameTime> deadline;
    std::set<std::string> fleeting;
    bool operator==(const Phase&) const = default;
  };
  Phase phase() const {
    Phase p;
    p.actor = s_.may_act();
    if (auto d = s_.state().deadline()) p.deadline = d->at;
    p.fleeting = fleeting_of(s_.state().view(s_.seat()));
    return p;
  }

  // What changed in the table, when the person may act in a new moment (their turn, a new
  // phase or deadline) or something appears for a moment (the open book); not after every
  // bot move. When they can no longer act, one line says so.
  void refresh_view() {
    forget_fleeting();
    const Phase p = phase();
    const bool changed = !(p == shown_phase_);
    if (changed) noticed_ = -1;
    const bool again = p.actor && shown_at_ != s_.played() &&
                       (!shown_phase_.actor || p.deadline != shown_phase_.deadline ||
                        s_.state().actors() == SeatSet::only(s_.seat()));
    if (first_ || (changed && !p.fleeting.empty()) || again) {
      show_view(first_);
      first_ = false;
      if (p.actor)
        out() << "(seat " << Session::seat_number(s_.seat())
              << ": type an action, or 'help', 'rules', 'view', 'quit')\n";
    } else if (changed && shown_phase_.actor && !p.actor) {
      out() << "(you cannot act now; 'help', 'rules', 'view', 'quit' still work)\n";
    }
    shown_phase_ = p;
  }

  void show_rules() {
    const std::string rules = s_.game().rules_text();
    out() << (rules.empty() ? "No summary of the rules for this game.\n" : rules);
  }

  // Whole seconds before the pending deadline, rounded up; nothing without one.
  std::optional<int64_t> seconds_left() const {
    auto d = s_.state().deadline();
    if (!d) return std::nullopt;
    return std::max<int64_t>(0, (d->at - s_.now() + 999) / 1000);
  }

  // On a terminal, while the person may act: "⏳ N s left" every 5 s and at 3, 2, 1.
  void countdown_notice() {
    const auto left = seconds_left();
    if (!tty_ || !s_.may_act() || !left || *left <= 0 || *left == noticed_) return;
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

  // The setting of forced moves, in a game that has them.
  std::string forced_help() const {
    const auto f = s_.forced_setting();
    if (!f) return "";
    return ", forced ask (or auto): be asked your forced moves, or let the table play them "
           "(now: " +
           *f + ")";
  }

  void show_help() {
    if (!s_.may_act()) {
      out() << "You cannot act now; wait for your turn or the next phase.\n"
            << "Also: help, view, quit"
            << (s_.has_windows() ? ", windows pass (or ask): let every reaction window pass" : "")
            << forced_help() << ".\n";
      return;
    }
    const auto texts = s_.legal_for_person();
    out() << "Legal actions (type one, or its number):\n";
    if (texts.size() <= kHelpLimit)
      for (size_t i = 0; i < texts.size(); ++i) out() << "  " << i + 1 << ". " << texts[i] << '\n';
    else
      show_long_help(texts);
    out() << "Also: help, rules, view, quit"
          << (s_.has_windows() ? ", windows pass (or ask): let every reaction window pass" : "")
          << forced_help() << ".\n";
  }

  // Too many actions to list (a Du Balai ! witch may write 511 formulas): each kind of action
  // (its first word) is listed whole when short, else summarised by the words that may follow.
  void show_long_help(const std::vector<std::string>& texts) {
    std::vector<std::string> verbs;
    std::map<std::string, std::vector<size_t>> of;
    for (size_t i = 0; i < texts.size(); ++i) {
      const std::string verb = texts[i].substr(0, texts[i].find(' '));
      if (!of.contains(verb)) verbs.push_back(verb);
      of[verb].push_back(i);
    }
    for (const auto& verb : verbs) {
      const auto& at = of[verb];
      if (at.size() <= kListedPerVerb) {
        for (size_t i : at) out() << "  " << i + 1 << ". " << texts[i] << '\n';
        continue;
      }
      std::vector<std::string> words;
      size_t longest = at.front();
      for (size_t i : at) {
        const auto parts = split_words(texts[i]);
        if (parts.size() > split_words(texts[longest]).size()) longest = i;
        for (size_t w = 1; w < parts.size(); ++w)
          if (std::find(words.begin(), words.end(), parts[w]) == words.end())
            words.push_back(parts[w]);
      }
      std::string list;
      for (const auto& w : words) list += (list.empty() ? "" : ", ") + w;
      out() << "  " << verb << " \u2026 (" << at.size() << " actions), followed by any of: " << list
            << "\n    e.g. " << at.front() + 1 << ". " << texts[at.front()] << "   " << longest + 1
            << ". " << texts[longest] << '\n';
    }
  }

  static std::vector<std::string> split_words(const std::string& text) {
    std::vector<std::string> out;
    for (size_t from = 0; from < text.size();) {
      const size_t space = text.find(' ', from);
      const size_t end = space == std::string::npos ? text.size() : space;
      if (end > from) out.push_back(text.substr(from, end - from));
      from = end + 1;
    }
    return out;
  }

  Turn try_action(const std::string& line) {
    std::string why;
    switch (s_.act_typed(line, events_, why)) {
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
  std::vector<std::string> shown_blocks_;  // the table as last printed, block by block
  std::set<std::string> shown_fleeting_;   // the fleeting things printed and not wiped yet
  bool first_ = true;                      // the table has not been printed yet
  std::deque<std::string> told_;           // the last lines of narration
  int64_t noticed_ = -1;
  bool prompt_open_ = false;
};

}  // namespace

std::unique_ptr<Front> make_line_front(Session& session, const Io& io, bool color) {
  return std::make_unique<LineFront>(session, io, color);
}

}  // namespace sabbat::cli
