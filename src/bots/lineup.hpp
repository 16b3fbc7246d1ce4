#pragma once
// Who plays each seat of a table, and fresh bots for every game. A bot remembers what it saw
// during one game (core/bot.hpp), so a host keeps a Lineup (names, checked once) and asks it
// for new bots at the start of every game; it never carries a bot from one game to the next.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bots/bot.hpp"

namespace sabbat {

// The bots of one game, one per seat (nullptr at a seat a person plays). They live as long
// as this object: make one per game and drop it when the game ends.
class GameBots {
 public:
  GameBots() = default;
  GameBots(GameBots&&) = default;
  GameBots& operator=(GameBots&&) = default;
  GameBots(const GameBots&) = delete;
  GameBots& operator=(const GameBots&) = delete;

  // What the scheduler (next_step, play_until_end) takes: a bot or nullptr per seat.
  const std::vector<Bot*>& seats() const { return seats_; }
  Bot* at(Seat seat) const { return seats_[size_t(seat)]; }

 private:
  friend class Lineup;
  std::vector<std::unique_ptr<Bot>> owned_;
  std::vector<Bot*> seats_;
};

// Makes a new bot each time it is called.
using BotMaker = std::function<std::unique_ptr<Bot>()>;

class Lineup {
 public:
  // `names[s]` names the bot of seat s (see make_bot); an empty name leaves the seat to a
  // person. The error names the unknown bot and lists the known ones. `game` must outlive the
  // lineup (the registry's games live as long as the program).
  static Result<Lineup> make(const Game& game, const std::vector<std::string>& names);
  // The same bot at every seat of `players`, except `person` (no person: -1).
  static Result<Lineup> everywhere(const Game& game, const std::string& name, int players,
                                   Seat person = -1);
  // Bots a host defines itself, one maker per seat (an empty one for a person's seat).
  explicit Lineup(std::vector<BotMaker> seats) : makers_(std::move(seats)) {}

  int players() const { return int(makers_.size()); }

  // New bots for one game: nothing any of them remembers comes from another game.
  GameBots new_game() const;

 private:
  std::vector<BotMaker> makers_;
};

}  // namespace sabbat
