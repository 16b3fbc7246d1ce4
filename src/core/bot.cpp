#include "core/bot.hpp"

namespace sabbat {

// A game offers no bot of its own unless it says so.
std::unique_ptr<Bot> Game::make_bot(std::string_view) const {
  return nullptr;
}

const State& seen_by(const Bot& bot, const State& state, Seat seat, Rng& rng,
                     std::unique_ptr<State>& redrawn) {
  if (bot.reads_only_legal_actions()) return state;
  redrawn = state.sample_hidden(seat, rng);
  return *redrawn;
}

}  // namespace sabbat
