#pragma once
// The Bal des Sorcières bot: it plays like a sensible witch. It counts the cards it has not
// seen to judge how likely each witch is to parry a colour, attacks where a parry is least
// likely (rare colours, two of a kind, short hands), parries whenever it can, keeps Baguette
// magique and Du balai for the attacks it cannot parry, and throws its least useful cards.
// Levels (docs/rules/bal-des-sorcieres.md):
//   novice: judges chances from the box alone (it does not count what was played) and weighs
//           its choices roughly (noise); in the incantation mode it mispronounces one move in
//           25 that lay cards down (the others always read right);
//   normal: the full reading, one move ahead;
//   expert: the full reading, then plays its best few choices on through the exchange and the
//           next attacks in sampled hands (everyone playing `normal`), and keeps the best on
//           average.
// Only what its seat may see is read (its view); one object plays one seat of one game.
#include <memory>

#include "bots/levels.hpp"
#include "core/bot.hpp"

namespace sabbat::bal {

std::unique_ptr<sabbat::Bot> make_heuristic_bot(sabbat::Level level);

}  // namespace sabbat::bal
