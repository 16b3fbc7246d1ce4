// What each seat may know: the face-up tiles while they are face up, the forest faces it can
// see (the searcher's handicaps are real in her own view), the cards on the table.
#include "games/baba-yaga/state.hpp"

namespace sabbat::baba_yaga {

namespace {

constexpr const char* kPhaseNames[] = {"study",  "maison-start", "place", "race",
                                       "effect", "home-move",    "over"};
constexpr const char* kLevelNames[] = {"balade", "cours-toujours", "sauve-qui-peut"};
constexpr const char* kHalfNames[] = {"left", "right", "top", "bottom"};

json card_json(int k) {
  const CardInfo& c = card(k);
  json ings = json::array();
  for (int i : c.ingredients) ings.push_back(ingredient(i).name);
  return {{"id", k}, {"ingredients", ings}, {"effect", effect_name(c.effect)}};
}

json pending_json(const Pending& p) {
  json out = json::array();
  if (p.doigt) out.push_back(effect_name(Effect::DoigtDansLeNez));
  if (p.lumiere) out.push_back(effect_name(Effect::LumiereAveuglante));
  if (p.petit) out.push_back(effect_name(Effect::ToutPetit));
  if (p.fatigue) out.push_back(effect_name(Effect::GrosseFatigue));
  if (p.vent) out.push_back(effect_name(Effect::PlusViteQueLeVent));
  if (p.pattes) out.push_back(effect_name(Effect::PattesDePoulet));
  return out;
}

}  // namespace

bool BabaYagaState::hint_visible(Seat viewer, int cell) const {
  if (!is_forest(cell) || face_up(cell)) return false;
  if (maison_ == cell && !lifted_) return false;  // the Maison covers its forest face
  if (viewer == searcher_ && blind_ >= 0 && in_half(Half(blind_), cell)) return false;
  return true;
}

json view_of(const BabaYagaState& s, Seat viewer) {
  const bool handicapped = viewer == s.searcher_ && s.phase_ != Phase::Over;
  const bool small = handicapped && s.small_;
  json forest = json::array();
  // The tiles face up, shown only for now: a terminal's transcript wipes them once they go.
  json fleeting = json::array();
  for (int cell : kForestCells) {
    json t = {{"cell", cell_name(cell)}};
    const int ing = s.tiles_[size_t(cell)];
    if (s.studying() || s.face_up(cell)) {
      fleeting.push_back(cell_name(cell));
      t["face"] = "ingredient";
      // Tout petit ! shows the same tiles as to everyone: only her screen draws them small.
      t["ingredient"] = ingredient(ing).name, t["short"] = ingredient(ing).short_name;
    } else {
      t["face"] = "forest";
      if (s.hint_visible(viewer, cell)) t["hint"] = hint_text(ingredient(ing).hint);
    }
    const bool hidden = handicapped && s.blind_ >= 0 && in_half(Half(s.blind_), cell);
    // In the half Lumière aveuglante ! hides from her she sees no Maison either, only what
    // she turns there.
    if (s.maison_ == cell && (!hidden || s.face_up(cell)))
      t["maison"] = s.lifted_ ? "lifted" : "on";
    if (hidden) t["hidden"] = true;
    forest.push_back(std::move(t));
  }
  json players = json::array();
  for (Seat p = 0; p < s.o_.players; ++p) {
    const Player& pl = s.p_[size_t(p)];
    json cast = json::array();
    for (int k = 0; k < pl.cast_n; ++k) cast.push_back(card_json(pl.cast[size_t(k)]));
    // Failed spells went under her pile: everyone saw them go, but only how many is shown;
    // which ones is for the table's memory.
    players.push_back({{"seat", p},
                       {"level", kLevelNames[size_t(s.o_.levels[size_t(p)])]},
                       {"pile", pl.pile_n},
                       {"seen_under_pile", pl.known},
                       {"cast", cast},
                       {"pending", pending_json(pl.pending)},
                       {"ready", pl.ready}});
  }
  json flight = nullptr;
  if (s.flight_.placed) {
    const int cell = s.baba_cell();
    flight = {{"start", end_name(s.flight_.start)},
              {"length", s.flight_.length},
              {"moves", s.flight_.moves},
              {"total", s.flight_.total()},
              {"position", s.flight_.position()},
              {"cell", cell < 0 ? json("extra") : json(cell_name(cell))},
              {"mover", s.mover()},
              {"last_hand", s.flight_.last_hand == Hand::Left    ? "left"
                            : s.flight_.last_hand == Hand::Right ? "right"
                                                                 : "none"}};
  }
  json out = {{"game", "baba-yaga"},
              {"viewer", viewer >= 0 ? json(viewer) : json("spectator")},
              {"phase", kPhaseNames[size_t(s.phase_)]},
              {"turn", s.turn_},
              {"players", players},
              {"searcher", s.searcher_},
              {"placer", s.placer()},
              {"need", s.need_},
              {"forest", forest},
              {"fleeting", fleeting},
              {"maison", s.maison_ < 0 ? json(nullptr) : json(cell_name(s.maison_))},
              {"flight", flight},
              {"home_sweet_home", s.o_.home_sweet_home},
              {"two_players", s.o_.players == 2}};
  out["card"] = s.card_ >= 0 ? card_json(s.card_) : json(nullptr);
  out["effect_card"] = s.effect_card_ >= 0 ? card_json(s.effect_card_) : json(nullptr);
  if (s.phase_ == Phase::Effect) {
    json targets = json::array();
    for (Seat t = 0; t < s.o_.players; ++t)
      if (s.may_target(t)) targets.push_back(t);
    out["targets"] = targets;
  }
  // The searcher's handicaps this turn, public (the cards lie in front of her).
  out["handicap"] = {{"blind", s.blind_ >= 0 ? json(kHalfNames[size_t(s.blind_)]) : json(nullptr)},
                     {"small", s.small_}};
  if (handicapped) out["you_small"] = small;
  out["winner"] = s.winner_;
  // Her own setting of forced moves, in a game that plays them.
  if (viewer >= 0 && s.o_.forced_played) out["forced"] = s.asks_forced(viewer) ? "ask" : "auto";
  return out;
}

json BabaYagaState::view(Seat viewer) const {
  return view_of(*this, viewer);
}

json full_of(const BabaYagaState& s) {
  json out = view_of(s, kSpectator);
  json tiles = json::object();
  for (int cell : kForestCells) tiles[cell_name(cell)] = ingredient(s.tiles_[size_t(cell)]).name;
  out["tiles"] = tiles;
  json piles = json::array();
  for (Seat p = 0; p < s.o_.players; ++p) {
    json pile = json::array();
    const Player& pl = s.p_[size_t(p)];
    for (int k = 0; k < pl.pile_n; ++k) pile.push_back(pl.pile[size_t(k)]);
    piles.push_back({{"pile", pile}, {"known", pl.known}});
  }
  out["piles"] = piles;
  json box = json::array();
  for (int k = 0; k < s.box_n_; ++k) box.push_back(s.box_[size_t(k)]);
  out["box"] = box;
  out["rng"] = s.rng_.words();
  out["blind_half"] = s.blind_;
  json asks = json::array();
  for (Seat p = 0; p < s.o_.players; ++p)
    if (s.asks_forced(p)) asks.push_back(p);
  out["asks_forced"] = asks;
  return out;
}

json BabaYagaState::full_state() const {
  return full_of(*this);
}

}  // namespace sabbat::baba_yaga
