// Keys: a column letter then a row digit, or the arrows then Enter, names a tile (turn it, or
// pick it for a choice);
// x turns the wrong tile back; Space moves Baba Yaga (two players: f with the left hand, j
// with the right, in turn); n e s w place her; Enter ends the study; l keeps Pattes de
// poulet ! for later; 1–5 target a seat. A screen is for a person: seats are counted from 1.
#include "games/baba-yaga/screen.hpp"

#include <algorithm>

#include "games/baba-yaga/actions.hpp"
#include "games/baba-yaga/render.hpp"

namespace sabbat::baba_yaga {

namespace {

bool may(const KeySituation& now, const std::string& text) {
  return std::find(now.legal.begin(), now.legal.end(), text) != now.legal.end();
}
bool may_start(const KeySituation& now, const std::string& prefix) {
  for (const auto& a : now.legal)
    if (a.rfind(prefix, 0) == 0) return true;
  return false;
}

std::string seat_word(const json& v, int seat) {
  return v["viewer"].is_number_integer() && seat == v["viewer"].get<int>()
             ? "you"
             : "seat " + kPeopleCount.text(seat);
}

// Baba Yaga's line, start end first: where she is and how far she has come.
std::string flight_line(const json& v, bool color) {
  const json& f = v["flight"];
  const int length = f["length"], pos = f["position"], moves = f["moves"], total = f["total"];
  std::string line = "Flight from the " + f["start"].get<std::string>() + " end: ";
  for (int i = 0; i < length; ++i) {
    const bool here = i == pos;
    std::string mark = here ? "B" : (i == length - 1 ? "|" : "-");
    if (here && color) mark = "\x1b[1;31mB\x1b[0m";
    line += mark;
  }
  line += "  move " + std::to_string(moves) + " of " + std::to_string(total) +
          (moves >= length - 1 ? ", coming home" : ", flying out");
  return line;
}

class BabaYagaScreen final : public KeyScreen {
 public:
  std::string table(const json& v, Seat viewer, bool color, int rows) const override {
    std::string out;
    const std::string phase = v["phase"];
    const int searcher = v["searcher"];
    out += "Baba Yaga  turn " + std::to_string(v["turn"].get<int>());
    if (phase != "study") out += "  searching: " + seat_word(v, searcher);
    if (v["flight"].is_object()) out += "  next move: " + seat_word(v, v["flight"]["mover"]);
    out += "\n";
    if (v["flight"].is_object()) out += flight_line(v, color) + "\n";
    const bool small = v.value("you_small", false);
    std::string forest = render_forest(v, small ? 4 : 14, color);
    if (small) {
      // Tout petit !: the forest small and low, at the foot of the table.
      out += std::string(size_t(std::max(0, std::min(rows - 22, 8))), '\n');
      out += "(Tout petit ! — your forest is small)\n";
    }
    if (v["handicap"]["blind"].is_string() && searcher == viewer)
      out += "(Lumière aveuglante ! — the " + v["handicap"]["blind"].get<std::string>() +
             " half of the forest is hidden from you)\n";
    out += forest;
    if (v["card"].is_object()) {
      std::string names;
      for (const auto& n : v["card"]["ingredients"])
        names += (names.empty() ? "" : ", ") + n.get<std::string>();
      // Two lines: with four long ingredient names one line passed 100 columns.
      out += "Spell: " + names + "\n       (" + v["card"]["effect"].get<std::string>() + ", " +
             std::to_string(v["need"].get<int>()) + " needed)\n";
    }
    if (v["effect_card"].is_object())
      out += "Cast: " + v["effect_card"]["effect"].get<std::string>() + " — seat " +
             kPeopleCount.text(searcher) + " chooses\n";
    for (const auto& p : v["players"]) {
      out += "  " + seat_word(v, p["seat"]) + ": " + std::to_string(p["cast"].size()) +
             " of 3 spells cast, " + p["level"].get<std::string>();
      for (const auto& e : p["pending"]) out += "; " + e.get<std::string>();
      out += "\n";
    }
    if (v["winner"].get<int>() >= 0)
      out += seat_word(v, v["winner"]) + (v["winner"] == viewer ? " win!" : " wins") + "\n";
    return out;
  }

  std::string keys(const KeySituation& now, bool) const override {
    if (now.legal.empty()) return "";
    const std::string phase = now.view["phase"];
    if (phase == "study") return "Study the ingredients. Enter: ready";
    if (phase == "place") return "Place Baba Yaga: n north, e east, s south, w west";
    if (phase == "race") {
      if (may_start(now, "move"))
        return now.view["two_players"].get<bool>() ? "Your move! f left hand, j right hand, in turn"
                                                   : "Your move! Space moves Baba Yaga";
      std::string out = "Search: a-e then 1-5, or the arrows then Enter, turns a tile";
      if (may_start(now, "back")) out += "; x turns the wrong one back";
      if (cursor_ >= 0) out += "  cursor: " + cell_name(cursor_);
      return out + (column_ ? "  [" + std::string(1, char('A' + column_ - 'a')) + "_]" : "");
    }
    if (phase == "effect") {
      const std::string effect = now.view["effect_card"]["effect"];
      if (may_start(now, "swap"))
        return "Brouillard bizarre !: name two tiles (letter, digit, letter, digit)" +
               (first_ >= 0 ? "  first: " + cell_name(first_) : std::string());
      if (may_start(now, "target")) return effect + ": a seat's digit targets her";
      return "Pattes de poulet !: name a tile for the Maison, or l for later";
    }
    if (phase == "maison-start" || phase == "home-move")
      return "The Maison: name a forest tile (letter, digit)";
    return "";
  }

