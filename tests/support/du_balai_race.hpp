#pragma once
// A Du Balai ! race driven by canonical action texts, for the scenario tests: each action comes
// 10 ms after the last, and a refusal must leave the full state as it was.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>

#include "games/du-balai/scenario.hpp"

namespace sabbat::du_balai::testing {

// Symbols by their initials, as masks: zaam, boulga, foulzz, glou, biii.
inline constexpr SymbolMask Z = 1 << 0, B = 1 << 1, F = 1 << 2, G = 1 << 3, I = 1 << 4;

struct Race {
  std::unique_ptr<DuBalaiState> s;
  GameTime t = 0;
  // The scenarios step every move by hand: forced moves are asked unless a test says otherwise.
  explicit Race(int players, std::map<std::string, std::string> params = {}, uint64_t seed = 1)
      : s(new_race(players, with_asked(std::move(params)), seed)) {}
  static std::map<std::string, std::string> with_asked(std::map<std::string, std::string> p) {
    p.try_emplace("forced_moves", "asked");
    return p;
  }
  DuBalaiState* operator->() { return s.get(); }
  void ok(Seat seat, const std::string& text) {
    t += 10;
    Status st = s->apply_text(seat, text, t);
    ASSERT_TRUE(st.ok()) << "seat " << seat << " '" << text << "': " << st.error();
  }
  std::string refused(Seat seat, const std::string& text) {
    t += 10;
    const json before = s->full_state();
    Status st = s->apply_text(seat, text, t);
    EXPECT_FALSE(st.ok()) << "seat " << seat << " '" << text << "' was accepted";
    EXPECT_EQ(s->full_state(), before) << "a refusal changed the state";
    return st.ok() ? "" : st.error();
  }
  // The clock applies the pending deadline.
  void clock() {
    auto d = s->deadline();
    ASSERT_TRUE(d.has_value());
    t = std::max(t, d->at);
    Status st = s->apply(kClock, d->action, t);
    ASSERT_TRUE(st.ok()) << st.error();
  }
  // Other witches pass until `seat` reaches `step` of her resolution.
  void until(Seat seat, Step step) {
    for (int guard = 0; guard < 50; ++guard) {
      ASSERT_EQ(s->phase(), Phase::Resolving);
      if (s->resolving() == seat && s->step() == step && !s->pending().open) return;
      const Seat who = s->resolving();
      ASSERT_FALSE(s->pending().open);
      ok(who, "pass");
    }
    FAIL() << "never reached";
  }
  int sq(Seat seat) const { return s->track().square[size_t(seat)]; }
};

// The stage of the spell scenarios: seat 0 on 5 holds `card` (and seat 1 a Brouillard when
// `fog_holder`); seat 1 on 9, seat 2 on 3 closes. Seat 0 writes zaam (valid in orange, not
// perfect: orange is zaam boulga, black glou); with Double-jeu, also the second formula glou
// (perfect black).
inline Race spell_stage(Card card, bool fog_holder) {
  Race r(3, {}, 3);
  EXPECT_TRUE(show_book(*r.s, Z | B, G));
  r->hooks().set_square(0, 5);
  r->hooks().set_square(1, 9);
  r->hooks().set_square(2, 3);
  r->hooks().give(0, card);
  if (fog_holder) r->hooks().give(1, Card::Brouillard);
  r.ok(2, "close-book");
  r.ok(0, card == Card::DoubleJeu ? "formula zaam second glou" : "formula zaam");
  r.ok(1, "formula none");
  r.ok(2, "formula zaam");
  return r;
}

}  // namespace sabbat::du_balai::testing
