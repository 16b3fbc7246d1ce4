#include "games/baba-yaga/render.hpp"

#include <algorithm>

#include "games/baba-yaga/actions.hpp"
#include "games/baba-yaga/data.hpp"

namespace sabbat::baba_yaga {

namespace {

std::string fit(std::string s, int width) {
  // Cut by bytes but never inside a UTF-8 character; pad by characters.
  int chars = 0;
  size_t i = 0;
  while (i < s.size() && chars < width) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    ++chars;
  }
  s.resize(i);
  return s + std::string(size_t(width - chars), ' ');
}

// A hint in three letters, for the small forest of Tout petit !: the start of its second
// word ("Des griffures sur l'écorce": "gri"), which tells the eight hints apart.
std::string short_hint(const std::string& hint) {
  const size_t space = hint.find(' ');
  return space == std::string::npos ? hint.substr(0, 3) : hint.substr(space + 1, 3);
}

std::string paint(const std::string& s, const char* code, bool color) {
  return color ? std::string("\x1b[") + code + "m" + s + "\x1b[0m" : s;
}

}  // namespace

std::string render_forest(const json& v, int width, bool color) {
  std::array<std::string, kCells> cell_text;
  for (const auto& t : v["forest"]) {
    const int cell = parse_cell(t["cell"].get<std::string>());
    std::string text;
    if (t.value("face", "") == "ingredient") {
      text = paint(fit(t.contains("ingredient") && width > 4 ? t["ingredient"].get<std::string>()
                                                             : t["short"].get<std::string>(),
                       width),
                   "1;32", color);
    } else if (t.value("maison", "") == "on") {
      text = paint(fit("Maison", width), "35", color);
    } else if (t.contains("hint")) {
      text = paint(fit("~" + (width > 4 ? t["hint"].get<std::string>()
                                        : short_hint(t["hint"].get<std::string>())),
                       width),
                   "2", color);
    } else if (t.value("hidden", false)) {
      text = fit("", width);
    } else {
      text = fit("#", width);
    }
    cell_text[size_t(cell)] = text;
  }
  const std::string baba = v["flight"].is_object() ? v["flight"]["cell"].get<std::string>() : "";
  for (int cell = 0; cell < kCells; ++cell) {
    if (!is_path(cell)) continue;
    const bool here = cell_name(cell) == baba;
    cell_text[size_t(cell)] = here ? paint(fit("BABA YAGA", width), "1;31", color)
                                   : fit(cell == 12          ? "+"
                                         : cell / kSide == 2 ? "-"
                                                             : "|",
                                         width);
  }
  std::string out = "    ";
  for (int c = 0; c < kSide; ++c) out += fit(std::string(1, char('A' + c)), width + 1);
  out += "\n";
  for (int r = 0; r < kSide; ++r) {
    out += " " + std::to_string(r + 1) + "  ";
    for (int c = 0; c < kSide; ++c) out += cell_text[size_t(r * kSide + c)] + " ";
    out += "\n";
  }
  if (baba == "extra") out += "    Baba Yaga is on the extra tile beyond the far end\n";
  return out;
}

std::string render_view_text(const json& v, Seat viewer, bool color, SeatNumbers seats) {
  std::string out;
  const std::string phase = v["phase"];
  const int searcher = v["searcher"];
  out += "Baba Yaga, turn " + std::to_string(v["turn"].get<int>()) + " (" + phase + ")";
  if (phase != "study") out += ": seat " + seats.text(searcher) + " searches";
  out += "\n";
  const bool small = v.value("you_small", false);
  out += render_forest(v, small ? 4 : 14, color);
  if (v["flight"].is_object()) {
    const json& f = v["flight"];
    out += "Flight from the " + f["start"].get<std::string>() + " end: move " +
           std::to_string(f["moves"].get<int>()) + " of " + std::to_string(f["total"].get<int>()) +
           ", seat " + seats.text(f["mover"].get<int>()) + " moves next\n";
  }
  if (v["card"].is_object()) {
    std::string names;
    for (const auto& n : v["card"]["ingredients"])
      names += (names.empty() ? "" : ", ") + n.get<std::string>();
    out += "Spell: " + names + " (" + v["card"]["effect"].get<std::string>() + "); " +
           std::to_string(v["need"].get<int>()) + " needed\n";
  }
  for (const auto& p : v["players"]) {
    out += "  seat " + seats.text(p["seat"].get<int>()) + (p["seat"] == viewer ? " (you)" : "") +
           ": " + std::to_string(p["cast"].size()) + " cast, " +
           std::to_string(p["pile"].get<int>()) + " in pile, " + p["level"].get<std::string>();
    for (const auto& e : p["pending"]) out += "; " + e.get<std::string>();
    out += "\n";
  }
  if (v["winner"].get<int>() >= 0) out += "Seat " + seats.text(v["winner"].get<int>()) + " wins\n";
  return out;
}

}  // namespace sabbat::baba_yaga
