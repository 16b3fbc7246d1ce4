// The heuristic bot at its three levels (bot.hpp).
#include "games/sortileges/bot.hpp"

#include <algorithm>
#include <vector>

#include "games/sortileges/bot_read.hpp"

namespace sabbat::sortileges {

namespace {

// Hands and cards sampled per expert decision: enough to tell a sure choice from a gamble,
// few enough to answer in a few milliseconds.
constexpr int kExpertSamples = 24;
// The novice's roughness: noise up to this share of the best choice's worth.
constexpr double kNoviceNoise = 0.6;

Style style_of(Level level) {
  if (level != Level::Novice) return Style{};
  return Style{.reads_others = false, .looks_ahead = false, .alliance = 0, .deny = 0};
}

// What the round brought `seat`, from its reveal: what it won, less a share of what the rival
// who won most got.
double round_gain(const Reveal& r, const Stakes& before, Seat seat, double deny) {
  double mine = 0, rival = 0;
  for (int side = 0; side < 2; ++side) {
    if (r.fate[size_t(side)] != Fate::Won) continue;
    const Seat w = r.winner[size_t(side)];
    const double worth = before.worth[size_t(w)][size_t(side)];
    if (w == seat)
      mine += worth;
    else
      rival = std::max(rival, worth);
  }
  return mine - deny * rival;
}

class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(Level level) : level_(level), style_(style_of(level)) {}

  std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) override {
    const auto* s = dynamic_cast<const SortilegesState*>(&state);
    if (!s || s->terminal() || s->current() != seat || s->legal_count(seat) == 0)
      return std::nullopt;
    const Stakes stakes = read_stakes(*s, style_);
    Action pick;
    switch (level_) {
      case Level::Novice:
        pick = rough(*s, stakes, rng);
        break;
      case Level::Normal:
        pick = best_placement(*s, stakes, style_);
        break;
      case Level::Expert:
        pick = searched(*s, stakes, rng);
        break;
    }
    return Proposal{pick, s->now()};
  }

 private:
  Action rough(const SortilegesState& s, const Stakes& stakes, Rng& rng) {
    s.legal_actions(s.current(), legal_);
    std::vector<double> worth;
    double top = 0;
    for (Action a : legal_) {
      worth.push_back(placement_worth(s, stakes, style_, Card(a.code / 2), int(a.code % 2)));
      top = std::max(top, worth.back());
    }
    size_t best = 0;
    for (size_t i = 0; i < worth.size(); ++i) {
      worth[i] += kNoviceNoise * top * double(rng.below(1000)) / 1000.0;
      if (worth[i] > worth[best]) best = i;
    }
    return legal_[best];
  }

  // Each choice played on to the end of the round in the same sampled hands and cards.
  Action searched(const SortilegesState& s, const Stakes& stakes, Rng& rng) {
    const Seat me = s.current();
    s.legal_actions(me, legal_);
    if (legal_.size() == 1) return legal_.front();
    std::vector<double> sum(legal_.size(), 0.0);
    for (int k = 0; k < kExpertSamples; ++k) {
      const auto world = s.sample_hidden(me, rng);
      for (size_t i = 0; i < legal_.size(); ++i) {
        auto play = world->clone();
        auto& p = static_cast<SortilegesState&>(*play);
        if (!p.apply(me, legal_[i], p.now())) continue;
        while (!p.terminal() && p.last_reveal().round != s.round())
          if (!p.apply(p.current(), best_placement(p, stakes, style_), p.now())) break;
        sum[i] += round_gain(p.last_reveal(), stakes, me, style_.deny);
      }
    }
    // Near ties go to the one-move reading, which samples cannot sharpen.
    size_t best = 0;
    double top = -1e9;
    for (size_t i = 0; i < legal_.size(); ++i) {
      const Action a = legal_[i];
      const double w = sum[i] / kExpertSamples +
                       0.05 * placement_worth(s, stakes, style_, Card(a.code / 2), int(a.code % 2));
      if (w > top) top = w, best = i;
    }
    return legal_[best];
  }

  Level level_;
  Style style_;
  ActionList legal_;
};

}  // namespace

std::unique_ptr<sabbat::Bot> make_heuristic_bot(Level level) {
  return std::make_unique<HeuristicBot>(level);
}

}  // namespace sabbat::sortileges
