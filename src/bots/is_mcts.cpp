#include "bots/is_mcts.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace sabbat {

namespace {

// A playout that has not ended after this many actions is scored as it stands (a random
// Du Balai ! race may wander for a long time).
constexpr int kMaxPlayout = 4000;
constexpr uint32_t kMaxIterations = 10'000'000;
constexpr uint32_t kMaxMillis = 600'000;

// The lowest seat that has a legal action, or nothing.
std::optional<Seat> first_able(const State& state) {
  const uint32_t bits = state.actors().bits();
  for (uint32_t rest = bits; rest != 0; rest &= rest - 1) {
    const Seat s = __builtin_ctz(rest);
    if (state.legal_count(s) > 0) return s;
  }
  return std::nullopt;
}

// Moves the game on when no seat can act: the clock applies the pending deadline.
bool clock_moves(State& state) {
  auto d = state.deadline();
  return d && state.apply(kClock, d->action, std::max(d->at, state.now()));
}

}  // namespace

Result<SearchBudget> parse_search_budget(std::string_view name) {
  const std::string allowed =
      "'mcts' (1,000 iterations), 'mcts:N' (N iterations, 1 to 10,000,000) or 'mcts:Nms' (N "
      "milliseconds, 1 to 600,000)";
  if (name == "mcts") return SearchBudget{};
  if (name.substr(0, 5) != "mcts:") return fail("not a search bot: use " + allowed);
  std::string_view rest = name.substr(5);
  const bool millis = rest.size() > 2 && rest.substr(rest.size() - 2) == "ms";
  if (millis) rest.remove_suffix(2);
  uint32_t n = 0;
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
  if (ec != std::errc() || end != rest.data() + rest.size() || n == 0 ||
      n > (millis ? kMaxMillis : kMaxIterations))
    return fail("'" + std::string(name) + "' is not a search budget: use " + allowed);
  if (millis) return SearchBudget{kMaxIterations, n};
  return SearchBudget{n, std::nullopt};
}

IsMctsBot::IsMctsBot(SearchBudget budget, double exploration, PlayoutPolicy playout)
    : budget_(budget), exploration_(exploration), playout_(std::move(playout)) {}

std::optional<Proposal> IsMctsBot::propose(const State& state, Seat seat, Rng& rng) {
  stats_ = {};
  if (state.terminal() || !state.actors().contains(seat)) return std::nullopt;
  state.legal_actions(seat, legal_);
  if (legal_.empty()) return std::nullopt;
  if (legal_.size() == 1) return Proposal{legal_.front(), state.now()};

  nodes_.clear();
  nodes_.push_back(Node{});
  nodes_[0].mover = seat;
  const auto start = std::chrono::steady_clock::now();
  for (uint32_t i = 0; i < budget_.iterations; ++i) {
    iterate(state, seat, rng);
    ++stats_.iterations;
    // The clock is read every 16 iterations: reading it costs as much as a short playout.
    if (budget_.millis && (i & 15) == 15 &&
        std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(*budget_.millis))
      break;
  }
  stats_.nodes = uint32_t(nodes_.size());

  // The most visited of the actions the real state allows (every root child is one of the
  // seat's own actions, which its determinizations share; the check is a safeguard).
  state.legal_actions(seat, legal_);
  std::sort(legal_.begin(), legal_.end(), [](Action a, Action b) { return a.code < b.code; });
  int32_t best = -1;
  for (int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[size_t(c)].next_sibling) {
    const Node& n = nodes_[size_t(c)];
    if (!std::binary_search(legal_.begin(), legal_.end(), Action{n.action},
                            [](Action a, Action b) { return a.code < b.code; }))
      continue;
    if (best < 0 || n.visits > nodes_[size_t(best)].visits) best = c;
  }
  if (best < 0) return Proposal{*state.random_legal(seat, rng), state.now()};
  return Proposal{Action{nodes_[size_t(best)].action}, state.now()};
}

