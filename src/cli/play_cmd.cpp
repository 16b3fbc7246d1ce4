// `sabbat play`: one person at a seat, bots at the others, in real time, everything recorded.
// The person sees only their seat's view and the events their seat may see.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <istream>
#include <memory>
#include <ostream>
#include <random>

#include "bots/bot.hpp"
#include "bots/scheduler.hpp"
#include "cli/commands.hpp"
#include "cli/realtime_input.hpp"
#include "cli/terminal.hpp"
#include "core/record.hpp"

namespace sabbat::cli {

namespace {

uint64_t machine_seed() {
  std::random_device device;
  const auto ticks = uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
  return Rng::mix((uint64_t(device()) << 32) ^ device(), ticks);
}

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// A positive number, or 0.
size_t as_index(const std::string& s) {
  if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos) return 0;
  return size_t(std::stoul(s));
}

class Session {
 public:
  Session(const PlayOptions& options, const Io& io, Match match, bool color, uint64_t seed)
      : options_(options),
        io_(io),
        match_(std::move(match)),
        seat_(options.seat),
        color_(color),
        tty_(is_terminal(io.out)),
        rng_(Rng::mix(seed, 1)),
        input_(io.in),
        start_(Clock::now()) {}

  Status make_bots() {
    for (Seat s = 0; s < state().players(); ++s) {
      if (s == seat_) {
        bots_.push_back(nullptr);
        continue;
      }
      const Game& game = match_.game();
      auto bot = make_bot(options_.bot.empty() ? default_bot_name(game) : options_.bot, game);
      if (!bot) return fail(bot.error());
      owned_.push_back(std::move(bot.value()));
      bots_.push_back(owned_.back().get());
    }
    return {};
  }

  // Plays until the end, a quit or the end of input. Game time is the wall-clock time since the
  // start: bots and the clock act at the moment they name while the person thinks, and what the
  // person types is applied when it arrives.
  int run() {
    while (!state().terminal()) {
      const std::optional<Step> step = scheduled();
      const bool actor = state().actors().contains(seat_);
      const GameTime now = person_time();
      Turn t = Turn::Acted;
      if (!input_.live()) {
        // Scripted input that cannot be waited on: bots and the clock act first, in game time;
        // a line is read only when the person may act and nothing else is due.
        if (actor && !(step && step->at <= now)) {
          t = person_turn(std::nullopt);
        } else {
          if (!step) return stuck();
          if (!apply_step(*step)) return kExitFailure;
        }
      } else if (actor && input_.ready()) {
        // A line already typed came before anything due now: the person can beat a bot.
        t = person_turn(std::nullopt);
      } else if (step && step->at <= now) {
        if (!apply_step(*step)) return kExitFailure;
      } else {
        if (!step && !actor) return stuck();
        std::optional<Clock::time_point> until;
        if (step) until = start_ + std::chrono::milliseconds(step->at);
        if (auto tick = countdown_tick(); tick && (!until || *tick < *until)) until = tick;
        t = person_turn(until);
      }
      if (t == Turn::Failed) return kExitFailure;
      if (t == Turn::Left) return finish(false);
    }
    return finish(true);
  }

 private:
  using Clock = std::chrono::steady_clock;
  enum class Turn { Acted, Left, Failed };
  static constexpr size_t kHelpLimit = 40;

  const State& state() const { return match_.state(); }

  // The next bot or clock step, asked once per state so that a bot's proposal (and its time)
  // stays the same while the loop waits.
  std::optional<Step> scheduled() {
    const size_t done = match_.record().actions.size();
    if (done != step_for_) {
      step_ = next_step(state(), bots_, rng_);
      step_for_ = done;
    }
    return step_;
  }

  int stuck() { return report_error(io_.err, "the game is stuck: nobody can act", kExitFailure); }

  // Wall-clock ms since the start, never before the last action.
  GameTime person_time() const {
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
    return std::max<GameTime>(ms, state().now());
  }

  // Ends the prompt's line before other output.
  std::ostream& out() {
    if (prompt_open_) io_.out << '\n';
    prompt_open_ = false;
    return io_.out;
  }

