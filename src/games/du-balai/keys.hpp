#pragma once
// One-key play: what each key does at each moment of the race. A key becomes the canonical
// text of an action (`close-book`, `formula zaam glou`, `brouillard`...), so that the engine
// judges it and explains a refusal exactly as for a typed action.
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/key_screen.hpp"
#include "games/du-balai/data.hpp"

namespace sabbat::du_balai {

// What the person at the keyboard knows now: their seat's view and their legal actions (as
// canonical text; empty when they may not act).
struct Situation {
  const json& view;
  Seat viewer;
  const std::vector<std::string>& legal;
  bool may(std::string_view action) const;
  // The legal actions that start with `prefix`, in the engine's order.
  std::vector<std::string> starting(std::string_view prefix) const;
};

// The viewer's formulas as her view shows them (her own once written; all after the reveal):
// the cards of her first and second formula.
struct Written {
  SymbolMask used = 0;  // the cards in any of them
  std::vector<SymbolMask> formulas;
};
Written written(const Situation& now);

// Symbol cards picked with keys 1–9, for a formula or a formula spell. A formula has no
// colour of its own: the dice give it one at the reveal.
struct Picks {
  SymbolMask cards = 0;
  // With Double-jeu in hand, the first formula once Enter has set it: the picks are then the
  // second formula's, and both are written in one action.
  SymbolMask first = 0;
};
// Whether the viewer's hand holds Double-jeu (her view shows her own hand).
bool holds_double_jeu(const Situation& now);

class Keys {
 public:
  KeyAnswer press(int key, const Situation& now);
  // The picks made at this moment of the race (none once the moment has passed).
  Picks picks(const Situation& now) const;

 private:
  KeyAnswer writing(int key, const Situation& now);
  KeyAnswer formula_spells(int key, const Situation& now);
  // Keys 1–9 and x shared by the writing and the formula spells; false for other keys.
  bool pick(int key, KeyAnswer& answer);

  Picks picks_;
  std::string moment_;  // the turn, phase, step, witch and formula the picks belong to
};

// A readable label for an action's canonical text: "Mauvais sort on seat 2", "keep Blocage".
std::string action_label(const std::string& text);
// A key as a person names it: "Space", "Enter", "z".
std::string key_name(int key);

}  // namespace sabbat::du_balai
