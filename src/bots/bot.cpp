#include "bots/bot.hpp"

namespace sabbat {

std::optional<Proposal> RandomBot::propose(const State& state, Seat seat, Rng& rng) {
  state.legal_actions(seat, legal_);
  if (legal_.empty()) return std::nullopt;
  return Proposal{legal_[rng.below(uint32_t(legal_.size()))], state.now()};
}

Result<std::unique_ptr<Bot>> make_bot(const std::string& name) {
  if (name == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>());
  return fail("unknown bot '" + name + "'; known bots: random");
}

}  // namespace sabbat
