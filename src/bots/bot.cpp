#include "bots/bot.hpp"

#include "bots/is_mcts.hpp"

namespace sabbat {

std::optional<Proposal> RandomBot::propose(const State& state, Seat seat, Rng& rng) {
  auto action = state.random_legal(seat, rng);
  if (!action) return std::nullopt;
  return Proposal{*action, state.now()};
}

Result<std::unique_ptr<Bot>> make_bot(const std::string& name, const Game& game) {
  if (name == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>());
  if (name == "mcts" || name.rfind("mcts:", 0) == 0) {
    auto budget = parse_search_budget(name);
    if (!budget) return fail(budget.error());
    return std::unique_ptr<Bot>(std::make_unique<IsMctsBot>(*budget));
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

}  // namespace sabbat
