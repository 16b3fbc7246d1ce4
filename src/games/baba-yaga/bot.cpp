// The person bot (bot.hpp). It reads the concrete state only where the view of its seat shows
// the same thing: the phase, turn, who searches and moves, the flight, the card in play,
// face-up tiles (and every tile during the study), the forest faces it can see, the Maison.
#include "games/baba-yaga/bot.hpp"

#include <algorithm>
#include <array>

#include "games/baba-yaga/state.hpp"

namespace sabbat::baba_yaga {

std::optional<PersonParams> person_level(std::string_view name) {
  PersonParams p;
  if (name == "novice") {
    p.study_recall = 0.35, p.confuse = 0.20, p.forget = 0.25;
    p.search_min = 1200, p.search_max = 2000;
    p.move_min = 500, p.move_max = 850;
    p.choice_min = 2000, p.choice_max = 5000;
    return p;
  }
  if (name == "seasoned" || name == "normal") return p;  // the level names of every game
  if (name == "random") {
    p.at_random = true;
    return p;
  }
  if (name == "expert") {
    p.study_recall = 0.80, p.confuse = 0.04, p.forget = 0.05;
    p.study_min = 12000, p.study_max = 19000;
    p.search_min = 800, p.search_max = 1300;
    p.move_min = 350, p.move_max = 600;
    p.choice_min = 700, p.choice_max = 1500;
    return p;
  }
  return std::nullopt;
}

namespace {

class PersonBot final : public Bot {
 public:
  explicit PersonBot(const PersonParams& p) : p_(p) { memory_.fill(-1); }

  std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) override {
    const auto* s = dynamic_cast<const BabaYagaState*>(&state);
    if (!s) return std::nullopt;
    // Her last proposal was played if the game moved on exactly at its time and her action is
    // no longer hers to play: her hand acted. (Another seat may act at that very millisecond:
    // then her action is still to be played, and she has not acted.)
    if (proposed_ && s->now() == proposed_->at && s->now() != asked_at_ &&
        !s->check(seat, proposed_->action).ok())
      acted_ = proposed_->at;
    proposed_.reset();
    asked_at_ = s->now();
    if (!s->actors().contains(seat)) return std::nullopt;
    observe(*s, seat, rng);
    auto p = choose(*s, seat, rng);
    // At random: the same moment, any legal action (the search draws its own, since she
    // stops searching only by knowing what she found).
    const bool searching = s->phase() == Phase::Race && seat == s->searcher();
    if (p_.at_random && p && !searching) {
      const MaybeAction any = s->random_legal(seat, rng);
      if (!any) return std::nullopt;
      p->action = *any;
    }
    if (!p || !s->check(seat, p->action).ok()) return std::nullopt;
    // A person's pace whatever the deadlines: no deadline pulls her hand earlier (a mover's
    // clock is not hers to beat), and never two actions within kQuickest.
    p->at = std::max({p->at, s->now(), acted_ + kQuickest});
    proposed_ = *p;
    return p;
  }

 private:
  // What she sees now goes into her memory; a new turn first costs her some of it.
  void observe(const BabaYagaState& s, Seat, Rng& rng) {
    if (s.studying()) {
      if (studied_) return;
      studied_ = true;
      for (int cell : kForestCells) {
        if (!rng.chance(p_.study_recall)) continue;
        int ing = s.ingredient_at(cell);
        if (rng.chance(p_.confuse)) ing = other_of_hint(ing);
        memory_[size_t(cell)] = int8_t(ing);
      }
      return;
    }
    if (s.turn() != turn_) {
      turn_ = s.turn();
      seen_ = 0, last_up_ = 0, searched_ = 0;
      for (auto& m : memory_)
        if (m >= 0 && rng.chance(p_.forget)) m = -1;
    }
    // Every change of the tiles face up is one tile turned or turned back: her hand's count.
    if (s.up_mask() != last_up_) last_up_ = s.up_mask(), ++searched_;
    for (int cell : kForestCells)
      if (s.face_up(cell)) {
        memory_[size_t(cell)] = int8_t(s.ingredient_at(cell));
        seen_ |= 1u << cell;
      }
  }

  static int other_of_hint(int ing) {
    for (int i = 0; i < kIngredients; ++i)
      if (i != ing && ingredient(i).hint == ingredient(ing).hint) return i;
    return ing;
  }

  // When she acts at this moment of the game, drawn once per moment.
  GameTime when(uint64_t key, GameTime now, GameTime lo, GameTime hi, Rng& rng) {
    if (!timer_set_ || timer_key_ != key) {
      timer_set_ = true, timer_key_ = key;
      timer_at_ = now + rng.between(lo, hi);
    }
    return std::max(timer_at_, now);
  }

  uint64_t moment(const BabaYagaState& s, uint64_t extra) const {
    return uint64_t(s.turn()) << 40 | uint64_t(s.phase()) << 32 | extra;
  }

