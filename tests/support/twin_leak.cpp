#include "support/twin_leak.hpp"

#include "support/random_games.hpp"

namespace sabbat::testing {

json observed(const State& s, Seat viewer) {
  json actors = json::array();
  const SeatSet seen = s.actors_seen_by(viewer);
  for (Seat p = 0; p < s.players(); ++p)
    if (seen.contains(p)) actors.push_back(p);
  json deadline = nullptr;
  if (auto d = s.deadline()) deadline = {{"at", d->at}, {"action", s.action_text(d->action)}};
  return {{"view", s.view(viewer)},
          {"actors", actors},
          {"deadline", deadline},
          {"terminal", s.terminal()}};
}

json received(const Events& events, Seat viewer) {
  json out = json::array();
  for (const Event& e : events)
    if (e.audience.sees(viewer))
      out.push_back({{"kind", e.kind}, {"text", e.text}, {"data", e.data}});
  return out;
}

namespace {
// Where two texts part, with a little of each: enough to see what leaked.
std::string parting(const std::string& a, const std::string& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const size_t from = i > 80 ? i - 80 : 0;
  return "..." + a.substr(from, 160) + "\n  twin: ..." + b.substr(from, 160);
}
}  // namespace

std::vector<NextStep> next_steps(const State& s, Rng& rng) {
  std::vector<NextStep> out;
  if (s.terminal()) return out;
  for (Seat p = 0; p < s.players(); ++p) {
    if (!s.actors().contains(p)) continue;
    const uint32_t n = s.legal_count(p);
    if (n > 0) out.push_back({p, s.legal_at(p, rng.below(n)), s.now()});
  }
  if (auto d = s.deadline()) out.push_back({kClock, d->action, std::max(s.now(), d->at)});
  return out;
}

namespace {

// The real state's side of a step, and what each viewer observes of it, worked out once and
// shared by every twin of every viewer.
struct RealStep {
  std::unique_ptr<State> after;
  Events events;
  bool ok = false;
  std::map<Seat, json> heard, seen;  // by viewer, filled when first asked

  RealStep(const State& s, const NextStep& step) : after(s.clone()) {
    ok = bool(after->apply(step.seat, step.action, step.at, &events));
  }
  const json& heard_by(Seat viewer) {
    auto it = heard.find(viewer);
    if (it == heard.end()) it = heard.emplace(viewer, received(events, viewer)).first;
    return it->second;
  }
  const json& seen_by(Seat viewer) {
    auto it = seen.find(viewer);
    if (it == seen.end()) it = seen.emplace(viewer, observed(*after, viewer)).first;
    return it->second;
  }
};

// The twin's side of one step against the real state's; the states before it already agree.
std::string step_difference(const State& s, const Twin& t, Seat viewer, const NextStep& step,
                            RealStep& real) {
  if (!real.ok) return "";
  auto b = t.state->clone();
  Events eb;
  if (!b->apply(step.seat, step.action, step.at, &eb)) return "";
  if (t.hidden_after && (!t.hidden_after(*real.after) || !t.hidden_after(*b))) return "";
  const json& ra = real.heard_by(viewer);
  const json rb = received(eb, viewer);
  if (ra != rb)
    return "events of '" + s.action_text(step.action) + "': " + parting(ra.dump(), rb.dump());
  const json& after = real.seen_by(viewer);
  const json twin_after = observed(*b, viewer);
  if (after != twin_after)
    return "after '" + s.action_text(step.action) +
           "': " + parting(after.dump(), twin_after.dump());
  return "";
}

std::string before_difference(const json& before, const State& twin, Seat viewer) {
  const json twin_before = observed(twin, viewer);
  if (before == twin_before) return "";
  return "before the step: " + parting(before.dump(), twin_before.dump());
}

}  // namespace

std::string twin_difference(const State& s, const Twin& t, Seat viewer, const NextStep& step) {
  if (auto d = before_difference(observed(s, viewer), *t.state, viewer); !d.empty()) return d;
  RealStep real(s, step);
  return step_difference(s, t, viewer, step, real);
}

TwinTally check_twins(const std::string& game_id, int players, int games, uint64_t seed,
                      const TwinMaker& make, const std::map<std::string, std::string>& params) {
  TwinTally t;
  Rng rng(Rng::mix(seed, 5));
  for (int g = 0; g < games; ++g) {
    RandomGame rg{game_id, players, Rng::mix(seed, uint64_t(g)), params};
    play_random(rg, [&](const Match& m, const Step&) {
      const State& s = m.state();
      ++t.states;
      const auto steps = next_steps(s, rng);
      std::vector<std::unique_ptr<RealStep>> real(steps.size());
      auto leak = [&](Seat viewer, const std::string& d) {
        if (d.empty() || t.leaks.size() >= 5) return;
        t.leaks.push_back(game_id + " seed " + std::to_string(rg.seed) + ", action " +
                          std::to_string(m.record().actions.size()) + ", viewer " +
                          std::to_string(viewer) + ": " + d);
      };
      for (Seat viewer = kSpectator; viewer < players; ++viewer) {
        const auto twins = make(s, viewer, rng);
        // With no step to take (the game is over), nothing is compared, as in twin_difference.
        if (twins.empty() || steps.empty()) {
          t.twins += long(twins.size());
          continue;
        }
        const json before = observed(s, viewer);
        for (const auto& twin : twins) {
          ++t.twins;
          t.steps += long(steps.size());
          if (auto d = before_difference(before, *twin.state, viewer); !d.empty()) {
            leak(viewer, d);
            continue;
          }
          for (size_t i = 0; i < steps.size(); ++i) {
            if (!real[i]) real[i] = std::make_unique<RealStep>(s, steps[i]);
            leak(viewer, step_difference(s, twin, viewer, steps[i], *real[i]));
          }
        }
      }
    });
  }
  return t;
}

}  // namespace sabbat::testing
