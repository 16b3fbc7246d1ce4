#pragma once
// "Whisper", a game for the server's tests only: the smallest game whose actions are secret.
// Each round every seat answers once, in any order; an answer is known to its seat alone
// (State::secret_from_others) until the last one closes the round, which everyone sees. Who
// has answered is a secret too: a seat sees itself as it is, and every other seat as still
// asked (State::actors_seen_by). Two rounds make a game.
#include "core/registry.hpp"

namespace sabbat::server::testing {

std::unique_ptr<Game> make_whisper_game();

// A registry of Whisper alone, for a test server.
const Registry& whisper_registry();

}  // namespace sabbat::server::testing
