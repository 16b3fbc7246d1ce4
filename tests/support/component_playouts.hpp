#pragma once
// Random games that check what a game tells a balance report (State::components_played and
// components_held): every index in range, and asking changes nothing.
#include <map>
#include <string>
#include <vector>

namespace sabbat::testing {

struct ComponentPlays {
  int games = 0;
  std::vector<long> played;  // how often each component was played in all the games
  std::vector<long> held;    // in how many seat-games each was held at the start
};

// `games` seeded random games of `game` (players cycling from its minimum to its maximum),
// each action asked about before it is applied. Fails the current test on an index out of
// range or a state that asking changed.
ComponentPlays check_component_playouts(const std::string& game, int games,
                                        const std::map<std::string, std::string>& params = {});

// The ids of `game`'s components: each non-empty, none twice, names and groups non-empty.
void check_component_ids(const std::string& game);

}  // namespace sabbat::testing
