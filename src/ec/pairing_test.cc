// SPDX-License-Identifier: Apache-2.0 OR MIT
// Pairing: the known value e(g1, g2), bilinearity, non-degeneracy, order r, the final
// exponentiation against plain exponentiation by 3 (p^12 - 1)/r, and PairingCheck.
#include "ec/pairing.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "support/gmp_reference.h"

namespace cuzk::ec {
namespace {

using cuzk::testing::ToMpz;
using ff::Fp;
using ff::Fp12;
using ff::Fr;

std::vector<uint64_t> Limbs(const mpz_class& z) {
  std::vector<uint64_t> out((mpz_sizeinbase(z.get_mpz_t(), 2) + 63) / 64);
  mpz_export(out.data(), nullptr, -1, sizeof(uint64_t), 0, 0, z.get_mpz_t());
  return out;
}

Fp12 LoadKnownGeneratorPairing() {
  std::ifstream in(CUZK_TESTDATA_DIR "/ec/pairing_generator.txt");
  EXPECT_TRUE(in.good()) << "missing testdata/ec/pairing_generator.txt";
  std::vector<Fp> values;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    ff::Limbs<6> limbs;
    for (auto& l : limbs) {
      std::string word;
      fields >> word;
      l = std::stoull(word, nullptr, 16);
    }
    values.push_back(Fp::FromMontgomery(limbs));
  }
  EXPECT_EQ(values.size(), 12u);
  values.resize(12);
  auto fp2 = [&](int i) { return ff::Fp2{values[2 * i], values[2 * i + 1]}; };
  return {{fp2(0), fp2(1), fp2(2)}, {fp2(3), fp2(4), fp2(5)}};
}

TEST(PairingTest, GeneratorPairingMatchesKnownValue) {
  Fp12 e = Pairing(G1Curve::Generator(), G2Curve::Generator());
  EXPECT_EQ(e, LoadKnownGeneratorPairing());
}

TEST(PairingTest, HardPartDecompositionEqualsTheExponent) {
  // 3 (p^4 - p^2 + 1)/r = (x-1)^2 (x+p)(x^2+p^2-1) + 3, checked on big integers.
  mpz_class x = cuzk::testing::SeedX();
  mpz_class p = cuzk::testing::BaseModulusFromSeed();
  mpz_class r = cuzk::testing::ScalarModulusFromSeed();
  mpz_class phi12 = p * p * p * p - p * p + 1;
  ASSERT_TRUE(mpz_divisible_p(phi12.get_mpz_t(), r.get_mpz_t()));
  EXPECT_EQ(3 * (phi12 / r), (x - 1) * (x - 1) * (x + p) * (x * x + p * p - 1) + 3);
  EXPECT_EQ(((x - 1) * (x - 1)) % 3, 0);
}

TEST(PairingTest, FinalExponentiationMatchesPlainExponentiation) {
  std::mt19937_64 rng(21);
  mpz_class p = ToMpz(ff::FpConfig::kModulus);
  mpz_class r = ToMpz(ff::FrConfig::kModulus);
  mpz_class p12 = 1;
  for (int i = 0; i < 12; ++i) p12 *= p;
  std::vector<uint64_t> exponent = Limbs(3 * ((p12 - 1) / r));
  Fp12 f = Fp12::Random(rng);
  EXPECT_EQ(FinalExponentiation(f), f.Pow(exponent));
}

TEST(PairingTest, IsBilinearNonDegenerateAndOfOrderR) {
  std::mt19937_64 rng(22);
  G1Affine p = G1Curve::Generator();
  G2Affine q = G2Curve::Generator();
  Fp12 e = Pairing(p, q);
  EXPECT_FALSE(e.IsOne());
  EXPECT_TRUE(e.CyclotomicPow(ff::FrConfig::kModulus).IsOne());
  for (int i = 0; i < 3; ++i) {
    Fr a = Fr::Random(rng), b = Fr::Random(rng);
    G1Affine ap = Mul(G1(p), a).ToAffine();
    G2Affine bq = Mul(G2(q), b).ToAffine();
    Fp12 eab = e.CyclotomicPow((a * b).ToCanonical());
    ASSERT_EQ(Pairing(ap, bq), eab);
    ASSERT_EQ(Pairing(Mul(G1(p), a * b).ToAffine(), q), eab);
    ASSERT_EQ(Pairing(p, Mul(G2(q), a * b).ToAffine()), eab);
  }
}

TEST(PairingTest, IdentityPairsToOne) {
  EXPECT_TRUE(Pairing(G1Affine::Identity(), G2Curve::Generator()).IsOne());
  EXPECT_TRUE(Pairing(G1Curve::Generator(), G2Affine::Identity()).IsOne());
}

TEST(PairingTest, PairingCheckAcceptsBalancedProductsOnly) {
  std::mt19937_64 rng(23);
  Fr a = Fr::Random(rng), b = Fr::Random(rng);
  G1Affine ap = Mul(G1::Generator(), a).ToAffine();
  G2Affine bq = Mul(G2::Generator(), b).ToAffine();
  G1Affine abp = Mul(G1::Generator(), a * b).ToAffine();
  // e(aP, bQ) * e(-abP, Q) = 1.
  std::vector<std::pair<G1Affine, G2Affine>> pairs = {{ap, bq}, {-abp, G2Curve::Generator()}};
  EXPECT_TRUE(PairingCheck(pairs));
  pairs[1].first = abp;
  EXPECT_FALSE(PairingCheck(pairs));
  pairs[1].first = -Mul(G1::Generator(), a * b + Fr::One()).ToAffine();
  EXPECT_FALSE(PairingCheck(pairs));
  EXPECT_TRUE(PairingCheck({}));
}

TEST(PairingTest, PreparedMultiMillerLoopMatchesSeparatePairings) {
  std::mt19937_64 rng(24);
  std::vector<G1Affine> ps;
  std::vector<G2Prepared> qs;
  Fp12 expected = Fp12::One();
  for (int i = 0; i < 3; ++i) {
    G1Affine p = Mul(G1::Generator(), Fr::Random(rng)).ToAffine();
    G2Affine q = Mul(G2::Generator(), Fr::Random(rng)).ToAffine();
    expected *= Pairing(p, q);
    ps.push_back(p);
    qs.push_back(PrepareG2(q));
  }
  std::vector<std::pair<G1Affine, const G2Prepared*>> pairs;
  for (int i = 0; i < 3; ++i) pairs.emplace_back(ps[i], &qs[i]);
  EXPECT_EQ(FinalExponentiation(MultiMillerLoop(pairs)), expected);
}

}  // namespace
}  // namespace cuzk::ec
