// SPDX-License-Identifier: Apache-2.0 OR MIT
// The addition formulas of both groups against each other: mixed (Jacobian + affine) against
// full (Jacobian + Jacobian) addition on random points with Z != 1, as in MSM buckets, and the
// equal and opposite special cases.
#include <gtest/gtest.h>

#include <random>

#include "ec/g1.h"
#include "ec/g2.h"

namespace cuzk::ec {
namespace {

using ff::Fr;

template <typename Group>
class GroupLawTest : public ::testing::Test {};
using Groups = ::testing::Types<G1, G2>;
TYPED_TEST_SUITE(GroupLawTest, Groups);

TYPED_TEST(GroupLawTest, MixedAdditionMatchesFullAdditionOnRandomPoints) {
  using G = TypeParam;
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20; ++i) {
    G acc = Mul(G::Generator(), Fr::Random(rng)) + Mul(G::Generator(), Fr::Random(rng));
    auto p = Mul(G::Generator(), Fr::Random(rng)).ToAffine();
    G mixed = acc;
    mixed += p;
    ASSERT_EQ(mixed, acc + G(p)) << i;
    ASSERT_TRUE(mixed.IsOnCurve()) << i;
    G same = G(acc.ToAffine()) + G::Generator();  // the same point as acc, with Z != 1 again
    same = same - G::Generator();
    ASSERT_EQ(same + acc.ToAffine(), acc.Double()) << i;
    ASSERT_TRUE((same + (-acc).ToAffine()).IsIdentity()) << i;
  }
}

}  // namespace
}  // namespace cuzk::ec
