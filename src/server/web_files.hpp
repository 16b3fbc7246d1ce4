#pragma once
// The pages the server hands a browser: the web client's files from --web DIR, or a built-in
// page when there are none; and the catalogue of games for the lobby.
#include <optional>
#include <string>
#include <string_view>

#include "core/game.hpp"

namespace sabbat::server {

// The file below `web_dir` that `target` names ("/" and "/t/CODE" name index.html), or
// nothing for a name outside it, hidden, or of a type the server does not serve.
std::optional<std::string> web_file(const std::string& web_dir, std::string_view target);
std::string_view mime_type(std::string_view path);

// A plain page that says what this server is, for when no web client is installed.
std::string builtin_index(const std::string& public_url);

// GET /api/games: every registered game with its players, facts, bots and parameters.
json games_catalogue();

}  // namespace sabbat::server
