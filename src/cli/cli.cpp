#include "cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <cctype>
#include <exception>
#include <iostream>
#include <type_traits>

#include "cli/commands.hpp"

namespace sabbat::cli {

namespace {

// CMake may pass the project version; the fallback matches project(VERSION) today.
#ifndef SABBAT_VERSION
#define SABBAT_VERSION "0.1"
#endif
constexpr const char* kVersion = "sabbat " SABBAT_VERSION;

// The options of every subcommand, filled by CLI11 and then handed to the command.
struct Parsed {
  PlayOptions play;
  SimOptions sim;
  ArenaOptions arena;
  ReportOptions report;
  std::string bots;
  ReplayOptions replay;
  ServeOptions serve;
  BackupOptions backup;
  BackupOptions restore;
  // Numbers are read here, not by CLI11, which would take "010" for 8 and "0x10" for 16, wrap
  // "-3" around, or clamp what is too large.
  std::string players;
  std::string seat;
  std::string seed;
  std::string games;
  std::string jobs;
};

void add_game_options(CLI::App& sub, std::string& game, std::string& players,
                      std::vector<std::string>& params) {
  sub.add_option("game", game,
                 "Game id or name (see `sabbat games`; case, accents and separators do not "
                 "matter)")
      ->required();
  sub.add_option("--players", players, "Number of players (default: the game's default)")
      ->type_name("INT");
  // One name=value per --param, so a following positional is never swallowed.
  sub.add_option("--param", params, "Game parameter, repeatable")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
}

// "a,b,c" as its parts, empty ones kept (the commands name them in their errors).
std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    const size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) return parts;
    start = comma + 1;
  }
}

// The command as typed, for a report to say how it was made: each argument quoted when it
// holds anything but letters, digits and -_=.,:/+.
std::string command_line(int argc, char** argv) {
  std::string out = "sabbat";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    bool plain = !arg.empty();
    for (unsigned char c : arg)
      plain = plain && (std::isalnum(c) ||
                        std::string_view("-_=.,:/+").find(char(c)) != std::string_view::npos);
    if (plain) {
      out += " " + arg;
      continue;
    }
    out += " '";
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += "'";
  }
  return out;
}

}  // namespace

