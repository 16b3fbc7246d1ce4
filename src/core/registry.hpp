#pragma once
// Games by id. The list of games lives in src/games/registry.cpp: one line per game.
#include <memory>
#include <string_view>
#include <vector>

#include "game.hpp"

namespace sabbat {

class Registry {
 public:
  void add(std::unique_ptr<Game> game) { games_.push_back(std::move(game)); }
  const Game* find(std::string_view id) const;
  // The error lists the known ids.
  Result<const Game*> get(std::string_view id) const;
  const std::vector<std::unique_ptr<Game>>& games() const { return games_; }

 private:
  std::vector<std::unique_ptr<Game>> games_;
};

// Every game Sabbat plays (defined next to the games).
const Registry& registry();

}  // namespace sabbat