  bool apply_step(const Step& step) {
    events_.clear();
    Status st = match_.apply(step.seat, step.action, step.at, &events_);
    if (!st) {
      report_error(io_.err, "a bot's action was refused: " + st.error(), kExitFailure);
      return false;
    }
    narrate();
    return true;
  }

  void narrate() {
    for (const auto& e : events_)
      if (e.audience.sees(seat_) && !e.text.empty()) out() << "  " << e.text << '\n';
  }

  void show_view() {
    out() << '\n' << match_.game().render_view(state().view(seat_), seat_, color_) << '\n';
    shown_at_ = match_.record().actions.size();
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
    p.actor = state().actors().contains(seat_);
    p.actors = state().actors().bits();
    if (auto d = state().deadline()) p.deadline = d->at;
    return p;
  }

  // The view again when the person's phase changed (not after every bot move), or when it is
  // the person's turn alone and something happened since it was shown.
  void refresh_view() {
    const Phase p = phase();
    const bool changed = !(p == shown_phase_);
    if (changed) noticed_ = -1;
    const bool own_turn =
        p.actor && p.actors == (1u << seat_) && shown_at_ != match_.record().actions.size();
    if ((changed && (p.actor || p.deadline)) || own_turn) {
      show_view();
      if (p.actor)
        out() << "(seat " << seat_ << ": type an action, or 'help', 'view', 'quit')\n";
      else
        out() << "(you cannot act now; 'help', 'view', 'quit' still work)\n";
    }
    shown_phase_ = p;
  }

  // Whole seconds before the pending deadline, rounded up; nothing without one.
  std::optional<int64_t> seconds_left() const {
    auto d = state().deadline();
    if (!d) return std::nullopt;
    return std::max<int64_t>(0, (d->at - person_time() + 999) / 1000);
  }

  // On a terminal, the next moment the countdown changes, to say so.
  std::optional<Clock::time_point> countdown_tick() const {
    auto d = state().deadline();
    const auto left = seconds_left();
    if (!tty_ || !d || !left || *left <= 1) return std::nullopt;
    return start_ + std::chrono::milliseconds(d->at - (*left - 1) * 1000);
  }

  // On a terminal: "⏳ N s left" every 5 s and at 3, 2, 1.
  void countdown_notice() {
    const auto left = seconds_left();
    if (!tty_ || !left || *left <= 0 || *left == noticed_) return;
    if (*left % 5 != 0 && *left > 3) return;
    noticed_ = *left;
    out() << "\u23f3 " << *left << " s left"
          << (state().actors().contains(seat_) ? " \u00b7 type an action, 'help'\u2026" : "")
          << '\n';
  }

  void prompt() {
    if (prompt_open_ || !state().actors().contains(seat_)) return;
    if (tty_)
      if (auto left = seconds_left()) io_.out << "[" << *left << " s] ";
    io_.out << "> " << std::flush;
    prompt_open_ = true;
  }

  void show_help() {
    if (!state().actors().contains(seat_)) {
      out() << "You cannot act now; wait for your turn or the next phase.\n"
            << "Also: help, view, quit.\n";
      return;
    }
    state().legal_actions(seat_, legal_);
    out() << "Legal actions (type one, or its number):\n";
    const size_t shown = std::min(legal_.size(), kHelpLimit);
    for (size_t i = 0; i < shown; ++i)
      out() << "  " << i + 1 << ". " << state().action_text(legal_[i]) << '\n';
    if (legal_.size() > shown)
      out() << "  \u2026 and " << legal_.size() - shown
            << " more; any legal action can be typed in full.\n";
    out() << "Also: help, view, quit.\n";
  }