int run_cli(int argc, char** argv, std::istream& in, std::ostream& out, std::ostream& err) {
  const Io io{in, out, err};
  Parsed p;
  CLI::App app{"Sabbat plays witch-themed tabletop games in the terminal and simulates them.",
               "sabbat"};
  app.set_version_flag("--version", kVersion);
  app.require_subcommand(0, 1);

  auto* games = app.add_subcommand("games", "List the games, their facts and parameters");

  auto* play = app.add_subcommand("play", "Play a game in the terminal against bots, in real time");
  add_game_options(*play, p.play.game, p.players, p.play.params);
  auto* play_seat =
      play->add_option("--seat", p.seat, "Your seat, counted from 1 (default 1)")->type_name("INT");
  auto* play_seed =
      play->add_option("--seed", p.seed, "Seed of the game (default: random)")->type_name("UINT");
  play->add_option("--record", p.play.record, "Write the record of the game to FILE")
      ->type_name("FILE");
  play->add_flag("--no-color", p.play.no_color, "Plain text, no ANSI colours");
  play->add_flag("--lines", p.play.lines,
                 "Type whole lines even on a terminal, instead of the one-key screen");
  play->add_option("--bot", p.play.bot,
                   "Bot at the other seats, or one per other seat separated by commas (default: "
                   "the game's own bot if it has one, else random)");
  play->add_option("--level", p.play.level,
                   "Level of the game's own bots: novice, normal or expert (see sabbat games)");

  auto* sim = app.add_subcommand("sim", "Play many games between bots and summarise them");
  add_game_options(*sim, p.sim.game, p.players, p.sim.params);
  sim->add_option("--games", p.games, "Number of games to play, 1 to " + std::to_string(kMaxGames))
      ->type_name("INT")
      ->required();
  auto* sim_seed =
      sim->add_option("--seed", p.seed,
                      "Base seed: each game's seed comes from it and the game's number (default 1)")
          ->type_name("UINT");
  auto* sim_jobs = sim->add_option("--jobs", p.jobs,
                                   "Threads, 1 to " + std::to_string(kMaxJobs) +
                                       " (default: one per hardware thread)")
                       ->type_name("INT");
  sim->add_option("--record", p.sim.record_dir, "Write one record per game into DIR")
      ->type_name("DIR");
  sim->add_flag("--force", p.sim.force, "With --record: overwrite the records already in DIR");
  sim->add_flag("--json", p.sim.json, "Print the summary as one JSON object");
  sim->add_option("--bot", p.sim.bot,
                  "Bot for every seat, or one per seat separated by commas (default: the game's "
                  "own bot if it has one, else random)");
  sim->add_option("--level", p.sim.level,
                  "Level of the game's own bots: novice, normal or expert (see sabbat games)");

  auto* arena = app.add_subcommand(
      "arena", "Play bots against each other with the seats rotated and rate them");
  add_game_options(*arena, p.arena.game, p.players, p.arena.params);
  arena
      ->add_option("--bots", p.bots,
                   "Two to " + std::to_string(kMaxArenaBots) +
                       " bots, separated by commas (e.g. mcts:200,random)")
      ->type_name("LIST")
      ->required();
  arena
      ->add_option("--games", p.games,
                   "Number of games, 1 to " + std::to_string(kMaxArenaGames) +
                       ", rounded up to whole deals (one game per bot)")
      ->type_name("INT")
      ->required();
  auto* arena_seed =
      arena->add_option("--seed", p.seed, "Base seed of the deals (default 1)")->type_name("UINT");
  auto* arena_jobs = arena
                         ->add_option("--jobs", p.jobs,
                                      "Threads, 1 to " + std::to_string(kMaxJobs) +
                                          " (default: one per hardware thread)")
                         ->type_name("INT");
  arena->add_flag("--json", p.arena.json, "Print the results as one JSON object");

  auto* report = app.add_subcommand(
      "report", "Simulate a game and write a balance report (seats, lengths, components)");
  add_game_options(*report, p.report.game, p.players, p.report.params);
  auto* report_games = report
                           ->add_option("--games", p.games,
                                        "Games in each run, 1 to " +
                                            std::to_string(kMaxReportGames) + " (default 1000)")
                           ->type_name("INT");
  auto* report_seed =
      report->add_option("--seed", p.seed, "Base seed of the games (default 1)")->type_name("UINT");
  auto* report_jobs = report
                          ->add_option("--jobs", p.jobs,
                                       "Threads, 1 to " + std::to_string(kMaxJobs) +
                                           " (default: one per hardware thread)")
                          ->type_name("INT");
  report
      ->add_option("--bots", p.bots,
                   "One run per bot, each at every seat, separated by commas (default: the "
                   "game's default bot)")
      ->type_name("LIST");
  report->add_option("--level", p.report.level,
                     "Level of the game's own bots: novice, normal or expert (see sabbat games)");
  report
      ->add_option("--compare", p.report.compare,
                   "One run per value of a parameter, e.g. unclaimed=keep,discard")
      ->type_name("NAME=A,B");
  report
      ->add_option("--out", p.report.out,
                   "Write the report to FILE (HTML that opens offline), with FILE's name in .json, "
                   "-seats.csv and -components.csv beside it")
      ->type_name("FILE");
  report->add_flag("--json", p.report.json, "Print the report's numbers as one JSON object");
  report
      ->add_option("--web", p.report.web_dir,
                   "Directory of the web client's built files, which hold the report page "
                   "(default: web/dist when built)")
      ->type_name("DIR");

  auto* rep = app.add_subcommand("replay", "Narrate, check or dump a game record");
  rep->add_option("file", p.replay.file, "Record file (JSON Lines)")->required();
  rep->add_flag("--check", p.replay.check, "Verify that the record reproduces exactly");
  rep->add_flag("--states", p.replay.states, "Print the full state after each action as JSON");

  auto* serve = add_serve_command(app, p.serve);

  // backup and restore: a server's store (--data) and a file.
  const auto store_command = [&app](const char* name, const char* what, BackupOptions& o,
                                    const char* file_help) {
    auto* command = app.add_subcommand(name, what);
    command
        ->add_option("--data", o.data_dir,
                     "Directory of the store, as given to serve (default ./sabbat-data)")
        ->type_name("DIR");
    command->add_option("file", o.file, file_help)->required();
    return command;
  };
  auto* backup = store_command(
      "backup", "Copy a server's store to a file, consistently, while the server runs", p.backup,
      "The copy to write (a new file)");
  auto* restore = store_command(
      "restore", "Put a backup in place as a stopped server's store (the old one is kept)",
      p.restore, "The backup to restore");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return kExitOk;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return kExitOk;
  } catch (const CLI::CallForVersion& e) {
    out << e.what() << '\n';
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    const auto chosen = app.get_subcommands();
    if (chosen.empty() && argc > 1 && argv[1][0] != '-')
      return report_error(
          err,
          std::string("unknown command '") + argv[1] +
              "'; commands: games, play, sim, arena, report, replay, serve, backup, restore "
              "(see sabbat --help)",
          kExitUsage);
    const std::string help =
        chosen.empty() ? "sabbat --help" : "sabbat " + chosen[0]->get_name() + " --help";
    return report_error(err, std::string(e.what()) + " (see " + help + ")", kExitUsage);
  }

  // No exception leaves the program as a crash: a bug still gets one readable line.
  try {
    if (games->parsed()) return run_games(io);
    // A number on the command line: decimal, within `lo` and `hi`; `to` gets it.
    auto number = [&](const std::string& text, std::string_view option, int64_t lo, int64_t hi,
                      auto& to) {
      auto n = parse_whole(text, option, lo, hi);
      if (n) to = static_cast<std::remove_reference_t<decltype(to)>>(*n);
      return n ? std::string() : n.error();
    };
    // A player count or seat is checked against the game later; here its form.
    constexpr int64_t kSmall = 1000;
    if (play->parsed()) {
      if (play->count("--players")) {
        int players = 0;
        if (auto e = number(p.players, "--players", 0, kSmall, players); !e.empty())
          return report_error(err, e, kExitUsage);
        p.play.players = players;
      }
      // People count seats from 1: `--seat 1` is seat 0 of the record.
      if (play_seat->count()) {
        int seat = 0;
        if (auto e = number(p.seat, "--seat", 0, kSmall, seat); !e.empty())
          return report_error(err, e, kExitUsage);
        p.play.seat = seat - 1;
      }
      if (play_seed->count()) {
        auto seed = parse_seed(p.seed);
        if (!seed) return report_error(err, seed.error(), kExitUsage);
        p.play.seed = *seed;
      }
      return run_play(p.play, io);
    }
    if (sim->parsed()) {
      if (sim->count("--players")) {
        int players = 0;
        if (auto e = number(p.players, "--players", 0, kSmall, players); !e.empty())
          return report_error(err, e, kExitUsage);
        p.sim.players = players;
      }
      if (auto e = number(p.games, "--games", 1, kMaxGames, p.sim.games); !e.empty())
        return report_error(err, e, kExitUsage);
      if (sim_jobs->count()) {
        int jobs = 0;
        if (auto e = number(p.jobs, "--jobs", 1, kMaxJobs, jobs); !e.empty())
          return report_error(err, e, kExitUsage);
        p.sim.jobs = jobs;
      }
      if (sim_seed->count()) {
        auto seed = parse_seed(p.seed);
        if (!seed) return report_error(err, seed.error(), kExitUsage);
        p.sim.seed = *seed;
      }
      return run_sim(p.sim, io);
    }
    if (arena->parsed()) {
      if (arena->count("--players")) {
        int players = 0;
        if (auto e = number(p.players, "--players", 0, kSmall, players); !e.empty())
          return report_error(err, e, kExitUsage);
        p.arena.players = players;
      }
      if (auto e = number(p.games, "--games", 1, kMaxArenaGames, p.arena.games); !e.empty())
        return report_error(err, e, kExitUsage);
      if (arena_jobs->count()) {
        int jobs = 0;
        if (auto e = number(p.jobs, "--jobs", 1, kMaxJobs, jobs); !e.empty())
          return report_error(err, e, kExitUsage);
        p.arena.jobs = jobs;
      }
      if (arena_seed->count()) {
        auto seed = parse_seed(p.seed);
        if (!seed) return report_error(err, seed.error(), kExitUsage);
        p.arena.seed = *seed;
      }
      // Empty names are refused by the arena as unknown bots.
      p.arena.bots = split_commas(p.bots);
      return run_arena(p.arena, io);
    }
    if (report->parsed()) {
      if (report->count("--players")) {
        int players = 0;
        if (auto e = number(p.players, "--players", 0, kSmall, players); !e.empty())
          return report_error(err, e, kExitUsage);
        p.report.players = players;
      }
      if (report_games->count())
        if (auto e = number(p.games, "--games", 1, kMaxReportGames, p.report.games); !e.empty())
          return report_error(err, e, kExitUsage);
      if (report_jobs->count()) {
        int jobs = 0;
        if (auto e = number(p.jobs, "--jobs", 1, kMaxJobs, jobs); !e.empty())
          return report_error(err, e, kExitUsage);
        p.report.jobs = jobs;
      }
      if (report_seed->count()) {
        auto seed = parse_seed(p.seed);
        if (!seed) return report_error(err, seed.error(), kExitUsage);
        p.report.seed = *seed;
      }
      if (report->count("--bots")) p.report.bots = split_commas(p.bots);
      p.report.command = command_line(argc, argv);
      p.report.version = kVersion;
      return run_report(p.report, io);
    }
    if (rep->parsed()) return run_replay(p.replay, io);
    if (serve->parsed()) return run_serve(p.serve, io);
    if (backup->parsed()) return run_backup(p.backup, io);
    if (restore->parsed()) return run_restore(p.restore, io);
  } catch (const std::exception& e) {
    return report_error(err, std::string("internal error: ") + e.what(), kExitFailure);
  }
  out << app.help();
  return kExitOk;
}

int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
            std::ostream& err) {
  std::vector<std::string> storage{"sabbat"};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  return run_cli(int(storage.size()), argv.data(), in, out, err);
}

}  // namespace sabbat::cli
