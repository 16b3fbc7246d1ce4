#include "server/sessions/web_files.hpp"

#include <algorithm>
#include <boost/beast/zlib/deflate_stream.hpp>
#include <boost/crc.hpp>
#include <cctype>
#include <charconv>
#include <chrono>
#include <filesystem>

#include "bots/bot.hpp"
#include "core/registry.hpp"
#include "server/protocol/messages.hpp"

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

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool same_letters(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

// Calls f(element) for each comma-separated element of a header's list, trimmed, empty ones
// skipped.
template <class F>
void each_element(std::string_view list, F f) {
  while (!list.empty()) {
    const auto comma = list.find(',');
    const std::string_view element = trim(list.substr(0, comma));
    if (!element.empty()) f(element);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
}

// An element's q parameter ("gzip;q=0.5"): 1 without one, 0 when it does not read as a number.
double q_of(std::string_view params) {
  double q = 1;
  while (!params.empty()) {
    const auto semi = params.find(';');
    const std::string_view param = trim(params.substr(0, semi));
    if (param.size() > 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=') {
      const std::string_view value = trim(param.substr(2));
      q = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), q);
      if (ec != std::errc() || end != value.data() + value.size() || q < 0 || q > 1) q = 0;
    }
    if (semi == std::string_view::npos) break;
    params.remove_prefix(semi + 1);
  }
  return q;
}

// The file's size and modification time, the way nginx makes its ETags: a file rewritten by a
// new build gets a new one.
std::optional<std::string> etag_of(const std::string& file, std::string_view encoding) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) return std::nullopt;
  const auto time = std::filesystem::last_write_time(file, ec);
  if (ec) return std::nullopt;
  const auto ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count();
  char buf[64];
  char* end = std::to_chars(buf, buf + sizeof buf, size, 16).ptr;
  *end++ = '-';
  end = std::to_chars(end, buf + sizeof buf, static_cast<unsigned long long>(ns), 16).ptr;
  std::string tag = "\"" + std::string(buf, end);
  if (!encoding.empty()) tag += "-" + std::string(encoding);
  return tag + "\"";
}

// `text` in gzip's format (RFC 1952): a ten-byte header, the deflated bytes, the CRC-32 and the
// length.
std::string gzip(std::string_view text) {
  namespace zlib = boost::beast::zlib;
  zlib::deflate_stream deflater;
  deflater.reset(9, 15, 8, zlib::Strategy::normal);
  std::string out("\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff", 10);
  const std::size_t head = out.size();
  out.resize(head + deflater.upper_bound(text.size()));
  zlib::z_params zs;
  zs.next_in = text.data();
  zs.avail_in = text.size();
  zs.next_out = out.data() + head;
  zs.avail_out = out.size() - head;
  boost::beast::error_code ec;
  deflater.write(zs, zlib::Flush::finish, ec);
  if (ec != zlib::error::end_of_stream) return {};
  out.resize(head + zs.total_out);
  boost::crc_32_type crc;
  crc.process_bytes(text.data(), text.size());
  for (std::uint32_t word : {std::uint32_t(crc.checksum()), std::uint32_t(text.size())})
    for (int i = 0; i < 4; ++i) out += char((word >> (8 * i)) & 0xff);
  return out;
}

// A quoted ETag from the text itself (FNV-1a, 64 bits), and the coding it was sent in.
std::string etag_of_text(std::string_view text, std::string_view encoding) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  char buf[32];
  char* end = std::to_chars(buf, buf + sizeof buf, h, 16).ptr;
  std::string tag = "\"" + std::string(buf, end);
  if (!encoding.empty()) tag += "-" + std::string(encoding);
  return tag + "\"";
}

constexpr std::string_view kImmutable = "public, max-age=31536000, immutable";
constexpr std::string_view kRevalidate = "no-cache";

}  // namespace

bool content_hashed(std::string_view path) {
  const std::string_view name = path.substr(path.rfind('/') + 1);
  const auto last = name.rfind('.');
  if (last == std::string_view::npos || last == 0) return false;
  const auto before = name.rfind('.', last - 1);
  if (before == std::string_view::npos || before == 0) return false;
  const std::string_view hash = name.substr(before + 1, last - before - 1);
  return hash.size() == 8 && std::all_of(hash.begin(), hash.end(), [](char c) {
           return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
         });
}

double accepted_q(std::string_view accept_encoding, std::string_view coding) {
  std::optional<double> own, any;
  each_element(accept_encoding, [&](std::string_view element) {
    const auto semi = element.find(';');
    const std::string_view name = trim(element.substr(0, semi));
    const double q = semi == std::string_view::npos ? 1 : q_of(element.substr(semi + 1));
    if (same_letters(name, coding))
      own = q;
    else if (name == "*")
      any = q;
  });
  if (own) return *own;
  if (any) return *any;
  return same_letters(coding, "identity") ? 1 : 0;
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
  if (etag.starts_with("W/")) etag.remove_prefix(2);
  bool found = false;
  each_element(if_none_match, [&](std::string_view element) {
    if (element.starts_with("W/")) element.remove_prefix(2);
    if (element == "*" || element == etag) found = true;
  });
  return found;
}

std::optional<StaticFile> static_file(const std::string& web_dir, std::string_view target,
                                      std::string_view accept_encoding,
                                      std::string_view if_none_match) {
  auto plain = web_file(web_dir, target);
  if (!plain) return std::nullopt;
  StaticFile f;
  f.content_type = mime_type(*plain);
  f.cache_control = content_hashed(*plain) ? kImmutable : kRevalidate;
  // The better compression first; a twin the client takes less gladly comes after.
  struct Twin {
    std::string_view coding, suffix;
    double q;
  } twins[] = {{"br", ".br", accepted_q(accept_encoding, "br")},
               {"gzip", ".gz", accepted_q(accept_encoding, "gzip")}};
  std::stable_sort(std::begin(twins), std::end(twins),
                   [](const Twin& a, const Twin& b) { return a.q > b.q; });
  f.path = *plain;
  for (const Twin& t : twins) {
    if (t.q <= 0) continue;
    std::string twin = *plain + std::string(t.suffix);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(twin, ec)) continue;
    f.path = std::move(twin);
    f.encoding = t.coding;
    break;
  }
  auto etag = etag_of(f.path, f.encoding);
  if (!etag) return std::nullopt;
  f.etag = std::move(*etag);
  f.not_modified = !if_none_match.empty() && etag_matches(if_none_match, f.etag);
  return f;
}

std::string gzip_for_tests(std::string_view text) {
  return gzip(text);
}

GamesAnswer games_answer(std::string_view accept_encoding, std::string_view if_none_match) {
  // The catalogue cannot change while the server runs: made, compressed and tagged once.
  struct Made {
    std::string plain, gzipped, plain_etag, gzip_etag;
  };
  static const Made made = [] {
    Made m;
    m.plain = games_catalogue().dump();
    m.gzipped = gzip(m.plain);
    m.plain_etag = etag_of_text(m.plain, "");
    m.gzip_etag = etag_of_text(m.plain, "gzip");
    return m;
  }();
  GamesAnswer a;
  const bool gz = !made.gzipped.empty() && accepted_q(accept_encoding, "gzip") > 0;
  a.body = gz ? &made.gzipped : &made.plain;
  a.encoding = gz ? "gzip" : "";
  a.etag = gz ? made.gzip_etag : made.plain_etag;
  a.not_modified = !if_none_match.empty() && etag_matches(if_none_match, a.etag);
  return a;
}

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
