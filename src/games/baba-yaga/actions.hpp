#pragma once
// Actions as codes (kind << 16 | a << 8 | b) and their canonical texts:
//   ready · end-study · place north|east|south|west · turn B2 · back B2 · move ·
//   move left|right (two players) · swap A1 B2 · target 2 · maison B2 · maison later · timeout
//   · forced ask|auto (a seat's setting, at any time: whether the table plays her forced moves)
#include <string>
#include <string_view>

#include "core/game.hpp"
#include "core/result.hpp"
#include "games/baba-yaga/data.hpp"

namespace sabbat::baba_yaga {

enum class Kind : uint8_t {
  None,
  Ready,     // a player has studied the forest enough
  EndStudy,  // the clock: the study time is over
  Place,     // the player left of the searcher places Baba Yaga at an end
  Turn,      // the searcher turns a forest tile face up
  Back,      // the searcher turns a wrong ingredient back
  Move,      // the mover whose move it is moves Baba Yaga one tile (a: hand, two players)
  Swap,      // Brouillard bizarre !
  Target,    // Lumière aveuglante !, Tout petit !, Grosse fatigue !
  Maison,    // Pattes de poulet ! (or Home Sweet Home): the Maison on a forest tile
  Later,     // Pattes de poulet !: at the start of her next turn
  Timeout,   // the clock: a choice was not made in time
  Forced,    // a seat's setting (a: 1 ask, 0 auto): whether she is asked her forced moves
};

enum class Hand : uint8_t { None, Left, Right };

namespace act {
constexpr Action make(Kind k, int a = 0, int b = 0) {
  return Action{uint32_t(k) << 16 | uint32_t(a) << 8 | uint32_t(b)};
}
constexpr Kind kind(Action x) {
  return Kind(x.code >> 16);
}
constexpr int a(Action x) {
  return int((x.code >> 8) & 0xFF);
}
constexpr int b(Action x) {
  return int(x.code & 0xFF);
}
constexpr Action ready() {
  return make(Kind::Ready);
}
constexpr Action end_study() {
  return make(Kind::EndStudy);
}
constexpr Action place(End e) {
  return make(Kind::Place, int(e));
}
constexpr Action turn(int cell) {
  return make(Kind::Turn, cell);
}
constexpr Action back(int cell) {
  return make(Kind::Back, cell);
}
constexpr Action move(Hand h = Hand::None) {
  return make(Kind::Move, int(h));
}
// The two cells in increasing order.
constexpr Action swap(int x, int y) {
  return x < y ? make(Kind::Swap, x, y) : make(Kind::Swap, y, x);
}
constexpr Action target(int seat) {
  return make(Kind::Target, seat);
}
constexpr Action maison(int cell) {
  return make(Kind::Maison, cell);
}
constexpr Action later() {
  return make(Kind::Later);
}
constexpr Action timeout() {
  return make(Kind::Timeout);
}
// `ask`: forced moves are asked of her; else the table plays them.
constexpr Action forced_setting(bool ask) {
  return make(Kind::Forced, ask ? 1 : 0);
}
}  // namespace act

// "B2" for cell 6.
std::string cell_name(int cell);
// A cell from its name ("b2" too); -1 if it is none.
int parse_cell(std::string_view text);

std::string action_text(Action a);
// The error says what was expected.
Result<Action> parse_action_text(std::string_view text);

}  // namespace sabbat::baba_yaga
