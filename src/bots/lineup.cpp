#include "bots/lineup.hpp"

#include <algorithm>
#include <stdexcept>

namespace sabbat {

Result<Lineup> Lineup::make(const Game& game, const std::vector<std::string>& names) {
  std::vector<BotMaker> makers;
  for (const auto& name : names) {
    if (name.empty()) {
      makers.emplace_back();
      continue;
    }
    if (auto bot = make_bot(name, game); !bot) return fail(bot.error());
    makers.emplace_back([&game, name] {
      // Checked above: a bot the game offered once it offers again.
      auto bot = make_bot(name, game);
      if (!bot) throw std::logic_error("bot '" + name + "' is no longer offered: " + bot.error());
      return std::move(bot.value());
    });
  }
  return Lineup(std::move(makers));
}

Result<Lineup> Lineup::everywhere(const Game& game, const std::string& name, int players,
                                  Seat person) {
  std::vector<std::string> names(size_t(std::max(players, 0)), name);
  if (person >= 0 && person < players) names[size_t(person)].clear();
  return make(game, names);
}

GameBots Lineup::new_game() const {
  GameBots bots;
  bots.seats_.reserve(makers_.size());
  for (const auto& maker : makers_) {
    Bot* seat = nullptr;
    if (maker) {
      bots.owned_.push_back(maker());
      seat = bots.owned_.back().get();
    }
    bots.seats_.push_back(seat);
  }
  return bots;
}

}  // namespace sabbat
