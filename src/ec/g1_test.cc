// SPDX-License-Identifier: Apache-2.0 OR MIT
// G1: generator and group law against slow references, scalar multiplication, subgroup checks.
#include "ec/g1.h"

#include <gtest/gtest.h>

#include <random>

#include "support/gmp_reference.h"

namespace cuzk::ec {
namespace {

using ff::Fp;
using ff::Fr;

// A random point of E(Fp) that is almost surely outside G1 (the cofactor is ~2^126).
G1Affine RandomCurvePoint(std::mt19937_64& rng) {
  for (;;) {
    Fp x = Fp::Random(rng);
    if (auto y = (x.Square() * x + G1Curve::B()).Sqrt()) return G1Affine::FromXY(x, *y);
  }
}

TEST(G1Test, GeneratorIsOnCurveInSubgroupAndHasOrderR) {
  const G1Affine& g = G1Curve::Generator();
  EXPECT_TRUE(g.IsOnCurve());
  EXPECT_TRUE(IsInG1Subgroup(g));
  EXPECT_TRUE(G1(g).Mul(ff::FrConfig::kModulus).IsIdentity());
  EXPECT_FALSE(G1(g).Mul(ff::SubSmall(ff::FrConfig::kModulus, 1)).IsIdentity());
}

TEST(G1Test, GroupLawMatchesRepeatedAddition) {
  G1 g = G1::Generator();
  G1 acc;
  for (uint64_t k = 1; k <= 40; ++k) {
    acc += g;
    ASSERT_EQ(g.MulByUint64(k), acc) << k;
    ASSERT_TRUE(acc.IsOnCurve());
  }
  EXPECT_EQ(g + g, g.Double());
  EXPECT_EQ(g + G1::Generator().ToAffine(), g.Double());  // mixed add of equal points
  EXPECT_TRUE((g - g).IsIdentity());
  EXPECT_TRUE((g + (-g).ToAffine()).IsIdentity());
  EXPECT_EQ(G1::Identity() + g, g);
  EXPECT_EQ(g + G1::Identity(), g);
}

TEST(G1Test, ScalarMultiplicationIsLinear) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 10; ++i) {
    Fr a = Fr::Random(rng), b = Fr::Random(rng);
    G1 g = G1::Generator();
    ASSERT_EQ(Mul(g, a) + Mul(g, b), Mul(g, a + b));
    ASSERT_EQ(Mul(Mul(g, a), b), Mul(g, a * b));
  }
}

TEST(G1Test, BatchToAffineMatchesSingleConversion) {
  std::mt19937_64 rng(2);
  std::vector<G1> points = {G1::Identity()};
  for (int i = 0; i < 9; ++i) points.push_back(Mul(G1::Generator(), Fr::Random(rng)));
  points.push_back(G1::Identity());
  std::vector<G1Affine> out(points.size());
  G1::BatchToAffine(points, out);
  for (size_t i = 0; i < points.size(); ++i) ASSERT_EQ(out[i], points[i].ToAffine()) << i;
}

TEST(G1Test, SubgroupCheckAgreesWithMultiplicationByR) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 20; ++i) {
    G1Affine p = RandomCurvePoint(rng);
    bool slow = G1(p).Mul(ff::FrConfig::kModulus).IsIdentity();
    ASSERT_EQ(IsInG1Subgroup(p), slow);
    ASSERT_FALSE(slow) << "a random curve point landed in G1";
    // Clearing the cofactor moves it into G1.
    G1Affine cleared = G1(p).Mul(ff::Limbs<2>{0x8c00aaab0000aaab, 0x396c8c005555e156}).ToAffine();
    ASSERT_TRUE(IsInG1Subgroup(cleared));
  }
  EXPECT_TRUE(IsInG1Subgroup(G1Affine::Identity()));
}

TEST(G1Test, EndomorphismActsAsMinusXSquared) {
  std::mt19937_64 rng(4);
  G1Affine p = Mul(G1::Generator(), Fr::Random(rng)).ToAffine();
  mpz_class x = cuzk::testing::SeedX();
  mpz_class r = cuzk::testing::ScalarModulusFromSeed();
  mpz_class lambda = ((-x * x) % r + r) % r;
  G1 expected = G1(p).Mul(cuzk::testing::FromMpz<4>(lambda));
  EXPECT_EQ(G1(G1Endomorphism(p)), expected);
}

}  // namespace
}  // namespace cuzk::ec
