// The end of the race: scores and ranks; and the invariants the playout tests audit.
#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

namespace {
std::string seat_name(int s) {
  return "seat " + std::to_string(s);
}
}  // namespace

std::vector<int> DuBalaiState::scores() const {
  std::vector<int> out(size_t(o_.players), 0);
  for (int s = 0; s < o_.players; ++s) {
    const int order = track_.finish_order[size_t(s)];
    // "Le premier … marque 25 points … le second marque 24, puis 23 pour tous les autres."
    int points = order == 1 ? 25 : order == 2 ? 24 : order > 2 ? 23 : track_.square[size_t(s)];
    for (const auto& c : kCardTable) points += c.points * witches_[size_t(s)].hand[size_t(c.card)];
    out[size_t(s)] = points;
  }
  return out;
}

std::vector<int> DuBalaiState::ranks() const {
  // "en cas d'égalité, celui qui est allé le plus loin est déclaré vainqueur"
  const auto sc = scores();
  auto distance = [&](int s) {
    const int order = track_.finish_order[size_t(s)];
    return order ? 100 - order : int(track_.square[size_t(s)]);
  };
  std::vector<int> r(size_t(o_.players), 1);
  for (int s = 0; s < o_.players; ++s)
    for (int t = 0; t < o_.players; ++t)
      if (sc[size_t(t)] > sc[size_t(s)] ||
          (sc[size_t(t)] == sc[size_t(s)] && distance(t) > distance(s)))
        ++r[size_t(s)];
  return r;
}

Status DuBalaiState::audit() const {
  Hand total = discard_;
  for (int i = 0; i < deck_n_; ++i) ++total[size_t(deck_[size_t(i)])];
  for (int i = 0; i < drawn_n_; ++i) ++total[size_t(drawn_[size_t(i)])];
  for (int s = 0; s < o_.players; ++s)
    for (int c = 0; c < kCardKinds; ++c) total[size_t(c)] += witches_[size_t(s)].hand[size_t(c)];
  for (const auto& c : kCardTable)
    if (total[size_t(c.card)] != c.count)
      return fail("Magie noire " + std::string(c.id) + ": " +
                  std::to_string(total[size_t(c.card)]) + " cards instead of " +
                  std::to_string(c.count));
  int finishers = 0;
  for (int s = 0; s < o_.players; ++s) {
    const int sq = track_.square[size_t(s)];
    if (sq < kBackmost || sq > kFinish) return fail(seat_name(s) + " is off the track");
    if ((sq == kFinish) != track_.finished(s))
      return fail(seat_name(s) + ": finish line and crossing order disagree");
    finishers += track_.finished(s);
    const Witch& w = witches_[size_t(s)];
    if (w.formulas > 2 || (w.formulas == 2 && (w.formula[0].mask & w.formula[1].mask)))
      return fail(seat_name(s) + ": a card is in two formulas");
    for (int i = 0; i < w.formulas; ++i)
      if (w.formula[size_t(i)].empty()) return fail(seat_name(s) + ": an empty formula is counted");
    const bool second_written =
        w.second == Second::Written || w.second == Second::Cast || w.second == Second::Counts;
    if ((w.formulas == 2) != second_written)
      return fail(seat_name(s) + ": her second formula and its state disagree");
    if (w.second != Second::Unavailable && (!w.written || w.formulas == 0))
      return fail(seat_name(s) + ": a second formula without a first one");
    if ((w.second == Second::Cast || w.second == Second::Counts) && phase_ != Phase::Resolving &&
        phase_ != Phase::Over)
      return fail(seat_name(s) + ": Double-jeu played outside phase 4");
  }
  if (finishers != track_.finishers) return fail("the count of finishers is wrong");
  if (phase_ == Phase::Over && finishers == 0 && (o_.max_turns == 0 || turn_ < o_.max_turns))
    return fail("the race ended with nobody across before the turn limit");
  return {};
}

}  // namespace sabbat::du_balai
