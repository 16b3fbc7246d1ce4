#pragma once
// Seat numbers as people read them. Records, canonical action texts, the protocol, the bots
// and Python count seats from 0 (seat 0 is the first); a person counts from 1, everywhere she
// reads. Text for a person is written with SeatNumbers; the engine's own texts (canonical
// actions, event narration, refusals), which hosts share, are turned into a person's numbers
// and back here, at the edge, from each game's list of the words that name a seat.
#include <span>
#include <string>
#include <string_view>

#include "result.hpp"

namespace sabbat {

// How text numbers seats: `first` is the number written for seat 0.
struct SeatNumbers {
  int first = 0;
  int operator()(int seat) const { return seat + first; }
  std::string text(int seat) const { return std::to_string(seat + first); }
};
// As records, the protocol and Python count.
inline constexpr SeatNumbers kSeatIndices{0};
// As people count.
inline constexpr SeatNumbers kPeopleCount{1};

// Where a game's canonical action texts name a seat: each entry is the words just before the
// seat's number ("attack" for `attack 1 with 2 rouge`, "play mauvais-sort on").
using SeatWords = std::span<const std::string_view>;

// A canonical action text with its seat as a person counts ("target 0" -> "target 1"), or as
// `seats` numbers them.
std::string action_for_person(SeatWords words, std::string_view action,
                              SeatNumbers seats = kPeopleCount);
// What a person typed, with seats counted from 1, as the canonical text of a game of `players`
// seats ("target 1" -> "target 0"). A text that names no seat comes back as it is, for the
// game to judge. A seat that does not exist is an error naming those that do.
Result<std::string> action_from_person(SeatWords words, std::string_view typed, int players);
// The engine's English (narration, refusals) as a person reads it: every "seat N", "Seat N",
// "seats N and M", and the seat of an action text quoted in it (at the start, after ": " or a
// quotation mark), counted from 1.
std::string prose_for_person(SeatWords words, std::string_view prose);

}  // namespace sabbat
