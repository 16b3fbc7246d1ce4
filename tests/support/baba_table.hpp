#pragma once
// A Baba Yaga table for scenario tests: a game with chosen settings, actions by canonical text
// at a game time the test moves on, and where each ingredient lies.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "games/baba-yaga/state.hpp"

namespace sabbat::testing {

namespace by = baba_yaga;

struct BabaTable {
  std::unique_ptr<by::BabaYagaState> s;
  GameTime now = 0;
  Events events;

  explicit BabaTable(int players, std::map<std::string, std::string> params = {},
                     uint64_t seed = 1) {
    const Game& g = *registry().find("baba-yaga");
    auto setup = g.setup(players, params, seed);
    EXPECT_TRUE(setup.ok()) << setup.error();
    auto st = g.new_state(*setup);
    EXPECT_TRUE(st.ok());
    s.reset(dynamic_cast<by::BabaYagaState*>(st->release()));
  }

  Status act(Seat seat, const std::string& text) {
    events.clear();
    return s->apply_text(seat, text, now, &events);
  }
  // Applies and expects success.
  void ok(Seat seat, const std::string& text) {
    Status st = act(seat, text);
    EXPECT_TRUE(st.ok()) << "seat " << seat << " '" << text << "': " << st.error();
  }
  // Expects a refusal that leaves the state as it was; returns its message.
  std::string refused(Seat seat, const std::string& text) {
    auto before = s->clone();
    Status st = act(seat, text);
    EXPECT_FALSE(st.ok()) << "seat " << seat << " '" << text << "' was accepted";
    EXPECT_TRUE(before->same_as(*s)) << "a refusal changed the state";
    return st.ok() ? "" : st.error();
  }
  void end_study() {
    for (Seat p = 0; p < s->players(); ++p) ok(p, "ready");
  }
  int cell_of(int ingredient) const {
    for (int c : by::kForestCells)
      if (s->ingredient_at(c) == ingredient) return c;
    return -1;
  }
  std::string name_of(int ingredient) const { return by::cell_name(cell_of(ingredient)); }
  // The cells of the card in play's ingredients, in card order.
  std::vector<std::string> wanted() const {
    std::vector<std::string> out;
    for (int i : by::card(s->card_in_play()).ingredients) out.push_back(name_of(i));
    return out;
  }
  // A cell whose ingredient is not on the card in play.
  std::string unwanted() const {
    for (int c : by::kForestCells)
      if (!((by::card(s->card_in_play()).mask >> s->ingredient_at(c)) & 1u))
        return by::cell_name(c);
    return "";
  }
  // The movers fly Baba Yaga home, each in turn.
  void fly_home() {
    for (int guard = 0; guard < 20 && s->phase() == by::Phase::Race; ++guard) {
      std::string text = "move";
      if (s->players() == 2)
        text = s->flight().last_hand == by::Hand::Left ? "move right" : "move left";
      ok(s->mover(), text);
    }
  }
  // Puts `card` on top of the searcher-to-be's pile, places Baba Yaga north.
  void start_turn_with(int card) {
    EXPECT_EQ(s->phase(), by::Phase::Place);
    EXPECT_TRUE(s->hooks().stack(s->searcher(), card));
    ok(s->placer(), "place north");
  }
  const json view(Seat viewer) const { return s->view(viewer); }
  // The view's tile at `cell`.
  json tile(Seat viewer, const std::string& cell) const {
    const json v = s->view(viewer);
    for (const auto& t : v["forest"])
      if (t["cell"] == cell) return t;
    return nullptr;
  }
};

}  // namespace sabbat::testing
