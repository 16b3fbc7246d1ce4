// What the state answers the core: scores, standings, copies, deadlines and who may know
// what. The setup is in setup.cpp, the moves in rules.cpp.
#include "games/bal-des-sorcieres/state.hpp"

namespace sabbat::bal {

const std::array<CardSet, kKinds> kKindCards = [] {
  std::array<CardSet, kKinds> sets{};
  for (int c = 0; c < kCards; ++c) sets[card_kind(Card(c))].add(Card(c));
  return sets;
}();

// A witch's score is how many witches went out before her: the winner has players - 1.
std::vector<int> BalState::scores() const {
  std::vector<int> out(size_t(options_.players));
  for (Seat s = 0; s < options_.players; ++s) {
    const int rank = witches_[size_t(s)].out_rank;
    out[size_t(s)] = rank == 0 ? options_.players - 1 : rank - 1;
  }
  return out;
}

std::vector<int> BalState::standings() const {
  std::vector<int> out(size_t(options_.players));
  for (Seat s = 0; s < options_.players; ++s) out[size_t(s)] = witches_[size_t(s)].alive();
  return out;
}

std::unique_ptr<State> BalState::clone() const {
  return std::make_unique<BalState>(*this);
}

bool BalState::same_as(const State& other) const {
  const auto* o = dynamic_cast<const BalState*>(&other);
  return o != nullptr && *this == *o;
}

// A reaction window's clock: its minimum whatever the hands, so that it tells nothing; past
// it, if the window is still open, its longest.
std::optional<Deadline> BalState::deadline() const {
  if (phase_ == Phase::Over) return std::nullopt;
  // A turn's least time, whoever plays it: the table plays a forced move then (forced.cpp).
  if (phase_ != Phase::Window) {
    if (!options_.forced_played || past_least_) return std::nullopt;
    return Deadline{turn_opened_ + options_.window_min_ms, Action{encode({ActionType::TimeUp})}};
  }
  const GameTime at =
      window_.opened + (window_.past_min ? options_.window_ms : options_.window_min_ms);
  return Deadline{at, Action{encode({ActionType::TimeUp})}};
}

SeatSet BalState::actors_seen_by(Seat viewer) const {
  // A witch whose move the table will play looks asked to all but herself.
  if (phase_ != Phase::Window) return turn_actor().contains(viewer) ? actors() : turn_actor();
  return viewer >= 0 && actors().contains(viewer) ? SeatSet::only(viewer) : SeatSet{};
}

bool BalState::secret_from_others(Seat seat, Action action, GameTime) const {
  if (seat_setting(action)) return true;
  if (phase_ != Phase::Window || !window_.still().contains(seat)) return false;
  // The last answer after the minimum (the clock has passed it, or the answer would be too
  // late) closes the window at once, for everyone to see.
  return !(window_.past_min && window_.still().size() == 1);
}

std::string BalState::idle_reason(Seat seat, Action) const {
  if (const MaybeAction f = forced_move(); f && turn_actor().contains(seat))
    return "seat " + std::to_string(seat) + " may not act: the table plays '" + action_text(*f) +
           "' for her (" + forced_why() +
           "), her only move; \"forced ask\" asks her her forced moves";
  if (phase_ == Phase::Window)
    return window_.answered.contains(seat)
               ? "seat " + std::to_string(seat) +
                     " has answered the reaction window already: a witch answers once"
               : "seat " + std::to_string(seat) +
                     " may not act: a reaction window is open, and it asks only a witch who "
                     "holds a card she may play in it";
  if (phase_ == Phase::Boule)
    return "seat " + std::to_string(seat) + " may not act: seat " +
           std::to_string(crystal_.giver(crystal_.step)) +
           " is laying a card face down for Boule de cristal";
  if (phase_ == Phase::Inherit)
    return "seat " + std::to_string(seat) + " may not act: seat " + std::to_string(exchange_.heir) +
           " is sorting the hand she inherited";
  if (phase_ == Phase::Remake)
    return "seat " + std::to_string(seat) + " may not act: seat " +
           std::to_string(exchange_.magician) + " is remaking her hand (Tour de magie)";
  if (phase_ == Phase::Parry)
    return "seat " + std::to_string(seat) + " may not act: seat " +
           std::to_string(exchange_.defender) + " is parrying";
  if (phase_ == Phase::Lose)
    return "seat " + std::to_string(seat) + " may not act: seat " +
           std::to_string(exchange_.loser) + " is choosing whose Crapzouille she loses";
  if (phase_ == Phase::Restock)
    return "seat " + std::to_string(seat) + " may not act: seat " + std::to_string(restock_at_) +
           " holds no potion and is throwing two spells (plus assez de cartes)";
  if (stand_in_ != kNobody)
    return "seat " + std::to_string(seat) + " may not act: seat " + std::to_string(stand_in_) +
           " attacks in seat " + std::to_string(carabosse_) + "'s place (À moi, nananère !)";
  return "seat " + std::to_string(seat) + " may not act: seat " + std::to_string(carabosse_) +
         " holds Carabosse";
}

}  // namespace sabbat::bal
