#include "registry.hpp"

#include "untrusted.hpp"

namespace sabbat {

namespace {

// The base letter of a Latin-1 letter written in UTF-8 as 0xC3 `second`, or 0 for none.
char latin_base(unsigned char second) {
  // 0x80-0xBF after 0xC3 are U+00C0-U+00FF: À..ß then à..ÿ, the same letters 0x20 apart.
  static constexpr char kBase[] = "aaaaaaaceeeeiiiidnooooo-ouuuuyts";
  if (second < 0x80 || second > 0xBF) return 0;
  if (second == 0xBF) return 'y';  // ÿ, where ß stands among the capitals
  const char c = kBase[(second - 0x80) % 0x20];
  return c == '-' ? 0 : c;
}

std::string known_ids(const std::vector<std::unique_ptr<Game>>& games) {
  std::string known;
  for (const auto& g : games) known += (known.empty() ? "" : ", ") + g->id();
  return known;
}

}  // namespace

std::string game_name_key(std::string_view text) {
  std::string key;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c >= 'A' && c <= 'Z')
        key += char(c - 'A' + 'a');
      else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
        key += char(c);
      // Spaces, hyphens, underscores and punctuation do not tell games apart.
    } else if (c == 0xC3 && i + 1 < text.size()) {
      if (const char base = latin_base(static_cast<unsigned char>(text[i + 1]))) {
        key += base;
        ++i;
      } else {
        key += char(c);
      }
    } else {
      key += char(c);  // other scripts are kept: they match only themselves
    }
  }
  return key;
}

const Game* Registry::find(std::string_view id) const {
  for (const auto& g : games_)
    if (g->id() == id) return g.get();
  return nullptr;
}

Result<const Game*> Registry::get(std::string_view id) const {
  if (const Game* g = find(id)) return g;
  return fail("unknown game '" + printable(id, 40) + "'; known games: " + known_ids(games_));
}

const Game* Registry::match(std::string_view typed) const {
  if (const Game* g = find(typed)) return g;
  const std::string key = game_name_key(typed);
  if (key.empty()) return nullptr;
  for (const auto& g : games_)
    if (game_name_key(g->id()) == key || game_name_key(g->display_name()) == key) return g.get();
  return nullptr;
}

Result<const Game*> Registry::lookup(std::string_view typed) const {
  if (const Game* g = match(typed)) return g;
  return fail("unknown game '" + printable(typed, 40) + "'; known games: " + known_ids(games_));
}

}  // namespace sabbat
