// SPDX-License-Identifier: Apache-2.0 OR MIT
// The eight-lane IFMA Fr product against GMP: a b / 2^260 mod r, fully reduced, on seeded random
// lanes below 2r and the edges 0, 1, r - 1, r, 2r - 1 (packing: ff/lane_limbs_test.cc).
#include "ff/fr_x8_ifma.h"

#include <gtest/gtest.h>

#include <vector>

#include "ff/fr.h"
#include "support/gmp_reference.h"

namespace cuzk::ff::ifma {
namespace {

using cuzk::testing::FromMpz;
using cuzk::testing::OperandsBelowTwice;
using cuzk::testing::ToMpz;

TEST(FrX8IfmaTest, ProductsMatchGmpAndAreFullyReduced) {
  if (!FrX8Supported()) GTEST_SKIP() << "this CPU has no AVX-512 IFMA";
  mpz_class r = ToMpz(FrConfig::kModulus), r_inv;  // r_inv = 2^-260 mod r
  mpz_class two260 = mpz_class(1) << 260;
  mpz_invert(r_inv.get_mpz_t(), two260.get_mpz_t(), r.get_mpz_t());
  auto as = OperandsBelowTwice(r, 8000, 2), bs = OperandsBelowTwice(r, 8000, 3);
  for (size_t i = 0; i + 8 <= as.size(); i += 8) {
    std::array<Limbs<4>, 8> a, b;
    for (size_t k = 0; k < 8; ++k) {
      a[k] = FromMpz<4>(as[i + k]);
      // The first five groups take b from the edge values too.
      b[k] = FromMpz<4>(i < 40 ? as[(i / 8 + k) % 5] : bs[i + k]);
    }
    FrX8 x = FrX8::Pack(a), y = FrX8::Pack(b), z;
    MulMontFrX8(z, x, y);
    auto got = z.Unpack();
    for (size_t k = 0; k < 8; ++k) {
      mpz_class want = ToMpz(a[k]) * ToMpz(b[k]) * r_inv % r;
      ASSERT_EQ(ToMpz(got[k]), want) << "lane " << k << " of group " << i / 8;
    }
    MulMontFrX8(x, x, y);  // out aliasing an input
    ASSERT_EQ(x.Unpack(), got) << i;
  }
}

}  // namespace
}  // namespace cuzk::ff::ifma
