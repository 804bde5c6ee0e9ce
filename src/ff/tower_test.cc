// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fp2, Fp6, Fp12: field laws on seeded random elements, Frobenius against plain exponentiation
// by p, the sparse products against full products, and cyclotomic squaring against squaring.
#include <gtest/gtest.h>

#include <random>

#include "ff/fp12.h"
#include "support/gmp_reference.h"

namespace cuzk::ff {
namespace {

using cuzk::testing::ToMpz;

template <typename F>
class TowerTest : public ::testing::Test {
 protected:
  std::mt19937_64 rng_{42};
};

using TowerTypes = ::testing::Types<Fp2, Fp6, Fp12>;
TYPED_TEST_SUITE(TowerTest, TowerTypes);

TYPED_TEST(TowerTest, FieldLawsHoldOnRandomElements) {
  for (int i = 0; i < 20; ++i) {
    TypeParam a = TypeParam::Random(this->rng_);
    TypeParam b = TypeParam::Random(this->rng_);
    TypeParam c = TypeParam::Random(this->rng_);
    ASSERT_EQ(a * b, b * a);
    ASSERT_EQ((a * b) * c, a * (b * c));
    ASSERT_EQ(a.Square(), a * a);
    ASSERT_EQ(a * a.Inverse(), TypeParam::One());
    if constexpr (!std::is_same_v<TypeParam, Fp12>) {
      ASSERT_EQ(a * (b + c), a * b + a * c);
      ASSERT_EQ(a - a, TypeParam::Zero());
    }
  }
}

TEST(Fp2Test, InverseVartimeEqualsInverse) {
  std::mt19937_64 rng(21);
  for (int i = 0; i < 200; ++i) {
    Fp2 a = Fp2::Random(rng);
    ASSERT_EQ(a.InverseVartime(), a.Inverse());
  }
  EXPECT_EQ(Fp2::Zero().InverseVartime(), Fp2::Zero());
}

TEST(Fp2Test, FrobeniusIsPowerP) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 5; ++i) {
    Fp2 a = Fp2::Random(rng);
    EXPECT_EQ(a.Frobenius(1), a.Pow(FpConfig::kModulus));
    EXPECT_EQ(a.Frobenius(2), a);
  }
}

TEST(Fp2Test, SqrtFindsRootsOfSquaresAndRejectsNonResidues) {
  std::mt19937_64 rng(8);
  int non_residues = 0;
  for (int i = 0; i < 40; ++i) {
    Fp2 a = Fp2::Random(rng);
    auto root = a.Square().Sqrt();
    ASSERT_TRUE(root.has_value());
    ASSERT_EQ(root->Square(), a.Square());
    // a is a square in Fp2 iff its norm is a square in Fp.
    bool is_square = a.Norm().Legendre() == 1;
    ASSERT_EQ(a.Sqrt().has_value(), is_square);
    non_residues += !is_square;
  }
  EXPECT_GT(non_residues, 0);
  // Pure Fp values: residues, non-residues (root is c1 u) and 0.
  Fp2 minus_one{-Fp::One(), Fp::Zero()};
  auto root = minus_one.Sqrt();
  ASSERT_TRUE(root.has_value());
  EXPECT_EQ(root->Square(), minus_one);
  EXPECT_EQ(*Fp2::Zero().Sqrt(), Fp2::Zero());
}

TEST(Fp2Test, LexicographicOrderFollowsZcashRule) {
  Fp big = -Fp::One();  // p - 1 > (p-1)/2
  EXPECT_TRUE((Fp2{Fp::One(), big}).IsLexicographicallyLargest());
  EXPECT_FALSE((Fp2{big, Fp::One()}).IsLexicographicallyLargest());
  EXPECT_TRUE((Fp2{big, Fp::Zero()}).IsLexicographicallyLargest());
  EXPECT_FALSE((Fp2{Fp::One(), Fp::Zero()}).IsLexicographicallyLargest());
}

mpz_class PowerOfP(unsigned n) {
  mpz_class p = ToMpz(FpConfig::kModulus), out = 1;
  for (unsigned i = 0; i < n; ++i) out *= p;
  return out;
}

std::vector<uint64_t> Limbs(const mpz_class& z) {
  std::vector<uint64_t> out((mpz_sizeinbase(z.get_mpz_t(), 2) + 63) / 64);
  mpz_export(out.data(), nullptr, -1, sizeof(uint64_t), 0, 0, z.get_mpz_t());
  return out;
}

TEST(Fp12Test, FrobeniusIsPowerPToTheN) {
  std::mt19937_64 rng(9);
  Fp12 a = Fp12::Random(rng);
  for (unsigned n : {1u, 2u, 3u}) {
    EXPECT_EQ(a.Frobenius(n), a.Pow(Limbs(PowerOfP(n)))) << "n = " << n;
  }
  EXPECT_EQ(a.Frobenius(6), a.Conjugate());
  EXPECT_EQ(a.Frobenius(12), a);
  // Fp6 embeds as c0 of Fp12, so its Frobenius must agree.
  Fp6 b = Fp6::Random(rng);
  for (unsigned n : {1u, 2u, 3u, 5u}) {
    EXPECT_EQ((Fp12{b.Frobenius(n), Fp6::Zero()}), (Fp12{b, Fp6::Zero()}).Frobenius(n));
  }
}

TEST(Fp12Test, SparseProductsMatchFullProducts) {
  std::mt19937_64 rng(10);
  Fp12 a = Fp12::Random(rng);
  Fp2 o0 = Fp2::Random(rng), o1 = Fp2::Random(rng), o4 = Fp2::Random(rng);
  Fp12 sparse = {Fp6{o0, o1, Fp2::Zero()}, Fp6{Fp2::Zero(), o4, Fp2::Zero()}};
  EXPECT_EQ(a.MulBy014(o0, o1, o4), a * sparse);
  Fp6 b = Fp6::Random(rng);
  Fp6 b01 = {o0, o1, Fp2::Zero()};
  Fp6 b1 = {Fp2::Zero(), o1, Fp2::Zero()};
  EXPECT_EQ(b.MulBy01(o0, o1), b * b01);
  EXPECT_EQ(b.MulBy1(o1), b * b1);
}

TEST(Fp12Test, CyclotomicSquareMatchesSquareInTheCyclotomicSubgroup) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 5; ++i) {
    Fp12 f = Fp12::Random(rng);
    f = f.Conjugate() * f.Inverse();  // f^(p^6 - 1)
    f = f.Frobenius(2) * f;           // ^(p^2 + 1): now in the cyclotomic subgroup
    ASSERT_EQ(f.CyclotomicSquare(), f.Square());
    const uint64_t e[2] = {rng(), rng()};
    ASSERT_EQ(f.CyclotomicPow(e), f.Pow(e));
  }
}

}  // namespace
}  // namespace cuzk::ff
