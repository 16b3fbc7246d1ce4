#include "server/web_files.hpp"

#include <filesystem>

#include "bots/bot.hpp"
#include "core/registry.hpp"
#include "server/messages.hpp"

namespace sabbat::server {

namespace {

constexpr std::pair<std::string_view, std::string_view> kTypes[] = {
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".json", "application/json"},
    {".woff2", "font/woff2"},
    {".ico", "image/x-icon"},
    {".map", "application/json"},
    {".txt", "text/plain; charset=utf-8"},
};

std::string html_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

std::string_view mime_type(std::string_view path) {
  for (auto [ext, type] : kTypes)
    if (path.size() >= ext.size() && path.substr(path.size() - ext.size()) == ext) return type;
  return {};
}

std::optional<std::string> web_file(const std::string& web_dir, std::string_view target) {
  if (web_dir.empty()) return std::nullopt;
  std::string_view path = target.substr(0, target.find_first_of("?#"));
  if (path == "/" || path.starts_with("/t/")) path = "/index.html";
  if (path.empty() || path[0] != '/') return std::nullopt;
  // Every segment a plain name: no "..", no hidden files, no backslashes or NULs.
  std::string_view rest = path.substr(1);
  while (!rest.empty()) {
    auto slash = rest.find('/');
    std::string_view segment = rest.substr(0, slash);
    if (segment.empty() || segment[0] == '.' ||
        segment.find_first_of(std::string_view("\\\0:", 3)) != std::string_view::npos)
      return std::nullopt;
    if (slash == std::string_view::npos) break;
    rest = rest.substr(slash + 1);
  }
  if (mime_type(path).empty()) return std::nullopt;
  std::string file = web_dir + std::string(path);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
  return file;
}

std::string builtin_index(const std::string& public_url) {
  std::string games;
  for (const auto& g : registry().games())
    games += "<li>" + html_escape(g->display_name()) + " (<code>" + html_escape(g->id()) +
             "</code>), " + std::to_string(g->min_players()) + "&ndash;" +
             std::to_string(g->max_players()) + " players</li>\n";
  return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>Sabbat</title></head>\n<body>\n<h1>Sabbat</h1>\n"
         "<p>This is a Sabbat game server. No web client is installed here (start the server "
         "with <code>--web DIR</code> to serve one); programs can play through its WebSocket "
         "at <code>" +
         html_escape(public_url) +
         "/ws</code>, as <code>docs/protocol.md</code> describes.</p>\n"
         "<h2>Games</h2>\n<ul>\n" +
         games + "</ul>\n<p>The catalogue as JSON: <a href=\"/api/games\">/api/games</a>.</p>\n" +
         "</body></html>\n";
}

json games_catalogue() {
  json games = json::array();
  for (const auto& g : registry().games()) {
    json params = json::array();
    for (const ParamSpec& p : g->param_specs()) {
      json spec = {{"name", p.name}, {"default", p.default_value}, {"description", p.description}};
      switch (p.kind) {
        case ParamSpec::Kind::Integer:
          spec["kind"] = "integer";
          spec["min"] = p.min;
          spec["max"] = p.max;
          break;
        case ParamSpec::Kind::Boolean:
          spec["kind"] = "boolean";
          break;
        case ParamSpec::Kind::Choice:
          spec["kind"] = "choice";
          spec["choices"] = p.choices;
          break;
      }
      params.push_back(std::move(spec));
    }
    json bots = json::array({"random"});
    for (const auto& b : g->bot_names()) bots.push_back(b);
    const GameFacts facts = g->facts();
    games.push_back({{"id", g->id()},
                     {"name", g->display_name()},
                     {"min_players", g->min_players()},
                     {"max_players", g->max_players()},
                     {"default_players", g->default_players()},
                     {"facts",
                      {{"hidden_information", facts.hidden_information},
                       {"chance", facts.chance},
                       {"real_time", facts.real_time}}},
                     {"bots", bots},
                     {"default_bot", default_bot_name(*g)},
                     {"params", params}});
  }
  return {{"protocol", kProtocolVersion}, {"games", games}};
}

}  // namespace sabbat::server
