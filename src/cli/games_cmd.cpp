// `sabbat games`: what a player needs to pick a game and set it up.
#include <ostream>

#include "bots/bot.hpp"
#include "cli/commands.hpp"
#include "core/registry.hpp"

namespace sabbat::cli {

namespace {

std::string facts_text(const GameFacts& f) {
  std::string out = f.real_time ? "real-time" : "turn-based";
  out += f.hidden_information ? ", hidden information" : ", open information";
  out += f.chance ? ", chance" : ", no chance";
  return out;
}

void print_game(const Game& game, std::ostream& out) {
  out << game.display_name() << " (" << game.id() << ")\n";
  out << "  players: " << game.min_players() << " to " << game.max_players() << " (default "
      << game.default_players() << ")\n";
  out << "  facts: " << facts_text(game.facts()) << '\n';
  // Every name --bot takes, the default first; then the levels --level takes.
  out << "  bots (--bot NAME): " << default_bot_name(game) << " (default)";
  for (const auto& name : game.bot_names())
    if (name != default_bot_name(game)) out << ", " << name;
  if (default_bot_name(game) != "random") out << ", random";
  out << ", mcts, mcts:N, mcts:Nms\n";
  const auto levels = game_levels(game);
  if (!levels.empty()) {
    out << "  levels (--level L): ";
    for (size_t i = 0; i < levels.size(); ++i) out << (i ? ", " : "") << levels[i];
    out << '\n';
  }
  const auto specs = game.param_specs();
  if (specs.empty()) {
    out << "  parameters: none\n";
    return;
  }
  out << "  parameters (--param NAME=VALUE):\n";
  for (const auto& s : specs) {
    out << "    " << s.name << " = " << s.default_value << "  (" << s.allowed() << ")\n";
    out << "      " << s.description << '\n';
  }
}

}  // namespace

int run_games(const Io& io) {
  bool first = true;
  for (const auto& game : registry().games()) {
    if (!first) io.out << '\n';
    first = false;
    print_game(*game, io.out);
  }
  return kExitOk;
}

}  // namespace sabbat::cli
