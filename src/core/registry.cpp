#include "registry.hpp"

namespace sabbat {

const Game* Registry::find(std::string_view id) const {
  for (const auto& g : games_)
    if (g->id() == id) return g.get();
  return nullptr;
}

Result<const Game*> Registry::get(std::string_view id) const {
  if (const Game* g = find(id)) return g;
  std::string known;
  for (const auto& g : games_) known += (known.empty() ? "" : ", ") + g->id();
  return fail("unknown game '" + std::string(id) + "'; known games: " + known);
}

}  // namespace sabbat
