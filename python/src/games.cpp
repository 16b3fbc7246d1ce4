// sabbat.games(): every registered game with what `sabbat games` prints of it, as data. The
// bots are listed in the order the command prints them, from the same functions it calls.
#include <pybind11/stl.h>

#include "bots/bot.hpp"
#include "core/registry.hpp"
#include "module.hpp"

namespace sabbat::python {

namespace {

const char* kind_name(ParamSpec::Kind kind) {
  switch (kind) {
    case ParamSpec::Kind::Integer:
      return "integer";
    case ParamSpec::Kind::Boolean:
      return "boolean";
    case ParamSpec::Kind::Choice:
      return "choice";
  }
  return "?";
}

py::dict param_dict(const ParamSpec& s) {
  py::dict d;
  d["name"] = s.name;
  d["kind"] = kind_name(s.kind);
  d["default"] = s.default_value;
  d["allowed"] = s.allowed();
  d["description"] = s.description;
  if (s.kind == ParamSpec::Kind::Integer) {
    d["min"] = s.min;
    d["max"] = s.max;
  }
  if (s.kind == ParamSpec::Kind::Choice) d["choices"] = s.choices;
  d["guard"] = s.is_guard();
  return d;
}

// `sabbat games`' order: the default bot, the game's others, random, then the searches.
std::vector<std::string> bot_list(const Game& game) {
  const std::string first = default_bot_name(game);
  std::vector<std::string> bots{first};
  for (const auto& name : game.bot_names())
    if (name != first) bots.push_back(name);
  if (first != "random") bots.emplace_back("random");
  for (const char* search : {"mcts", "mcts:N", "mcts:Nms"}) bots.emplace_back(search);
  return bots;
}

py::dict game_dict(const Game& game) {
  py::dict d;
  d["id"] = game.id();
  d["name"] = game.display_name();
  py::dict players;
  players["min"] = game.min_players();
  players["max"] = game.max_players();
  players["default"] = game.default_players();
  d["players"] = players;
  const GameFacts f = game.facts();
  py::dict facts;
  facts["real_time"] = f.real_time;
  facts["hidden_information"] = f.hidden_information;
  facts["chance"] = f.chance;
  d["facts"] = facts;
  d["default_bot"] = default_bot_name(game);
  d["bots"] = bot_list(game);
  d["levels"] = game_levels(game);
  py::list params;
  for (const auto& s : game.param_specs()) params.append(param_dict(s));
  d["params"] = params;
  return d;
}

}  // namespace

void bind_games(py::module_& m) {
  m.def(
      "games",
      [] {
        py::list out;
        for (const auto& game : registry().games()) out.append(game_dict(*game));
        return out;
      },
      "Every registered game: id, name, players, facts, bots, levels and parameters, as "
      "`sabbat games` prints them.");
  m.def(
      "game_id", [](const std::string& typed) { return find_game(typed).id(); }, py::arg("game"),
      "The canonical id of a game as a person types it ('Du Balai !', 'du_balai').");
}

}  // namespace sabbat::python
