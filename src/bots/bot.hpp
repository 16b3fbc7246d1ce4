#pragma once
// A bot proposes its next action and when it would act, from what its seat may know.
#include <memory>
#include <optional>
#include <string>

#include "core/game.hpp"

namespace sabbat {

struct Proposal {
  Action action;
  GameTime at = 0;  // game time at which the bot would act (not before now)
};

class Bot {
 public:
  virtual ~Bot() = default;
  // Nothing when the bot would rather wait (e.g. for a deadline).
  virtual std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) = 0;
};

// Picks uniformly among the legal actions, at once.
class RandomBot final : public Bot {
 public:
  std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) override;

 private:
  ActionList legal_;
};

// Bots by name ("random"); the error lists the known names.
Result<std::unique_ptr<Bot>> make_bot(const std::string& name);

}  // namespace sabbat