int32_t IsMctsBot::child_of(int32_t node, Seat mover, Action action) const {
  for (int32_t c = nodes_[size_t(node)].first_child; c >= 0; c = nodes_[size_t(c)].next_sibling)
    if (nodes_[size_t(c)].action == action.code && nodes_[size_t(c)].mover == mover) return c;
  return -1;
}

int32_t IsMctsBot::add_child(int32_t node, Seat mover, Action action) {
  Node child;
  child.action = action.code;
  child.mover = mover;
  child.parent = node;
  child.next_sibling = nodes_[size_t(node)].first_child;
  child.available = 1;
  nodes_.push_back(child);
  const auto index = int32_t(nodes_.size() - 1);
  nodes_[size_t(node)].first_child = index;
  return index;
}

void IsMctsBot::iterate(const State& real, Seat seat, Rng& rng) {
  auto determinization = real.sample_hidden(seat, rng);
  State& d = *determinization;
  if (playout_.to_next_scoring) start_standings_ = d.standings();
  if (playout_.bot) {
    playout_bots_.resize(size_t(d.players()));
    for (auto& bot : playout_bots_) bot = playout_.bot();
  }
  path_.clear();
  path_.push_back(0);
  int32_t node = 0;
  bool expanded = false;
  const auto by_code = [](Action a, Action b) { return a.code < b.code; };

  // Selection, down the tree while every legal action has been tried, then one expansion.
  while (!expanded && !d.terminal()) {
    // The bot's own seat chooses at the root; below, the lowest seat that can act.
    const auto who = node == 0 ? std::optional<Seat>(seat) : first_able(d);
    Action chosen;
    Seat chooser = kClock;
    if (!who) {
      auto deadline = d.deadline();
      if (!deadline) break;
      chosen = deadline->action;
      int32_t c = child_of(node, kClock, chosen);
      if (c < 0) {
        c = add_child(node, kClock, chosen);
        expanded = true;
      } else {
        ++nodes_[size_t(c)].available;
      }
      if (!clock_moves(d)) break;
      node = c;
      path_.push_back(node);
      if (scored(d)) break;
      continue;
    }
    chooser = *who;
    if (playout_.others_by_policy && playout_.bot && chooser != seat) {
      // The others play the policy inside the tree as below it: the tree holds this seat's
      // own choices, between which the others' moves are part of the world.
      MaybeAction action;
      if (auto p = playout_bots_[size_t(chooser)]->propose(d, chooser, rng)) action = p->action;
      if (!action) action = d.random_legal(chooser, rng);
      if (!action) break;
      if (!d.apply(chooser, *action, d.now()) && !clock_moves(d)) break;
      if (scored(d)) break;
      continue;
    }
    d.legal_actions(chooser, legal_);
    if (legal_.empty()) break;
    std::sort(legal_.begin(), legal_.end(), by_code);
    // Which legal actions have a child here: those are available this iteration.
    untried_.assign(legal_.size(), -1);
    uint32_t tried = 0;
    for (int32_t c = nodes_[size_t(node)].first_child; c >= 0; c = nodes_[size_t(c)].next_sibling) {
      Node& n = nodes_[size_t(c)];
      if (n.mover != chooser) continue;
      auto it = std::lower_bound(legal_.begin(), legal_.end(), Action{n.action}, by_code);
      if (it == legal_.end() || it->code != n.action) continue;
      ++n.available;
      untried_[size_t(it - legal_.begin())] = c;
      ++tried;
    }
    int32_t next = -1;
    if (tried < legal_.size()) {
      // Expansion: one untried action, at random.
      uint32_t pick = rng.below(uint32_t(legal_.size()) - tried);
      for (size_t i = 0; i < legal_.size(); ++i) {
        if (untried_[i] >= 0) continue;
        if (pick-- == 0) {
          chosen = legal_[i];
          break;
        }
      }
      next = add_child(node, chooser, chosen);
      expanded = true;
    } else {
      // UCB1 over availability: rewards are the chooser's own, in [0, 1].
      double best = -1;
      for (size_t i = 0; i < legal_.size(); ++i) {
        const Node& n = nodes_[size_t(untried_[i])];
        const double value =
            n.reward / n.visits +
            exploration_ * std::sqrt(std::log(double(n.available)) / double(n.visits));
        if (value > best) {
          best = value;
          next = untried_[i];
        }
      }
      chosen = Action{nodes_[size_t(next)].action};
    }
    if (!d.apply(chooser, chosen, d.now())) {
      // Too late for the actor (a deadline has come): the clock moves first. The child
      // stays; it is a legal action whenever the deadline is not due.
      if (!clock_moves(d)) break;
      continue;
    }
    node = next;
    path_.push_back(node);
    // The tree ends at the horizon, as the playout does.
    if (scored(d)) break;
  }

  if (!scored(d)) play_out(d, rng);
  rewards(d);
  for (int32_t n : path_) {
    Node& node_ref = nodes_[size_t(n)];
    ++node_ref.visits;
    if (node_ref.mover >= 0 && size_t(node_ref.mover) < reward_.size())
      node_ref.reward += reward_[size_t(node_ref.mover)];
  }
}

