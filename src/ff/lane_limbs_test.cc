// SPDX-License-Identifier: Apache-2.0 OR MIT
// LaneLimbs: packing into a reduced radix and back is the identity, on 256-bit integers for the
// layouts of both vector Fr kernels and on 384-bit ones for the eight-lane Fp kernel's.
#include "ff/lane_limbs.h"

#include <gtest/gtest.h>

#include <random>

namespace cuzk::ff {
namespace {

template <typename X>
class LaneLimbsTest : public ::testing::Test {};
using Layouts = ::testing::Types<LaneLimbs<9, 29, 4>, LaneLimbs<5, 52, 8>, LaneLimbs<8, 52, 8, 6>>;
TYPED_TEST_SUITE(LaneLimbsTest, Layouts);

TYPED_TEST(LaneLimbsTest, PackingRoundTrips) {
  using X = TypeParam;
  std::mt19937_64 rng(1);
  for (int i = 0; i < 1000; ++i) {
    std::array<typename X::Words, X::kLanes> v;
    for (auto& x : v) {
      for (auto& w : x) w = rng();
    }
    if (i == 0) v[0].fill(~0ull);
    X packed = X::Pack(v);
    for (int j = 0; j < X::kLimbs; ++j) ASSERT_LE(packed.limb[j][0], X::kLimbMask) << i;
    ASSERT_EQ(packed.Unpack(), v) << i;
    for (int k = 0; k < X::kLanes; ++k) ASSERT_EQ(packed.Lane(k), v[k]) << i;
  }
}

}  // namespace
}  // namespace cuzk::ff
