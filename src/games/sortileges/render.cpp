// A seat's view as text for a terminal: the couple, what everyone placed under it, the won
// cards, whose turn it is, and the viewer's hand.
#include "games/sortileges/render.hpp"

#include <algorithm>
#include <string_view>

#include "core/text_columns.hpp"
#include "games/sortileges/cards.hpp"

namespace sabbat::sortileges {

namespace {

struct Style {
  bool color;
  SeatNumbers seats;
  std::string bold(const std::string& s) const { return color ? "\x1b[1m" + s + "\x1b[0m" : s; }
  std::string dim(const std::string& s) const { return color ? "\x1b[2m" + s + "\x1b[0m" : s; }
  std::string card(const json& text) const {
    if (!text.is_string()) return "?";
    auto c = parse_card(text.get<std::string>());
    return c ? card_pretty(*c, color) : text.get<std::string>();
  }
  std::string cards(const json& list, const char* none = "\u2014") const {
    if (!list.is_array() || list.empty()) return dim(none);
    std::string out;
    for (const auto& c : list) out += (out.empty() ? "" : " ") + card(c);
    return out;
  }
};

// Too wide a cell still keeps one space before the next.
std::string pad(const std::string& s, size_t w) {
  return display_width(s) >= w ? s + " " : pad_left(s, w);
}

std::string seat_label(int seat, int viewer, const Style& st) {
  return "Seat " + st.seats.text(seat) + (seat == viewer ? " (you)" : "");
}

// "left  K♦ → Seat 3 with Plumpus 9♥ 8♠ 4♦   beaten: Seat 0 Plumpus 4♠ · ..."
std::string reveal_line(const json& side, const char* name, const Style& st) {
  if (!side.is_object()) return "";
  std::string out = "  " + pad(name, 6) + pad(st.card(side["card"]), 4);
  const std::string fate = side.value("fate", "");
  const std::string by = side.value("by", "");
  if (fate == "won") {
    const int w = side["winner"].get<int>();
    std::string won = "\u2192 Seat " + st.seats.text(w) + " with " + by;
    for (const auto& s : side["spells"])
      if (s["seat"] == w && by != "Demonicus") won += " " + st.cards(s["cards"]);
    out += st.bold(won);
  } else if (fate == "removed") {
    out += "removed: nobody placed under it";
  } else if (fate == "under-gratin") {
    out += "back under the Gratin: nobody placed under it";
  }
  std::string others;
  for (const auto& s : side["spells"]) {
    if (fate == "won" && s["seat"] == side["winner"]) continue;
    others += (others.empty() ? "" : " \u00b7 ") + std::string("Seat ") +
              st.seats.text(s["seat"].get<int>()) + " " + s.value("spell", "") + " " +
              st.cards(s["cards"]);
  }
  if (!others.empty()) out += st.dim("   beaten: ") + others;
  return out + "\n";
}

// Cards from column `at` on, wrapped to 80 columns under that column.
std::string wrapped_cards(const json& list, const Style& st, size_t at) {
  if (!list.is_array() || list.empty()) return st.dim("\u2014");
  std::string out;
  size_t col = at;
  for (const auto& c : list) {
    const std::string card = st.card(c);
    const size_t w = display_width(card) + 1;
    if (col > at && col + w > 80) {
      out += "\n" + std::string(at, ' ');
      col = at;
    }
    out += card + " ";
    col += w;
  }
  out.pop_back();
  return out;
}

// "Your cards under LEFT: 7♠ 9♠ make Plumpus now; Semi-Corromptus if LEFT is a spade"
std::string own_spells(const json& yours, const Style& st) {
  std::string out;
  for (const char* side : {"left", "right"}) {
    const json& y = yours.value(side, json(nullptr));
    if (!y.is_object()) continue;
    const std::string name = side == std::string_view("left") ? "LEFT" : "RIGHT";
    std::string line = "Under " + name + ": ";
    if (y["spell"].is_null()) {
      out += line + st.dim("none of your cards yet") + "\n";
      continue;
    }
    line += st.cards(y["cards"]) + " make " + st.bold(y["spell"].get<std::string>());
    if (!y.value("couple_known", false)) line += " now";
    std::string ifs;
    for (const auto& [suit, spell] : y["if_suit"].items())
      ifs += (ifs.empty() ? "" : ", ") + spell.get<std::string>() + " if " + name + " is " + suit;
    if (!ifs.empty()) line += "; " + ifs;
    out += line + "\n";
  }
  return out;
}

// K 3, Q 2, J 1, A 1: a won card's own points, from its text.
int points_of(const std::string& text) {
  switch (text.empty() ? ' ' : text[0]) {
    case 'K':
      return 3;
    case 'Q':
      return 2;
    case 'J':
    case 'A':
      return 1;
    default:
      return 0;
  }
}

// "    won K♠ Q♠ J♠ A♥: J+Q+K of spades 10, A♥ 1"
std::string score_lines(const json& seat, const Style& st) {
  if (!seat["won"].is_array() || seat["won"].empty()) return "    won nothing\n";
  std::string parts;
  json in_alliance = json::array();
  for (const auto& a : seat["alliances"]) {
    parts += (parts.empty() ? "" : ", ") + a.value("name", "") + " " +
             std::to_string(a.value("points", 0));
    for (const auto& c : a["cards"]) in_alliance.push_back(c);
  }
  for (const auto& c : seat["won"]) {
    if (std::find(in_alliance.begin(), in_alliance.end(), c) != in_alliance.end()) continue;
    parts += (parts.empty() ? "" : ", ") + st.card(c) + " " +
             std::to_string(points_of(c.get<std::string>()));
  }
  return "    won " + st.cards(seat["won"]) + ": " + parts + "\n";
}

}  // namespace

std::string render_view_text(const json& v, Seat viewer, bool color, SeatNumbers seats) {
  const Style st{color, seats};
  if (!v.is_object() || !v.contains("seats")) return "(no Sortil\u00e8ges view)\n";
  const bool terminal = v.value("terminal", false);
  const int players = v.value("players", 0);
  std::string out;

  out +=
      st.bold("\u2550\u2550 Sortil\u00e8ges \u00b7 round " + std::to_string(v.value("round", 0)) +
              (terminal ? " \u00b7 game over" : "") + " \u2550\u2550");
  const json& gratin = v["gratin"];
  out += "   Gratin: " + std::to_string(gratin.value("size", 0)) + " face down";
  if (gratin.contains("known_bottom") && !gratin["known_bottom"].empty())
    out += " (at the bottom: " + st.cards(gratin["known_bottom"]) + ")";
  out += " \u00b7 Sortil\u00e8ges pile: " + std::to_string(v.value("pile_size", 0)) + "\n";

  const json& couple = v["couple"];
  if (couple.is_object()) {
    std::string line;
    for (const char* side : {"left", "right"}) {
      const json& c = couple[side];
      if (c.is_null()) continue;
      const std::string face = c["known"].is_string()
                                   ? "face down, known to be " + st.card(c["known"])
                                   : std::string("\u2592\u2592 face down");
      line += (line.empty() ? "" : "    ") +
              st.bold(side == std::string_view("left") ? "LEFT" : "RIGHT") + " " + face;
    }
    out += "Couple:  " + line + "\n\n";
  }

  // The table: one line per seat, 80 columns with six players; the won cards come last and
  // wrap under their own column.
  const size_t name_w = 14, side_w = 13, left_w = 9, points_w = 7;
  const size_t won_at = 2 + name_w + 2 * side_w + left_w + points_w;
  const json current = v.value("current", json(nullptr));
  if (!terminal) {
    out += st.dim("  " + pad("", name_w) + pad("under LEFT", side_w) + pad("under RIGHT", side_w) +
                  pad("to place", left_w) + pad("points", points_w) + "won") +
           "\n";
    for (const auto& s : v["seats"]) {
      const int seat = s.value("seat", 0);
      const bool turn = current.is_number() && current.get<int>() == seat;
      std::string line = turn ? "\u25b6 " : "  ";
      std::string name = seat_label(seat, viewer, st);
      line += pad(turn ? st.bold(name) : name, name_w);
      line += pad(st.cards(s["left"]), side_w);
      line += pad(st.cards(s["right"]), side_w);
      line += pad(std::to_string(s.value("placements_left", 0)), left_w);
      line += pad(std::to_string(s.value("points", 0)), points_w);
      out += line + wrapped_cards(s["won"], st, won_at) + "\n";
    }
    out += "\n";
  }

  if (!terminal && v.contains("hand")) {
    std::string mine;
    if (!v["hand"].empty()) mine += "Your hand: " + st.bold(st.cards(v["hand"]));
    if (v.contains("discards") && !v["discards"].empty())
      mine += std::string(mine.empty() ? "" : "     ") +
              "Your discards this round: " + st.cards(v["discards"]);
    if (!mine.empty()) out += mine + "\n";
  }
  if (!terminal && v.contains("yours")) out += own_spells(v["yours"], st);
  if (!terminal && current.is_number()) {
    const int cur = current.get<int>();
    if (cur == viewer && v.contains("hand") && !v["hand"].empty()) {
      const std::string first = v["hand"][0].get<std::string>();
      const bool single = couple.is_object() && couple["right"].is_null();
      out += st.bold("Your turn:") + " place one card under " +
             (single ? std::string("left (the only couple card)") : std::string("left or right")) +
             "; the other is discarded.\n  e.g. 'place " + first + " under left'\n";
    } else {
      out += "Waiting for Seat " + st.seats.text(cur) + " to place a card.\n";
    }
  }

  const json& last = v["last_round"];
  if (last.is_object()) {
    out += "\nLast round (" + std::to_string(last.value("round", 0)) + ")" +
           (last["demonicus"].is_number()
                ? ": Demonicus! Seat " + st.seats.text(last["demonicus"].get<int>()) +
                      " takes both couple cards"
                : std::string()) +
           "\n";
    out += reveal_line(last["left"], "left", st);
    out += reveal_line(last["right"], "right", st);
  }
  if (v.contains("removed") && !v["removed"].empty())
    out += st.dim("Removed from the game: ") + st.cards(v["removed"]) + "\n";

  // The result, once: each player's points, rank, cards won and how they score.
  if (terminal && v.contains("scores")) {
    out += "\n" + st.bold("Final scores") + "\n";
    for (int p = 0; p < players; ++p) {
      const json& s = v["seats"][size_t(p)];
      const int rank = v["ranks"][size_t(p)].get<int>();
      std::string line = "  " + pad(seat_label(p, viewer, st), name_w) +
                         pad(std::to_string(v["scores"][size_t(p)].get<int>()) + " points", 11) +
                         (rank == 1 ? st.bold("\u2605 wins") : "rank " + std::to_string(rank));
      out += line + "\n" + score_lines(s, st);
    }
  }
  return out;
}

}  // namespace sabbat::sortileges