  // Waits for a line until `until` (a bot's or the clock's moment, or the next countdown
  // notice), then handles it.
  Turn person_turn(std::optional<Clock::time_point> until) {
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
      io_.out << line << '\n';
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

  Turn try_action(const std::string& line) {
    const GameTime now = person_time();
    // A deadline that fell while the person was typing comes first.
    if (auto d = state().deadline(); d && d->at <= now) {
      out() << "Too late: time ran out.\n";
      return apply_step(Step{kClock, d->action, d->at}) ? Turn::Acted : Turn::Failed;
    }
    if (!state().actors().contains(seat_)) {
      out() << "You cannot act now: '" << line << "' was not played. Wait for your turn.\n";
      return Turn::Acted;
    }
    auto action = state().parse_action(seat_, line);
    if (!action) {
      // A number picks from the list that `help` shows.
      state().legal_actions(seat_, legal_);
      const size_t n = as_index(line);
      if (n == 0 || n > legal_.size()) {
        out() << "Cannot do '" << line << "': " << action.error()
              << "\nType 'help' for the legal actions.\n";
        return Turn::Acted;
      }
      action = legal_[n - 1];
    }
    events_.clear();
    Status st = match_.apply(seat_, *action, now, &events_);
    if (!st) {
      out() << "Cannot do '" << line << "': " << st.error()
            << "\nType 'help' for the legal actions.\n";
      return Turn::Acted;
    }
    narrate();
    return Turn::Acted;
  }

  int finish(bool ended) {
    if (ended) {
      out() << "\nGame over.\n";
      show_view();
      const auto scores = state().scores();
      const auto ranks = state().ranks();
      io_.out << "Scores:\n";
      for (size_t s = 0; s < scores.size(); ++s)
        io_.out << "  seat " << s << (Seat(s) == seat_ ? " (you)" : "      ") << "  score "
                << scores[s] << "  rank " << ranks[s] << '\n';
      const int mine = ranks[size_t(seat_)];
      const auto winners = std::count(ranks.begin(), ranks.end(), 1);
      if (mine == 1)
        io_.out << (winners > 1 ? "You share the win.\n" : "You win!\n");
      else
        io_.out << "You finish rank " << mine << ".\n";
    }
    out();
    if (!options_.record.empty()) {
      if (Status st = write_record_file(options_.record, match_.record()); !st)
        return report_error(io_.err, st.error(), kExitFailure);
      io_.out << "Record written to " << options_.record << ".\n";
    }
    return kExitOk;
  }

  const PlayOptions& options_;
  const Io& io_;
  Match match_;
  Seat seat_;
  bool color_;
  bool tty_;  // stdout is a terminal: countdown shown
  Rng rng_;
  LineInput input_;
  Clock::time_point start_;
  std::vector<std::unique_ptr<Bot>> owned_;
  std::vector<Bot*> bots_;
  Events events_;
  ActionList legal_;
  size_t shown_at_ = size_t(-1);
  Phase shown_phase_;
  std::optional<Step> step_;
  size_t step_for_ = size_t(-1);
  int64_t noticed_ = -1;
  bool prompt_open_ = false;
};

}  // namespace

int run_play(const PlayOptions& options, const Io& io) {
  const uint64_t seed = options.seed.value_or(machine_seed());
  auto choice = choose_game(options.game, options.players, options.params, seed);
  if (!choice) return report_error(io.err, choice.error(), kExitUsage);
  const int players = choice->setup.players;
  if (options.seat < 0 || options.seat >= players)
    return report_error(io.err,
                        "there is no seat " + std::to_string(options.seat) + " with " +
                            std::to_string(players) + " players; seats are 0 to " +
                            std::to_string(players - 1),
                        kExitUsage);
  auto match = Match::start(*choice->game, choice->setup);
  if (!match) return report_error(io.err, match.error(), kExitUsage);
  // Find out now, not after a whole game, that the record cannot be written.
  if (!options.record.empty() && !std::ofstream(options.record, std::ios::app))
    return report_error(io.err, "cannot write '" + options.record + "': " + std::strerror(errno),
                        kExitFailure);

  io.out << choice->game->display_name() << ", " << players << " players, you are seat "
         << options.seat << ". Seed " << seed << " (replay it with --seed " << seed << ").\n";
  Session session(options, io, std::move(match.value()), wants_color(io.out, options.no_color),
                  seed);
  if (Status st = session.make_bots(); !st) return report_error(io.err, st.error(), kExitUsage);
  return session.run();
}

}  // namespace sabbat::cli
