#include "bots/lineup.hpp"

#include <algorithm>
#include <stdexcept>

namespace sabbat {

Result<Lineup> Lineup::make(const Game& game, std::vector<std::string> names) {
  for (const auto& name : names)
    if (!name.empty())
      if (auto bot = make_bot(name, game); !bot) return fail(bot.error());
  return Lineup(game, std::move(names));
}

Result<Lineup> Lineup::everywhere(const Game& game, const std::string& name, int players,
                                  Seat person) {
  std::vector<std::string> names(size_t(std::max(players, 0)), name);
  if (person >= 0 && person < players) names[size_t(person)].clear();
  return make(game, std::move(names));
}

GameBots Lineup::new_game() const {
  GameBots bots;
  bots.seats_.reserve(names_.size());
  for (const auto& name : names_) {
    Bot* seat = nullptr;
    if (!name.empty()) {
      // The names were checked by make(): a bot the game offered once it offers again.
      auto bot = make_bot(name, *game_);
      if (!bot) throw std::logic_error("bot '" + name + "' is no longer offered: " + bot.error());
      bots.owned_.push_back(std::move(bot.value()));
      seat = bots.owned_.back().get();
    }
    bots.seats_.push_back(seat);
  }
  return bots;
}

}  // namespace sabbat
