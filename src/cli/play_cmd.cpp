// `sabbat play`: one person at a seat, random bots at the others, everything recorded.
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
        rng_(Rng::mix(seed, 1)),
        start_(std::chrono::steady_clock::now()) {}

  Status make_bots() {
    for (Seat s = 0; s < state().players(); ++s) {
      if (s == seat_) {
        bots_.push_back(nullptr);
        continue;
      }
      auto bot = make_bot("random", match_.game());
      if (!bot) return fail(bot.error());
      owned_.push_back(std::move(bot.value()));
      bots_.push_back(owned_.back().get());
    }
    return {};
  }

  // Plays until the end, a quit or the end of input.
  int run() {
    while (!state().terminal()) {
      // Bots (and a deadline) act in game time; the person's slot in `bots_` is empty.
      auto step = next_step(state(), bots_, rng_);
      if (state().actors().contains(seat_)) {
        if (step && step->at <= person_time()) {
          if (!apply_step(*step)) return kExitFailure;
          continue;
        }
        const Turn t = person_turn();
        if (t == Turn::Failed) return kExitFailure;
        if (t == Turn::Left) return finish(false);
        continue;
      }
      if (!step) return report_error(io_.err, "the game is stuck: nobody can act", kExitFailure);
      if (!apply_step(*step)) return kExitFailure;
    }
    return finish(true);
  }

 private:
  enum class Turn { Acted, Left, Failed };

  const State& state() const { return match_.state(); }

  // Wall-clock ms since the start, never before the last action.
  GameTime person_time() const {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start_)
                        .count();
    return std::max<GameTime>(ms, state().now());
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
      if (e.audience.sees(seat_) && !e.text.empty()) io_.out << "  " << e.text << '\n';
  }

  void show_view() {
    io_.out << '\n' << match_.game().render_view(state().view(seat_), seat_, color_) << '\n';
    shown_at_ = match_.record().actions.size();
  }

  void show_help() {
    state().legal_actions(seat_, legal_);
    io_.out << "Legal actions (type one, or its number):\n";
    for (size_t i = 0; i < legal_.size(); ++i)
      io_.out << "  " << i + 1 << ". " << state().action_text(legal_[i]) << '\n';
    io_.out << "Also: help, view, quit.\n";
  }

  Turn person_turn() {
    if (shown_at_ != match_.record().actions.size()) {
      show_view();
      io_.out << "(seat " << seat_ << ": type an action, or 'help', 'view', 'quit')\n";
    }
    io_.out << "> " << std::flush;
    std::string line;
    if (!std::getline(io_.in, line)) {
      io_.out << "\nEnd of input: you leave the game unfinished.\n";
      return Turn::Left;
    }
    // Scripted input is not echoed by a terminal; echo it so the transcript reads well.
    if (!is_terminal(io_.in)) io_.out << line << '\n';
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
      io_.out << "You leave the game unfinished.\n";
      return Turn::Left;
    }
    return try_action(line);
  }

  Turn try_action(const std::string& line) {
    const GameTime now = person_time();
    // A deadline that fell while the person was typing comes first.
    if (auto d = state().deadline(); d && d->at <= now) {
      io_.out << "Too late: time ran out.\n";
      return apply_step(Step{kClock, d->action, d->at}) ? Turn::Acted : Turn::Failed;
    }
    auto action = state().parse_action(seat_, line);
    if (!action) {
      // A number picks from the list that `help` shows.
      state().legal_actions(seat_, legal_);
      const size_t n = as_index(line);
      if (n == 0 || n > legal_.size()) {
        io_.out << "Cannot do '" << line << "': " << action.error()
                << "\nType 'help' for the legal actions.\n";
        return Turn::Acted;
      }
      action = legal_[n - 1];
    }
    events_.clear();
    Status st = match_.apply(seat_, *action, now, &events_);
    if (!st) {
      io_.out << "Cannot do '" << line << "': " << st.error()
              << "\nType 'help' for the legal actions.\n";
      return Turn::Acted;
    }
    narrate();
    return Turn::Acted;
  }

  int finish(bool ended) {
    if (ended) {
      io_.out << "\nGame over.\n";
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
  Rng rng_;
  std::chrono::steady_clock::time_point start_;
  std::vector<std::unique_ptr<Bot>> owned_;
  std::vector<Bot*> bots_;
  Events events_;
  ActionList legal_;
  size_t shown_at_ = size_t(-1);
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
