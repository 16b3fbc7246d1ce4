#include "report/stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <utility>

namespace sabbat::report {

namespace {

constexpr double kZ = 1.959963984540054;  // the 97.5th percentile of the normal law
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Below this many values (or degrees of freedom) an interval of a mean uses Student's t
// quantile; from it on, the normal one, 4 % narrower than t's at 29 degrees of freedom and
// closer beyond.
constexpr double kNormalFrom = 30;
constexpr int kMaxTerms = 10000;

// log Γ(z), z > 0. Written here rather than taken from std::lgamma, which sets the global
// signgam and so is not safe to call from several threads. Stirling's series to the z^-9 term
// is accurate to about 1e-15 from z = 15 on; below, Γ(z) = Γ(z + n) / (z (z + 1) ... (z + n - 1)).
double log_gamma(double z) {
  double shift = 1;
  while (z < 15) {
    shift *= z;
    z += 1;
  }
  const double w = 1 / (z * z);
  const double series =
      (1.0 / 12 - w * (1.0 / 360 - w * (1.0 / 1260 - w * (1.0 / 1680 - w / 1188)))) / z;
  return (z - 0.5) * std::log(z) - z + 0.5 * std::log(2 * std::numbers::pi) + series -
         std::log(shift);
}

// b0 + a1 / (b1 + a2 / (b2 + ...)) by the modified Lentz method (Thompson and Barnett 1986):
// the fraction is evaluated from the top down, so it stops as soon as a further term no longer
// changes it, and a zero denominator is nudged to a tiny number instead of dividing by it.
// `terms(m)` gives {a_m, b_m}.
template <class Terms>
double continued_fraction(double b0, Terms terms) {
  static constexpr double tiny = 1e-300;
  const auto nudged = [](double v) { return std::abs(v) < tiny ? tiny : v; };
  double f = nudged(b0), c = f, d = 0;
  for (int m = 1; m <= kMaxTerms; ++m) {
    const auto [am, bm] = terms(m);
    d = 1 / nudged(bm + am * d);
    c = nudged(bm + am / c);
    const double step = c * d;
    f *= step;
    if (std::abs(step - 1) < 1e-15) break;
  }
  return f;
}

// I_x(a, b) with y = 1 - x given apart, so that a t law's tail far out does not lose its
// digits in 1 - x. The continued fraction of DLMF 8.17.22 converges quickly for
// x < (a + 1) / (a + b + 2); beyond, I_x(a, b) = 1 - I_y(b, a) puts x back on that side.
double beta_inc(double x, double y, double a, double b) {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - beta_inc(y, x, b, a);
  const double log_beta = log_gamma(a) + log_gamma(b) - log_gamma(a + b);
  const double front = std::exp(a * std::log(x) + b * std::log(y) - log_beta) / a;
  const double fraction = continued_fraction(1.0, [&](int i) {
    const int m = i / 2;
    const double numerator = i % 2 == 0
                                 ? m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
                                 : -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
    return std::pair{numerator, 1.0};
  });
  return front / fraction;
}

double proportion(double successes, int64_t trials) {
  return std::min(1.0, successes / double(trials));
}

}  // namespace

double regularized_beta(double x, double a, double b) {
  if (!(a > 0 && b > 0 && x >= 0 && x <= 1))
    throw std::invalid_argument("regularized_beta: needs a > 0, b > 0 and 0 <= x <= 1");
  return beta_inc(x, 1 - x, a, b);
}

// For x < a + 1 the power series of P(a, x) = 1 - Q (DLMF 8.11.4, 8.7.1) converges fastest,
// its terms shrinking by x / (a + n); beyond, Legendre's continued fraction for Γ(a, x)
// (DLMF 8.9.2) does, and gives a small Q without the loss of digits of 1 - P.
double gamma_q(double a, double x) {
  if (!(a > 0 && x >= 0)) throw std::invalid_argument("gamma_q: needs a > 0 and x >= 0");
  if (x == 0) return 1;
  const double log_front = a * std::log(x) - x - log_gamma(a);
  if (x < a + 1) {
    double term = 1 / a, sum = term;
    for (int n = 1; n <= kMaxTerms && term > sum * 1e-17; ++n) {
      term *= x / (a + n);
      sum += term;
    }
    return std::max(0.0, 1 - sum * std::exp(log_front));
  }
  const double fraction = continued_fraction(x + 1 - a, [&](int m) {
    return std::pair{-m * (m - a), x + 2 * m + 1 - a};
  });
  return std::exp(log_front) / fraction;
}

// The t law's upper tail is P(T > t) = I_{df / (df + t²)}(df / 2, 1 / 2) / 2 (DLMF 8.17.2,
// Abramowitz and Stegun 26.7.1), which falls as t grows: doubling t brackets the quantile and
// halving the bracket finds it to the last digits. Slower than a series inversion but sure to
// converge for any df, whole or not, as Welch's degrees of freedom are.
double student_t_quantile(double p, double df) {
  if (!(p > 0 && p < 1 && df > 0))
    throw std::invalid_argument("student_t_quantile: needs 0 < p < 1 and df > 0");
  if (p == 0.5) return 0;
  if (p < 0.5) return -student_t_quantile(1 - p, df);
  const double tail = 1 - p;
  const auto upper_tail = [df](double t) {
    const double s = df + t * t;
    return 0.5 * beta_inc(df / s, t * t / s, df / 2, 0.5);
  };
  double low = 0, high = 1;
  while (upper_tail(high) > tail && high < std::numeric_limits<double>::max() / 2) {
    low = high;
    high *= 2;
  }
  for (int i = 0; i < 2000 && high - low > 1e-15 * high; ++i) {
    const double mid = 0.5 * (low + high);
    (upper_tail(mid) > tail ? low : high) = mid;
  }
  return 0.5 * (low + high);
}

// Wilson (1927): the proportions p for which the observed one lies within z standard errors
// sqrt(p (1 - p) / n). Unlike p ± z sqrt(p (1 - p) / n), it stays within 0..1 and does not
// shrink to a point when nothing or everything succeeded.
Interval wilson_95(double successes, int64_t trials) {
  // Shared wins are added up as fractions; a sum of many may round a hair past trials.
  const double most = trials > 0 ? double(trials) * (1 + 1e-9) : 0;
  if (!(successes >= 0 && successes <= most))
    throw std::invalid_argument("wilson_95: successes must lie between 0 and trials");
  if (trials <= 0) return {0, 1};
  const double n = double(trials);
  const double p = proportion(successes, trials);
  const double centre = (p + kZ * kZ / (2 * n)) / (1 + kZ * kZ / n);
  const double half = kZ * std::sqrt(p * (1 - p) / n + kZ * kZ / (4 * n * n)) / (1 + kZ * kZ / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

// Newcombe (1998), method 10: each end of the difference moves away from p2 - p1 by the
// root of the squares of the distances of the two Wilson intervals' ends to their
// proportions, the ends on the side that moves the difference that way. It keeps the Wilson
// interval's good coverage near 0 and 1, where the Wald interval of a difference fails.
Interval newcombe_difference_95(double s1, int64_t n1, double s2, int64_t n2) {
  const Interval w1 = wilson_95(s1, n1), w2 = wilson_95(s2, n2);
  if (n1 <= 0 || n2 <= 0) return {-1, 1};
  const double p1 = proportion(s1, n1), p2 = proportion(s2, n2);
  const double d = p2 - p1;
  return {d - std::hypot(p2 - w2.low, w1.high - p1), d + std::hypot(w2.high - p2, p1 - w1.low)};
}

// mean ± q sd / sqrt(n), q Student's t quantile with n - 1 degrees of freedom for small
// samples, where the estimated sd makes the normal quantile too narrow.
MeanInterval mean_95(double sum, double sum_squares, int64_t n) {
  if (n <= 0) return {kNaN, kNaN, kNaN, kNaN};
  const double count = double(n);
  const double mean = sum / count;
  if (n < 2) return {mean, kNaN, kNaN, kNaN};
  // From the sums of squares about zero, a spread tiny beside the mean loses digits; what
  // rounds below zero is no spread.
  const double variance = std::max(0.0, (sum_squares - sum * mean) / (count - 1));
  const double sd = std::sqrt(variance);
  const double q = count >= kNormalFrom ? kZ : student_t_quantile(0.975, count - 1);
  const double half = q * sd / std::sqrt(count);
  return {mean, sd, mean - half, mean + half};
}

// Welch (1947): the two variances are not assumed equal; the standard error of the
// difference is sqrt(sd1² / n1 + sd2² / n2), and the Welch–Satterthwaite degrees of freedom
// choose a t quantile when they are few.
Interval welch_difference_95(double mean1, double sd1, int64_t n1, double mean2, double sd2,
                             int64_t n2) {
  if (n1 < 2 || n2 < 2) return {kNaN, kNaN};
  const double v1 = sd1 * sd1 / double(n1), v2 = sd2 * sd2 / double(n2);
  const double variance = v1 + v2;
  double q = kZ;
  if (variance > 0) {
    const double df = variance * variance / (v1 * v1 / double(n1 - 1) + v2 * v2 / double(n2 - 1));
    if (df < kNormalFrom) q = student_t_quantile(0.975, df);
  }
  const double d = mean2 - mean1, half = q * std::sqrt(variance);
  return {d - half, d + half};
}

// Pearson (1900): chi² = Σ (observed - expected)² / expected, against the chi-square law with
// k - 1 degrees of freedom, whose upper tail at chi² is Q((k - 1) / 2, chi² / 2).
ChiSquare equal_shares_test(std::span<const double> observed) {
  double total = 0;
  for (double o : observed) {
    if (!(std::isfinite(o) && o >= 0))
      throw std::invalid_argument("equal_shares_test: counts must be finite and not negative");
    total += o;
  }
  const int k = int(observed.size());
  const int df = std::max(0, k - 1);
  if (k < 2 || total <= 0) return {0, df, 1};
  const double expected = total / k;
  double chi2 = 0;
  for (double o : observed) chi2 += (o - expected) * (o - expected) / expected;
  return {chi2, df, gamma_q(df / 2.0, chi2 / 2)};
}

// The width is the smallest that fits the range in max_bins bins, ceil(range / max_bins);
// the values are counted in one pass over the sorted map. Widths and offsets are unsigned so
// that a range wider than int64_t's half does not overflow.
std::vector<Bin> histogram(const std::map<int64_t, int64_t>& counts, int max_bins) {
  if (max_bins < 1) throw std::invalid_argument("histogram: needs at least one bin");
  bool any = false;
  int64_t min = 0, max = 0;
  for (const auto& [value, count] : counts) {
    if (count < 0) throw std::invalid_argument("histogram: a count is negative");
    if (count == 0) continue;
    if (!any) min = value;
    max = value;
    any = true;
  }
  if (!any) return {};
  // ceil((d + 1) / m) written as d / m + 1, which cannot overflow.
  const uint64_t distance = uint64_t(max) - uint64_t(min);
  const uint64_t width = distance / uint64_t(max_bins) + 1;
  const uint64_t bins = distance / width + 1;
  std::vector<Bin> out(bins);
  for (uint64_t i = 0; i < bins; ++i) {
    out[i].low = int64_t(uint64_t(min) + i * width);
    out[i].high = i + 1 == bins ? max : int64_t(uint64_t(min) + i * width + (width - 1));
  }
  for (const auto& [value, count] : counts)
    if (count > 0) out[(uint64_t(value) - uint64_t(min)) / width].count += count;
  return out;
}

}  // namespace sabbat::report