  std::string waiting(const KeySituation& now) const override {
    const json& v = now.view;
    const std::string phase = v["phase"];
    if (phase == "over") return "The game is over.";
    if (!now.legal.empty()) {
      if (may_start(now, "move"))
        return "YOUR MOVE: " + std::string(v["two_players"].get<bool>() ? "f / j" : "Space");
      if (phase == "race") return "Search! letter + digit turns a tile";
      return "Your choice (see the keys)";
    }
    if (phase == "study") return "Waiting for the others to finish studying";
    if (phase == "race")
      return "Seat " + kPeopleCount.text(v["searcher"].get<int>()) + " searches; seat " +
             kPeopleCount.text(v["flight"]["mover"].get<int>()) + " moves Baba Yaga";
    return "Waiting for seat " +
           kPeopleCount.text(phase == "place" ? v["placer"].get<int>() : v["searcher"].get<int>());
  }

  KeyAnswer press(int k, const KeySituation& now) override {
    const std::string moment =
        now.view["phase"].get<std::string>() + std::to_string(now.view["turn"].get<int>());
    if (moment != moment_) moment_ = moment, column_ = 0, first_ = -1;
    const std::string phase = now.view["phase"];
    if (now.legal.empty()) return {"", "not your move"};
    if (phase == "study")
      return k == key::kEnter ? KeyAnswer{"ready", ""} : KeyAnswer{"", "Enter when ready"};
    if (phase == "place") {
      for (const char* end : {"north", "east", "south", "west"})
        if (k == end[0]) return {std::string("place ") + end, ""};
      return {"", "n, e, s or w"};
    }
    if (may_start(now, "move")) {
      if (now.view["two_players"].get<bool>()) {
        if (k == 'f') return {"move left", ""};
        if (k == 'j') return {"move right", ""};
        return {"", "f (left hand) or j (right hand)"};
      }
      return k == ' ' ? KeyAnswer{"move", ""} : KeyAnswer{"", "Space moves Baba Yaga"};
    }
    if (phase == "effect" && may_start(now, "target")) {
      // The digit a person counts the seat by: 1 for the first (`target 0`).
      if (k >= '1' && k < '1' + kMaxPlayers) return {action_text(act::target(k - '1')), ""};
      return {"", "a seat's digit"};
    }
    if (phase == "effect" && k == 'l' && may(now, "maison later")) return {"maison later", ""};
    if (phase == "race" && (k == 'x' || k == key::kBackspace)) {
      for (const auto& a : now.legal)
        if (a.rfind("back ", 0) == 0) return {a, ""};
      return {"", "no wrong tile to turn back"};
    }
    // A tile: a column letter, then a row digit.
    if (k >= 'a' && k <= 'e') {
      column_ = k;
      return {"", std::string("column ") + char(k - 'a' + 'A')};
    }
    if (k >= '1' && k <= '5' && column_) {
      const int cell = (k - '1') * 5 + (column_ - 'a');
      column_ = 0;
      return choose(cell, now, phase);
    }
    // The arrows move a cursor over the grid; Enter chooses the tile under it.
    if (k == key::kUp || k == key::kDown || k == key::kLeft || k == key::kRight) {
      if (cursor_ < 0) cursor_ = 12;  // the middle of the forest
      const int row = cursor_ / 5, column = cursor_ % 5;
      if (k == key::kUp) cursor_ = std::max(row - 1, 0) * 5 + column;
      if (k == key::kDown) cursor_ = std::min(row + 1, 4) * 5 + column;
      if (k == key::kLeft) cursor_ = row * 5 + std::max(column - 1, 0);
      if (k == key::kRight) cursor_ = row * 5 + std::min(column + 1, 4);
      return {"", "cursor on " + cell_name(cursor_) + ", Enter chooses it"};
    }
    if (k == key::kEnter && cursor_ >= 0) return choose(cursor_, now, phase);
    return {"", "? shows the keys"};
  }

  // A tile named by letter and digit or by the cursor: turned (searching) or chosen.
  KeyAnswer choose(int cell, const KeySituation& now, const std::string& phase) {
    const std::string name = cell_name(cell);
    if (phase == "race") return {may(now, "back " + name) ? "back " + name : "turn " + name, ""};
    if (may_start(now, "swap")) {
      if (first_ < 0) {
        first_ = cell;
        return {"", "then the second tile"};
      }
      const int a = first_;
      first_ = -1;
      return {action_text(act::swap(a, cell)), ""};
    }
    return {"maison " + name, ""};
  }

  std::string help() const override {
    return "Keys of Baba Yaga:\n"
           "  Enter         end the study (ready)\n"
           "  n e s w       place Baba Yaga at the north, east, south or west end\n"
           "  a-e then 1-5  a tile by column and row: turn it (searching), or choose it\n"
           "  arrows, Enter the same with a cursor over the forest\n"
           "  x, Backspace  turn the wrong ingredient back\n"
           "  Space         move Baba Yaga one tile (your move)\n"
           "  f / j         two players: move with the left / right hand, in turn\n"
           "  1-5           target a seat with your spell\n"
           "  l             Pattes de poulet !: the Maison at the start of your next turn\n";
  }

 private:
  std::string moment_;
  int column_ = 0;   // a column letter typed, waiting for its row
  int first_ = -1;   // Brouillard bizarre !: the first tile named
  int cursor_ = -1;  // the tile the arrows point at, once they were used
};

}  // namespace

std::unique_ptr<KeyScreen> make_key_screen() {
  return std::make_unique<BabaYagaScreen>();
}

}  // namespace sabbat::baba_yaga
