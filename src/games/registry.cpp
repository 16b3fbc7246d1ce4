// One line per game: the whole list of what Sabbat plays.
#include "core/registry.hpp"
#include "games/baba-yaga/baba_yaga.hpp"
#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/du-balai/du_balai.hpp"
#include "games/sortileges/sortileges.hpp"

namespace sabbat {

const Registry& registry() {
  static const Registry games = [] {
    Registry r;
    r.add(sortileges::make_game());
    r.add(du_balai::make_game());
    r.add(baba_yaga::make_game());
    r.add(bal::make_game());
    return r;
  }();
  return games;
}

}  // namespace sabbat
