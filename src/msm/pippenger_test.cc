// SPDX-License-Identifier: Apache-2.0 OR MIT
// MSM against the naive sum of scalar multiplications, on random, trivial and mixed scalars.
#include "msm/pippenger.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ff/fp_x8_ifma.h"
#include "msm/fixed_base.h"
#include "support/cancel_latency.h"

namespace cuzk::msm {
namespace {

template <typename Point>
struct Case {
  std::vector<typename Point::AffinePoint> bases;
  std::vector<Fr> scalars;
};

template <typename Point>
Case<Point> MakeCase(size_t n, uint64_t seed, int kind) {
  std::mt19937_64 rng(seed);
  Case<Point> c;
  std::vector<Point> jac;
  Point p = ec::Mul(Point::Generator(), Fr::Random(rng));
  for (size_t i = 0; i < n; ++i) {
    jac.push_back(p);
    p += Point::Generator();
    Fr k = Fr::Random(rng);
    if (kind == 1) k = (rng() % 2) ? Fr::One() : Fr::Zero();                    // bits only
    if (kind == 2 && rng() % 10 < 9) k = (rng() % 2) ? Fr::One() : Fr::Zero();  // 90% bits
    if (kind == 2 && i % 97 == 0) k = -Fr::One();                               // large scalars too
    if (kind == 3 && rng() % 100 < 8) k = (rng() % 8 < 5) ? Fr::Zero() : Fr::One();  // 8% 0/1
    c.scalars.push_back(k);
  }
  c.bases.resize(n);
  Point::BatchToAffine(jac, c.bases);
  if (n > 3) c.bases[3] = Point::AffinePoint::Identity();  // identity bases are allowed
  return c;
}

template <typename Point>
Point Naive(const Case<Point>& c) {
  Point acc;
  for (size_t i = 0; i < c.bases.size(); ++i) acc += ec::Mul(Point(c.bases[i]), c.scalars[i]);
  return acc;
}

// The kernels every MSM test runs with: the scalar field arithmetic, the IFMA lanes' plain-loop
// emulation, and kAuto where it means the IFMA lanes (where it means scalar, it would only repeat
// the first).
std::vector<MsmKernel> Kernels() {
  std::vector<MsmKernel> kernels = {MsmKernel::kScalar, MsmKernel::kEightLanePortable};
  if (ff::ifma::CheckedIfmaFpKernels() != nullptr) kernels.push_back(MsmKernel::kAuto);
  return kernels;
}
const std::vector<MsmKernel> kKernels = Kernels();

// Names a kernel in failure messages.
const char* Name(MsmKernel k) {
  switch (k) {
    case MsmKernel::kScalar:
      return "scalar";
    case MsmKernel::kEightLanePortable:
      return "eight-lane portable";
    case MsmKernel::kAuto:
      return "auto";
  }
  return "?";
}

// Kinds 0 and 3 (at most 10% scalars 0 or 1) take the dense path on the caller's bases, kinds 1
// and 2 the split one (ones summed apart, the rest copied).
TEST(PippengerTest, G1MatchesNaiveSum) {
  for (size_t n : {0u, 1u, 2u, 7u, 100u, 1000u}) {
    for (int kind : {0, 1, 2, 3}) {
      auto c = MakeCase<ec::G1>(n, n * 3 + kind, kind);
      ec::G1 want = Naive(c);
      for (size_t threads : {1u, 2u, 3u}) {
        for (MsmKernel kernel : kKernels) {
          ASSERT_EQ(MsmG1(c.bases, c.scalars, threads, nullptr, kernel), want)
              << "n=" << n << " kind=" << kind << " threads=" << threads << " " << Name(kernel);
        }
      }
    }
  }
}

// The in-place MSM leaves each scalar as Pippenger reads it: canonical k when k <= (r - 1)/2,
// else r - k with bit 255 set (the base is negated instead).
TEST(PippengerTest, DenseInPlaceMatchesNaiveSumAndLeavesSignedScalars) {
  ff::Limbs<4> half = ff::FrConfig::kModulus;
  ff::ShiftRight1(half);
  for (size_t n : {1u, 7u, 1000u, 5000u}) {
    for (int kind : {0, 2}) {
      auto c = MakeCase<ec::G1>(n, n + 40 + kind, kind);
      ec::G1 want = Naive(c);
      for (size_t threads : {1u, 2u, 3u}) {
        std::vector<Fr> scalars = c.scalars;
        ASSERT_EQ(MsmG1DenseInPlace(c.bases, scalars, threads), want)
            << "n=" << n << " kind=" << kind << " threads=" << threads;
        for (size_t i = 0; i < n; ++i) {
          ff::Limbs<4> expect = c.bases[i].infinity ? ff::Limbs<4>{} : c.scalars[i].ToCanonical();
          if (ff::LessThan(half, expect)) {
            expect = (-c.scalars[i]).ToCanonical();
            expect[3] |= uint64_t{1} << 63;
          }
          ASSERT_EQ(scalars[i].montgomery(), expect) << i;
        }
      }
    }
  }
}

// Makes bases repeat inside c, so that P + P and P - P meet in the buckets: `repeats` (at most a
// quarter of the points) copies of the first 50 bases from n/4 on, and `negated` copies with
// negated scalars from n/2 on.
template <typename Point>
void RepeatBases(Case<Point>& c, size_t repeats, size_t negated) {
  size_t region = c.bases.size() / 4;
  repeats = std::min(repeats, region);
  for (size_t i = 0; i < repeats; ++i) c.bases[region + i] = c.bases[i % 50];
  for (size_t i = 0; i < negated; ++i) {
    c.scalars[2 * region + i] = -c.scalars[i % 50];
    c.bases[2 * region + i] = c.bases[i % 50];
  }
}

// Returns c's MSM as the sum of msm over its 300-point slices, too small for affine buckets (the
// Jacobian path, which the tests above check against the naive sum): the batch-affine tests'
// reference.
template <typename Point, typename MsmFn>
Point SumOfSmallSlices(const Case<Point>& c, MsmFn msm) {
  Point sum;
  for (size_t begin = 0; begin < c.bases.size(); begin += 300) {
    size_t len = std::min<size_t>(300, c.bases.size() - begin);
    EXPECT_LT(WindowBits(len), 8u);
    sum += msm(std::span(c.bases).subspan(begin, len), std::span(c.scalars).subspan(begin, len));
  }
  return sum;
}

TEST(PippengerTest, BatchAffineBucketsMatchNaiveSum) {
  // Windows of >= 2^7 buckets take the batch-affine path: 140,000 points give 2^14 buckets and
  // batches of 2048, 10,000 points 2^11 buckets (folded in segments) and batches of 512, 4,000
  // 2,000 and 1,000 points 2^9, 2^8 and 2^7 buckets and batches of 128, 64 and 32 that collide
  // often. Repeated bases force P + P and P - P inside the buckets.
  for (size_t n : {140000u, 10000u, 4000u, 2000u, 1000u}) {
    auto c = MakeCase<ec::G1>(n, 99, 0);
    RepeatBases(c, 3000, 200);
    ASSERT_GE(WindowBits(c.bases.size()), 8u);
    ec::G1 want = SumOfSmallSlices(c, [](auto b, auto s) { return MsmG1(b, s, 1); });
    for (MsmKernel kernel : kKernels) {
      // The emulated lanes are slow (under ASan above all): they take the segmented-fold case
      // and the smallest one; the lanes only replace the batches' arithmetic, which every case
      // exercises alike.
      if (kernel == MsmKernel::kEightLanePortable && n != 10000 && n != 1000) continue;
      EXPECT_EQ(MsmG1(c.bases, c.scalars, 1, nullptr, kernel), want) << n << " " << Name(kernel);
    }
  }
}

// Slices of 20,000 and 40,000 points have >= 2^11 buckets per window (asserted), which
// FoldAffineBuckets folds in segments with batch-affine additions. Bases that are small multiples
// of G and scalars below `bound` leave most buckets empty or equal to each other, so the segment
// sums meet P + P, P - P and infinity all the time (and scalars below 42 also pile into few
// buckets). Want: (sum_i k_i m_i) G, computed in Fr.
template <typename Point, typename MsmFn>
void CheckSmallMultiplesOfGenerator(uint64_t bound, MsmFn msm) {
  std::mt19937_64 rng(bound);
  auto to_fr = [](int m) { return m >= 0 ? Fr::FromUint64(m) : -Fr::FromUint64(-m); };
  const int multiples[] = {1, 2, 3, -1};
  std::vector<typename Point::AffinePoint> small(4), bases;
  for (int j = 0; j < 4; ++j)
    small[j] = ec::Mul(Point::Generator(), to_fr(multiples[j])).ToAffine();
  std::vector<Fr> scalars;
  Fr want_scalar = Fr::Zero();
  for (size_t i = 0; i < 40000; ++i) {
    int j = static_cast<int>(rng() % 4);
    uint64_t k = 2 + rng() % bound;  // 0 and 1 would bypass the buckets
    bases.push_back(small[j]);
    scalars.push_back(Fr::FromUint64(k));
    want_scalar += Fr::FromUint64(k) * to_fr(multiples[j]);
  }
  ASSERT_GE(WindowBits(bases.size() / 2), 12u);
  Point want = ec::Mul(Point::Generator(), want_scalar);
  for (size_t threads : {1u, 2u}) {
    EXPECT_EQ(msm(bases, scalars, threads), want) << bound << " " << threads;
  }
}

TEST(PippengerTest, SegmentedFoldOfEqualAndEmptyBucketsMatchesScalarSum) {
  for (uint64_t bound : {uint64_t{1} << 12, uint64_t{40}}) {
    for (MsmKernel kernel : kKernels) {
      SCOPED_TRACE(Name(kernel));
      CheckSmallMultiplesOfGenerator<ec::G1>(
          bound, [kernel](auto& b, auto& s, size_t t) { return MsmG1(b, s, t, nullptr, kernel); });
    }
  }
  for (MsmKernel kernel : kKernels) {
    SCOPED_TRACE(Name(kernel));
    CheckSmallMultiplesOfGenerator<ec::G2>(
        1 << 12, [kernel](auto& b, auto& s, size_t t) { return MsmG2(b, s, t, nullptr, kernel); });
  }
}

TEST(PippengerTest, ScalarsOneAreSummedInBatchesLikeANaiveSum) {
  // More than one 16384-point chunk per thread, with repeated and negated bases so that pairs
  // with equal x (P + P, P - P) meet inside the batch-affine rounds.
  auto c = MakeCase<ec::G1>(40000, 7, 1);
  for (size_t i = 0; i < 40000; ++i) c.scalars[i] = (i % 11 == 0) ? Fr::Zero() : Fr::One();
  for (size_t i = 0; i < 400; ++i) c.bases[2 * i + 1] = c.bases[2 * i];
  for (size_t i = 400; i < 800; ++i) c.bases[2 * i + 1] = -c.bases[2 * i];
  ec::G1 want;
  for (size_t i = 0; i < c.bases.size(); ++i) {
    if (c.scalars[i].IsOne()) want += c.bases[i];
  }
  for (size_t threads : {1u, 2u}) {
    for (MsmKernel kernel : kKernels) {
      EXPECT_EQ(MsmG1(c.bases, c.scalars, threads, nullptr, kernel), want)
          << threads << " " << Name(kernel);
    }
  }
}

// A thread that starts at window w takes the signed-digit carry into w from one comparison with
// T = sum_{j<w} 2^(j c + c - 1): scalars T - 1, T, T + 1 (with random bits above window w) sit on
// that boundary for every width c and window w, whichever split the MSM picks. Their negatives
// reach Pippenger as the same magnitudes with negated bases, and (r - 1)/2 and its neighbours
// sit on the boundary of that negation.
TEST(PippengerTest, ScalarsOnEveryCarryBoundaryMatchNaiveSum) {
  std::mt19937_64 rng(11);
  auto power_of_two = [](unsigned bit) {
    ff::Limbs<4> v{};
    v[bit / 64] = uint64_t{1} << (bit % 64);
    return *Fr::FromCanonical(v);
  };
  std::vector<Fr> scalars;
  for (unsigned c = 2; c <= 17; ++c) {
    for (unsigned w = 1; w * c + 8 < 254; ++w) {
      Fr threshold = Fr::Zero();
      for (unsigned j = 0; j < w; ++j) threshold += power_of_two(j * c + c - 1);
      Fr high = Fr::FromUint64(rng() % 256) * power_of_two(w * c);
      for (int delta : {-1, 0, 1}) {
        Fr d = delta >= 0 ? Fr::FromUint64(delta) : -Fr::One();
        scalars.push_back(threshold + d + high);
        scalars.push_back(-(threshold + d + high));
      }
    }
  }
  Fr half = -Fr::One() * Fr::FromUint64(2).Inverse();  // (r - 1)/2
  for (Fr k : {half - Fr::One(), half, half + Fr::One(), half + Fr::FromUint64(2)}) {
    scalars.push_back(k);
  }
  auto c = MakeCase<ec::G1>(scalars.size(), 12, 0);
  c.scalars = scalars;
  ec::G1 want = Naive(c);
  for (size_t threads : {1u, 2u, 3u, 4u}) {
    EXPECT_EQ(MsmG1(c.bases, c.scalars, threads), want) << threads;
  }
}

TEST(PippengerTest, G2MatchesNaiveSum) {
  for (size_t n : {1u, 50u, 300u}) {
    for (int kind : {2, 3}) {
      auto c = MakeCase<ec::G2>(n, n + kind, kind);
      for (MsmKernel kernel : kKernels) {
        EXPECT_EQ(MsmG2(c.bases, c.scalars, 2, nullptr, kernel), Naive(c))
            << n << " kind " << kind << " " << Name(kernel);
      }
    }
  }
}

// G2's batch-affine buckets (Fp2 additions, on pairs of Fp lanes where the kernel has them), as
// BatchAffineBucketsMatchNaiveSum for G1: 10,000 points give 2^11 buckets (folded in segments),
// 1,000 points 2^7 buckets and batches of 32 that collide often, and repeated or negated bases
// force P + P and P - P inside the buckets. Scalars 1 and 0 (kind 2) take the ones' sum too.
TEST(PippengerTest, G2BatchAffineBucketsMatchNaiveSum) {
  for (size_t n : {10000u, 1000u}) {
    for (int kind : {0, 2}) {
      auto c = MakeCase<ec::G2>(n, n + 5 + kind, kind);
      RepeatBases(c, 2000, 100);
      ASSERT_GE(WindowBits(c.bases.size()), 8u);
      ec::G2 want = SumOfSmallSlices(
          c, [](auto b, auto s) { return MsmG2(b, s, 1, nullptr, MsmKernel::kScalar); });
      for (MsmKernel kernel : kKernels) {
        // The emulated lanes are slow (under ASan above all): the smaller case is enough for them.
        if (kernel == MsmKernel::kEightLanePortable && n != 1000) continue;
        EXPECT_EQ(MsmG2(c.bases, c.scalars, 2, nullptr, kernel), want)
            << n << " kind " << kind << " " << Name(kernel);
      }
    }
  }
}

// A set cancellation flag is seen at the first cancellation point: on every path (dense, split,
// in place, G2) the MSM returns before adding a single point (the identity here); a clear flag
// changes nothing.
TEST(PippengerTest, ACancelledMsmStopsAtItsFirstCancellationPoint) {
  CancelFlag set{true}, clear{false};
  for (int kind : {0, 1, 2}) {
    auto c = MakeCase<ec::G1>(3000, 77 + kind, kind);
    ec::G1 want = MsmG1(c.bases, c.scalars, 2);
    ASSERT_NE(want, ec::G1());
    EXPECT_EQ(MsmG1(c.bases, c.scalars, 2, &clear), want) << kind;
    EXPECT_EQ(MsmG1(c.bases, c.scalars, 2, &set), ec::G1()) << kind;
  }
  auto dense = MakeCase<ec::G1>(3000, 5, 0);
  EXPECT_EQ(MsmG1DenseInPlace(dense.bases, dense.scalars, 2, &set), ec::G1());
  auto g2 = MakeCase<ec::G2>(300, 6, 2);
  EXPECT_EQ(MsmG2(g2.bases, g2.scalars, 2, &set), ec::G2());
}

// Cancellation latency (pippenger.h's claim): a flag set at any point of a 2^16-point MSM on one
// thread stops it within a tenth of its duration (about 20 ms of 0.19 s in a release build on a
// 2-vCPU VM; measured 1.0-1.4%): the bucket fills check it every few thousand points, not once
// per window or per call.
TEST(PippengerTest, ACancelStopsTheMsmPartWayThrough) {
  if (testing::kSanitized) GTEST_SKIP() << "timed in the release build, not under a sanitizer";
  auto c = MakeCase<ec::G1>(1 << 16, 16, 0);
  testing::ExpectCancelsWithin(
      [&](const CancelFlag* cancel) { MsmG1(c.bases, c.scalars, 1, cancel); }, 0.1,
      {0.2, 0.5, 0.8});
}

TEST(PippengerTest, WindowGrowsWithSize) {
  EXPECT_EQ(WindowBits(1), 2u);
  EXPECT_LT(WindowBits(1 << 10), WindowBits(1 << 20));
  EXPECT_LE(WindowBits(size_t{1} << 40), 18u);
}

TEST(FixedBaseTest, MatchesScalarMultiplication) {
  std::mt19937_64 rng(5);
  std::vector<Fr> scalars = {Fr::Zero(), Fr::One(), -Fr::One()};
  for (int i = 0; i < 300; ++i) scalars.push_back(Fr::Random(rng));
  auto g1 = FixedBaseMulG1(scalars, 2);
  auto g2 = FixedBaseMulG2(std::span(scalars).first(20), 2);
  for (size_t i = 0; i < scalars.size(); ++i) {
    ASSERT_EQ(ec::G1(g1[i]), ec::Mul(ec::G1::Generator(), scalars[i])) << i;
  }
  for (size_t i = 0; i < g2.size(); ++i)
    ASSERT_EQ(ec::G2(g2[i]), ec::Mul(ec::G2::Generator(), scalars[i]));
}

}  // namespace
}  // namespace cuzk::msm
