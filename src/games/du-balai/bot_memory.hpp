#pragma once
// What a person at the book holds of the nine dice. She reads them one at a time, in an order
// of her own, while they are in sight (the open book, or her Décret look); a die is in her
// memory from the moment she has read it, and what she had not read when the book left her
// sight she never knows. While the book stays open she reads the dice again, pass after pass.
//
// Each die she holds may come back as another face. The chance grows with the number of dice
// she holds beyond the capacity of her memory and with the seconds since she last saw that
// die. The draws that decide it are made once, at the look, so what she recalls at a given
// moment never changes from one question to the next.
#include <algorithm>
#include <array>
#include <cstdint>

#include "core/game.hpp"
#include "core/rng.hpp"
#include "games/du-balai/formula.hpp"

namespace sabbat::du_balai {

// The numbers of a person reading the dice (docs/rules/du-balai.md cites their sources).
struct ReaderParams {
  GameTime reaction = 230;     // median simple reaction to the book opening, in ms
  GameTime per_die = 900;      // median time to read one die, in ms
  double spread = 0.3;         // sigma of the logarithm of one die's reading time
  double pace_spread = 0.3;    // sigma of the logarithm of her pace on one look (all dice)
  double misremember = 0.025;  // chance to hold a die as another face, within the capacity
  int capacity = 4;            // dice held without extra errors
  double overload = 0.3;       // per die held beyond capacity: misremember grows by this share
  double fade = 0.25;          // per second since the die was last seen: another such share
};

class BookMemory {
 public:
  static constexpr int kUnknown = -1;

  // She starts looking at `opened` at the dice `faces` (which her seat sees). Reading times,
  // the order and the slips of memory are drawn from `rng`.
  void look(int turn, bool decret, GameTime opened, const std::array<uint8_t, kDice>& faces,
            const ReaderParams& params, Rng& rng);
  // The book leaves her sight at `at`: the dice she had not read by then are gone from her.
  void lose_sight(GameTime at);

  bool holds(int turn) const { return turn_ == turn; }
  bool from_decret() const { return decret_; }
  bool in_sight() const { return lost_ < 0; }
  // When she has read all nine dice once.
  GameTime first_pass_done() const { return first_read_[order_[kDice - 1]]; }
  // How many dice she has read by `at` (no more once the book left her sight).
  int read_by(GameTime at) const;
  // The chance that a die she holds comes back as another face, holding `held` dice and
  // `seconds` after she last saw it.
  double slip(int held, double seconds) const;
  // The dice as she recalls them at `at`: a face, or kUnknown for a die she never read.
  std::array<int, kDice> recall(GameTime at) const;
  // The book of what she recalls at `at` (the dice she never read show nothing).
  Book book(GameTime at) const;

 private:
  GameTime seen_until(GameTime at) const { return lost_ < 0 ? at : std::min(at, lost_); }
  GameTime last_seen(int die, GameTime at) const;

  ReaderParams p_;
  int turn_ = -1;
  bool decret_ = false;
  GameTime opened_ = 0;
  GameTime lost_ = -1;                  // when the book left her sight; -1 while it is in sight
  GameTime pass_ = 1;                   // one pass over the nine dice, in ms
  std::array<int, kDice> faces_{};      // what the dice show; kUnknown for one never read
  std::array<uint8_t, kDice> order_{};  // the dice in her reading order
  std::array<GameTime, kDice> first_read_{};  // when she has read each die the first time
  std::array<double, kDice> luck_{};          // she slips on a die when its draw is below slip()
  std::array<uint8_t, kDice> other_{};        // the face she then recalls instead
};

}  // namespace sabbat::du_balai