  std::optional<Proposal> choose(const BabaYagaState& s, Seat seat, Rng& rng) {
    const GameTime now = s.now();
    switch (s.phase()) {
      case Phase::Study:
        return Proposal{act::ready(), when(moment(s, 0), 0, p_.study_min, p_.study_max, rng)};
      case Phase::Place:
        // On a screen her figurine hides nothing: any end will do.
        return Proposal{act::place(End(rng.below(kEnds))),
                        when(moment(s, 0), now, p_.choice_min, p_.choice_max, rng)};
      case Phase::Race:
        if (seat == s.searcher()) return search(s, rng);
        return Proposal{move_action(s), when(moment(s, 1000 + uint64_t(s.flight().moves)),
                                             s.flight().last_at, p_.move_min, p_.move_max, rng)};
      case Phase::MaisonStart:
      case Phase::HomeMove:
        return Proposal{act::maison(kForestCells[rng.below(kForestTiles)]),
                        when(moment(s, 0), now, p_.choice_min, p_.choice_max, rng)};
      case Phase::Effect:
        return Proposal{effect_choice(s, rng),
                        when(moment(s, 0), now, p_.choice_min, p_.choice_max, rng)};
      case Phase::Over:
        break;
    }
    return std::nullopt;
  }

  Action move_action(const BabaYagaState& s) const {
    if (s.players() != 2) return act::move();
    return act::move(s.flight().last_hand == Hand::Left ? Hand::Right : Hand::Left);
  }

  std::optional<Proposal> search(const BabaYagaState& s, Rng& rng) {
    const GameTime at = when(moment(s, searched_), s.now(), p_.search_min, p_.search_max, rng);
    if (p_.at_random) {
      const MaybeAction any = s.random_legal(s.searcher(), rng);
      if (!any) return std::nullopt;
      return Proposal{*any, at};
    }
    if (s.wrong_up() >= 0) return Proposal{act::back(s.wrong_up()), at};
    const uint16_t want = card(s.card_in_play()).mask;
    int found = 0;
    for (int cell : kForestCells)
      if (s.face_up(cell) && ((want >> s.ingredient_at(cell)) & 1)) ++found;
    if (found >= s.need()) return std::nullopt;  // she has it: hands off the forest
    // Best first: a tile she remembers as wanted; then one whose forest face fits and that she
    // does not remember as something else; then any tile she knows nothing of; then any.
    int best = -1, best_score = -1;
    // A tile she saw face up this turn she remembers: she does not turn it again.
    for (int cell : kForestCells) {
      if (((s.up_mask() | seen_) >> cell) & 1u) continue;
      const int m = memory_[size_t(cell)];
      int score = 1;
      if (m >= 0) {
        score = (want >> m) & 1 ? 4 : 0;
      } else if (s.hint_visible(s.searcher(), cell)) {
        bool fits = false;
        for (int i = 0; i < kIngredients; ++i)
          if (((want >> i) & 1) && ingredient(i).hint == hint_of_face(s, cell)) fits = true;
        score = fits ? 3 : 1;
      } else {
        score = 2;
      }
      score = score * 16 + int(rng.below(16));  // ties at random
      if (score > best_score) best = cell, best_score = score;
    }
    if (best < 0) return std::nullopt;
    return Proposal{act::turn(best), at};
  }

  // The forest face she sees (hint_visible says she sees it).
  static int hint_of_face(const BabaYagaState& s, int cell) {
    return ingredient(s.ingredient_at(cell)).hint;
  }

  Action effect_choice(const BabaYagaState& s, Rng& rng) const {
    const Effect e = card(s.effect_card()).effect;
    if (e == Effect::BrouillardBizarre) {
      int x = 0, y = 0;
      while (x == y) x = rng.below(kForestTiles), y = rng.below(kForestTiles);
      return act::swap(kForestCells[size_t(x)], kForestCells[size_t(y)]);
    }
    if (e == Effect::PattesDePoulet) return act::maison(kForestCells[rng.below(kForestTiles)]);
    // The opponent closest to escaping: the most spells cast, then the first to search after
    // her (on equal spells she casts her next one first). Seats are looked at in the order
    // they search from hers, never by their numbers, so that no seat is aimed at more for
    // its number (seat 0 used to take every tie).
    Seat best = -1;
    for (int k = 1; k < s.players(); ++k) {
      const Seat t = Seat((s.searcher() + k) % s.players());
      if (s.may_target(t) && (best < 0 || s.player(t).cast_n > s.player(best).cast_n)) best = t;
    }
    return best >= 0 ? act::target(best) : act::timeout();
  }

  static constexpr GameTime kQuickest = 250;  // ms between two actions of a quick person
  PersonParams p_;
  std::optional<Proposal> proposed_;     // what she last proposed
  GameTime asked_at_ = -1;               // the game time she was last asked at
  GameTime acted_ = -kQuickest;          // when she last acted, as far as she can tell
  std::array<int8_t, kCells> memory_{};  // the ingredient she believes is at each cell
  bool studied_ = false;
  int turn_ = 0;
  uint32_t seen_ = 0;      // the tiles she saw face up this turn
  uint32_t last_up_ = 0;   // the tiles face up when she last looked
  uint64_t searched_ = 0;  // tiles turned or turned back this turn, as she counted them
  bool timer_set_ = false;
  uint64_t timer_key_ = 0;
  GameTime timer_at_ = 0;
};

}  // namespace

std::unique_ptr<Bot> make_person_bot(const PersonParams& params) {
  return std::make_unique<PersonBot>(params);
}

}  // namespace sabbat::baba_yaga
