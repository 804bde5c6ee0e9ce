// SPDX-License-Identifier: Apache-2.0 OR MIT
// The eight-lane Fr product against GMP: a b / 2^260 mod r, fully reduced, on seeded random lanes
// below 2r and the edges 0, 1, r - 1, r, 2r - 1 (packing: ff/lane_limbs_test.cc). The kernels'
// source runs twice: emulated (plain loops with the intrinsics' semantics) on every CPU, and on
// AVX-512 IFMA where the CPU has it, where every result must also equal the emulated one. The
// butterfly is checked against Fr's arithmetic in ntt/transform_x8_test.cc.
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

using MulFn = void (*)(FrX8&, const FrX8&, const FrX8&);

void ExpectProductsMatchGmp(MulFn mul) {
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
    mul(z, x, y);
    auto got = z.Unpack();
    for (size_t k = 0; k < 8; ++k) {
      mpz_class want = ToMpz(a[k]) * ToMpz(b[k]) * r_inv % r;
      ASSERT_EQ(ToMpz(got[k]), want) << "lane " << k << " of group " << i / 8;
    }
    mul(x, x, y);  // out aliasing an input
    ASSERT_EQ(x.Unpack(), got) << i;
  }
}

TEST(FrX8IfmaTest, EmulatedProductsMatchGmpAndAreFullyReduced) {
  ExpectProductsMatchGmp(&emulated::MulMontFrX8);
}

TEST(FrX8IfmaTest, ProductsMatchGmpAndAreFullyReduced) {
  if (!FrX8Supported()) GTEST_SKIP() << "this CPU has no AVX-512 IFMA";
  ExpectProductsMatchGmp(&MulMontFrX8);
}

TEST(FrX8IfmaTest, ButterfliesAndReductionsEqualTheEmulatedOnes) {
  if (!FrX8Supported()) GTEST_SKIP() << "this CPU has no AVX-512 IFMA";
  mpz_class r = ToMpz(FrConfig::kModulus);
  // u and v below 4r (the lazy form the butterfly takes: values below 2r, every third one plus
  // 2r), w below r: the edges 0, 1, r - 1 (and r, 2r - 1, 4r - 1) and random values.
  auto below = [&](uint64_t seed, bool lazy) {
    std::vector<Limbs<5>> v;
    size_t i = 0;
    for (const mpz_class& x : OperandsBelowTwice(r, 4000, seed)) {
      if (lazy) {
        v.push_back(FromMpz<5>(++i % 3 == 0 ? mpz_class(x + 2 * r) : x));
      } else if (x < r) {
        v.push_back(FromMpz<5>(x));
      }
    }
    return v;
  };
  auto us = below(4, true), vs = below(5, true), ws = below(6, false);
  size_t n = std::min({us.size(), vs.size(), ws.size()}) / 8 * 8;
  for (size_t i = 0; i < n; i += 8) {
    FrX8 ru, rv, lw;
    for (int k = 0; k < 8; ++k) {
      for (int j = 0; j < FrX8::kLimbs; ++j) {  // values below 2^257 (FrX8::Pack takes 2^256)
        ru.limb[j][k] = BitField(us[i + k], 52 * j, 52);
        rv.limb[j][k] = BitField(vs[i + k], 52 * j, 52);
        lw.limb[j][k] = BitField(ws[i + k], 52 * j, 52);
      }
    }
    FrX8 eu = ru, ev = rv, ru_reduced = ru, eu_reduced = ru;
    ButterflyFrX8(ru, rv, lw);
    emulated::ButterflyFrX8(eu, ev, lw);
    ReduceFrX8(ru_reduced);  // the inputs, below 4r
    emulated::ReduceFrX8(eu_reduced);
    for (int j = 0; j < FrX8::kLimbs; ++j) {  // every limb: results reach 2^256
      for (int k = 0; k < 8; ++k) {
        ASSERT_EQ(ru.limb[j][k], eu.limb[j][k]) << "sum, group " << i / 8 << " lane " << k;
        ASSERT_EQ(rv.limb[j][k], ev.limb[j][k]) << "difference, group " << i / 8 << " lane " << k;
        ASSERT_EQ(ru_reduced.limb[j][k], eu_reduced.limb[j][k])
            << "reduction, group " << i / 8 << " lane " << k;
      }
    }
  }
}

}  // namespace
}  // namespace cuzk::ff::ifma
