#pragma once
// A simple Du Balai ! bot: it reads the open book for a while, remembers each die with a
// chance of getting it wrong, closes the book when its memory allows a decent formula, and
// writes the perfect formula of its memory (with Double-jeu in hand, the other colour's as
// its second formula, which it makes count only if the revealed dice say it is worth it).
// Only what its seat may see is read. Like every bot (core/bot.hpp), one object plays one
// seat of one game: what it remembers (the dice it read, keyed by turn; when it means to act,
// keyed by moment) means nothing in another game.
#include <memory>

#include "core/bot.hpp"

namespace sabbat::du_balai {

struct SimpleBotParams {
  double misremember = 0.10;  // chance per die to remember another face of that die
  GameTime read_min = 1500;   // reading (reaction) time after the book opens, in ms
  GameTime read_max = 6000;
  double decent_value = 4.0;  // closes at once after reading when its best formula is worth this
  GameTime patience = 2500;   // then one point less per `patience` ms waited (never below 1)
  GameTime write_min = 2000;  // time to write a formula after the book closes, in ms
  GameTime write_max = 8000;
  GameTime act_min = 500;  // time for a choice in phase 4 or a reaction window, in ms
  GameTime act_max = 2000;
};

std::unique_ptr<sabbat::Bot> make_simple_bot();
std::unique_ptr<sabbat::Bot> make_simple_bot(const SimpleBotParams& params);

}  // namespace sabbat::du_balai
