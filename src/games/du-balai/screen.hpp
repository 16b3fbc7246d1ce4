#pragma once
// The one-key screen of Du Balai ! on a terminal, drawn from a seat's view: the table (the nine
// dice large while the book is open to that seat), the cards being picked, and the keys that
// work now (keys.hpp says what they do). Every line fits 80 columns.
#include <memory>
#include <string>
#include <vector>

#include "games/du-balai/keys.hpp"

namespace sabbat::du_balai {

// The phase, the book, the track and the witches, for a terminal of `rows` lines.
std::string screen_table(const json& view, Seat viewer, bool color, int rows);
// What the person may do now: the cards picked, the spells offered, one line of keys.
std::string screen_keys(const Situation& now, const Picks& picks, bool color);
// One short line for beside the countdown: what the race waits for, and the key to press.
std::string screen_waiting(const Situation& now);
// An event as lines of narration: the reveal with the dice and the valid symbols, a move with
// its formulas' colours as words; others as their text.
std::vector<std::string> screen_narration(const Event& event);
// Every key of the screen, moment by moment.
std::string screen_help();

// All of the above as the core's KeyScreen, for Game::make_key_screen.
std::unique_ptr<KeyScreen> make_key_screen();

}  // namespace sabbat::du_balai
