// The balance reports' statistics (src/report/stats.hpp) against published worked examples
// and tabulated quantiles, and their answers where there is no data to rest on.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "report/stats.hpp"

namespace sabbat::report {
namespace {

constexpr double kZ = 1.959963984540054;

// The sums a report keeps of a sample: n, Σx and Σx².
struct Sums {
  double sum = 0, squares = 0;
  int64_t n = 0;
};
Sums sums_of(const std::vector<double>& xs) {
  Sums s;
  for (double x : xs) {
    s.sum += x;
    s.squares += x * x;
    ++s.n;
  }
  return s;
}

double sample_sd(const std::vector<double>& xs) {
  const Sums s = sums_of(xs);
  const double mean = s.sum / double(s.n);
  double squares = 0;
  for (double x : xs) squares += (x - mean) * (x - mean);
  return std::sqrt(squares / double(s.n - 1));
}

// Student (1908), as in R's `sleep` data: extra hours of sleep under two drugs, ten patients.
const std::vector<double> kSleepDrug1 = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
const std::vector<double> kSleepDrug2 = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};

// --- Wilson ---

// Newcombe (1998), "Two-sided confidence intervals for the single proportion", Stat. Med.
// 17:857–872, Table I, method 3 (score interval without continuity correction).
TEST(ReportStats, WilsonIntervalMatchesNewcombesSingleProportionExamples) {
  const auto a = wilson_95(81, 263);
  EXPECT_NEAR(a.low, 0.2553, 5e-5);
  EXPECT_NEAR(a.high, 0.3662, 5e-5);
  const auto b = wilson_95(15, 148);
  EXPECT_NEAR(b.low, 0.0624, 5e-5);
  EXPECT_NEAR(b.high, 0.1605, 5e-5);
  const auto c = wilson_95(0, 20);
  EXPECT_DOUBLE_EQ(c.low, 0);
  EXPECT_NEAR(c.high, 0.1611, 5e-5);
  const auto d = wilson_95(1, 29);
  EXPECT_NEAR(d.low, 0.0061, 5e-5);
  EXPECT_NEAR(d.high, 0.1718, 5e-5);
}

TEST(ReportStats, WilsonIntervalOfAllSuccessesReachesOne) {
  const auto all = wilson_95(20, 20);
  EXPECT_NEAR(all.low, 1 - 0.1611, 5e-5);
  EXPECT_DOUBLE_EQ(all.high, 1);
}

// A win shared by two seats counts a half: one half of one trial is centred on 0.5.
TEST(ReportStats, WilsonIntervalTakesFractionalSuccesses) {
  const auto half = wilson_95(0.5, 1);
  EXPECT_NEAR(half.low + half.high, 1, 1e-12);
  const auto shares = wilson_95(100.0 / 3, 100);
  EXPECT_LT(shares.low, 1.0 / 3);
  EXPECT_GT(shares.high, 1.0 / 3);
}

TEST(ReportStats, WilsonIntervalWithoutTrialsIsTheWholeRange) {
  const auto none = wilson_95(0, 0);
  EXPECT_DOUBLE_EQ(none.low, 0);
  EXPECT_DOUBLE_EQ(none.high, 1);
}

TEST(ReportStats, WilsonIntervalRefusesSuccessesOutsideZeroToTrials) {
  EXPECT_THROW(wilson_95(-1, 10), std::invalid_argument);
  EXPECT_THROW(wilson_95(11, 10), std::invalid_argument);
  EXPECT_THROW(wilson_95(1, 0), std::invalid_argument);
  EXPECT_THROW(wilson_95(std::numeric_limits<double>::quiet_NaN(), 10), std::invalid_argument);
  // A sum of shares that rounds a hair past the trials is still every trial won.
  EXPECT_DOUBLE_EQ(wilson_95(10 * (1 + 1e-12), 10).high, 1);
}

// --- Newcombe ---

// Newcombe (1998), "Interval estimation for the difference between independent proportions:
// comparison of eleven methods", Stat. Med. 17:873–890, Table II, method 10, for p1 - p2 of
// examples (a)–(h). The function gives p2 - p1, so each example is passed second first.
TEST(ReportStats, NewcombeIntervalMatchesTheElevenMethodsExamples) {
  struct Example {
    double s1;
    int64_t n1;
    double s2;
    int64_t n2;
    double low, high;
  };
  const Example examples[] = {
      {56, 70, 48, 80, 0.0524, 0.3339}, {9, 10, 3, 10, 0.1705, 0.8090},
      {6, 7, 2, 7, 0.0582, 0.8062},     {5, 56, 0, 29, -0.0381, 0.1926},
      {0, 10, 0, 20, -0.1611, 0.2775},  {0, 10, 0, 10, -0.2775, 0.2775},
      {10, 10, 0, 20, 0.6791, 1.0000},  {10, 10, 0, 10, 0.6075, 1.0000},
  };
  for (const auto& e : examples) {
    const auto ci = newcombe_difference_95(e.s2, e.n2, e.s1, e.n1);
    EXPECT_NEAR(ci.low, e.low, 5e-5) << e.s1 << "/" << e.n1 << " - " << e.s2 << "/" << e.n2;
    EXPECT_NEAR(ci.high, e.high, 5e-5) << e.s1 << "/" << e.n1 << " - " << e.s2 << "/" << e.n2;
  }
}

TEST(ReportStats, NewcombeIntervalIsOfTheSecondMinusTheFirst) {
  const auto second_higher = newcombe_difference_95(48, 80, 56, 70);
  EXPECT_GT(second_higher.low, 0);
  const auto first_higher = newcombe_difference_95(56, 70, 48, 80);
  EXPECT_NEAR(first_higher.low, -second_higher.high, 1e-12);
  EXPECT_NEAR(first_higher.high, -second_higher.low, 1e-12);
}

TEST(ReportStats, NewcombeIntervalWithAnEmptySampleIsTheWholeRange) {
  for (const auto& ci : {newcombe_difference_95(0, 0, 5, 10), newcombe_difference_95(5, 10, 0, 0),
                         newcombe_difference_95(0, 0, 0, 0)}) {
    EXPECT_DOUBLE_EQ(ci.low, -1);
    EXPECT_DOUBLE_EQ(ci.high, 1);
  }
  EXPECT_THROW(newcombe_difference_95(11, 10, 5, 10), std::invalid_argument);
}

// --- Student's t and the special functions ---

TEST(ReportStats, RegularizedBetaMatchesItsClosedForms) {
  for (double x : {0.01, 0.3, 0.5, 0.9, 0.999}) {
    EXPECT_NEAR(regularized_beta(x, 3.5, 1), std::pow(x, 3.5), 1e-13);
    EXPECT_NEAR(regularized_beta(x, 1, 4.5), 1 - std::pow(1 - x, 4.5), 1e-13);
    EXPECT_NEAR(regularized_beta(x, 0.5, 0.5), 2 / std::numbers::pi * std::asin(std::sqrt(x)),
                1e-13);
  }
  // For large a the prefactor's log-gammas (about 2000 here) cancel, leaving ~1e-13.
  for (double a : {0.5, 3.0, 200.0}) EXPECT_NEAR(regularized_beta(0.5, a, a), 0.5, 1e-12);
  EXPECT_DOUBLE_EQ(regularized_beta(0, 2, 3), 0);
  EXPECT_DOUBLE_EQ(regularized_beta(1, 2, 3), 1);
  EXPECT_THROW(regularized_beta(1.5, 2, 3), std::invalid_argument);
  EXPECT_THROW(regularized_beta(0.5, 0, 3), std::invalid_argument);
}

// Q(1, x) = e^-x and Q(1/2, x) = erfc(sqrt(x)), on both sides of x = a + 1 where the series
// gives way to the continued fraction, to a relative 1e-12 even far in the tail, where
// 1 - P would have lost every digit.
TEST(ReportStats, UpperIncompleteGammaMatchesItsClosedForms) {
  for (double x : {0.1, 1.0, 1.9, 2.1, 7.0, 40.0}) {
    EXPECT_NEAR(gamma_q(1, x) / std::exp(-x), 1, 1e-12) << x;
    EXPECT_NEAR(gamma_q(0.5, x) / std::erfc(std::sqrt(x)), 1, 1e-12) << x;
  }
  EXPECT_DOUBLE_EQ(gamma_q(3, 0), 1);
  EXPECT_THROW(gamma_q(0, 1), std::invalid_argument);
  EXPECT_THROW(gamma_q(1, -1), std::invalid_argument);
}

// Tabulated quantiles of Student's t (e.g. Abramowitz and Stegun, Table 26.10); for one and
// two degrees of freedom the closed forms tan(π (p - 1/2)) and (2p - 1) sqrt(2 / (4p (1 - p))).
TEST(ReportStats, StudentQuantileMatchesTheTables) {
  EXPECT_NEAR(student_t_quantile(0.975, 1), std::tan(std::numbers::pi * 0.475), 1e-9);
  EXPECT_NEAR(student_t_quantile(0.975, 1), 12.706, 5e-4);
  EXPECT_NEAR(student_t_quantile(0.975, 2), 0.95 * std::sqrt(2 / (4 * 0.975 * 0.025)), 1e-10);
  EXPECT_NEAR(student_t_quantile(0.975, 5), 2.571, 5e-4);
  EXPECT_NEAR(student_t_quantile(0.975, 8), 2.306, 5e-4);
  EXPECT_NEAR(student_t_quantile(0.975, 10), 2.228, 5e-4);
  EXPECT_NEAR(student_t_quantile(0.975, 29), 2.045, 5e-4);
  EXPECT_NEAR(student_t_quantile(0.995, 3), 5.841, 5e-4);
  EXPECT_NEAR(student_t_quantile(0.95, 20), 1.725, 5e-4);
  EXPECT_NEAR(student_t_quantile(0.975, 1e7), kZ, 1e-6);
}

TEST(ReportStats, StudentQuantileIsSymmetricAboutZero) {
  EXPECT_DOUBLE_EQ(student_t_quantile(0.5, 4), 0);
  EXPECT_NEAR(student_t_quantile(0.025, 5), -2.571, 5e-4);
  EXPECT_THROW(student_t_quantile(1, 5), std::invalid_argument);
  EXPECT_THROW(student_t_quantile(0.975, 0), std::invalid_argument);
}

// --- Means ---

// Student's sleep data, drug 2 minus drug 1 on each patient: R's
// t.test(extra ~ group, data = sleep, paired = TRUE) gives a mean of 1.58 and the 95 %
// interval 0.7001142 to 2.4598858 (t with 9 degrees of freedom).
TEST(ReportStats, MeanIntervalOfASmallSampleUsesStudentsT) {
  std::vector<double> gain;
  for (size_t i = 0; i < kSleepDrug1.size(); ++i) gain.push_back(kSleepDrug2[i] - kSleepDrug1[i]);
  const Sums s = sums_of(gain);
  const auto m = mean_95(s.sum, s.squares, s.n);
  EXPECT_NEAR(m.mean, 1.58, 1e-12);
  EXPECT_NEAR(m.sd, 1.229995, 1e-6);
  EXPECT_NEAR(m.low, 0.7001142, 1e-7);
  EXPECT_NEAR(m.high, 2.4598858, 1e-7);
}

// From 30 values on, the normal quantile: 30 values of sd 1 give ± 1.96 / sqrt(30); 29 give
// ± t(0.975, 28) / sqrt(29), t(0.975, 28) = 2.048.
TEST(ReportStats, MeanIntervalFromThirtyValuesUsesTheNormalQuantile) {
  const auto thirty = mean_95(0, 29, 30);
  EXPECT_DOUBLE_EQ(thirty.sd, 1);
  EXPECT_NEAR(thirty.high, kZ / std::sqrt(30.0), 1e-12);
  EXPECT_NEAR(thirty.low, -kZ / std::sqrt(30.0), 1e-12);
  const auto twenty_nine = mean_95(0, 28, 29);
  EXPECT_NEAR(twenty_nine.high * std::sqrt(29.0), 2.048, 5e-4);
}

TEST(ReportStats, MeanIntervalOfEqualValuesIsThePoint) {
  const auto lengths = mean_95(96.0 * 2000, 96.0 * 96.0 * 2000, 2000);
  EXPECT_DOUBLE_EQ(lengths.mean, 96);
  EXPECT_DOUBLE_EQ(lengths.sd, 0);
  EXPECT_DOUBLE_EQ(lengths.low, 96);
  EXPECT_DOUBLE_EQ(lengths.high, 96);
  // Sums of a value that binary cannot hold may round to a variance below zero: no spread.
  const Sums s = sums_of(std::vector<double>(1000, 0.1));
  const auto tenths = mean_95(s.sum, s.squares, s.n);
  EXPECT_FALSE(std::isnan(tenths.sd));
  EXPECT_NEAR(tenths.sd, 0, 1e-7);
}

TEST(ReportStats, MeanIntervalOfFewerThanTwoValuesIsUnknown) {
  const auto one = mean_95(7, 49, 1);
  EXPECT_DOUBLE_EQ(one.mean, 7);
  EXPECT_TRUE(std::isnan(one.sd));
  EXPECT_TRUE(std::isnan(one.low));
  EXPECT_TRUE(std::isnan(one.high));
  const auto none = mean_95(0, 0, 0);
  EXPECT_TRUE(std::isnan(none.mean));
  EXPECT_TRUE(std::isnan(none.sd));
  EXPECT_TRUE(std::isnan(none.low));
  EXPECT_TRUE(std::isnan(none.high));
}

// --- Welch ---

// Student's sleep data as two independent groups: R's t.test(extra ~ group, data = sleep)
// gives Welch's 95 % interval of drug 1 minus drug 2 as -3.3654832 to 0.2054832, with 17.776
// degrees of freedom. The function gives the second minus the first, so drug 2 comes first.
TEST(ReportStats, WelchIntervalMatchesRsSleepExample) {
  const Sums d1 = sums_of(kSleepDrug1), d2 = sums_of(kSleepDrug2);
  const auto ci = welch_difference_95(d2.sum / 10, sample_sd(kSleepDrug2), 10, d1.sum / 10,
                                      sample_sd(kSleepDrug1), 10);
  EXPECT_NEAR(ci.low, -3.3654832, 1e-7);
  EXPECT_NEAR(ci.high, 0.2054832, 1e-7);
}

// With equal sizes and spreads the Welch–Satterthwaite degrees of freedom are 2 (n - 1):
// n = 5, sd = 1 gives 8, t(0.975, 8) = 2.306, so 2 ± 2.306 sqrt(0.4).
TEST(ReportStats, WelchIntervalOfEqualSpreadsHasTwiceNMinusOneDegreesOfFreedom) {
  const auto ci = welch_difference_95(1, 1, 5, 3, 1, 5);
  EXPECT_NEAR((ci.high - 2) / std::sqrt(0.4), 2.306, 5e-4);
  EXPECT_NEAR(ci.low + ci.high, 4, 1e-12);
}

TEST(ReportStats, WelchIntervalOfLargeSamplesUsesTheNormalQuantile) {
  const auto ci = welch_difference_95(96, 3, 2000, 94.5, 4, 2000);
  const double se = std::sqrt(9.0 / 2000 + 16.0 / 2000);
  EXPECT_NEAR(ci.low, -1.5 - kZ * se, 1e-12);
  EXPECT_NEAR(ci.high, -1.5 + kZ * se, 1e-12);
  const auto still = welch_difference_95(96, 0, 2000, 94, 0, 2000);
  EXPECT_DOUBLE_EQ(still.low, -2);
  EXPECT_DOUBLE_EQ(still.high, -2);
}

TEST(ReportStats, WelchIntervalWithFewerThanTwoValuesIsUnknown) {
  const auto a = welch_difference_95(1, 0, 1, 2, 1, 10);
  EXPECT_TRUE(std::isnan(a.low) && std::isnan(a.high));
  const auto b = welch_difference_95(1, 1, 10, 2, 0, 0);
  EXPECT_TRUE(std::isnan(b.low) && std::isnan(b.high));
}

// --- Pearson's chi-square ---

// Critical values of the chi-square law (e.g. Abramowitz and Stegun, Table 26.8): the
// statistic at which the upper tail is 5 %, 1 % or 0.1 %, or at which 95 % lies above.
TEST(ReportStats, ChiSquareTailMatchesTheTables) {
  struct Row {
    int df;
    double chi2, p;
  };
  const Row rows[] = {{1, 3.841459, 0.05},   {1, 6.634897, 0.01},  {1, 10.827566, 0.001},
                      {3, 7.814728, 0.05},   {3, 11.344867, 0.01}, {5, 11.070498, 0.05},
                      {10, 18.307038, 0.05}, {10, 3.940299, 0.95}, {30, 43.772972, 0.05}};
  for (const auto& r : rows)
    EXPECT_NEAR(gamma_q(r.df / 2.0, r.chi2 / 2), r.p, 1e-6) << r.df << " " << r.chi2;
}

// 30, 20, 25, 25 against 25 each: (25 + 25 + 0 + 0) / 25 = 2 with 3 degrees of freedom,
// P(chi²₃ > 2) = 0.5724067.
TEST(ReportStats, EqualSharesTestOfAConstructedTable) {
  const std::vector<double> wins = {30, 20, 25, 25};
  const auto t = equal_shares_test(wins);
  EXPECT_DOUBLE_EQ(t.statistic, 2);
  EXPECT_EQ(t.df, 3);
  EXPECT_NEAR(t.p, 0.5724067, 1e-6);
}

// A die thrown 60 times: 5, 8, 9, 8, 10, 20 gives chi² 13.4 with 5 degrees of freedom, between
// the tables' 5 % (11.070) and 1 % (15.086) points. Shared wins make counts fractional.
TEST(ReportStats, EqualSharesTestOfAnUnfairDieAndOfFractionalWins) {
  const std::vector<double> die = {5, 8, 9, 8, 10, 20};
  const auto t = equal_shares_test(die);
  EXPECT_NEAR(t.statistic, 13.4, 1e-12);
  EXPECT_EQ(t.df, 5);
  EXPECT_LT(t.p, 0.05);
  EXPECT_GT(t.p, 0.01);
  const std::vector<double> shared = {24.5, 25.5, 25, 25};
  EXPECT_NEAR(equal_shares_test(shared).statistic, 0.02, 1e-12);
}

TEST(ReportStats, EqualSharesTestOfEqualCountsHasPOne) {
  const std::vector<double> even = {25, 25, 25, 25};
  const auto t = equal_shares_test(even);
  EXPECT_DOUBLE_EQ(t.statistic, 0);
  EXPECT_EQ(t.df, 3);
  EXPECT_DOUBLE_EQ(t.p, 1);
}

TEST(ReportStats, EqualSharesTestWithoutTwoCategoriesOrCountsHasPOne) {
  const std::vector<double> nothing = {0, 0, 0};
  const auto zero = equal_shares_test(nothing);
  EXPECT_DOUBLE_EQ(zero.statistic, 0);
  EXPECT_EQ(zero.df, 2);
  EXPECT_DOUBLE_EQ(zero.p, 1);
  const std::vector<double> one = {12};
  EXPECT_EQ(equal_shares_test(one).df, 0);
  EXPECT_DOUBLE_EQ(equal_shares_test(one).p, 1);
  EXPECT_DOUBLE_EQ(equal_shares_test({}).p, 1);
}

TEST(ReportStats, EqualSharesTestRefusesNegativeOrNonFiniteCounts) {
  const std::vector<double> negative = {3, -1, 4};
  EXPECT_THROW(equal_shares_test(negative), std::invalid_argument);
  const std::vector<double> infinite = {3, std::numeric_limits<double>::infinity()};
  EXPECT_THROW(equal_shares_test(infinite), std::invalid_argument);
}

// --- Histogram ---

TEST(ReportStats, HistogramOfOneValueIsOneBin) {
  const auto bins = histogram({{96, 2000}}, 30);
  ASSERT_EQ(bins.size(), 1u);
  EXPECT_EQ(bins[0].low, 96);
  EXPECT_EQ(bins[0].high, 96);
  EXPECT_EQ(bins[0].count, 2000);
}

TEST(ReportStats, HistogramOfARangeNarrowerThanTheBinsHasWidthOne) {
  const auto bins = histogram({{10, 1}, {12, 3}, {14, 2}}, 30);
  ASSERT_EQ(bins.size(), 5u);
  const int64_t counts[] = {1, 0, 3, 0, 2};
  for (size_t i = 0; i < bins.size(); ++i) {
    EXPECT_EQ(bins[i].low, 10 + int64_t(i));
    EXPECT_EQ(bins[i].high, 10 + int64_t(i));
    EXPECT_EQ(bins[i].count, counts[i]);
  }
  EXPECT_EQ(histogram({{0, 1}, {29, 1}}, 30).size(), 30u);
  EXPECT_EQ(histogram({{0, 1}, {30, 1}}, 30).size(), 16u);  // 31 values: width 2
}

// 100..1000 in at most 30 bins: width ceil(901 / 30) = 31, 30 bins, the last 999..1000.
TEST(ReportStats, HistogramOfAWideRangeHasEqualWidthsAndEndsAtTheLargest) {
  std::map<int64_t, int64_t> lengths;
  int64_t total = 0;
  for (int64_t v = 100; v <= 1000; v += 7) total += lengths[v] = v % 5 + 1;
  lengths[1000] = 3;
  total += 3;
  const auto bins = histogram(lengths, 30);
  ASSERT_EQ(bins.size(), 30u);
  EXPECT_EQ(bins.front().low, 100);
  EXPECT_EQ(bins.back().low, 999);
  EXPECT_EQ(bins.back().high, 1000);
  int64_t counted = 0;
  for (size_t i = 0; i < bins.size(); ++i) {
    if (i + 1 < bins.size()) {
      EXPECT_EQ(bins[i].high - bins[i].low + 1, 31);
    }
    if (i > 0) {
      EXPECT_EQ(bins[i].low, bins[i - 1].high + 1);
    }
    int64_t inside = 0;
    for (const auto& [v, c] : lengths)
      if (v >= bins[i].low && v <= bins[i].high) inside += c;
    EXPECT_EQ(bins[i].count, inside);
    counted += bins[i].count;
  }
  EXPECT_EQ(counted, total);
}

TEST(ReportStats, HistogramSpansTheWholeInt64Range) {
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  const auto bins = histogram({{lo, 1}, {-1, 2}, {0, 3}, {hi, 4}}, 2);
  ASSERT_EQ(bins.size(), 2u);
  EXPECT_EQ(bins[0].low, lo);
  EXPECT_EQ(bins[0].high, -1);
  EXPECT_EQ(bins[0].count, 3);
  EXPECT_EQ(bins[1].low, 0);
  EXPECT_EQ(bins[1].high, hi);
  EXPECT_EQ(bins[1].count, 7);
}

TEST(ReportStats, HistogramIgnoresZeroCountsAndRefusesBadInput) {
  const auto bins = histogram({{5, 0}, {7, 1}, {9, 0}}, 30);
  ASSERT_EQ(bins.size(), 1u);
  EXPECT_EQ(bins[0].low, 7);
  EXPECT_TRUE(histogram({}, 30).empty());
  EXPECT_TRUE(histogram({{4, 0}}, 30).empty());
  EXPECT_THROW(histogram({{1, 1}}, 0), std::invalid_argument);
  EXPECT_THROW(histogram({{1, -1}}, 30), std::invalid_argument);
}

}  // namespace
}  // namespace sabbat::report