void IsMctsBot::play_out(State& d, Rng& rng) {
  const bool bots = bool(playout_.bot);
  // The lowest seat that can act plays (its bot's proposal, else a random legal action), or
  // the clock when nobody can.
  for (int steps = 0; steps < kMaxPlayout && !d.terminal(); ++steps) {
    const auto who = first_able(d);
    if (!who) {
      if (!clock_moves(d)) break;
      continue;
    }
    MaybeAction action;
    if (bots) {
      if (auto p = playout_bots_[size_t(*who)]->propose(d, *who, rng)) action = p->action;
    }
    if (!action) action = d.random_legal(*who, rng);
    if (!action) break;
    if (!d.apply(*who, *action, d.now()) && !clock_moves(d)) break;
    if (scored(d)) break;
  }
}

bool IsMctsBot::scored(const State& d) {
  if (!playout_.to_next_scoring || d.terminal()) return false;
  return d.standings() != start_standings_;
}

void IsMctsBot::rewards(const State& state) {
  if (playout_.to_next_scoring && !state.terminal()) {
    const auto now = state.standings();
    if (now != start_standings_) {
      // At the horizon: the seat's gain less half the best served rival's (a point kept from
      // a rival is worth less than one won: the other seats gain by it too), over three times
      // the largest gain or loss, around 0.5.
      const size_t players = now.size();
      std::vector<int>& gain = gains_;
      gain.resize(players);
      int scale = 0;
      for (size_t s = 0; s < players; ++s) {
        gain[s] = now[s] - start_standings_[s];
        scale = std::max(scale, std::abs(gain[s]));
      }
      reward_.assign(players, 0.5);
      for (size_t s = 0; s < players && players > 1; ++s) {
        int rival = std::numeric_limits<int>::min();
        for (size_t t = 0; t < players; ++t)
          if (t != s) rival = std::max(rival, gain[t]);
        reward_[s] =
            std::clamp(0.5 + (double(gain[s]) - 0.5 * double(rival)) / (3.0 * scale), 0.0, 1.0);
      }
      return;
    }
  }
  // Ranks by score, better is higher, shared places share the better rank (State::ranks for a
  // finished game; a cut-short playout is judged by its scores so far the same way).
  const auto ranks = state.ranks();
  const int players = int(ranks.size());
  reward_.assign(size_t(players), 1.0);
  if (players < 2) return;
  for (int s = 0; s < players; ++s)
    reward_[size_t(s)] = double(players - ranks[size_t(s)]) / double(players - 1);
}

}  // namespace sabbat
