#include "games/du-balai/bot_memory.hpp"

#include <algorithm>
#include <cmath>

#include "games/du-balai/data.hpp"

namespace sabbat::du_balai {

namespace {

// A log-normal time of median `median` ms (Box-Muller on two uniform draws), at least 1 ms.
GameTime lognormal(GameTime median, double sigma, Rng& rng) {
  const double u1 = (double(rng.next() >> 11) + 1.0) * 0x1.0p-53;
  const double u2 = double(rng.next() >> 11) * 0x1.0p-53;
  const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  return std::max<GameTime>(1, GameTime(double(median) * std::exp(sigma * z)));
}

}  // namespace

void BookMemory::look(int turn, bool decret, GameTime opened,
                      const std::array<uint8_t, kDice>& faces, const ReaderParams& params,
                      Rng& rng) {
  p_ = params;
  turn_ = turn;
  decret_ = decret;
  opened_ = opened;
  lost_ = -1;
  for (int d = 0; d < kDice; ++d) order_[size_t(d)] = uint8_t(d);
  rng.shuffle(order_.begin(), order_.end());
  GameTime t = opened + lognormal(p_.reaction, p_.spread, rng);
  const GameTime start = t;
  const GameTime per_die = lognormal(p_.per_die, p_.pace_spread, rng);
  for (uint8_t d : order_) {
    t += lognormal(per_die, p_.spread, rng);
    first_read_[d] = t;
    faces_[d] = faces[d];
    luck_[d] = double(rng.next() >> 11) * 0x1.0p-53;
    other_[d] = uint8_t((faces[d] + 1 + rng.below(kFaces - 1)) % kFaces);
  }
  pass_ = std::max<GameTime>(1, t - start);
}

void BookMemory::lose_sight(GameTime at) {
  if (lost_ >= 0) return;
  lost_ = std::max(at, opened_);
  for (int d = 0; d < kDice; ++d)
    if (first_read_[size_t(d)] > lost_) faces_[size_t(d)] = kUnknown;
}

int BookMemory::read_by(GameTime at) const {
  const GameTime t = seen_until(at);
  int n = 0;
  for (GameTime r : first_read_) n += r <= t;
  return n;
}

double BookMemory::slip(int held, double seconds) const {
  const double load = 1.0 + p_.overload * std::max(0, held - p_.capacity);
  return std::min(1.0, p_.misremember * (load + p_.fade * std::max(0.0, seconds)));
}

GameTime BookMemory::last_seen(int die, GameTime at) const {
  const GameTime t = seen_until(at), first = first_read_[size_t(die)];
  return first + (t - first) / pass_ * pass_;
}

std::array<int, kDice> BookMemory::recall(GameTime at) const {
  std::array<int, kDice> out;
  out.fill(kUnknown);
  const int held = read_by(at);
  const GameTime t = seen_until(at);
  for (int d = 0; d < kDice; ++d) {
    if (first_read_[size_t(d)] > t || faces_[size_t(d)] == kUnknown) continue;
    const double seconds = double(at - last_seen(d, at)) / 1000.0;
    out[size_t(d)] = luck_[size_t(d)] < slip(held, seconds) ? other_[size_t(d)] : faces_[size_t(d)];
  }
  return out;
}

Book BookMemory::book(GameTime at) const {
  Book b;
  const auto faces = recall(at);
  for (int d = 0; d < kDice; ++d) {
    if (faces[size_t(d)] == kUnknown) continue;
    const Face& f = kDiceTable[size_t(d)][size_t(faces[size_t(d)])];
    SymbolMask& shown = f.colour == Colour::Orange ? b.shown_orange : b.shown_black;
    shown = SymbolMask(shown | (1u << f.symbol));
  }
  return b;
}

}  // namespace sabbat::du_balai
