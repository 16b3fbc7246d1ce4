#pragma once
// Bots that play every game.
#include <memory>
#include <optional>
#include <string>

#include "core/bot.hpp"

namespace sabbat {

// Picks uniformly among the legal actions, at once.
class RandomBot final : public Bot {
 public:
  std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) override;
  bool reads_only_legal_actions() const override { return true; }
};

// Bots by name: "random" for every game, and the game's own bots (Game::bot_names); the
// error lists the names known for that game.
Result<std::unique_ptr<Bot>> make_bot(const std::string& name, const Game& game);
// The bot a game is played against when none is named: the game's own first bot, else random.
std::string default_bot_name(const Game& game);

}  // namespace sabbat
