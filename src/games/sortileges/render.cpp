// A seat's view as text for a terminal: the couple, what everyone placed under it, the won
// cards, whose turn it is, and the viewer's hand.
#include "games/sortileges/render.hpp"

#include <string_view>

#include "games/sortileges/cards.hpp"

namespace sabbat::sortileges {

namespace {

struct Style {
  bool color;
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

// Visible width: ANSI escapes take none, a UTF-8 character takes one column.
size_t width(std::string_view s) {
  size_t w = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\x1b') {
      while (i < s.size() && s[i] != 'm') ++i;
      continue;
    }
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++w;
  }
  return w;
}

std::string pad(const std::string& s, size_t w) {
  const size_t have = width(s);
  return have >= w ? s + " " : s + std::string(w - have, ' ');
}

std::string seat_label(int seat, int viewer) {
  return "Seat " + std::to_string(seat) + (seat == viewer ? " (you)" : "");
}

// "left  K♦ → Seat 3 with Plumpus 9♥ 8♠ 4♦   beaten: Seat 0 Plumpus 4♠ · ..."
std::string reveal_line(const json& side, const char* name, const Style& st) {
  if (!side.is_object()) return "";
  std::string out = "  " + pad(name, 6) + pad(st.card(side["card"]), 4);
  const std::string fate = side.value("fate", "");
  const std::string by = side.value("by", "");
  if (fate == "won") {
    const int w = side["winner"].get<int>();
    std::string won = "\u2192 Seat " + std::to_string(w) + " with " + by;
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
              std::to_string(s["seat"].get<int>()) + " " + s.value("spell", "") + " " +
              st.cards(s["cards"]);
  }
  if (!others.empty()) out += st.dim("   beaten: ") + others;
  return out + "\n";
}

}  // namespace

std::string render_view_text(const json& v, Seat viewer, bool color) {
  const Style st{color};
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

  // The table: one line per seat.
  const size_t name_w = 16, side_w = 14, left_w = 10, won_w = 26;
  const json current = v.value("current", json(nullptr));
  if (!terminal) {
    out += st.dim("  " + pad("", name_w) + pad("under LEFT", side_w) + pad("under RIGHT", side_w) +
                  pad("to place", left_w) + pad("won", won_w) + "points") +
           "\n";
    for (const auto& s : v["seats"]) {
      const int seat = s.value("seat", 0);
      const bool turn = current.is_number() && current.get<int>() == seat;
      std::string line = turn ? "\u25b6 " : "  ";
      std::string name = seat_label(seat, viewer);
      line += pad(turn ? st.bold(name) : name, name_w);
      line += pad(st.cards(s["left"]), side_w);
      line += pad(st.cards(s["right"]), side_w);
      line += pad(std::to_string(s.value("placements_left", 0)), left_w);
      line += pad(st.cards(s["won"]), won_w);
      line += std::to_string(s.value("points", 0));
      out += line + "\n";
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
  if (!terminal && current.is_number()) {
    const int cur = current.get<int>();
    if (cur == viewer && v.contains("hand") && !v["hand"].empty()) {
      const std::string first = v["hand"][0].get<std::string>();
      const bool single = couple.is_object() && couple["right"].is_null();
      out += st.bold("Your turn:") + " place one card under " +
             (single ? std::string("left (the only couple card)") : std::string("left or right")) +
             " and discard the other, e.g. 'place " + first + " under left'\n";
    } else {
      out += "Waiting for Seat " + std::to_string(cur) + " to place a card.\n";
    }
  }

  const json& last = v["last_round"];
  if (last.is_object()) {
    out += "\nLast round (" + std::to_string(last.value("round", 0)) + ")" +
           (last["demonicus"].is_number()
                ? ": Demonicus! Seat " + std::to_string(last["demonicus"].get<int>()) +
                      " takes both couple cards"
                : std::string()) +
           "\n";
    out += reveal_line(last["left"], "left", st);
    out += reveal_line(last["right"], "right", st);
  }
  if (v.contains("removed") && !v["removed"].empty())
    out += st.dim("Removed from the game: ") + st.cards(v["removed"]) + "\n";

  if (terminal && v.contains("scores")) {
    out += "\n" + st.bold("Final scores") + "\n";
    for (int p = 0; p < players; ++p) {
      const json& s = v["seats"][size_t(p)];
      std::string line = "  " + pad(seat_label(p, viewer), name_w) +
                         pad(std::to_string(v["scores"][size_t(p)].get<int>()) + " points", 12) +
                         pad(st.cards(s["won"]), won_w);
      std::string alliances;
      for (const auto& a : s["alliances"])
        alliances += (alliances.empty() ? "" : ", ") + a.value("name", "") + " " +
                     std::to_string(a.value("points", 0));
      if (v["ranks"][size_t(p)] == 1) line += st.bold("\u2605 wins") + " ";
      if (!alliances.empty()) line += st.dim("(" + alliances + ")");
      out += line + "\n";
    }
  }
  return out;
}

}  // namespace sabbat::sortileges
