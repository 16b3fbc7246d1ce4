// `sabbat replay`: a record told as text, checked against the engine, or dumped state by state.
// Told as text, it is for a person: seats are counted from 1, in the actions too (the record's
// `"seat":0` is "seat 1"); --check and --states speak of the record's own data.
// A record may come from anyone: whatever it holds reaches the terminal only through printable(),
// and the result it claims is checked against the replay before it is shown.
#include <ostream>

#include "cli/commands.hpp"
#include "core/record.hpp"
#include "core/untrusted.hpp"

namespace sabbat::cli {

namespace {

// How much of one value from the file a line of narration shows.
constexpr size_t kShownAction = 120;
constexpr size_t kShownText = 1000;

std::string seat_name(Seat s) {
  return s == kClock ? "clock" : "seat " + kPeopleCount.text(s);
}

// The result as the replay gives it (check_result has made sure the record agrees).
void print_result(const Record& record, const Record& replayed, std::ostream& out) {
  if (!replayed.result) {
    out << "No result: the game was left unfinished.\n";
    return;
  }
  if (!record.result)
    out << "The record has no result line (it was cut short); the replay's result:\n";
  else
    out << "Result:\n";
  for (size_t s = 0; s < replayed.result->scores.size(); ++s)
    out << "  seat " << kPeopleCount(int(s)) << "  score " << replayed.result->scores[s]
        << "  rank " << replayed.result->ranks[s] << '\n';
}

int narrate(const std::string& file, const Record& r, const Io& io) {
  const Game* game = registry().find(r.game);
  const SeatWords words = game ? game->seat_words() : SeatWords{};
  io.out << printable(game ? game->display_name() : r.game, kShownAction) << " ("
         << printable(r.game, kShownAction) << "), " << r.players << " players, seed " << r.seed
         << "\nparams: " << printable(params_text(r.params), kShownText)
         << "\nSeats are counted from 1 here; the record's lines count them from 0.\n";
  auto m = replay_with_events(
      r, registry(), [&](const RecordedAction& a, const State&, const Events& events) {
        io.out << '#' << a.seq << "  " << a.time << " ms  " << seat_name(a.seat) << ": "
               << printable(action_for_person(words, a.action), kShownAction) << '\n';
        // A replay is told as a spectator sees it: public events only.
        for (const auto& e : events)
          if (e.audience.spectators && !e.text.empty())
            io.out << "    " << printable(prose_for_person(words, e.text), kShownText) << '\n';
      });
  if (!m) return report_error(io.err, file + ": " + m.error(), kExitFailure);
  // A result the replay does not give is tampering, not a second opinion to print.
  if (Status st = check_result(r, m->record()); !st)
    return report_error(io.err, file + ": " + st.error(), kExitFailure);
  print_result(r, m->record(), io.out);
  return kExitOk;
}

}  // namespace

int run_replay(const ReplayOptions& o, const Io& io) {
  auto record = read_record_file(o.file);
  if (!record) return report_error(io.err, record.error(), kExitFailure);
  if (o.check) {
    if (Status st = check_record(*record, registry()); !st)
      return report_error(io.err, o.file + ": " + st.error(), kExitFailure);
    // With --states, stdout stays pure JSON Lines.
    if (!o.states) {
      const size_t n = record->actions.size();
      if (record->result)
        io.out << o.file << ": ok: " << n << " actions and the result reproduce exactly\n";
      else
        io.out << o.file << ": ok: " << n
               << " actions reproduce; the game is unfinished, no result line\n";
    }
  }
  if (o.states) {
    auto m = replay(*record, registry(),
                    [&](const State& s) { io.out << json_text(s.full_state()) << '\n'; });
    if (!m) return report_error(io.err, o.file + ": " + m.error(), kExitFailure);
    if (Status st = check_result(*record, m->record()); !st)
      return report_error(io.err, o.file + ": " + st.error(), kExitFailure);
    return kExitOk;
  }
  if (o.check) return kExitOk;
  return narrate(o.file, *record, io);
}

}  // namespace sabbat::cli
