#include "cli/common.hpp"

#include <charconv>
#include <filesystem>
#include <ostream>

#include "core/registry.hpp"

namespace sabbat::cli {

int report_error(std::ostream& err, std::string_view message, int code) {
  std::string line(message);
  // One line per error, so scripts can read it: fold what a library wrapped.
  while (!line.empty() && (line.back() == '\n' || line.back() == ' ')) line.pop_back();
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  err << "sabbat: " << line << '\n' << std::flush;
  return code;
}

Result<GameChoice> choose_game(const std::string& id, std::optional<int> players,
                               const std::vector<std::string>& params, uint64_t seed) {
  auto game = registry().lookup(id);
  if (!game) return fail(game.error());
  std::map<std::string, std::string> overrides;
  for (const auto& text : params) {
    auto kv = parse_param_assignment(text);
    if (!kv) return fail(kv.error());
    if (overrides.count(kv->first)) return fail("parameter '" + kv->first + "' is given twice");
    overrides.insert(std::move(kv.value()));
  }
  auto setup = (*game)->setup(players.value_or((*game)->default_players()), overrides, seed);
  if (!setup) return fail(setup.error());
  return GameChoice{*game, std::move(setup.value())};
}

Result<uint64_t> parse_seed(const std::string& text) {
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end)
    return fail("--seed takes an integer from 0 to 18446744073709551615, not '" +
                printable(text, 40) + "'");
  return value;
}

std::string range_error(std::string_view option, int64_t lo, int64_t hi, std::string_view text) {
  return std::string(option) + " takes a whole number from " + std::to_string(lo) + " to " +
         std::to_string(hi) + ", not '" + printable(text, 40) + "'";
}

Result<int64_t> parse_whole(const std::string& text, std::string_view option, int64_t lo,
                            int64_t hi) {
  int64_t value = 0;
  const char* end = text.data() + text.size();
  // from_chars reads base 10 only: no octal "010", no "0x10"; it takes '-' and no '+'.
  auto [ptr, ec] = std::from_chars(text.data(), end, value, 10);
  if (text.empty() || ec != std::errc() || ptr != end || value < lo || value > hi)
    return fail(range_error(option, lo, hi, text));
  return value;
}

std::string params_text(const std::map<std::string, std::string>& params) {
  std::string out;
  for (const auto& [name, value] : params) out += (out.empty() ? "" : " ") + name + "=" + value;
  return out.empty() ? "(none)" : out;
}

std::string default_web_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<fs::path> candidates{fs::path("web") / "dist"};
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    // A build tree (build/sabbat beside web/dist), then an installed package (/usr/bin/sabbat
    // and /usr/share/sabbat/web).
    candidates.push_back(exe.parent_path().parent_path() / "web" / "dist");
    candidates.push_back(exe.parent_path().parent_path() / "share" / "sabbat" / "web");
  }
  for (const auto& dir : candidates) {
    if (fs::is_regular_file(dir / "index.html", ec)) return dir.string();
  }
  return {};
}

}  // namespace sabbat::cli
