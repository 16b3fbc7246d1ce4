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
//
// Below the tree a playout plays the determinization on: by default uniformly random legal
// actions to the end, judged by the final places. A search may instead be given a playout
// policy: fresh bots (new ones for every iteration, so that no bot carries what it remembers
// from one determinization to another) propose the actions, and the playout may stop at the
// first change of the standings since the decision (State::standings: the scores, so in a card
// game the end of the round; in Le Bal des Sorcières the next Crapzouille lost), judged by what
// that change gave each seat against the best served rival. Random playouts of
// a card game are poor judges of a move (nobody in them aims at anything: against the `normal`
// Sortilèges bot the search was level), and the end of a game is far (a heuristic playout to
// the end costs about 0.45 ms, so 100 ms allow some 220 of them); a sensible policy over a
// short horizon allows tens of thousands of iterations in 100 ms.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
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

// Makes the bot that plays one seat of one playout.
using PlayoutBotMaker = std::function<std::unique_ptr<Bot>()>;

struct PlayoutPolicy {
  PlayoutBotMaker bot;  // none: random actions
  // Stop at the first change of the standings since the decision (see above); the end of
  // the game is judged by its places.
  bool to_next_scoring = false;
  // The other seats play the policy inside the tree too, so that the tree holds this seat's
  // own choices only (the others' moves are then part of the world it samples): a tree of a
  // few thousand iterations tries each of their many possible actions too rarely to model
  // them better than the policy does.
  bool others_by_policy = false;
};

class IsMctsBot final : public Bot {
 public:
  explicit IsMctsBot(SearchBudget budget, double exploration = 0.7, PlayoutPolicy playout = {});
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
  void play_out(State& d, Rng& rng);
  // With a horizon: whether the standings differ from those the iteration started from.
  bool scored(const State& d);
  int32_t child_of(int32_t node, Seat mover, Action action) const;
  int32_t add_child(int32_t node, Seat mover, Action action);
  // Each seat's reward for a playout, in [0, 1]: for a finished (or cut short) game 1 for
  // first place and 0 for last; at the horizon, by the seat's gain against the best rival's.
  void rewards(const State& state);

  SearchBudget budget_;
  double exploration_;
  PlayoutPolicy playout_;
  std::vector<std::unique_ptr<Bot>> playout_bots_;  // one per seat, new for every playout
  Stats stats_;
  std::vector<Node> nodes_;
  std::vector<int32_t> path_;
  std::vector<double> reward_;
  std::vector<int> start_standings_;  // the determinization's, before the iteration's actions
  std::vector<int> gains_;            // what each seat gained by the horizon
  ActionList legal_;
  std::vector<int32_t> untried_;
};

}  // namespace sabbat
