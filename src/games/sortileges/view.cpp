// What each seat may know (view) and everything (full_state).
#include "core/json_writer.hpp"
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

void write_cards(JsonWriter& w, std::span<const Card> cards) {
  w.begin_array();
  for (Card c : cards) w.value(card_text(c));
  w.end_array();
}

void write_ints(JsonWriter& w, const std::vector<int>& values) {
  w.begin_array();
  for (int v : values) w.value(v);
  w.end_array();
}

void write_split(JsonWriter& w, const ScoreSplit& split) {
  w.begin_array();
  for (int i = 0; i < split.alliance_count; ++i) {
    const Alliance& a = split.alliances[size_t(i)];
    w.begin_object();
    w.key("name").value(alliance_name(a));
    w.key("cards").begin_array();
    for (int c = 0; c < kDeckSize; ++c)
      if (a.cards >> c & 1u) w.value(card_text(Card(c)));
    w.end_array();
    w.key("points").value(a.points);
    w.end_object();
  }
  w.end_array();
}

// What the viewer's cards under one couple card make now. The couple card's suit is hidden
// until the reveal (unless it came back from under the Gratin): the spell is then judged
// without it, and `if_suit` says what a couple card of each suit would make of the same cards.
void write_own_spell(JsonWriter& w, std::span<const Card> cards, Card couple, bool known) {
  w.begin_object();
  w.key("cards");
  write_cards(w, cards);
  w.key("couple_known").value(known);
  if (cards.empty()) {
    w.key("spell").null();
    w.end_object();
    return;
  }
  constexpr int kNoSuit = 4;  // matches no card: no Corromptus, no Semi-Corromptus
  const Spell now = best_spell(cards, known ? suit_of(couple) : kNoSuit);
  w.key("spell").value(spell_name(now));
  w.key("if_suit").begin_object();
  if (!known)
    for (int suit = 0; suit < 4; ++suit)
      if (const Spell s = best_spell(cards, suit); s != now)
        w.key(suit_name(suit)).value(spell_name(s));
  w.end_object();
  w.end_object();
}

void write_reveal(JsonWriter& w, const Reveal& r, int players) {
  if (r.round == 0) return w.null();
  w.begin_object();
  w.key("round").value(r.round);
  w.key("demonicus");
  if (r.demonicus >= 0)
    w.value(r.demonicus);
  else
    w.null();
  for (int side = 0; side < 2; ++side) {
    const Card c = r.couple[size_t(side)];
    w.key(side_key(side));
    if (c == kNoCard) {
      w.null();
      continue;
    }
    w.begin_object();
    w.key("card").value(card_text(c));
    w.key("fate").value(fate_name(r.fate[size_t(side)]));
    w.key("spells").begin_array();
    for (Seat p = 0; p < players; ++p) {
      const auto& cards = r.placed[size_t(p)][size_t(side)];
      if (cards.size == 0) continue;
      w.begin_object();
      w.key("seat").value(p);
      w.key("cards");
      write_cards(w, cards.span());
      w.key("spell").value(spell_name(best_spell(cards.span(), suit_of(c))));
      w.end_object();
    }
    w.end_array();
    w.key("winner");
    if (r.fate[size_t(side)] == Fate::Won) {
      const Seat winner = r.winner[size_t(side)];
      w.value(winner);
      w.key("by").value(
          r.demonicus >= 0
              ? spell_name(Spell::Demonicus)
              : spell_name(best_spell(r.placed[size_t(winner)][size_t(side)].span(), suit_of(c))));
    } else {
      w.null();
    }
    w.end_object();
  }
  w.end_object();
}

}  // namespace

json cards_json(std::span<const Card> cards) {
  json out = json::array();
  for (Card c : cards) out.push_back(card_text(c));
  return out;
}

json reveal_json(const Reveal& r, int players) {
  std::string text;
  JsonWriter w(text);
  write_reveal(w, r, players);
  return json::parse(text);
}

