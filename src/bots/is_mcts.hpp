#pragma once
// Information-set Monte Carlo tree search (single-observer IS-MCTS, after Cowling, Powley &
// Whitehouse, 2012), over the core's contracts only, so it plays every game.
//
// Every iteration draws a determinization of the real state from the bot's seat alone
// (State::sample_hidden), so the search never reads what its seat cannot see. One tree holds
// the action sequences from the bot's decision; a child is chosen by UCB1 counted over the
// iterations in which its action was legal ("availability"), since another determinization
// may allow other actions. Several actors at once (a simultaneous phase) are searched one
// after another, the bot's own seat first at the root, then the lowest seat that can act.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/bot.hpp"

namespace sabbat {

struct SearchBudget {
  // Iterations per decision; with this budget a decision depends on the state and the rng
  // alone. When `millis` is set the search also stops when that much wall time has passed
  // (a strength for people, not for reproducible experiments).
  uint32_t iterations = 1000;
  std::optional<uint32_t> millis;
};

// "mcts" (1,000 iterations), "mcts:N" (N iterations) or "mcts:Nms" (N milliseconds of thinking,
// at least one iteration); the error says what is allowed.
Result<SearchBudget> parse_search_budget(std::string_view name);

class IsMctsBot final : public Bot {
 public:
  explicit IsMctsBot(SearchBudget budget, double exploration = 0.7);
  std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) override;

  // What the last decision did, for benchmarks and tests.
  struct Stats {
    uint32_t iterations = 0;
    uint32_t nodes = 0;
  };
  const Stats& last_stats() const { return stats_; }

 private:
  struct Node {
    uint32_t action = 0;
    Seat mover = 0;  // who chose `action` to reach this node (kClock for a deadline)
    int32_t parent = -1;
    int32_t first_child = -1;
    int32_t next_sibling = -1;
    uint32_t visits = 0;
    uint32_t available = 0;  // iterations in which `action` was legal at the parent
    double reward = 0;       // sum of the mover's rewards
  };

  void iterate(const State& real, Seat seat, Rng& rng);
  int32_t child_of(int32_t node, Seat mover, Action action) const;
  int32_t add_child(int32_t node, Seat mover, Action action);
  // Each seat's reward for a finished (or cut short) playout: 1 for first place, 0 for last.
  void rewards(const State& state);

  SearchBudget budget_;
  double exploration_;
  Stats stats_;
  std::vector<Node> nodes_;
  std::vector<int32_t> path_;
  std::vector<double> reward_;
  ActionList legal_;
  std::vector<int32_t> untried_;
};

}  // namespace sabbat
