// SPDX-License-Identifier: Apache-2.0 OR MIT
// MulInG1 and MulInG2 against the plain ladder (Jacobian::Mul), on seeded random points and
// scalars and on the scalars where the digit split changes shape.
#include "ec/subgroup_mul.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace cuzk::ec {
namespace {

using ff::Fr;

// Scalars at the edges of the base-|x| split: 0, 1, -1, |x| - 1, |x|, |x| + 1, |x|^2 - 1,
// |x|^2, |x|^3, |x|^3 - 1, and the largest digits everywhere (|x|^4 - 1 mod r).
std::vector<Fr> EdgeScalars() {
  const Fr x = Fr::FromUint64(kSeedAbs), one = Fr::One();
  const Fr x2 = x * x, x3 = x2 * x;
  return {Fr::Zero(), one, -one,   x - one,  x,  x + one,
          x2 - one,   x2,  x2 + x, x3 - one, x3, x3 * x - one};
}

std::vector<Fr> TestScalars(std::mt19937_64& rng) {
  std::vector<Fr> s = EdgeScalars();
  for (int i = 0; i < 24; ++i) s.push_back(Fr::Random(rng));
  return s;
}

TEST(SubgroupMulTest, SeedDigitsRecomposeTheScalar) {
  std::mt19937_64 rng(21);
  const Fr x = Fr::FromUint64(kSeedAbs);
  for (const Fr& k : TestScalars(rng)) {
    const std::array<uint64_t, 4> d = SeedDigits(k);
    Fr sum = Fr::Zero(), power = Fr::One();
    for (uint64_t digit : d) {
      ASSERT_LT(digit, kSeedAbs);
      sum += Fr::FromUint64(digit) * power;
      power *= x;
    }
    ASSERT_EQ(sum, k);
  }
}

TEST(SubgroupMulTest, MulInG1EqualsThePlainLadder) {
  std::mt19937_64 rng(22);
  const std::vector<Fr> scalars = TestScalars(rng);
  for (int i = 0; i < 4; ++i) {
    const G1Affine p = Mul(G1::Generator(), Fr::Random(rng)).ToAffine();
    for (const Fr& k : scalars) ASSERT_EQ(MulInG1(p, k), Mul(G1(p), k));
  }
  EXPECT_TRUE(MulInG1(G1Affine::Identity(), Fr::Random(rng)).IsIdentity());
}

TEST(SubgroupMulTest, MulInG2EqualsThePlainLadder) {
  std::mt19937_64 rng(23);
  const std::vector<Fr> scalars = TestScalars(rng);
  for (int i = 0; i < 3; ++i) {
    const G2Affine q = Mul(G2::Generator(), Fr::Random(rng)).ToAffine();
    for (const Fr& k : scalars) ASSERT_EQ(MulInG2(q, k), Mul(G2(q), k));
  }
  EXPECT_TRUE(MulInG2(G2Affine::Identity(), Fr::Random(rng)).IsIdentity());
}

}  // namespace
}  // namespace cuzk::ec
