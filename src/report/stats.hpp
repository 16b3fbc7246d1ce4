#pragma once
// The statistics of the balance reports: 95 % intervals of win rates and means, of their
// differences between two runs, Pearson's test that every seat wins equally often, and the
// histogram of game lengths. Pure functions of counts and sums, so that each one can be checked
// against published worked examples. Where an interval has no data to rest on, its ends are
// NaN (written null in JSON) or the whole range the quantity can take, as each function says.
#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace sabbat::report {

struct Interval {
  double low = 0, high = 0;
};

struct MeanInterval {
  double mean = 0;
  double sd = 0;  // sample standard deviation (divisor n - 1)
  double low = 0, high = 0;
};

struct ChiSquare {
  double statistic = 0;
  int df = 0;
  double p = 1;
};

// A histogram bin: the values low..high, both included, and how many there were.
struct Bin {
  int64_t low = 0, high = 0;
  int64_t count = 0;
};

// The Wilson score interval at 95 % for `successes` out of `trials` (successes may be
// fractional: a win shared by two seats counts a half to each). No trials: {0, 1}. Throws
// std::invalid_argument when successes is negative, NaN or more than trials.
Interval wilson_95(double successes, int64_t trials);

// 95 % interval of p2 - p1 (the second proportion minus the first), p1 = s1 / n1 and
// p2 = s2 / n2, by Newcombe's hybrid score method. Either sample empty: {-1, 1}.
Interval newcombe_difference_95(double s1, int64_t n1, double s2, int64_t n2);

// Mean, sample standard deviation and 95 % interval of the mean of n values given their sum
// and the sum of their squares. n = 1: mean is the value, sd and both ends NaN (one value says
// nothing of the spread); n <= 0: all four NaN.
MeanInterval mean_95(double sum, double sum_squares, int64_t n);

// 95 % interval of mean2 - mean1 (the second mean minus the first) of two independent samples
// by Welch's method. Either sample with fewer than two values: both ends NaN.
Interval welch_difference_95(double mean1, double sd1, int64_t n1, double mean2, double sd2,
                             int64_t n2);

// Pearson's chi-square test that every category has the same expected count, total / k.
// Fewer than two categories, or nothing observed: statistic 0, p 1. Throws
// std::invalid_argument for a negative or non-finite count.
ChiSquare equal_shares_test(std::span<const double> observed);

// Bins of equal integer width covering the smallest to the largest value with a positive
// count, at most max_bins of them; the last one stops at the largest value, so it may be
// narrower. No positive count: no bins. Throws std::invalid_argument when max_bins < 1 or a
// count is negative.
std::vector<Bin> histogram(const std::map<int64_t, int64_t>& counts, int max_bins);

// The special functions under the tests above, exposed to be checked on their own.

// The regularized incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1.
double regularized_beta(double x, double a, double b);
// The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a), a > 0, x >= 0.
double gamma_q(double a, double x);
// The p-quantile of Student's t law with df degrees of freedom (df > 0, not necessarily an
// integer), 0 < p < 1.
double student_t_quantile(double p, double df);

}  // namespace sabbat::report
