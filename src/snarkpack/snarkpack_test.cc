// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnarkPack's pieces against slow, obvious references on seeded random inputs: GT compression
// round trips and refuses bad bytes, the transcript polynomial's coefficients and product-form
// value agree with a polynomial multiplied out and evaluated term by term, synthetic division
// leaves f(X) = q(X)(X - z) + f(z), and the aggregate proof's bytes parse back to themselves.
// The byte-for-byte comparison with bellperson is tests/reference/snarkpack_vectors_test.cc.
#include <gtest/gtest.h>

#include <random>

#include "ec/pairing.h"
#include "snarkpack/aggregate_proof.h"
#include "snarkpack/gt_encoding.h"
#include "snarkpack/kzg.h"

namespace cuzk::snarkpack {
namespace {

using ff::Fr;

ff::Fp12 RandomGt(std::mt19937_64& rng) {
  ec::G1 p = ec::Mul(ec::G1::Generator(), Fr::Random(rng));
  ec::G2 q = ec::Mul(ec::G2::Generator(), Fr::Random(rng));
  return ec::Pairing(p.ToAffine(), q.ToAffine());
}

TEST(GtEncodingTest, CompressionRoundTripsAndRefusesBadBytes) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 3; ++i) {
    ff::Fp12 f = RandomGt(rng);
    auto bytes = GtCompress(f);
    auto back = GtDecompress(bytes);
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_TRUE(*back == f);
    auto flipped = bytes;
    flipped[7] ^= 1;  // another Fp6, almost surely outside the order-r subgroup
    EXPECT_FALSE(GtDecompress(flipped).ok());
    auto big = bytes;
    for (int k = 0; k < 48; ++k) big[k] = 0xff;  // not a canonical Fp
    EXPECT_FALSE(GtDecompress(big).ok());
    EXPECT_FALSE(GtDecompress(std::span(bytes).first(100)).ok());
  }
}

TEST(GtEncodingTest, SerdeFormIsTwelveLittleEndianFp) {
  std::mt19937_64 rng(2);
  ff::Fp12 f = RandomGt(rng);
  std::vector<uint8_t> out;
  AppendGtSerde(f, out);
  ASSERT_EQ(out.size(), kGtSerdeBytes);
  auto c1c2c1 = f.c1.c2.c1.ToBytesLE();  // the last coefficient
  EXPECT_TRUE(std::equal(c1c2c1.begin(), c1c2c1.end(), out.end() - 48));
  auto c0c0c0 = f.c0.c0.c0.ToBytesLE();
  EXPECT_TRUE(std::equal(c0c0c0.begin(), c0c0c0.end(), out.begin()));
}

// prod_j (1 + x_j (r X)^(2^j)) multiplied out naively.
std::vector<Fr> NaiveProduct(const std::vector<Fr>& xs, const Fr& r) {
  std::vector<Fr> poly = {Fr::One()};
  for (size_t j = 0; j < xs.size(); ++j) {
    size_t degree = size_t{1} << j;
    Fr rp = Fr::One();
    for (size_t k = 0; k < degree; ++k) rp *= r;
    std::vector<Fr> next(poly.size() + degree, Fr::Zero());
    for (size_t k = 0; k < poly.size(); ++k) {
      next[k] += poly[k];
      next[k + degree] += poly[k] * xs[j] * rp;
    }
    poly = next;
  }
  return poly;
}

Fr Evaluate(const std::vector<Fr>& poly, const Fr& z) {
  Fr value = Fr::Zero(), power = Fr::One();
  for (const Fr& c : poly) value += c * power, power *= z;
  return value;
}

TEST(KzgTest, TranscriptPolynomialMatchesTheProductMultipliedOut) {
  std::mt19937_64 rng(3);
  for (size_t rounds : {1, 2, 5}) {
    std::vector<Fr> xs;
    for (size_t j = 0; j < rounds; ++j) xs.push_back(Fr::Random(rng));
    Fr r = Fr::Random(rng), z = Fr::Random(rng);
    std::vector<Fr> fast = TranscriptPolynomial(xs, r);
    std::vector<Fr> slow = NaiveProduct(xs, r);
    slow.resize(size_t{1} << rounds, Fr::Zero());
    ASSERT_EQ(fast.size(), slow.size());
    for (size_t k = 0; k < fast.size(); ++k) EXPECT_TRUE(fast[k] == slow[k]) << rounds << " " << k;
    EXPECT_TRUE(TranscriptPolynomialAt(xs, z, r) == Evaluate(slow, z));
  }
}

TEST(KzgTest, DivisionByLinearLeavesTheValueAsRemainder) {
  std::mt19937_64 rng(4);
  std::vector<Fr> f;
  for (int i = 0; i < 9; ++i) f.push_back(Fr::Random(rng));
  Fr z = Fr::Random(rng), x = Fr::Random(rng);
  std::vector<Fr> q = DivideByLinear(f, z);
  ASSERT_EQ(q.size(), 8u);
  EXPECT_TRUE(Evaluate(f, x) == Evaluate(q, x) * (x - z) + Evaluate(f, z));
}

TEST(AggregateProofTest, BytesParseBackAndShortOrTrailingBytesAreRefused) {
  std::mt19937_64 rng(5);
  auto g1 = [&] { return ec::Mul(ec::G1::Generator(), Fr::Random(rng)).ToAffine(); };
  auto g2 = [&] { return ec::Mul(ec::G2::Generator(), Fr::Random(rng)).ToAffine(); };
  auto gts = [&] { return GtPair{RandomGt(rng), RandomGt(rng)}; };
  AggregateProof p;
  p.com_ab = gts();
  p.com_c = gts();
  p.ip_ab = RandomGt(rng);
  p.agg_c = g1();
  p.gipa.nproofs = 4;
  for (int i = 0; i < 2; ++i) {
    p.gipa.comms_ab.emplace_back(gts(), gts());
    p.gipa.comms_c.emplace_back(gts(), gts());
    p.gipa.z_ab.emplace_back(RandomGt(rng), RandomGt(rng));
    p.gipa.z_c.emplace_back(g1(), g1());
  }
  p.gipa.final_a = g1(), p.gipa.final_b = g2(), p.gipa.final_c = g1();
  p.gipa.final_vkey = {g2(), g2()};
  p.gipa.final_wkey = {g1(), g1()};
  p.vkey_opening = {g2(), g2()};
  p.wkey_opening = {g1(), g1()};
  std::vector<uint8_t> bytes = SerializeAggregateProof(p);
  // 5 + 2 x 10 GT, agg_c, n, 2 x 2 z_c, final a, b, c, the keys and openings.
  EXPECT_EQ(bytes.size(),
            25 * 288u + 48 + 4 + 4 * 48 + 48 + 96 + 48 + 2 * 96 + 2 * 48 + 2 * 96 + 2 * 48);
  auto back = ParseAggregateProof(bytes);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(SerializeAggregateProof(*back), bytes);
  EXPECT_FALSE(ParseAggregateProof(std::span(bytes).first(bytes.size() - 1)).ok());
  std::vector<uint8_t> longer = bytes;
  longer.push_back(0);
  EXPECT_FALSE(ParseAggregateProof(longer).ok());
  std::vector<uint8_t> three = bytes;
  three[5 * 288 + 48] = 3;  // nproofs 3
  auto refused = ParseAggregateProof(three);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("nproofs"), std::string::npos);
}

}  // namespace
}  // namespace cuzk::snarkpack
