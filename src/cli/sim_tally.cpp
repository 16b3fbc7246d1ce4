#include "cli/sim_tally.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cli/common.hpp"

namespace sabbat::cli {

SimTally::SimTally(int players)
    : players_(players),
      score_sum_(size_t(players), 0),
      shared_wins_(size_t(players) * size_t(players + 1), 0) {}

void SimTally::add(int64_t length, const std::vector<int>& scores, const std::vector<int>& ranks) {
  ++games_;
  length_sum_ += length;
  length_square_sum_ += length * length;
  min_length_ = std::min(min_length_, length);
  max_length_ = std::max(max_length_, length);
  const auto winners = std::count(ranks.begin(), ranks.end(), 1);
  for (int s = 0; s < players_; ++s) {
    score_sum_[size_t(s)] += scores[size_t(s)];
    if (ranks[size_t(s)] == 1) ++shared_wins_[size_t(s * (players_ + 1) + winners)];
  }
}

void SimTally::merge(const SimTally& other) {
  games_ += other.games_;
  length_sum_ += other.length_sum_;
  length_square_sum_ += other.length_square_sum_;
  min_length_ = std::min(min_length_, other.min_length_);
  max_length_ = std::max(max_length_, other.max_length_);
  for (size_t i = 0; i < score_sum_.size(); ++i) score_sum_[i] += other.score_sum_[i];
  for (size_t i = 0; i < shared_wins_.size(); ++i) shared_wins_[i] += other.shared_wins_[i];
}

double SimTally::mean_length() const {
  return games_ ? double(length_sum_) / double(games_) : 0;
}

double SimTally::sd_length() const {
  if (!games_) return 0;
  const double mean = mean_length();
  const double variance = double(length_square_sum_) / double(games_) - mean * mean;
  return variance > 0 ? std::sqrt(variance) : 0;
}

int64_t SimTally::wins(Seat s) const {
  int64_t total = 0;
  for (int k = 1; k <= players_; ++k) total += shared_wins_[size_t(s * (players_ + 1) + k)];
  return total;
}

double SimTally::fractional_wins(Seat s) const {
  double total = 0;
  for (int k = 1; k <= players_; ++k)
    total += double(shared_wins_[size_t(s * (players_ + 1) + k)]) / k;
  return total;
}

double SimTally::mean_score(Seat s) const {
  return games_ ? double(score_sum_[size_t(s)]) / double(games_) : 0;
}

namespace {

std::string fixed(double v, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
  return buffer;
}

std::string pad(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

}  // namespace

std::string sim_text(const SimHeader& h, const SimTally& t) {
  std::string out = h.display_name + " (" + h.game_id + "): " + std::to_string(t.games()) +
                    " games, " + std::to_string(t.players()) + " players, bot " + h.bot +
                    ", seed " + std::to_string(h.seed) + "\n";
  out += "params: " + params_text(h.params) + "\n";
  out += "game length (actions): mean " + fixed(t.mean_length(), 2) + ", sd " +
         fixed(t.sd_length(), 2) + ", min " + std::to_string(t.min_length()) + ", max " +
         std::to_string(t.max_length()) + "\n";
  out += "seat    wins   win %  fractional wins  mean score\n";
  for (Seat s = 0; s < t.players(); ++s) {
    const double share = t.games() ? 100.0 * double(t.wins(s)) / double(t.games()) : 0;
    out += pad(std::to_string(s), 4) + pad(std::to_string(t.wins(s)), 8) + pad(fixed(share, 1), 8) +
           pad(fixed(t.fractional_wins(s), 2), 17) + pad(fixed(t.mean_score(s), 2), 12) + "\n";
  }
  return out;
}

nlohmann::ordered_json sim_json(const SimHeader& h, const SimTally& t) {
  using ordered = nlohmann::ordered_json;
  ordered wins = ordered::array(), fractional = ordered::array(), scores = ordered::array();
  for (Seat s = 0; s < t.players(); ++s) {
    wins.push_back(t.wins(s));
    fractional.push_back(t.fractional_wins(s));
    scores.push_back(t.mean_score(s));
  }
  return ordered{{"game", h.game_id},
                 {"games", t.games()},
                 {"players", t.players()},
                 {"seed", h.seed},
                 {"bot", h.bot},
                 {"params", h.params},
                 {"length",
                  {{"mean", t.mean_length()},
                   {"sd", t.sd_length()},
                   {"min", t.min_length()},
                   {"max", t.max_length()}}},
                 {"wins", wins},
                 {"fractional_wins", fractional},
                 {"mean_score", scores}};
}

}  // namespace sabbat::cli
