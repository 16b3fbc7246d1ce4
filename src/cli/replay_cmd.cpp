// `sabbat replay`: a record told as text, checked against the engine, or dumped state by state.
#include <ostream>

#include "cli/commands.hpp"
#include "core/record.hpp"

namespace sabbat::cli {

namespace {

std::string seat_name(Seat s) {
  return s == kClock ? "clock" : "seat " + std::to_string(s);
}

void print_result(const Record& r, std::ostream& out) {
  if (!r.result) {
    out << "No result: the game was left unfinished.\n";
    return;
  }
  out << "Result:\n";
  for (size_t s = 0; s < r.result->scores.size(); ++s)
    out << "  seat " << s << "  score " << r.result->scores[s] << "  rank " << r.result->ranks[s]
        << '\n';
}

int narrate(const std::string& file, const Record& r, const Io& io) {
  const Game* game = registry().find(r.game);
  io.out << (game ? game->display_name() : r.game) << " (" << r.game << "), " << r.players
         << " players, seed " << r.seed << "\nparams: " << params_text(r.params) << '\n';
  auto m = replay_with_events(r, registry(),
                              [&](const RecordedAction& a, const State&, const Events& events) {
                                io.out << '#' << a.seq << "  " << a.time << " ms  "
                                       << seat_name(a.seat) << ": " << a.action << '\n';
                                // A replay is told as a spectator sees it: public events only.
                                for (const auto& e : events)
                                  if (e.audience.spectators && !e.text.empty())
                                    io.out << "    " << e.text << '\n';
                              });
  if (!m) return report_error(io.err, file + ": " + m.error(), kExitFailure);
  print_result(r, io.out);
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
    if (!o.states)
      io.out << o.file << ": ok, " << record->actions.size() << " actions reproduce exactly\n";
  }
  if (o.states) {
    auto m = replay(*record, registry(),
                    [&](const State& s) { io.out << s.full_state().dump() << '\n'; });
    if (!m) return report_error(io.err, o.file + ": " + m.error(), kExitFailure);
    return kExitOk;
  }
  if (o.check) return kExitOk;
  return narrate(o.file, *record, io);
}

}  // namespace sabbat::cli
