// `sabbat play`: one person at a seat, bots at the others, in real time, everything recorded.
// The person sees only their seat's view and the events their seat may see, seats counted from 1
// as people count them (`--seat 1` is the first seat); the record counts from 0.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ostream>
#include <random>
#include <string_view>

#include "bots/bot.hpp"
#include "cli/commands.hpp"
#include "cli/play_session.hpp"
#include "cli/terminal.hpp"
#include "core/record.hpp"
#include "core/registry.hpp"

namespace sabbat::cli {

namespace {

uint64_t machine_seed() {
  std::random_device device;
  const auto ticks = uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
  return Rng::mix((uint64_t(device()) << 32) ^ device(), ticks);
}

// Plays until the end, a quit or the end of input. Game time is the wall-clock time since the
// start: bots and the clock act at the moment they name while the person thinks, and what the
// person does is applied when it arrives.
class Loop {
 public:
  Loop(const PlayOptions& options, const Io& io, Session& session, Front& front, bool color)
      : options_(options), io_(io), s_(session), front_(front), color_(color) {}

  int run() {
    while (!s_.state().terminal()) {
      if (s_.lets_this_window_pass()) {
        // She chose to let every reaction window pass: her answer, as if she typed it.
        std::string why;
        const Session::Tried tried = s_.act("pass", events_, why);
        front_.narrate(events_);
        if (tried == Session::Tried::Played || tried == Session::Tried::Late) continue;
        front_.leave();
        return report_error(io_.err, "letting the window pass was refused: " + why, kExitFailure);
      }
      const std::optional<Step> step = s_.scheduled();
      const bool actor = s_.may_act();
      const GameTime now = s_.now();
      Turn t = Turn::Acted;
      if (!front_.live()) {
        // Scripted input that cannot be waited on: bots and the clock act first, in game time;
        // a line is read only when the person may act and nothing else is due.
        if (actor && !(step && step->at <= now)) {
          t = front_.turn(std::nullopt);
        } else {
          if (!step) return stuck();
          if (!apply(*step)) return kExitFailure;
        }
      } else if (actor && front_.ready()) {
        // What the person already typed came before anything due now: they can beat a bot.
        t = front_.turn(std::nullopt);
      } else if (step && step->at <= now) {
        if (!apply(*step)) return kExitFailure;
      } else {
        if (!step && !actor) return stuck();
        std::optional<Clock::time_point> until;
        if (step) until = s_.when(step->at);
        if (auto wake = front_.wake(); wake && (!until || *wake < *until)) until = wake;
        t = front_.turn(until);
      }
      if (t == Turn::Failed) return kExitFailure;
      if (!s_.record_error().empty()) {
        front_.leave();
        return report_error(io_.err, s_.record_error(), kExitFailure);
      }
      if (t == Turn::Left) return finish(false);
    }
    return finish(true);
  }

 private:
  int stuck() {
    front_.leave();
    return report_error(io_.err, "the game is stuck: nobody can act", kExitFailure);
  }

  bool apply(const Step& step) {
    if (Status st = s_.apply_step(step, events_); !st) {
      front_.leave();
      report_error(io_.err, "a bot's action was refused: " + st.error(), kExitFailure);
      return false;
    }
    front_.narrate(events_);
    return true;
  }

