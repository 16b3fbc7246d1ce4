#pragma once
// The pages the server hands a browser: the web client's files from --web DIR, or a built-in
// page when there are none; and the catalogue of games for the lobby.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/game.hpp"

namespace sabbat::server {

// The file below `web_dir` that `target` names ("/" and "/t/CODE" name index.html), or
// nothing for a name outside it, hidden, or of a type the server does not serve.
std::optional<std::string> web_file(const std::string& web_dir, std::string_view target);
std::string_view mime_type(std::string_view path);

// How a web file goes out (docs/web.md, "Serving"): the twin NAME.br or NAME.gz the build made
// when the request's Accept-Encoding takes it, else the file itself; named by a content hash
// (app.<HASH>.js), kept by the browser for a year, else revalidated by its ETag each time.
struct StaticFile {
  std::string path;               // the file to send: the plain one or its .br/.gz twin
  std::string_view content_type;  // the plain file's type
  std::string_view encoding;      // "br", "gzip" or empty (the file as it is)
  std::string_view cache_control;
  std::string etag;           // of what `path` holds, quoted
  bool not_modified = false;  // If-None-Match named `etag`: answer 304 with no body
};

// The answer to a GET of `target`, given the request's Accept-Encoding and If-None-Match
// headers (empty when absent); nothing where web_file finds no file.
std::optional<StaticFile> static_file(const std::string& web_dir, std::string_view target,
                                      std::string_view accept_encoding,
                                      std::string_view if_none_match);

// Parts of static_file, for the tests.
// Whether a file name carries the build's content hash: NAME.HASH.EXT, HASH 8 of A-Z and 0-9.
bool content_hashed(std::string_view path);
// The q-value Accept-Encoding gives `coding` (RFC 9110 §12.5.3): its own, else that of "*",
// else 0; "identity" is acceptable unless refused.
double accepted_q(std::string_view accept_encoding, std::string_view coding);
// Whether If-None-Match names `etag` ("*" names any), compared weakly (RFC 9110 §13.1.2).
bool etag_matches(std::string_view if_none_match, std::string_view etag);

// GET /api/games as it goes out: the catalogue below, gzipped when Accept-Encoding takes gzip,
// and revalidated by its ETag like index.html (Cache-Control no-cache).
struct GamesAnswer {
  const std::string* body = nullptr;  // lives as long as the program
  std::string_view encoding;          // "gzip" or empty
  std::string_view etag;
  bool not_modified = false;
};
GamesAnswer games_answer(std::string_view accept_encoding, std::string_view if_none_match);
// gzip's format (RFC 1952) of `text`, as games_answer makes it.
std::string gzip_for_tests(std::string_view text);

// A plain page that says what this server is, for when no web client is installed.
std::string builtin_index(const std::string& public_url);

// GET /api/games: every registered game with its players, facts, bots and parameters.
json games_catalogue();

}  // namespace sabbat::server
