#pragma once
// Bots that play every game.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/bot.hpp"

namespace sabbat {

// Picks uniformly among the legal actions, at once.
class RandomBot final : public Bot {
 public:
  std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) override;
  bool reads_only_legal_actions() const override { return true; }
};

// Bots by name: "random" for every game (in a real-time game that offers one, its own random
// player at a person's pace), and the game's own bots (Game::bot_names); the error lists the
// names known for that game.
Result<std::unique_ptr<Bot>> make_bot(const std::string& name, const Game& game);
// The bot a game is played against when none is named: the game's own first bot, else random.
std::string default_bot_name(const Game& game);
// The levels (bots/levels.hpp) the game's own bot is offered at; none for a game without one.
std::vector<std::string> game_levels(const Game& game);

// The bots of `seats` seats from a --bot and a --level as typed: `bots` is empty (the game's
// default), one name (every seat) or one name per seat separated by commas; `level`, if not
// empty, sets the level of every seat played by the game's own bot (random and mcts have
// none). The errors name what is allowed: the known levels, the number of seats.
Result<std::vector<std::string>> seat_bots(const Game& game, const std::string& bots,
                                           const std::string& level, int seats);

}  // namespace sabbat
