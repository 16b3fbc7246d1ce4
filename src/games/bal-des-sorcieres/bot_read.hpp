#pragma once
// What the Bal bot reads of the table, from its seat's view only: its hand, every witch's hand
// size and Crapzouilles, and the cards not yet seen (the box at this level less the cards in
// its hand, on the table, in the discard pile and known to be in a hand). From these, the
// chance that a witch can answer potions of a colour.
#include <array>
#include <initializer_list>
#include <vector>

#include "core/game.hpp"
#include "games/bal-des-sorcieres/data.hpp"

namespace sabbat::bal {

struct WitchSeen {
  int hand = 0;                     // cards in hand
  int alive = 0;                    // living Crapzouilles in her coffre, captives included
  int own_alive = 0;                // of them, her own
  int dead = 0;                     // her own, dead
  bool out = false;                 // eliminated
  std::array<int, kKinds> known{};  // cards everyone saw go into her hand
  bool operator==(const WitchSeen&) const = default;
};

struct Reading {
  Seat me = 0;
  int players = 0;
  int level = 0;                     // 0 easy, 1 medium, 2 hard
  std::array<int, kKinds> hand{};    // the bot's own hand, by kind
  std::array<int, kKinds> unseen{};  // cards of each kind it has not seen anywhere
  int unseen_total = 0;
  std::vector<WitchSeen> witches;
  int defender = -1;  // in a parry: the one answering, the attacker and the colours
  int attacker = -1;
  std::array<int, kColours> attack_potions{};
  int attack_spell = -1;  // kind of the attack's spell, -1 for none
  bool farce = false;

  int hand_size() const;
  int living_others() const;
  bool operator==(const Reading&) const = default;
};

Reading read_view(const json& view, Seat me);
class BalState;
// The same reading straight from the state, touching only what the seat's view shows: a search
// reads a position at every move it plays, and writing the view as JSON for it was most of the
// cost. read_view(state.view(me), me) and read_state(state, me) are equal (a test checks it).
Reading read_state(const BalState& state, Seat me);
// read_state when `state` is the Bal's, read_view of its view otherwise.
Reading read_seat(const State& state, Seat me);

// The chance that `seat` holds at least `n` potions of `colour` (a kind 0..4), with what is
// known of her hand and the rest drawn from the unseen cards; `with_joker` counts an
// Abracadabra for one missing potion (never grey).
double can_answer(const Reading& r, int seat, int colour, int n, bool with_joker);
// The chance that `seat` holds at least one card of the given kinds.
double holds_any(const Reading& r, int seat, std::initializer_list<int> kinds);

}  // namespace sabbat::bal
