#include "cli/arena_stats.hpp"

#include <algorithm>
#include <cmath>

namespace sabbat::cli {

ArenaTally::ArenaTally(int bots)
    : bots_(bots),
      seats_(size_t(bots)),
      wins_(size_t(bots)),
      points_(size_t(bots) * size_t(bots)),
      meetings_(size_t(bots) * size_t(bots)) {}

void ArenaTally::add(const ArenaGame& game) {
  const size_t n = game.ranks.size();
  const auto winners = std::count(game.ranks.begin(), game.ranks.end(), 1);
  for (size_t s = 0; s < n; ++s) {
    const int bot = game.bot_at_seat[s];
    ++seats_[size_t(bot)];
    if (game.ranks[s] == 1) wins_[size_t(bot)] += 1.0 / double(winners);
    for (size_t t = s + 1; t < n; ++t) {
      const int other = game.bot_at_seat[t];
      if (other == bot) continue;
      const double to_s = game.ranks[s] < game.ranks[t]    ? 1.0
                          : game.ranks[s] == game.ranks[t] ? 0.5
                                                           : 0.0;
      points_[index(bot, other)] += to_s;
      points_[index(other, bot)] += 1.0 - to_s;
      ++meetings_[index(bot, other)];
      ++meetings_[index(other, bot)];
    }
  }
}

std::vector<double> bradley_terry_elo(const ArenaTally& tally) {
  const int k = tally.bots();
  std::vector<double> strength(static_cast<size_t>(k), 1.0);
  std::vector<double> next(static_cast<size_t>(k));
  for (int round = 0; round < 10000; ++round) {
    double change = 0;
    for (int i = 0; i < k; ++i) {
      double won = 0, weight = 0;
      for (int j = 0; j < k; ++j) {
        if (j == i) continue;
        // The virtual draw: half a point each over one more meeting.
        won += tally.points(i, j) + 0.5;
        weight += double(tally.meetings(i, j) + 1) / (strength[size_t(i)] + strength[size_t(j)]);
      }
      next[size_t(i)] = weight > 0 ? won / weight : 1.0;
    }
    // Scaled to a geometric mean of one, so that the ratings average 0.
    double log_mean = 0;
    for (double s : next) log_mean += std::log(s) / k;
    for (int i = 0; i < k; ++i) {
      const double s = next[size_t(i)] / std::exp(log_mean);
      change = std::max(change, std::abs(s - strength[size_t(i)]) / strength[size_t(i)]);
      strength[size_t(i)] = s;
    }
    if (change < 1e-12) break;
  }
  std::vector<double> elo(static_cast<size_t>(k));
  for (int i = 0; i < k; ++i) elo[size_t(i)] = 400.0 * std::log10(strength[size_t(i)]);
  return elo;
}

}  // namespace sabbat::cli
