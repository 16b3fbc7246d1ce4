#pragma once
// The incantation mode, the rule book's "Lecture des cartes": a witch reads each card she
// plays aloud — a potion's ingredient, a spell's name — and a slip cancels the move. Texts
// carry the formulas after a colon ("attack 2 with 2 rouge + fantome : Queue de lézard;
// Crotte de hibou; Fantôme"); codes carry the ingredient read for each potion and the slip
// in the bits above the move's own fields. docs/rules/bal-des-sorcieres.md settles the rest.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "games/bal-des-sorcieres/state.hpp"

namespace sabbat::bal {

struct Rules;

// Bits 0..21 are the move (state.hpp encode); 22 is the slip; 23..25 and 26..28 the
// ingredient read for the first and second potion slot, as its index in its colour plus one.
inline constexpr uint32_t kMoveBits = (uint32_t(1) << 22) - 1;
inline constexpr uint32_t kSlipBit = uint32_t(1) << 22;
inline constexpr int kMaxIngredients = 7;  // per colour: an index plus one fits three bits

inline uint32_t move_of(uint32_t code) {
  return code & kMoveBits;
}
inline bool mispronounced(Action a) {
  return (a.code & kSlipBit) != 0;
}
// The ingredient read for potion slot `i` (0 or 1): its index plus one, 0 when none.
inline int read_ingredient(uint32_t code, int i) {
  return int((code >> (23 + 3 * i)) & 7);
}
inline uint32_t with_ingredient(uint32_t code, int i, int ingredient) {
  return code | uint32_t(ingredient) << (23 + 3 * i);
}

// The cards a move lays down, by kind: its potion slots (an attack's potions; the attack's
// colours for a parry, where Abracadabra leaves one slot empty), then its spells, in the order
// their formulas are written. A new move that plays cards is covered by adding it here.
struct MoveCards {
  std::array<Kind, 2> potions{};
  uint8_t potion_count = 0;
  std::array<Kind, 2> spells{};
  uint8_t spell_count = 0;
  bool any() const { return potion_count + spell_count > 0; }
};
MoveCards move_cards(const BalState& s, const Decoded& d);

// Which potion slots `seat` fills from her hand, as bits: an attack fills all, a parry those
// whose colour she still holds (as Rules::parry takes them).
unsigned filled_slots(const BalState& s, Seat seat, const MoveCards& cards);

// The formula printed on a card: a potion's ingredient, a spell's name.
std::string_view formula(Card c);
// A potion's ingredient as an index in its colour's list; the list's length; one of them.
int ingredient_of(Card c);
int ingredient_count(Kind colour);
std::string_view ingredient_name(Kind colour, int i);

// Why `code` may not be played as read (the move itself being allowed), or empty.
std::string incantation_refusal(const BalState& s, Seat seat, uint32_t code);
// The potion cards the formulas of `code` name in the hand of `seat`: Rules::take plays them.
CardSet named_cards(const BalState& s, Seat seat, uint32_t code);
// A mispronounced move: "le coup est entièrement annulé".
void miscast(Rules& r, Seat seat, const Decoded& d);
// In the incantation mode, each listed move that plays cards becomes one action for each way
// the hand can read it right, then its one mispronounced form.
void list_incantations(const BalState& s, Seat seat, ActionList& out);

// " : <formula>; <formula>" (or " : ?") after a move's text; empty for a move without formulas.
std::string formulas_text(const BalState& s, uint32_t code);
// The move `move` (parsed from the text before the colon) with the formulas read after it,
// or none; refuses formulas outside the mode and a move without them in the mode.
Result<Action> read_formulas(const BalState& s, Seat seat, uint32_t move,
                             std::optional<std::string_view> formulas);

}  // namespace sabbat::bal
