#pragma once
// Games by id. The list of games lives in src/games/registry.cpp: one line per game.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"

namespace sabbat {

class Registry {
 public:
  void add(std::unique_ptr<Game> game) { games_.push_back(std::move(game)); }
  // By canonical id exactly, as records and messages between programs hold it.
  const Game* find(std::string_view id) const;
  // The error lists the known ids.
  Result<const Game*> get(std::string_view id) const;
  // As a person types a game: its id or its name, whatever the case, accents, spaces,
  // hyphens, underscores or punctuation ("Sortilèges", "sortileges", "du_balai", "du balai",
  // "Du Balai !" all name a game). The error quotes the text, cut short, and lists the ids.
  const Game* match(std::string_view typed) const;
  Result<const Game*> lookup(std::string_view typed) const;
  const std::vector<std::unique_ptr<Game>>& games() const { return games_; }

 private:
  std::vector<std::unique_ptr<Game>> games_;
};

// What is left of a game's name for lenient matching: letters and digits only, lower case,
// Latin accents dropped ("Du Balai !" and "du_balai" both give "dubalai").
std::string game_name_key(std::string_view text);

// Every game Sabbat plays (defined next to the games).
const Registry& registry();

}  // namespace sabbat
