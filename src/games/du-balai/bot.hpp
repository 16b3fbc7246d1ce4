#pragma once
// A simple Du Balai ! bot: a person at the book. She reads the open book die by die, holds
// what she has read with a chance of getting each die wrong (bot_memory.hpp), closes the book
// once she has read the nine dice and her memory allows a decent formula, and writes the
// perfect formula of her memory (with Double-jeu in hand, the other colour's as her second
// formula, which she makes count only if the revealed dice say it is worth it). When someone
// else closes the book first, she writes from the dice she had read by then. Only what her
// seat may see is read. Like every bot (core/bot.hpp), one object plays one seat of one game:
// what it remembers (the dice it read, keyed by turn; when it means to act, keyed by moment)
// means nothing in another game.
#include <memory>
#include <string_view>

#include "bots/levels.hpp"
#include "core/bot.hpp"
#include "games/du-balai/bot_memory.hpp"

namespace sabbat::du_balai {

// A person at the book (the numbers and their sources are in docs/rules/du-balai.md). Reading
// (ReaderParams): a simple reaction to the book opening, then each die in turn, each reading
// time log-normal (reaction times are right-skewed; Ratcliff 1993). Memory: visual short-term
// memory holds about four items (Luck & Vogel 1997; Cowan 2001), so each die held beyond four
// makes every die likelier to be misremembered, and a die fades in the seconds after it was
// last seen (Zhang & Luck 2009). The defaults are the `normal` level: a person's first game.
struct SimpleBotParams : ReaderParams {
  double decent_value = 4.0;  // closes once she has read the nine when her formula is worth this
  GameTime patience = 2500;   // then one point less per `patience` ms waited (never below 1)
  GameTime write_min = 2000;  // time to write a formula after the book closes, in ms
  GameTime write_max = 8000;
  GameTime act_min = 500;  // time for a choice in phase 4 or a reaction window, in ms
  GameTime act_max = 2000;
  // Chooses uniformly among her legal actions, at the times above (she still takes the time
  // to look at the book before she closes it).
  bool at_random = false;
};

// The person at a level (the numbers are in docs/rules/du-balai.md).
SimpleBotParams simple_level(Level level);
std::unique_ptr<sabbat::Bot> make_simple_bot();
std::unique_ptr<sabbat::Bot> make_simple_bot(const SimpleBotParams& params);
// "simple" (the normal level), "novice", "normal" or "expert"; "random", the normal person's
// pace with choices at random (one that acts the instant it may would close the book before
// anyone has read a die); nullptr for another name.
std::unique_ptr<sabbat::Bot> make_named_bot(std::string_view name);

}  // namespace sabbat::du_balai