void SortilegesState::write_shared_view(JsonWriter& w) const {
  const int n = options_.players;
  w.key("game").value("sortileges");
  w.key("players").value(n);
  w.key("round").value(round_);
  w.key("terminal").value(terminal_);
  w.key("current");
  if (terminal_)
    w.null();
  else
    w.value(current_);
  w.key("first_player").value(round_first_);
  w.key("unclaimed").value(options_.unclaimed == Unclaimed::Removed ? "removed" : "under-gratin");
  w.key("pile_size").value(pile_size_);
  // Cards returned under the Gratin were seen by all: their place at the bottom is public.
  w.key("gratin").begin_object();
  w.key("size").value(gratin_size_);
  w.key("known_bottom");
  write_cards(w, {gratin_.data(), size_t(gratin_known_)});
  w.end_object();
  w.key("couple");
  if (terminal_) {
    w.null();
  } else {
    w.begin_object();
    for (int side = 0; side < 2; ++side) {
      w.key(side_key(side));
      if (couple_[size_t(side)] == kNoCard) {
        w.null();
        continue;
      }
      w.begin_object();
      w.key("face_down").value(true);
      w.key("known");
      if (couple_known_[size_t(side)])
        w.value(card_text(couple_[size_t(side)]));
      else
        w.null();
      w.end_object();
    }
    w.end_object();
  }
  w.key("seats").begin_array();
  for (Seat p = 0; p < n; ++p) {
    const PlayerArea& a = areas_[size_t(p)];
    const ScoreSplit split = best_split(a.won.span());
    w.begin_object();
    w.key("seat").value(p);
    w.key("left");
    write_cards(w, a.placed[kLeft].span());
    w.key("right");
    write_cards(w, a.placed[kRight].span());
    w.key("placements_left").value(a.placements_left());
    w.key("discarded").value(a.discards.size);
    w.key("holding").value(a.hand.size);
    w.key("won");
    write_cards(w, a.won.span());
    w.key("points").value(split.total);
    w.key("alliances");
    write_split(w, split);
    w.end_object();
  }
  w.end_array();
  w.key("removed");
  write_cards(w, removed_.span());
  w.key("last_round");
  write_reveal(w, reveal_, n);
  if (terminal_) {
    w.key("scores");
    write_ints(w, scores());
    w.key("ranks");
    write_ints(w, ranks());
  }
}

void SortilegesState::write_own_view(JsonWriter& w, Seat viewer) const {
  w.key("viewer");
  if (viewer >= 0)
    w.value(viewer);
  else
    w.value("spectator");
  if (viewer < 0 || viewer >= options_.players) return;
  w.key("hand");
  write_cards(w, areas_[size_t(viewer)].hand.span());
  w.key("discards");
  write_cards(w, areas_[size_t(viewer)].discards.span());
  // Under each couple card: the viewer's cards there and the spell they make now.
  if (!terminal_) {
    w.key("yours").begin_object();
    for (int side = 0; side < 2; ++side) {
      w.key(side_key(side));
      if (couple_[size_t(side)] == kNoCard)
        w.null();
      else
        write_own_spell(w, areas_[size_t(viewer)].placed[size_t(side)].span(),
                        couple_[size_t(side)], couple_known_[size_t(side)]);
    }
    w.end_object();
  }
}

json SortilegesState::view(Seat viewer) const {
  std::vector<std::string> text;
  const Seat one[] = {viewer};
  view_texts(one, text);
  return json::parse(text.front());
}

// The views are written as text, without a JSON tree: the server writes one for every seat
// at every move. The shared part is written once.
void SortilegesState::view_texts(std::span<const Seat> viewers,
                                 std::vector<std::string>& out) const {
  out.clear();
  std::string shared;
  JsonWriter w(shared);
  w.begin_object();
  write_shared_view(w);
  for (Seat viewer : viewers) {
    std::string& text = out.emplace_back(shared);
    JsonWriter own(text);
    own.continue_object();
    write_own_view(own, viewer);
    own.end_object();
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
