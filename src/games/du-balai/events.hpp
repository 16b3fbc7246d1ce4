#pragma once
// Pieces of JSON shared by events, views and the full state.
#include <string>

#include "core/game.hpp"
#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

inline void emit(Events& ev, Audience audience, std::string kind, std::string text, json data) {
  ev.push_back(Event{audience, std::move(kind), std::move(text), std::move(data)});
}

json dice_json(const std::array<uint8_t, kDice>& faces);
json book_json(const Book& b);
json formula_json(const Formula& f);
json formulas_json(const Witch& w);
json hand_json(const Hand& h);
json squares_json(const DuBalaiState& s);
json outcome_json(const DuBalaiState& s, Seat seat);
json reveal_json(const DuBalaiState& s);
json drawn_json(const DuBalaiState& s);
std::string drawn_text(const DuBalaiState& s);
// Narration (narration.cpp).
std::string seat_name(int s);         // "seat 2"
std::string square_text(int square);  // "14", or "across the line"
std::string reveal_narration(const DuBalaiState& s);
std::string move_narration(const DuBalaiState& s, Seat seat);
// A spell that took effect: who moved from where to where; `before` is the track before it.
std::string spell_narration(const DuBalaiState& s, Seat caster, const Move& m, const Track& before);
std::string phase_name(Phase p);
std::string step_name(Step s);
std::string pilot_name(Pilot p);
std::string verdict_name(Verdict v);

json view_of(const DuBalaiState& s, Seat viewer);
json full_of(const DuBalaiState& s);

}  // namespace sabbat::du_balai
