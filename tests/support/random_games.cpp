#include "support/random_games.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace sabbat::testing {

Record play_random(const RandomGame& g,
                   const std::function<void(const Match&, const Step&)>& after_each) {
  const Game* game = registry().find(g.game);
  EXPECT_NE(game, nullptr) << g.game;
  if (!game) return {};
  auto setup = game->setup(g.players, g.params, g.seed);
  EXPECT_TRUE(setup.ok()) << setup.error();
  if (!setup) return {};
  auto match = Match::start(*game, *setup);
  EXPECT_TRUE(match.ok()) << match.error();
  if (!match) return {};
  std::vector<RandomBot> bots(size_t(g.players));
  std::vector<Bot*> seats;
  for (auto& b : bots) seats.push_back(&b);
  Rng rng(Rng::mix(g.seed, 1));
  Status st = play_until_end(match->state(), seats, rng, [&](const Step& step) {
    Status applied = match->apply(step.seat, step.action, step.at);
    if (applied && after_each) after_each(*match, step);
    return applied;
  });
  EXPECT_TRUE(st.ok()) << g.game << " seed " << g.seed << ": " << st.error();
  return match->record();
}

namespace {

// Each value of each parameter alone, the others at their defaults (the first: all defaults).
std::vector<std::map<std::string, std::string>> values_alone(const Game& game) {
  std::vector<std::map<std::string, std::string>> out{{}};
  for (const auto& spec : game.param_specs()) {
    std::vector<std::string> values;
    switch (spec.kind) {
      case ParamSpec::Kind::Boolean:
        values = {"true", "false"};
        break;
      case ParamSpec::Kind::Choice:
        values = spec.choices;
        break;
      case ParamSpec::Kind::Integer:
        // A guard of bots and simulations (max_turns, max_flips) at 0 is off, for tables with
        // people: random bots may then race for ever, so random games take its least cap.
        values = {std::to_string(spec.is_guard() && spec.min == 0 ? 1 : spec.min),
                  std::to_string(spec.max)};
        break;
    }
    for (const auto& v : values)
      if (v != spec.default_value) out.push_back({{spec.name, v}});
  }
  return out;
}

}  // namespace

std::vector<std::map<std::string, std::string>> param_variants(const Game& game) {
  const auto alone = values_alone(game);
  auto out = alone;
  // A value that needs another (Le Bal des Sorcières' heritage needs the hard level) is played
  // with the first other value the game accepts it with.
  auto accepted = [&](const std::map<std::string, std::string>& params) {
    auto setup = game.setup(game.default_players(), params, 1);
    return setup.ok() && game.new_state(*setup).ok();
  };
  for (auto& variant : out) {
    if (variant.empty() || accepted(variant)) continue;
    for (const auto& other : alone) {
      if (other.empty() || other.begin()->first == variant.begin()->first) continue;
      auto both = variant;
      both.insert(*other.begin());
      if (accepted(both)) {
        variant = both;
        break;
      }
    }
  }
  return out;
}

int scaled(int games) {
  const char* percent = std::getenv("SABBAT_PLAYOUT_PERCENT");
  const int p = percent ? std::clamp(std::atoi(percent), 1, 100) : 100;
  return std::max(1, games * p / 100);
}

std::vector<std::string> game_ids() {
  std::vector<std::string> out;
  for (const auto& g : registry().games()) out.push_back(g->id());
  return out;
}

std::string test_name(std::string game_id) {
  std::replace(game_id.begin(), game_id.end(), '-', '_');
  return game_id;
}

}  // namespace sabbat::testing
