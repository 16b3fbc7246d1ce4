#include "games/baba-yaga/actions.hpp"

#include <cctype>
#include <vector>

#include "core/untrusted.hpp"

namespace sabbat::baba_yaga {

std::string cell_name(int cell) {
  return {char('A' + cell % kSide), char('1' + cell / kSide)};
}

int parse_cell(std::string_view t) {
  if (t.size() != 2) return -1;
  const int col = std::toupper(static_cast<unsigned char>(t[0])) - 'A';
  const int row = t[1] - '1';
  if (col < 0 || col >= kSide || row < 0 || row >= kSide) return -1;
  return row * kSide + col;
}

std::string action_text(Action x) {
  const int a = act::a(x), b = act::b(x);
  switch (act::kind(x)) {
    case Kind::Ready:
      return "ready";
    case Kind::EndStudy:
      return "end-study";
    case Kind::Place:
      return a < kEnds ? "place " + std::string(end_name(End(a))) : "place ?";
    case Kind::Turn:
      return "turn " + cell_name(a);
    case Kind::Back:
      return "back " + cell_name(a);
    case Kind::Move:
      return Hand(a) == Hand::Left ? "move left" : Hand(a) == Hand::Right ? "move right" : "move";
    case Kind::Swap:
      return "swap " + cell_name(a) + " " + cell_name(b);
    case Kind::Target:
      return "target " + std::to_string(a);
    case Kind::Maison:
      return "maison " + cell_name(a);
    case Kind::Later:
      return "maison later";
    case Kind::Timeout:
      return "timeout";
    case Kind::Forced:
      return a ? "forced ask" : "forced auto";
    case Kind::None:
      break;
  }
  return "unknown action " + std::to_string(x.code);
}

namespace {

std::vector<std::string_view> words(std::string_view t) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < t.size()) {
    while (i < t.size() && t[i] == ' ') ++i;
    size_t j = i;
    while (j < t.size() && t[j] != ' ') ++j;
    if (j > i) out.push_back(t.substr(i, j - i));
    i = j;
  }
  return out;
}

constexpr char kExpected[] =
    "expected one of: ready, place north|east|south|west, turn CELL, back CELL, move, move "
    "left, move right, swap CELL CELL, target SEAT, maison CELL, maison later (a CELL is a "
    "column A-E and a row 1-5, like B2), and the setting forced ask|auto";

}  // namespace

Result<Action> parse_action_text(std::string_view text) {
  const auto w = words(text);
  if (w.empty()) return fail(std::string("an empty action; ") + kExpected);
  const std::string_view verb = w[0];
  auto cell_arg = [&](size_t i) -> int { return i < w.size() ? parse_cell(w[i]) : -1; };
  if (verb == "ready" && w.size() == 1) return act::ready();
  if (verb == "end-study" && w.size() == 1) return act::end_study();
  if (verb == "timeout" && w.size() == 1) return act::timeout();
  if (verb == "place" && w.size() == 2) {
    for (int e = 0; e < kEnds; ++e)
      if (w[1] == end_name(End(e))) return act::place(End(e));
    return fail("Baba Yaga starts at an end of her path: place north, east, south or west");
  }
  if ((verb == "turn" || verb == "back" || verb == "maison") && w.size() == 2) {
    if (verb == "maison" && w[1] == "later") return act::later();
    const int c = cell_arg(1);
    if (c < 0)
      return fail("'" + printable(w[1]) + "' is not a cell: a column A-E and a row 1-5, like B2");
    return verb == "turn" ? act::turn(c) : verb == "back" ? act::back(c) : act::maison(c);
  }
  if (verb == "move" && w.size() <= 2) {
    if (w.size() == 1) return act::move();
    if (w[1] == "left") return act::move(Hand::Left);
    if (w[1] == "right") return act::move(Hand::Right);
    return fail("move takes no hand, or left or right (two players)");
  }
  if (verb == "swap" && w.size() == 3) {
    const int x = cell_arg(1), y = cell_arg(2);
    if (x < 0 || y < 0) return fail("swap takes two cells, like swap A1 B2");
    return act::swap(x, y);
  }
  if (verb == "forced") {
    if (w.size() == 2 && (w[1] == "ask" || w[1] == "auto"))
      return act::forced_setting(w[1] == "ask");
    return fail(
        "'forced' is a setting: 'forced auto' (the table plays your forced moves) or "
        "'forced ask' (it asks you)");
  }
  if (verb == "target" && w.size() == 2) {
    if (w[1].size() == 1 && w[1][0] >= '0' && w[1][0] < '0' + kMaxPlayers)
      return act::target(w[1][0] - '0');
    return fail("target takes a seat number, like target 1");
  }
  return fail("'" + printable(text) + "' is not an action; " + kExpected);
}

}  // namespace sabbat::baba_yaga
