// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTT against a naive O(n^2) DFT, coset transforms against direct evaluation, and round trips.
#include "ntt/evaluation_domain.h"

#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

#include "support/cancel_latency.h"

namespace cuzk::ntt {
namespace {

std::vector<Fr> RandomVector(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto& x : v) x = Fr::Random(rng);
  return v;
}

// Evaluates the polynomial with coefficients `coeffs` at x (Horner).
Fr EvaluatePoly(const std::vector<Fr>& coeffs, const Fr& x) {
  Fr acc;
  for (size_t i = coeffs.size(); i-- > 0;) acc = acc * x + coeffs[i];
  return acc;
}

TEST(EvaluationDomainTest, SizesAndRootsMatchBellperson) {
  auto d = EvaluationDomain::ForSize(1000);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->size(), 1024u);
  Fr w = d->omega();
  for (int i = 0; i < 9; ++i) w = w.Square();
  EXPECT_EQ(w, -Fr::One());  // primitive 1024-th root
  EXPECT_EQ(EvaluationDomain::ForSize(1)->size(), 1u);
  EXPECT_EQ(EvaluationDomain::ForSize(4096)->size(), 4096u);
  auto too_big = EvaluationDomain::ForSize((size_t{1} << 32) + 1);
  ASSERT_FALSE(too_big.ok());
  EXPECT_NE(too_big.status().message().find("2-adicity"), std::string::npos);
}

TEST(EvaluationDomainTest, FftMatchesNaiveDft) {
  for (size_t n : {1u, 2u, 4u, 8u, 64u, 256u}) {
    auto d = *EvaluationDomain::ForSize(n);
    std::vector<Fr> coeffs = RandomVector(n, n);
    std::vector<Fr> values = coeffs;
    d.Fft(values, 2);
    Fr x = Fr::One();
    for (size_t i = 0; i < n; ++i) {
      ASSERT_EQ(values[i], EvaluatePoly(coeffs, x)) << "n=" << n << " i=" << i;
      x *= d.omega();
    }
    d.Ifft(values, 2);
    ASSERT_EQ(values, coeffs);
  }
}

TEST(EvaluationDomainTest, CosetFftEvaluatesOnTheCosetOfSeven) {
  auto d = *EvaluationDomain::ForSize(128);
  std::vector<Fr> coeffs = RandomVector(128, 3);
  std::vector<Fr> values = coeffs;
  d.CosetFft(values, 1);
  Fr x = ff::FrMultiplicativeGenerator();
  for (size_t i = 0; i < 128; ++i) {
    ASSERT_EQ(values[i], EvaluatePoly(coeffs, x));
    x *= d.omega();
  }
  d.IcosetFft(values, 1);
  EXPECT_EQ(values, coeffs);
  // Z(X) = X^n - 1 on the coset.
  Fr g = ff::FrMultiplicativeGenerator();
  EXPECT_EQ(d.VanishingOnCoset(), g.Pow(ff::Limbs<1>{128}) - Fr::One());
}

TEST(EvaluationDomainTest, FusedCompositionsMatchTheirSteps) {
  for (size_t n : {size_t{1}, size_t{2}, size_t{64}, size_t{1} << 15}) {
    auto d = *EvaluationDomain::ForSize(n);
    std::vector<Fr> values = RandomVector(n, 5), fused = values;
    d.Ifft(values, 2);
    d.CosetFft(values, 2);
    d.DomainToCoset(fused, 2);
    ASSERT_EQ(fused, values) << n;
    // The quotient: A*B on the coset and C on the domain, against the three-transform steps.
    std::vector<Fr> c = RandomVector(n, 6), c_coset = c, ab = values;
    d.DomainToCoset(c_coset, 2);
    for (size_t i = 0; i < n; ++i) values[i] -= c_coset[i];
    d.DivideByVanishingOnCoset(values, 2);
    d.IcosetFft(values, 2);
    d.QuotientCoefficients(ab, c, 3);
    ASSERT_EQ(ab, values) << n;
  }
}

TEST(EvaluationDomainTest, LargeTransformsRoundTripOnAnyThreadCount) {
  auto d = *EvaluationDomain::ForSize(1 << 15);
  std::vector<Fr> coeffs = RandomVector(1 << 15, 4);
  std::vector<Fr> one_thread = coeffs, three_threads = coeffs;
  d.Fft(one_thread, 1);
  d.Fft(three_threads, 3);
  EXPECT_EQ(one_thread, three_threads);
  // Spot-check against direct evaluation.
  Fr x = d.omega().Pow(ff::Limbs<1>{12345});
  EXPECT_EQ(one_thread[12345], EvaluatePoly(coeffs, x));
  d.Ifft(three_threads, 2);
  EXPECT_EQ(three_threads, coeffs);
}

