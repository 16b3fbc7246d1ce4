#include "bots/bot.hpp"

#include <algorithm>

#include "bots/is_mcts.hpp"
#include "bots/levels.hpp"

namespace sabbat {

std::optional<Proposal> RandomBot::propose(const State& state, Seat seat, Rng& rng) {
  auto action = state.random_legal(seat, rng);
  if (!action) return std::nullopt;
  return Proposal{*action, state.now()};
}

Result<std::unique_ptr<Bot>> make_bot(const std::string& name, const Game& game) {
  if (name == "random") {
    // A real-time game may offer a random player at a person's pace: one that acts the instant
    // it may is faster than any person, which is not what "random" means there.
    if (game.facts().real_time)
      if (auto paced = game.make_bot("random")) return paced;
    return std::unique_ptr<Bot>(std::make_unique<RandomBot>());
  }
  if (name == "mcts" || name.rfind("mcts:", 0) == 0) {
    auto budget = parse_search_budget(name);
    if (!budget) return fail(budget.error());
    // In a turn-based game with a bot of its own, that bot plays the others' moves and the
    // playouts, up to the next change of the standings (is_mcts.hpp). In real time (its bots
    // propose when a person would act, which a playout does not model) and in a game without
    // one, random actions do, to the end.
    PlayoutPolicy playout;
    if (!game.facts().real_time && !game.bot_names().empty()) {
      const std::string own = default_bot_name(game);
      playout.bot = [&game, own] { return game.make_bot(own); };
      playout.to_next_scoring = true;
      playout.others_by_policy = true;
    }
    return std::unique_ptr<Bot>(std::make_unique<IsMctsBot>(*budget, 0.7, std::move(playout)));
  }
  if (auto bot = game.make_bot(name)) return bot;
  std::string known = "random, mcts[:N|:Nms]";
  for (const auto& n : game.bot_names()) known += ", " + n;
  return fail("unknown bot '" + name + "' for " + game.display_name() + "; known bots: " + known);
}

std::string default_bot_name(const Game& game) {
  auto names = game.bot_names();
  return names.empty() ? "random" : names.front();
}

std::vector<std::string> game_levels(const Game& game) {
  std::vector<std::string> levels;
  for (auto name : kLevelNames)
    if (game.make_bot(name)) levels.emplace_back(name);
  return levels;
}

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

Result<std::vector<std::string>> seat_bots(const Game& game, const std::string& bots,
                                           const std::string& level, int seats) {
  std::vector<std::string> names;
  for (size_t start = 0; !bots.empty() && start <= bots.size();) {
    const size_t comma = bots.find(',', start);
    names.push_back(bots.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (names.empty()) names.push_back(default_bot_name(game));
  if (names.size() == 1) names.resize(size_t(std::max(seats, 1)), names.front());
  if (int(names.size()) != seats)
    return fail("--bot names one bot for every seat or one per seat (" + std::to_string(seats) +
                "), not " + std::to_string(names.size()));
  for (const auto& name : names)
    if (auto bot = make_bot(name, game); !bot) return fail(bot.error());
  if (level.empty()) return names;
  const auto levels = game_levels(game);
  if (levels.empty()) return fail(game.display_name() + " has no bot with levels");
  if (std::find(levels.begin(), levels.end(), level) == levels.end())
    return fail("unknown level '" + level + "'; levels: " + joined(levels));
  bool any = false;
  for (auto& name : names) {
    // The game's own bots take the level; random and the searches keep what they are.
    if (name == "random" || name == "mcts" || name.rfind("mcts:", 0) == 0) continue;
    name = level;
    any = true;
  }
  if (!any)
    return fail("--level sets the level of the game's own bot (" + default_bot_name(game) + " in " +
                game.display_name() + "), which plays no seat here");
  return names;
}

}  // namespace sabbat
