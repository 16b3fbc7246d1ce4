// What each seat may know (view) and everything (full_state).
#include "games/sortileges/scoring.hpp"
#include "games/sortileges/state.hpp"

namespace sabbat::sortileges {

namespace {

const char* side_key(int side) {
  return side == kLeft ? "left" : "right";
}

const char* fate_name(Fate f) {
  switch (f) {
    case Fate::Won:
      return "won";
    case Fate::Removed:
      return "removed";
    case Fate::UnderGratin:
      return "under-gratin";
    case Fate::Absent:
      break;
  }
  return "absent";
}

json card_or_null(Card c) {
  return c == kNoCard ? json(nullptr) : json(card_text(c));
}

json split_json(const ScoreSplit& split) {
  json alliances = json::array();
  for (int i = 0; i < split.alliance_count; ++i) {
    const Alliance& a = split.alliances[size_t(i)];
    json cards = json::array();
    for (int c = 0; c < kDeckSize; ++c)
      if (a.cards >> c & 1u) cards.push_back(card_text(Card(c)));
    alliances.push_back({{"name", alliance_name(a)}, {"cards", cards}, {"points", a.points}});
  }
  return alliances;
}

// What the viewer's cards under one couple card make now. The couple card's suit is hidden
// until the reveal (unless it came back from under the Gratin): the spell is then judged
// without it, and `if_suit` says what a couple card of each suit would make of the same cards.
json own_spell_json(std::span<const Card> cards, Card couple, bool known) {
  json out = {{"cards", cards_json(cards)}, {"couple_known", known}};
  if (cards.empty()) {
    out["spell"] = nullptr;
    return out;
  }
  constexpr int kNoSuit = 4;  // matches no card: no Corromptus, no Semi-Corromptus
  const Spell now = best_spell(cards, known ? suit_of(couple) : kNoSuit);
  out["spell"] = spell_name(now);
  json if_suit = json::object();
  if (!known)
    for (int suit = 0; suit < 4; ++suit)
      if (const Spell s = best_spell(cards, suit); s != now)
        if_suit[std::string(suit_name(suit))] = spell_name(s);
  out["if_suit"] = if_suit;
  return out;
}

}  // namespace

json cards_json(std::span<const Card> cards) {
  json out = json::array();
  for (Card c : cards) out.push_back(card_text(c));
  return out;
}

json reveal_json(const Reveal& r, int players) {
  if (r.round == 0) return nullptr;
  json out = {{"round", r.round},
              {"demonicus", r.demonicus >= 0 ? json(r.demonicus) : json(nullptr)}};
  for (int side = 0; side < 2; ++side) {
    const Card c = r.couple[size_t(side)];
    if (c == kNoCard) {
      out[side_key(side)] = nullptr;
      continue;
    }
    json spells = json::array();
    for (Seat p = 0; p < players; ++p) {
      const auto& cards = r.placed[size_t(p)][size_t(side)];
      if (cards.size == 0) continue;
      spells.push_back({{"seat", p},
                        {"cards", cards_json(cards.span())},
                        {"spell", spell_name(best_spell(cards.span(), suit_of(c)))}});
    }
    json entry = {
        {"card", card_text(c)}, {"fate", fate_name(r.fate[size_t(side)])}, {"spells", spells}};
    if (r.fate[size_t(side)] == Fate::Won) {
      const Seat w = r.winner[size_t(side)];
      entry["winner"] = w;
      entry["by"] =
          r.demonicus >= 0
              ? spell_name(Spell::Demonicus)
              : spell_name(best_spell(r.placed[size_t(w)][size_t(side)].span(), suit_of(c)));
    } else {
      entry["winner"] = nullptr;
    }
    out[side_key(side)] = entry;
  }
  return out;
}

json SortilegesState::shared_view() const {
  const int n = options_.players;
  json v = {{"game", "sortileges"},
            {"players", n},
            {"round", round_},
            {"terminal", terminal_},
            {"current", terminal_ ? json(nullptr) : json(current_)},
            {"first_player", round_first_},
            {"unclaimed", options_.unclaimed == Unclaimed::Removed ? "removed" : "under-gratin"},
            {"pile_size", pile_size_}};
  // Cards returned under the Gratin were seen by all: their place at the bottom is public.
  v["gratin"] = {{"size", gratin_size_},
                 {"known_bottom", cards_json({gratin_.data(), gratin_known_})}};
  if (terminal_) {
    v["couple"] = nullptr;
  } else {
    json couple = json::object();
    for (int side = 0; side < 2; ++side) {
      if (couple_[size_t(side)] == kNoCard) {
        couple[side_key(side)] = nullptr;
        continue;
      }
      couple[side_key(side)] = {
          {"face_down", true},
          {"known",
           couple_known_[size_t(side)] ? json(card_text(couple_[size_t(side)])) : json(nullptr)}};
    }
    v["couple"] = couple;
  }
  json seats = json::array();
  for (Seat p = 0; p < n; ++p) {
    const PlayerArea& a = areas_[size_t(p)];
    const ScoreSplit split = best_split(a.won.span());
    seats.push_back({{"seat", p},
                     {"left", cards_json(a.placed[kLeft].span())},
                     {"right", cards_json(a.placed[kRight].span())},
                     {"placements_left", a.placements_left()},
                     {"discarded", a.discards.size},
                     {"holding", a.hand.size},
                     {"won", cards_json(a.won.span())},
                     {"points", split.total},
                     {"alliances", split_json(split)}});
  }
  v["seats"] = seats;
  v["removed"] = cards_json(removed_.span());
  v["last_round"] = reveal_json(reveal_, n);
  if (terminal_) {
    v["scores"] = scores();
    v["ranks"] = ranks();
  }
  return v;
}

json SortilegesState::own_view(Seat viewer) const {
  json v = {{"viewer", viewer}};
  if (viewer < 0 || viewer >= options_.players) return v;
  v["hand"] = cards_json(areas_[size_t(viewer)].hand.span());
  v["discards"] = cards_json(areas_[size_t(viewer)].discards.span());
  // Under each couple card: the viewer's cards there and the spell they make now.
  if (!terminal_) {
    json yours = json::object();
    for (int side = 0; side < 2; ++side)
      yours[side_key(side)] =
          couple_[size_t(side)] == kNoCard
              ? json(nullptr)
              : own_spell_json(areas_[size_t(viewer)].placed[size_t(side)].span(),
                               couple_[size_t(side)], couple_known_[size_t(side)]);
    v["yours"] = yours;
  }
  return v;
}

json SortilegesState::view(Seat viewer) const {
  json v = shared_view();
  json own = own_view(viewer);
  for (auto& [key, value] : own.items()) v[key] = std::move(value);
  return v;
}

void SortilegesState::view_texts(std::span<const Seat> viewers,
                                 std::vector<std::string>& out) const {
  out.clear();
  // Both parts are non-empty objects: "{shared…}" and "{own…}" join into one as
  // "{shared…,own…}".
  std::string shared = json_text(shared_view());
  shared.back() = ',';
  for (Seat viewer : viewers) {
    const std::string own = json_text(own_view(viewer));
    out.push_back(shared);
    out.back().append(own, 1, std::string::npos);
  }
}

json SortilegesState::full_state() const {
  const int n = options_.players;
  json areas = json::array();
  for (Seat p = 0; p < n; ++p) {
    const PlayerArea& a = areas_[size_t(p)];
    areas.push_back({{"hand", cards_json(a.hand.span())},
                     {"discards", cards_json(a.discards.span())},
                     {"left", cards_json(a.placed[kLeft].span())},
                     {"right", cards_json(a.placed[kRight].span())},
                     {"won", cards_json(a.won.span())}});
  }
  json rng = json::array();
  for (auto w : rng_.words()) rng.push_back(w);
  return {
      {"game", "sortileges"},
      {"options",
       {{"players", n},
        {"unclaimed", options_.unclaimed == Unclaimed::Removed ? "removed" : "under-gratin"},
        {"first_player", options_.first_player == FirstPlayer::Rotates ? "rotates" : "fixed"},
        {"first_seat", options_.first_seat}}},
      {"time", now()},
      {"round", round_},
      {"round_first", round_first_},
      {"current", current_},
      {"turn", turn_},
      {"terminal", terminal_},
      {"gratin_bottom_first", cards_json(gratin())},
      {"gratin_known", gratin_known_},
      {"couple", {card_or_null(couple_[kLeft]), card_or_null(couple_[kRight])}},
      {"couple_known", {couple_known_[kLeft], couple_known_[kRight]}},
      {"pile", cards_json(pile())},
      {"forced_draws",
       cards_json({forced_.data() + forced_head_, size_t(forced_size_ - forced_head_)})},
      {"areas", areas},
      {"removed", cards_json(removed_.span())},
      {"last_round", reveal_json(reveal_, n)},
      {"rng", rng},
  };
}

}  // namespace sabbat::sortileges
