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

std::string twin_difference(const State& s, const Twin& t, Seat viewer, const NextStep& step) {
  const State& twin = *t.state;
  const json before = observed(s, viewer), twin_before = observed(twin, viewer);
  if (before != twin_before)
    return "before the step: " + parting(before.dump(), twin_before.dump());
  auto a = s.clone(), b = twin.clone();
  Events ea, eb;
  const Status sa = a->apply(step.seat, step.action, step.at, &ea);
  const Status sb = b->apply(step.seat, step.action, step.at, &eb);
  if (!sa || !sb) return "";
  if (t.hidden_after && (!t.hidden_after(*a) || !t.hidden_after(*b))) return "";
  const json ra = received(ea, viewer), rb = received(eb, viewer);
  if (ra != rb)
    return "events of '" + s.action_text(step.action) + "': " + parting(ra.dump(), rb.dump());
  const json after = observed(*a, viewer), twin_after = observed(*b, viewer);
  if (after != twin_after)
    return "after '" + s.action_text(step.action) +
           "': " + parting(after.dump(), twin_after.dump());
  return "";
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
      for (Seat viewer = kSpectator; viewer < players; ++viewer)
        for (const auto& twin : make(s, viewer, rng)) {
          ++t.twins;
          for (const auto& step : steps) {
            ++t.steps;
            const std::string d = twin_difference(s, twin, viewer, step);
            if (!d.empty() && t.leaks.size() < 5)
              t.leaks.push_back(game_id + " seed " + std::to_string(rg.seed) + ", action " +
                                std::to_string(m.record().actions.size()) + ", viewer " +
                                std::to_string(viewer) + ": " + d);
          }
        }
    });
  }
  return t;
}

}  // namespace sabbat::testing
