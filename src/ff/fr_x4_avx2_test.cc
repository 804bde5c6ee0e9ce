// SPDX-License-Identifier: Apache-2.0 OR MIT
// The four-lane AVX2 Fr product against GMP: a b / 2^261 mod r, below 2r, on seeded random
// lanes below 2r and the edges 0, 1, r - 1, r, 2r - 1 (packing: ff/lane_limbs_test.cc).
#include "ff/fr_x4_avx2.h"

#include <gtest/gtest.h>

#include <vector>

#include "ff/fr.h"
#include "support/gmp_reference.h"

namespace cuzk::ff::avx2 {
namespace {

using cuzk::testing::FromMpz;
using cuzk::testing::OperandsBelowTwice;
using cuzk::testing::ToMpz;

TEST(FrX4Avx2Test, ProductsMatchGmpAndStayBelowTwiceR) {
  if (!FrX4Supported()) GTEST_SKIP() << "this CPU has no AVX2";
  mpz_class r = ToMpz(FrConfig::kModulus), r_inv;  // r_inv = 2^-261 mod r
  mpz_class two261 = mpz_class(1) << 261;
  mpz_invert(r_inv.get_mpz_t(), two261.get_mpz_t(), r.get_mpz_t());
  auto as = OperandsBelowTwice(r, 4000, 2), bs = OperandsBelowTwice(r, 4000, 3);
  for (size_t i = 0; i + 4 <= as.size(); i += 4) {
    std::array<Limbs<4>, 4> a, b;
    for (size_t k = 0; k < 4; ++k) {
      a[k] = FromMpz<4>(as[i + k]);
      // The first five groups take b from the edge values too.
      b[k] = FromMpz<4>(i < 20 ? as[(i / 4 + k) % 5] : bs[i + k]);
    }
    FrX4 x = FrX4::Pack(a), y = FrX4::Pack(b), z;
    MulMontFrX4(z, x, y);
    auto got = z.Unpack();
    for (size_t k = 0; k < 4; ++k) {
      mpz_class g = ToMpz(got[k]), want = ToMpz(a[k]) * ToMpz(b[k]) * r_inv % r;
      ASSERT_LT(g, 2 * r) << i + k;
      ASSERT_EQ(g % r, want) << "lane " << k << " of group " << i / 4;
    }
    MulMontFrX4(x, x, y);  // out aliasing an input
    ASSERT_EQ(x.Unpack(), got) << i;
  }
}

}  // namespace
}  // namespace cuzk::ff::avx2
