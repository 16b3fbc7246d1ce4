#pragma once
// Bots with a model of a person, at three levels (the numbers are in docs/rules/baba-yaga.md).
//
// The searcher remembers the tiles she saw (all of them at the study, then each one turned
// face up), but imperfectly: at the study she retains only some tiles, and may confuse an
// ingredient with the other one of the same forest face; at every new turn she forgets some
// of what she knew. She turns the tiles she remembers for her card, then those whose forest
// face fits, then any she knows nothing of; she turns a wrong one back at once, and stops
// once she has what she needs. Movers move Baba Yaga after a human reaction time. Only what
// the bot's seat sees is read. One object plays one seat of one game (core/bot.hpp).
#include <memory>

#include "core/bot.hpp"

namespace sabbat::baba_yaga {

struct PersonParams {
  double study_recall = 0.55;  // chance to retain a tile seen at the study
  double confuse = 0.10;       // chance to remember the other ingredient of the same forest face
  double forget = 0.12;        // chance per turn to forget a remembered tile
  GameTime study_min = 8000;   // ready after studying this long (ms)
  GameTime study_max = 16000;
  GameTime search_min = 1100;  // one turned tile: see it, reach, turn (ms)
  GameTime search_max = 1800;
  GameTime move_min = 450;  // one move of Baba Yaga: notice it is your move, move (ms)
  GameTime move_max = 800;
  GameTime choice_min = 1000;  // a placement or a spell's choice (ms)
  GameTime choice_max = 3000;
  // Chooses uniformly among her legal actions (remembering nothing), at the times above.
  bool at_random = false;
};

// "novice", "seasoned" (also "normal"), "expert"; "random", the seasoned person's hands with
// choices at random: a bot that acts the instant it may would turn the whole forest before
// Baba Yaga's first move, which no person does. nullopt for another name.
std::optional<PersonParams> person_level(std::string_view name);
std::unique_ptr<sabbat::Bot> make_person_bot(const PersonParams& params);

}  // namespace sabbat::baba_yaga
