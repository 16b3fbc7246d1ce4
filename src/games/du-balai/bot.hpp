#pragma once
// A simple Du Balai ! bot: it reads the open book for a while, remembers each die with a
// chance of getting it wrong, closes the book when its memory allows a decent formula, and
// writes the perfect formula of its memory (with Double-jeu in hand, the other colour's as
// its second formula, which it makes count only if the revealed dice say it is worth it).
// Only what its seat may see is read. Like every bot (core/bot.hpp), one object plays one
// seat of one game: what it remembers (the dice it read, keyed by turn; when it means to act,
// keyed by moment) means nothing in another game.
#include <memory>
#include <string_view>

#include "bots/levels.hpp"
#include "core/bot.hpp"

namespace sabbat::du_balai {

// A person at the book. Reading: a simple reaction to the book opening (median ~230 ms: visual
// simple reaction times are ~200-250 ms, Welford 1980; Kosinski 2008) then each of the nine
// dice read in turn, the total log-normal (reaction times are right-skewed; Ratcliff 1993).
// Memory: visual short-term memory holds about four items (Luck & Vogel 1997; Cowan 2001), so
// each die beyond four makes every die likelier to be misremembered, and what was read fades
// while the bot waits to write (representations are lost over seconds; Zhang & Luck 2009).
struct SimpleBotParams {
  double misremember = 0.04;  // chance per die to misremember it, within the memory's capacity
  int capacity = 4;           // dice held without extra errors
  double overload = 0.3;      // per die beyond capacity: misremember grows by this share
  double fade = 0.25;         // per second between reading and writing: another such share
  GameTime reaction = 230;    // median simple reaction to the book opening, in ms
  GameTime per_die = 450;     // median time to read one die, in ms
  double spread = 0.35;       // sigma of the reading time's logarithm
  double decent_value = 4.0;  // closes at once after reading when its best formula is worth this
  GameTime patience = 2500;   // then one point less per `patience` ms waited (never below 1)
  GameTime write_min = 2000;  // time to write a formula after the book closes, in ms
  GameTime write_max = 8000;
  GameTime act_min = 500;  // time for a choice in phase 4 or a reaction window, in ms
  GameTime act_max = 2000;
};

// The person at a level (the numbers are in docs/rules/du-balai.md).
SimpleBotParams simple_level(Level level);
std::unique_ptr<sabbat::Bot> make_simple_bot();
std::unique_ptr<sabbat::Bot> make_simple_bot(const SimpleBotParams& params);
// "simple" (the normal level), "novice", "normal" or "expert"; nullptr for another name.
std::unique_ptr<sabbat::Bot> make_named_bot(std::string_view name);

}  // namespace sabbat::du_balai
