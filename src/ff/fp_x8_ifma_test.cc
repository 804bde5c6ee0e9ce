// SPDX-License-Identifier: Apache-2.0 OR MIT
// The eight-lane Fp kernels against GMP: the product a b / 2^384 mod p, fully reduced, on seeded
// random lanes below 2p and the edges 0, 1, p - 1, p, 2p - 1; the sum and difference mod p on
// lanes below p. The kernels' source runs twice: emulated (plain loops with the intrinsics'
// semantics) on every CPU, and on AVX-512 IFMA where the CPU has it. The known-answer check that
// guards the IFMA kernels at run time accepts right kernels and refuses wrong ones.
#include "ff/fp_x8_ifma.h"

#include <gtest/gtest.h>

#include <vector>

#include "ff/fp.h"
#include "ff/fr_x8_ifma.h"
#include "support/gmp_reference.h"

namespace cuzk::ff::ifma {
namespace {

using cuzk::testing::FromMpz;
using cuzk::testing::OperandsBelowTwice;
using cuzk::testing::ToMpz;

using Limbs6 = Limbs<6>;

// Returns `count` seeded lanes below `bound` (p or 2p), the edges first.
std::vector<Limbs6> Operands(const mpz_class& p, bool below_twice, size_t count, uint64_t seed) {
  std::vector<Limbs6> out;
  for (const mpz_class& x : OperandsBelowTwice<6>(p, 2 * count, seed)) {
    if (below_twice || x < p) out.push_back(FromMpz<6>(x));
    if (out.size() == count) break;
  }
  return out;
}

// Checks kernels.op on groups of eight lanes against want(a, b) (GMP), with b's first groups
// taken from the edges too, and again with out aliasing a.
template <typename Want>
void ExpectLanesMatchGmp(void (*op)(FpX8&, const FpX8&, const FpX8&), bool below_twice, Want want) {
  mpz_class p = ToMpz(FpConfig::kModulus);
  auto as = Operands(p, below_twice, 4000, 2), bs = Operands(p, below_twice, 4000, 3);
  size_t edges = below_twice ? 5 : 3;
  for (size_t i = 0; i + 8 <= std::min(as.size(), bs.size()); i += 8) {
    std::array<Limbs6, 8> a, b;
    for (size_t k = 0; k < 8; ++k) {
      a[k] = as[i + k];
      b[k] = i < 40 ? as[(i / 8 + k) % edges] : bs[i + k];
    }
    FpX8 x = FpX8::Pack(a), y = FpX8::Pack(b), z;
    op(z, x, y);
    auto got = z.Unpack();
    for (size_t k = 0; k < 8; ++k) {
      ASSERT_EQ(ToMpz(got[k]), want(ToMpz(a[k]), ToMpz(b[k]), p))
          << "lane " << k << " of group " << i / 8;
    }
    op(x, x, y);  // out aliasing an input
    ASSERT_EQ(x.Unpack(), got) << i;
  }
}

void ExpectKernelsMatchGmp(const FpX8Kernels& kernels) {
  mpz_class r_inv, two384 = mpz_class(1) << 384, p = ToMpz(FpConfig::kModulus);
  mpz_invert(r_inv.get_mpz_t(), two384.get_mpz_t(), p.get_mpz_t());
  ExpectLanesMatchGmp(kernels.mul, true,
                      [&](const mpz_class& a, const mpz_class& b, const mpz_class& m) -> mpz_class {
                        return a * b * r_inv % m;
                      });
  ExpectLanesMatchGmp(kernels.add, false,
                      [](const mpz_class& a, const mpz_class& b, const mpz_class& m) -> mpz_class {
                        return (a + b) % m;
                      });
  ExpectLanesMatchGmp(kernels.sub, false,
                      [](const mpz_class& a, const mpz_class& b, const mpz_class& m) -> mpz_class {
                        return (a - b + m) % m;
                      });
}

TEST(FpX8IfmaTest, EmulatedKernelsMatchGmpAndAreFullyReduced) {
  ExpectKernelsMatchGmp(emulated::FpKernels());
}

TEST(FpX8IfmaTest, IfmaKernelsMatchGmpAndAreFullyReduced) {
#if defined(__x86_64__)
  if (!FrX8Supported()) GTEST_SKIP() << "this CPU has no AVX-512 IFMA";
  ExpectKernelsMatchGmp(FpX8Kernels{&MulMontFpX8, &AddFpX8, &SubFpX8});
#else
  GTEST_SKIP() << "not an x86-64 build";
#endif
}

TEST(FpX8IfmaTest, KnownAnswerCheckAcceptsRightKernelsAndRefusesWrongOnes) {
  EXPECT_TRUE(FpKernelsAgreeWithScalar(emulated::FpKernels()));
  FpX8Kernels swapped = emulated::FpKernels();
  swapped.add = swapped.sub;
  EXPECT_FALSE(FpKernelsAgreeWithScalar(swapped));
  // A product that is off in one bit of one lane.
  FpX8Kernels flipped = emulated::FpKernels();
  flipped.mul = [](FpX8& out, const FpX8& a, const FpX8& b) {
    emulated::MulMontFpX8(out, a, b);
    out.limb[3][5] ^= 1;
  };
  EXPECT_FALSE(FpKernelsAgreeWithScalar(flipped));
#if defined(__x86_64__)
  if (FrX8Supported() && !IfmaDeclinedByEnvironment()) {
    EXPECT_NE(CheckedIfmaFpKernels(), nullptr);
    return;
  }
#endif
  EXPECT_EQ(CheckedIfmaFpKernels(), nullptr);
}

}  // namespace
}  // namespace cuzk::ff::ifma
