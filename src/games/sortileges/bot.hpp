#pragma once
// The Sortilèges heuristic bot: it plays like a sensible person. It aims at the couple cards
// worth most to it (their points, the alliances they would complete or bring closer, and what
// they would give its rivals), places where its spell can beat the spells the others placed
// face up, and discards the card that helps it least. Levels (docs/rules/sortileges.md):
//   novice: looks only at the spell it has now, not at the others' spells nor at alliances it
//           is on the way to, and weighs its choices roughly (noise);
//   normal: the full reading, one move ahead;
//   expert: the full reading, then plays each of its choices on to the end of the round in
//           sampled hands and cards (everyone playing `normal`), and keeps the best on average.
// Only what its seat may see is read (bot_read.hpp); one object plays one seat of one game.
#include <memory>

#include "bots/levels.hpp"
#include "core/bot.hpp"

namespace sabbat::sortileges {

std::unique_ptr<sabbat::Bot> make_heuristic_bot(Level level);

}  // namespace sabbat::sortileges
