// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fp and Fr against GMP: constants derived from the curve seed, and every operation on seeded
// random inputs plus the edge values 0, 1, 2 and p-1.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "base/hex.h"
#include "ff/fp.h"
#include "ff/fr.h"
#include "support/gmp_reference.h"

namespace cuzk::ff {
namespace {

using cuzk::testing::FromMpz;
using cuzk::testing::ToMpz;

template <typename F>
class MontFieldTest : public ::testing::Test {
 protected:
  static constexpr size_t N = F::kLimbs;
  mpz_class p_ = ToMpz(F::kModulus);
  std::mt19937_64 rng_{0xc0ffee};

  mpz_class Value(const F& f) { return ToMpz(f.ToCanonical()); }
  F Make(const mpz_class& z) { return *F::FromCanonical(FromMpz<N>(((z % p_) + p_) % p_)); }

  // Seeded random elements followed by the edge values.
  std::vector<F> Samples(size_t count) {
    std::vector<F> out;
    for (size_t i = 0; i < count; ++i) out.push_back(F::Random(rng_));
    out.push_back(F::Zero());
    out.push_back(F::One());
    out.push_back(F::FromUint64(2));
    out.push_back(-F::One());
    return out;
  }
};

using FieldTypes = ::testing::Types<Fp, Fr>;
TYPED_TEST_SUITE(MontFieldTest, FieldTypes);

TYPED_TEST(MontFieldTest, ModulusMatchesCurveSeed) {
  mpz_class expected = std::is_same_v<TypeParam, Fp> ? cuzk::testing::BaseModulusFromSeed()
                                                     : cuzk::testing::ScalarModulusFromSeed();
  EXPECT_EQ(this->p_, expected);
  EXPECT_NE(mpz_probab_prime_p(this->p_.get_mpz_t(), 30), 0);
  EXPECT_EQ(mpz_sizeinbase(this->p_.get_mpz_t(), 2), TypeParam::kBits);
}

TYPED_TEST(MontFieldTest, MontgomeryConstantsMatchReference) {
  mpz_class r = mpz_class(1) << (64 * TypeParam::kLimbs);
  EXPECT_EQ(ToMpz(TypeParam::kR), r % this->p_);
  EXPECT_EQ(ToMpz(TypeParam::kR2), (r * r) % this->p_);
  mpz_class word = mpz_class(1) << 64;
  mpz_class check = (mpz_class(TypeParam::kModulus[0]) * TypeParam::kInv + 1) % word;
  EXPECT_EQ(check, 0);
}

TYPED_TEST(MontFieldTest, CompileTimeSmallConstantsAreRight) {
  using F = TypeParam;
  static_assert(F::Two() != F::One());
  EXPECT_EQ(F::Two(), F::FromUint64(2));
  EXPECT_EQ(F::Two(), F::One() + F::One());
  EXPECT_EQ(F::MinusOne(), -F::One());
  EXPECT_EQ(F::MinusOne() + F::One(), F::Zero());
}

TYPED_TEST(MontFieldTest, ArithmeticMatchesBigIntReference) {
  auto xs = this->Samples(200);
  auto ys = this->Samples(200);
  std::shuffle(ys.begin(), ys.end(), this->rng_);
  for (size_t i = 0; i < xs.size(); ++i) {
    const TypeParam &a = xs[i], &b = ys[i];
    mpz_class va = this->Value(a), vb = this->Value(b), p = this->p_;
    ASSERT_EQ(this->Value(a + b), (va + vb) % p);
    ASSERT_EQ(this->Value(a - b), ((va - vb) % p + p) % p);
    ASSERT_EQ(this->Value(a * b), (va * vb) % p);
    ASSERT_EQ(this->Value(a.Square()), (va * va) % p);
    ASSERT_EQ(this->Value(a.Double()), (2 * va) % p);
    ASSERT_EQ(this->Value(-a), (p - va) % p);
  }
}

TYPED_TEST(MontFieldTest, PortableAndAssemblyKernelsAgree) {
  if (!TypeParam::UsesAsm())
    GTEST_SKIP() << "not using the assembly kernel: " << DescribeFieldKernels();
  auto xs = this->Samples(2000);
  for (size_t i = 0; i + 1 < xs.size(); ++i) {
    typename TypeParam::Repr portable;
    TypeParam::MulPortable(portable, xs[i].montgomery(), xs[i + 1].montgomery());
    ASSERT_EQ(TypeParam::FromMontgomery(portable), xs[i] * xs[i + 1]) << "sample " << i;
  }
  // Largest operands: p-1 times p-1 exercises every carry.
  TypeParam m = -TypeParam::One();
  typename TypeParam::Repr portable;
  typename TypeParam::Repr big = TypeParam::kModulus;
  big[0] -= 1;
  TypeParam::MulPortable(portable, big, big);
  EXPECT_EQ(TypeParam::FromMontgomery(portable),
            TypeParam::FromMontgomery(big) * TypeParam::FromMontgomery(big));
  EXPECT_EQ(m * m, TypeParam::One());
}

// The squaring kernel (Fp) reduces only the low half of a^2 and adds the high half afterwards;
// its bound U + T_hi < 2p is tightest for the largest Montgomery representations.
TYPED_TEST(MontFieldTest, SquareAgreesWithPortableProduct) {
  auto xs = this->Samples(5000);
  for (uint64_t k = 1; k <= 300; ++k) {
    typename TypeParam::Repr r = TypeParam::kModulus;
    r[0] -= k;  // Montgomery forms p - k: every limb near its maximum
    xs.push_back(TypeParam::FromMontgomery(r));
    typename TypeParam::Repr low{};
    low[0] = k;  // tiny Montgomery forms: the high half of a^2 is zero
    xs.push_back(TypeParam::FromMontgomery(low));
    typename TypeParam::Repr top{};
    top[TypeParam::kLimbs - 1] = TypeParam::kModulus[TypeParam::kLimbs - 1] - k;
    xs.push_back(TypeParam::FromMontgomery(top));  // only the top limb: the low half is zero
  }
  xs.push_back(TypeParam::Zero());
  xs.push_back(TypeParam::One());
  for (size_t i = 0; i < xs.size(); ++i) {
    typename TypeParam::Repr portable;
    TypeParam::MulPortable(portable, xs[i].montgomery(), xs[i].montgomery());
    ASSERT_EQ(xs[i].Square(), TypeParam::FromMontgomery(portable)) << "sample " << i;
    TypeParam in_place = xs[i];
    in_place = in_place.Square();
    ASSERT_EQ(in_place, TypeParam::FromMontgomery(portable)) << "sample " << i;
  }
}

TYPED_TEST(MontFieldTest, InverseAndPowMatchReference) {
  for (const TypeParam& a : this->Samples(30)) {
    mpz_class va = this->Value(a), inv;
    if (va == 0) {
      EXPECT_TRUE(a.Inverse().IsZero());
      continue;
    }
    mpz_invert(inv.get_mpz_t(), va.get_mpz_t(), this->p_.get_mpz_t());
    ASSERT_EQ(this->Value(a.Inverse()), inv);
    ASSERT_TRUE((a * a.Inverse()).IsOne());
    std::array<uint64_t, 2> e = {this->rng_(), this->rng_()};
    mpz_class ve = ToMpz(e), expected;
    mpz_powm(expected.get_mpz_t(), va.get_mpz_t(), ve.get_mpz_t(), this->p_.get_mpz_t());
    ASSERT_EQ(this->Value(a.Pow(e)), expected);
  }
}

TYPED_TEST(MontFieldTest, InverseVartimeMatchesReference) {
  // Random values and 1, 2, p - 1, p - 2, powers of two, and values whose Montgomery form is
  // small or close to p (the divsteps see the Montgomery form).
  std::vector<TypeParam> values = this->Samples(2000);
  for (uint64_t k : {1, 2, 3, 4, 5, 7, 64, 200}) {
    values.push_back(TypeParam::FromUint64(k));
    values.push_back(-TypeParam::FromUint64(k));
    values.push_back(TypeParam::Two().Pow(std::array<uint64_t, 1>{k}));
  }
  for (uint64_t k : {uint64_t{1}, uint64_t{2}, uint64_t{3}, uint64_t{1} << 63}) {
    typename TypeParam::Repr m{};
    m[0] = k;
    values.push_back(TypeParam::FromMontgomery(m));
    typename TypeParam::Repr near = TypeParam::kModulus;
    SubInPlace(near, m);
    values.push_back(TypeParam::FromMontgomery(near));
  }
  for (const TypeParam& a : values) {
    mpz_class va = this->Value(a), inv;
    if (va == 0) {
      EXPECT_TRUE(a.InverseVartime().IsZero());
      continue;
    }
    mpz_invert(inv.get_mpz_t(), va.get_mpz_t(), this->p_.get_mpz_t());
    ASSERT_EQ(this->Value(a.InverseVartime()), inv) << va.get_str(16);
  }
  EXPECT_TRUE(TypeParam::Zero().InverseVartime().IsZero());
}

TYPED_TEST(MontFieldTest, PowMatchesReferenceOnEdgeExponents) {
  // Zero, one, small, single-bit, all-ones and sparse exponents, below and above the 64 bits
  // where Pow switches from square-and-multiply to sliding windows.
  std::vector<std::array<uint64_t, 6>> exponents = {
      {0},
      {1},
      {2},
      {3},
      {31},
      {32},
      {33},
      {~uint64_t{0}},
      {0, 1},
      {1, 1},
      {0, 0, 0, 0, 0, 1},
      {~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}},
      {0x8000000000000001, 0, 0x10, 0, 0, 0x8000000000000000},
  };
  for (size_t i = 0; i < 20; ++i) {
    std::array<uint64_t, 6> e{};
    for (uint64_t& limb : e) limb = this->rng_() & this->rng_();  // sparse
    exponents.push_back(e);
  }
  for (const TypeParam& a : this->Samples(6)) {
    for (const auto& e : exponents) {
      mpz_class ve = ToMpz(e), expected;
      mpz_powm(expected.get_mpz_t(), this->Value(a).get_mpz_t(), ve.get_mpz_t(),
               this->p_.get_mpz_t());
      ASSERT_EQ(this->Value(a.Pow(e)), expected) << ve.get_str(16);
    }
  }
}

TYPED_TEST(MontFieldTest, BatchInverseMatchesSingleInverse) {
  auto xs = this->Samples(50);
  auto inverted = xs;
  TypeParam::BatchInverse(inverted);
  for (size_t i = 0; i < xs.size(); ++i) ASSERT_EQ(inverted[i], xs[i].Inverse()) << i;
}

TYPED_TEST(MontFieldTest, SqrtAndLegendreMatchReference) {
  for (const TypeParam& a : this->Samples(40)) {
    mpz_class va = this->Value(a);
    int legendre = mpz_legendre(va.get_mpz_t(), this->p_.get_mpz_t());
    ASSERT_EQ(a.Legendre(), legendre);
    auto root = a.Sqrt();
    ASSERT_EQ(root.has_value(), legendre >= 0);
    if (root) {
      ASSERT_EQ(root->Square(), a);
    }
    TypeParam sq = a.Square();
    auto root2 = sq.Sqrt();
    ASSERT_TRUE(root2.has_value());
    ASSERT_TRUE(*root2 == a || *root2 == -a);
  }
}

TYPED_TEST(MontFieldTest, BytesRoundTripAndRejectNonCanonical) {
  for (const TypeParam& a : this->Samples(20)) {
    auto be = a.ToBytesBE();
    auto le = a.ToBytesLE();
    ASSERT_EQ(*TypeParam::FromBytesBE(be), a);
    ASSERT_EQ(*TypeParam::FromBytesLE(le), a);
    mpz_class v;
    mpz_import(v.get_mpz_t(), be.size(), 1, 1, 0, 0, be.data());
    ASSERT_EQ(v, this->Value(a));
  }
  // p itself and all-ones are not canonical; a short buffer is the wrong length.
  std::array<uint8_t, TypeParam::kBytes> bytes;
  mpz_export(bytes.data(), nullptr, 1, 1, 0, 0, this->p_.get_mpz_t());
  auto r = TypeParam::FromBytesBE(bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("not less than the field modulus"), std::string::npos);
  bytes.fill(0xff);
  EXPECT_FALSE(TypeParam::FromBytesBE(bytes).ok());
  auto short_result = TypeParam::FromBytesBE(std::span(bytes).first(TypeParam::kBytes - 1));
  ASSERT_FALSE(short_result.ok());
  EXPECT_NE(short_result.status().message().find("must be"), std::string::npos);
}

#if CUZK_ASM_ADD_SUB
// Returns 256-bit values spread over [0, 2^256), with the edges of the ranges [0, r) and
// [0, 2r) the NTT's lazy butterflies live in.
std::vector<mpz_class> LazyOperands(std::mt19937_64& rng, const mpz_class& r) {
  std::vector<mpz_class> out = {0, 1, r - 1, r, r + 1, 2 * r - 1, 2 * r, (mpz_class(1) << 256) - 1};
  for (int i = 0; i < 3000; ++i) {
    Limbs<4> l;
    for (auto& w : l) w = rng();
    mpz_class z = ToMpz(l);
    out.push_back(i % 3 == 0 ? z : z % (2 * r));  // two thirds below 2r, the rest anywhere
  }
  return out;
}

// The lazy product (no final subtraction) returns a b / 2^256 mod r, plus 0 or r, for a < r
// and any b < 2^256 (bound in tools/gen_mont_asm.py).
TEST(FrTest, LazyAssemblyProductIsBelowTwiceR) {
  if (!AsmKernelsInUse())
    GTEST_SKIP() << "not using the assembly kernels: " << DescribeFieldKernels();
  mpz_class r = ToMpz(FrConfig::kModulus);
  mpz_class r_inv;  // 2^-256 mod r
  mpz_class two256 = mpz_class(1) << 256;
  mpz_invert(r_inv.get_mpz_t(), two256.get_mpz_t(), r.get_mpz_t());
  std::mt19937_64 rng(21);
  auto bs = LazyOperands(rng, r);
  for (size_t i = 0; i < bs.size(); ++i) {
    mpz_class a = i < 4 ? mpz_class(r - 1 - i) : ToMpz(Fr::Random(rng).montgomery());
    Limbs<4> a_limbs = FromMpz<4>(a), b_limbs = FromMpz<4>(bs[i]), out;
    cuzk_fr_mul_mont_lazy_x86_64(out.data(), a_limbs.data(), b_limbs.data());
    mpz_class got = ToMpz(out);
    ASSERT_LT(got, 2 * r) << "a=" << a.get_str(16) << " b=" << bs[i].get_str(16);
    ASSERT_EQ(got % r, a * bs[i] * r_inv % r)
        << "a=" << a.get_str(16) << " b=" << bs[i].get_str(16);
  }
}

// AddBelowBound4 with the bound 2r, where a + b may carry out of 256 bits.
TEST(FrTest, AddBelowTwiceRHandlesTheCarryOut) {
  mpz_class r = ToMpz(FrConfig::kModulus);
  Limbs<4> two_r = FromMpz<4>(2 * r);
  std::mt19937_64 rng(22);
  auto xs = LazyOperands(rng, r);
  for (auto& x : xs) x %= 2 * r;
  for (size_t i = 0; i + 1 < xs.size(); ++i) {
    Limbs<4> a = FromMpz<4>(xs[i]), b = FromMpz<4>(xs[i + 1]), sum, diff;
    x86_64::AddBelowBound4(sum.data(), a.data(), b.data(), two_r.data());
    x86_64::SubMod4(diff.data(), a.data(), b.data(), two_r.data());
    mpz_class want_sum = xs[i] + xs[i + 1], want_diff = xs[i] - xs[i + 1];
    if (want_sum >= 2 * r) want_sum -= 2 * r;
    if (want_diff < 0) want_diff += 2 * r;
    ASSERT_EQ(ToMpz(sum), want_sum) << xs[i].get_str(16) << " + " << xs[i + 1].get_str(16);
    ASSERT_EQ(ToMpz(diff), want_diff) << xs[i].get_str(16) << " - " << xs[i + 1].get_str(16);
  }
}
#endif

TEST(FrTest, RootOfUnityMatchesFilecoinConstant) {
  // docs/filecoin.md §7.6: ROOT_OF_UNITY = 7^((r-1)/2^32).
  Fr root = FrRootOfUnity();
  auto bytes = root.ToBytesBE();
  EXPECT_EQ(ToHex(bytes), "16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b");
  Fr x = root;
  for (size_t i = 0; i < kFrTwoAdicity - 1; ++i) x = x.Square();
  EXPECT_EQ(x, -Fr::One());  // order exactly 2^32
  EXPECT_TRUE(x.Square().IsOne());
  mpz_class r = ToMpz(FrConfig::kModulus);
  EXPECT_EQ(mpz_scan1(mpz_class(r - 1).get_mpz_t(), 0), kFrTwoAdicity);
}

TEST(FrTest, SevenIsAMultiplicativeGenerator) {
  // 7 generates Fr* iff 7^((r-1)/q) != 1 for every prime q | r-1. r-1 = 2^32 * 3 * 11 * 19 *
  // 10177 * 125527 * 859267 * 906349^2 * 2508409 * 2529403 * 52437899 * 254760293^2.
  mpz_class r = ToMpz(FrConfig::kModulus);
  mpz_class rest = r - 1;
  const char* primes[] = {"2",      "3",      "11",      "19",      "10177",    "125527",
                          "859267", "906349", "2508409", "2529403", "52437899", "254760293"};
  for (const char* q : primes) {
    mpz_class qq(q);
    ASSERT_TRUE(mpz_divisible_p(rest.get_mpz_t(), qq.get_mpz_t())) << q;
    while (mpz_divisible_p(rest.get_mpz_t(), qq.get_mpz_t())) rest /= qq;
    mpz_class e = (r - 1) / qq, out, seven(7);
    mpz_powm(out.get_mpz_t(), seven.get_mpz_t(), e.get_mpz_t(), r.get_mpz_t());
    EXPECT_NE(out, 1) << "7 is a power residue for q = " << q;
  }
  EXPECT_EQ(rest, 1) << "factorisation of r-1 incomplete";
  EXPECT_EQ(FrMultiplicativeGenerator(), Fr::FromUint64(7));
}

// The kernels are chosen at start-up from CPUID (ff/cpu_kernels.h); ChooseFieldKernels(kPortable)
// turns the assembly off on any CPU, kAuto brings back what the CPU runs, and the products agree.
TEST(FieldKernelsTest, TheChoiceIsNamedAndCanAskForPortable) {
  const FieldKernels before = ChosenFieldKernels();
  std::string described = DescribeFieldKernels();
  EXPECT_EQ(described.find("portable C++") == std::string::npos, Fp::UsesAsm()) << described;
  EXPECT_EQ(Fp::UsesAsm(), Fr::UsesAsm());
  std::mt19937_64 rng(17);
  Fp a = Fp::Random(rng), b = Fp::Random(rng);
  ChooseFieldKernels(FieldKernels::kPortable);
  EXPECT_FALSE(Fp::UsesAsm());
  EXPECT_FALSE(Fr::UsesAsm());
  if (CUZK_USE_ASM) {
    EXPECT_NE(DescribeFieldKernels().find("chosen: portable"), std::string::npos)
        << DescribeFieldKernels();
  }
  Fp portable = a * b;
  ChooseFieldKernels(FieldKernels::kAuto);
  EXPECT_EQ(Fp::UsesAsm(), CUZK_USE_ASM && CpuRunsAsmKernels());
  EXPECT_EQ(a * b, portable);
  ChooseFieldKernels(before);
}

TEST(FieldKernelsTest, ParsesTheThreeChoicesAndNamesThemInItsError) {
  for (FieldKernels k : {FieldKernels::kAuto, FieldKernels::kPortable, FieldKernels::kNoIfma}) {
    EXPECT_EQ(*ParseFieldKernels(FieldKernelsName(k)), k);
  }
  EXPECT_EQ(*ParseFieldKernels(""), FieldKernels::kAuto);
  auto bad = ParseFieldKernels("fast");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("auto, portable or no-ifma"), std::string::npos);
}

// The ff_mont_field_test_portable run of this binary sets CUZK_FIELD_KERNEL=portable, which the
// test support's environment (tests/support/field_kernels_from_environment.cc) applies.
TEST(FieldKernelsTest, ThePortableRunIsPortable) {
  const char* env = std::getenv("CUZK_FIELD_KERNEL");
  if (env == nullptr || std::string(env) != "portable") GTEST_SKIP() << "not the portable run";
  EXPECT_EQ(ChosenFieldKernels(), FieldKernels::kPortable);
  EXPECT_FALSE(Fp::UsesAsm());
}

}  // namespace
}  // namespace cuzk::ff