// A set cancellation flag stops DomainToCoset before it touches the data (both transforms and the
// scaling between them), with precomputed twiddle tables and without; a clear flag changes
// nothing.
TEST(EvaluationDomainTest, ACancelledTransformStopsBeforeItsFirstPass) {
  CancelFlag set{true}, clear{false};
  for (auto tables : {TwiddleTables::kPrecomputed, TwiddleTables::kPerCall}) {
    auto d = *EvaluationDomain::ForSize(1 << 16, tables);
    std::vector<Fr> values = RandomVector(1 << 16, 9), want = values, got = values;
    d.DomainToCoset(want, 2);
    d.DomainToCoset(got, 2, &clear);
    EXPECT_EQ(got, want);
    got = values;
    d.DomainToCoset(got, 2, &set);
    EXPECT_EQ(got, values);
  }
}

// Cancellation latency (the claim of evaluation_domain.h): a flag set at any point of a 2^21-point
// DomainToCoset on one thread (two transforms, each a bit reversal, the per-block stages and the
// tiled wide stages) stops it within a twentieth of its duration (about 20 ms of 0.45 s in a
// release build on a 2-vCPU VM; measured 0.1-1.5%), with precomputed twiddle tables and without.
// Checked only between phases, it would run on for the rest of one: 10-25% (tried).
TEST(EvaluationDomainTest, ACancelStopsTheTransformWithinItsPass) {
  if (testing::kSanitized) GTEST_SKIP() << "timed in the release build, not under a sanitizer";
  for (auto tables : {TwiddleTables::kPrecomputed, TwiddleTables::kPerCall}) {
    auto d = *EvaluationDomain::ForSize(1 << 21, tables);
    const std::vector<Fr> input = RandomVector(1 << 21, 21);
    std::vector<Fr> values;
    testing::ExpectCancelsWithin(
        [&](const CancelFlag* cancel) {
          values = input;
          d.DomainToCoset(values, 1, cancel);
        },
        0.05, {0.15, 0.35, 0.65, 0.85});
  }
}

// Above 2^14 points the stages past the cache block run two per pass (radix 4), after one
// radix-2 stage when their count is odd: 2^16 has two such stages, 2^17 three.
TEST(EvaluationDomainTest, WideStagesMatchDirectEvaluation) {
  for (auto [log_n, tables] :
       {std::pair{16u, TwiddleTables::kPerCall}, std::pair{17u, TwiddleTables::kPerCall},
        std::pair{17u, TwiddleTables::kPrecomputed}}) {
    size_t n = size_t{1} << log_n;
    auto d = *EvaluationDomain::ForSize(n, tables);
    std::vector<Fr> coeffs = RandomVector(n, log_n);
    std::vector<Fr> values = coeffs;
    d.Fft(values, 2);
    std::mt19937_64 rng(log_n);
    const size_t edges[] = {0, 1, n / 2, n - 1};
    for (int check = 0; check < 12; ++check) {
      size_t i = check < 4 ? edges[check] : rng() % n;
      Fr x = d.omega().Pow(ff::Limbs<1>{i});
      ASSERT_EQ(values[i], EvaluatePoly(coeffs, x)) << "n=2^" << log_n << " i=" << i;
    }
    d.Ifft(values, 3);
    EXPECT_EQ(values, coeffs) << "n=2^" << log_n;
  }
}

// Precomputed twiddle tables and per-call ones give the same transforms, below the cache block
// and with odd and even numbers of wide stages.
TEST(EvaluationDomainTest, PrecomputedTwiddlesMatchPerCallOnes) {
  for (uint32_t log_n : {0u, 1u, 2u, 5u, 13u, 14u, 15u, 16u, 17u}) {
    size_t n = size_t{1} << log_n;
    auto precomputed = *EvaluationDomain::ForSize(n, TwiddleTables::kPrecomputed);
    auto per_call = *EvaluationDomain::ForSize(n, TwiddleTables::kPerCall);
    std::vector<Fr> coeffs = RandomVector(n, 100 + log_n);
    std::vector<Fr> a = coeffs, b = coeffs;
    precomputed.Fft(a, 2);
    per_call.Fft(b, 3);
    ASSERT_EQ(a, b) << "Fft n=2^" << log_n;
    precomputed.DomainToCoset(a, 3);
    per_call.DomainToCoset(b, 1);
    ASSERT_EQ(a, b) << "DomainToCoset n=2^" << log_n;
    std::vector<Fr> c1 = RandomVector(n, 200 + log_n), c2 = c1;
    precomputed.QuotientCoefficients(a, c1, 2);
    per_call.QuotientCoefficients(b, c2, 2);
    ASSERT_EQ(a, b) << "QuotientCoefficients n=2^" << log_n;
    precomputed.Ifft(a, 2);
    precomputed.Fft(a, 2);
    per_call.Ifft(b, 2);
    per_call.Fft(b, 2);
    ASSERT_EQ(a, b) << "round trip n=2^" << log_n;
  }
}

}  // namespace
}  // namespace cuzk::ntt
