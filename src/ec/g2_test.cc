// SPDX-License-Identifier: Apache-2.0 OR MIT
// G2: generator, group law, psi, and the subgroup check against multiplication by r.
#include "ec/g2.h"

#include <gtest/gtest.h>

#include <random>

#include "support/gmp_reference.h"

namespace cuzk::ec {
namespace {

using ff::Fp2;
using ff::Fr;

G2Affine RandomTwistPoint(std::mt19937_64& rng) {
  for (;;) {
    Fp2 x = Fp2::Random(rng);
    if (auto y = (x.Square() * x + G2Curve::B()).Sqrt()) return G2Affine::FromXY(x, *y);
  }
}

TEST(G2Test, GeneratorIsOnCurveInSubgroupAndHasOrderR) {
  const G2Affine& g = G2Curve::Generator();
  EXPECT_TRUE(g.IsOnCurve());
  EXPECT_TRUE(IsInG2Subgroup(g));
  EXPECT_TRUE(G2(g).Mul(ff::FrConfig::kModulus).IsIdentity());
}

TEST(G2Test, GroupLawAndScalarMultiplication) {
  std::mt19937_64 rng(5);
  G2 g = G2::Generator();
  G2 acc;
  for (uint64_t k = 1; k <= 20; ++k) {
    acc += g;
    ASSERT_EQ(g.MulByUint64(k), acc);
  }
  EXPECT_TRUE((g - g).IsIdentity());
  EXPECT_EQ(g + g.ToAffine(), g.Double());
  Fr a = Fr::Random(rng), b = Fr::Random(rng);
  EXPECT_EQ(Mul(g, a) + Mul(g, b), Mul(g, a + b));
  EXPECT_TRUE(Mul(g, a).IsOnCurve());
}

TEST(G2Test, PsiIsAnEndomorphismWithEigenvalueX) {
  std::mt19937_64 rng(6);
  G2Affine q = Mul(G2::Generator(), Fr::Random(rng)).ToAffine();
  G2Affine psi = G2Psi(q);
  EXPECT_TRUE(psi.IsOnCurve());
  EXPECT_EQ(G2(psi), -G2(q).MulByUint64(kSeedAbs));
  // On the whole twist, psi satisfies psi^2 - t psi + p = 0 with trace t = x + 1.
  G2Affine any = RandomTwistPoint(rng);
  G2 psi2 = G2(G2Psi(G2Psi(any)));
  G2 t_psi = -G2(G2Psi(any)).MulByUint64(kSeedAbs - 1);  // (x + 1) psi(P), x + 1 = -(|x| - 1)
  G2 p_times = G2(any).Mul(ff::FpConfig::kModulus);
  EXPECT_TRUE((psi2 - t_psi + p_times).IsIdentity());
}

TEST(G2Test, SubgroupCheckAgreesWithMultiplicationByR) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 8; ++i) {
    G2Affine q = RandomTwistPoint(rng);
    bool slow = G2(q).Mul(ff::FrConfig::kModulus).IsIdentity();
    ASSERT_FALSE(slow);
    ASSERT_EQ(IsInG2Subgroup(q), slow);
  }
  std::mt19937_64 rng2(8);
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE(IsInG2Subgroup(Mul(G2::Generator(), Fr::Random(rng2)).ToAffine()));
  }
}

}  // namespace
}  // namespace cuzk::ec
