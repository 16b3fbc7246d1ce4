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

struct Race {
  std::unique_ptr<DuBalaiState> s;
  GameTime t = 0;
  explicit Race(int players, std::map<std::string, std::string> params = {}, uint64_t seed = 1)
      : s(new_race(players, params, seed)) {}
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

}  // namespace sabbat::du_balai::testing