  int finish(bool ended) {
    front_.leave();
    const Seat seat = s_.seat();
    if (ended) {
      const json view = s_.state().view(seat);
      io_.out << "\nGame over.\n"
              << '\n'
              << s_.game().render_for_person(view, seat, color_) << '\n';
      const auto scores = s_.state().scores();
      const auto ranks = s_.state().ranks();
      // The result is printed once: a final view that holds the scores shows them (with what
      // makes them up); otherwise they are listed here.
      if (!view.contains("scores")) {
        io_.out << "Scores:\n";
        for (size_t i = 0; i < scores.size(); ++i)
          io_.out << "  seat " << Session::seat_number(Seat(i))
                  << (Seat(i) == seat ? " (you)" : "      ") << "  score " << scores[i] << "  rank "
                  << ranks[i] << '\n';
      }
      const int mine = ranks[size_t(seat)];
      const auto winners = std::count(ranks.begin(), ranks.end(), 1);
      if (mine == 1)
        io_.out << (winners > 1 ? "You share the win.\n" : "You win!\n");
      else
        io_.out << "You finish rank " << mine << ".\n";
    }
    // The record was written as the game went; its last line went out with the last action.
    if (!s_.record_error().empty()) return report_error(io_.err, s_.record_error(), kExitFailure);
    if (!options_.record.empty()) io_.out << "Record written to " << options_.record << ".\n";
    return kExitOk;
  }

  const PlayOptions& options_;
  const Io& io_;
  Session& s_;
  Front& front_;
  bool color_;
  Events events_;
};

// One key at a time when both ends are a terminal and the game has a key screen; else lines.
std::unique_ptr<Front> choose_front(const PlayOptions& options, const Io& io, Session& session,
                                    bool color) {
  const char* term = std::getenv("TERM");
  const bool dumb = !term || std::string_view(term) == "dumb";
  if (!options.lines && !dumb && is_terminal(io.in) && is_terminal(io.out))
    if (auto screen = session.game().make_key_screen())
      if (auto front = make_screen_front(session, io, color, std::move(screen))) return front;
  return make_line_front(session, io, color);
}

}  // namespace

// The guards of bots and simulations (max_turns, max_flips) are off at a table with a person:
// she plays until the game ends by its rules, unless she sets one herself.
std::vector<std::string> with_guards_off(const std::string& game_id,
                                         std::vector<std::string> params) {
  auto game = registry().lookup(game_id);
  if (!game) return params;
  for (const auto& spec : (*game)->param_specs()) {
    if (!spec.is_guard()) continue;
    const bool given = std::any_of(params.begin(), params.end(), [&](const std::string& p) {
      return p.rfind(spec.name + "=", 0) == 0;
    });
    if (!given) params.push_back(spec.name + "=0");
  }
  return params;
}

int run_play(const PlayOptions& options, const Io& io) {
  const uint64_t seed = options.seed.value_or(machine_seed());
  auto choice = choose_game(options.game, options.players,
                            with_guards_off(options.game, options.params), seed);
  if (!choice) return report_error(io.err, choice.error(), kExitUsage);
  // Every check comes before the first word of the game is printed.
  const int players = choice->setup.players;
  if (options.seat < 0 || options.seat >= players)
    return report_error(io.err,
                        "there is no seat " + std::to_string(Session::seat_number(options.seat)) +
                            " with " + std::to_string(players) + " players; seats are 1 to " +
                            std::to_string(players),
                        kExitUsage);
  PlayOptions with_bots = options;
  auto bots = seat_bots(*choice->game, options.bot, options.level, players - 1);
  if (!bots) return report_error(io.err, bots.error(), kExitUsage);
  with_bots.seat_bots = std::move(bots.value());
  auto match = Match::start(*choice->game, choice->setup);
  if (!match) return report_error(io.err, match.error(), kExitUsage);
  Session session(with_bots, std::move(match.value()), seed);
  // The header is written now: a record that cannot be written is found before the game.
  if (Status st = session.start_record(); !st)
    return report_error(io.err, st.error(), kExitFailure);

  // Two lines, so that the longest game name still fits 80 columns.
  io.out << choice->game->display_name() << ", " << players << " players, you are seat "
         << Session::seat_number(options.seat) << ".\nSeed " << seed << " (replay it with --seed "
         << seed << ").\n";
  const bool color = wants_color(io.out, options.no_color);
  if (Status st = session.make_bots(); !st) return report_error(io.err, st.error(), kExitUsage);
  auto front = choose_front(options, io, session, color);
  return Loop(options, io, session, *front, color).run();
}

}  // namespace sabbat::cli
