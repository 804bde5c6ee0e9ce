// SPDX-License-Identifier: Apache-2.0 OR MIT
// Poseidon against neptune's known answers (docs/filecoin.md §5.2): hash_values for each
// arity, filecoin-hashers' H(1, 0) and [1,0,0,1] tree root, constant counts and fingerprints.
#include "hash/poseidon.h"

#include <gtest/gtest.h>

#include <random>

#include "base/hex.h"
#include "hash/poseidon_optimized.h"

namespace cuzk::hash {
namespace {

Fr FromLimbs(ff::Limbs<4> limbs) { return *Fr::FromCanonical(limbs); }

Fr HashOfCounting(size_t arity) {
  std::vector<Fr> preimage;
  for (size_t i = 0; i < arity; ++i) preimage.push_back(Fr::FromUint64(i));
  return *PoseidonHash(preimage);
}

TEST(PoseidonTest, MatchesNeptuneHashValues) {
  EXPECT_EQ(HashOfCounting(2), FromLimbs({0x2e203c369a02e7ff, 0xa6fba9339d05a69d,
                                          0x739e0fd902efe161, 0x396508d75e76a56b}));
  EXPECT_EQ(HashOfCounting(4), FromLimbs({0x019814ff6662075d, 0xfb6b4605bf1327ec,
                                          0x00db3c6579229399, 0x58a54b10a9e5848a}));
  EXPECT_EQ(HashOfCounting(8), FromLimbs({0x2a9934f56d38a5e6, 0x4b682e9d9cc4aed9,
                                          0x1201004211677077, 0x2394611da3a5de55}));
  EXPECT_EQ(HashOfCounting(11), FromLimbs({0xcee3bbc32b693163, 0x09f3dcd8ccb08fc1,
                                           0x6ca537e232ebe87a, 0x0c0fc1b2e5227f28}));
  EXPECT_EQ(HashOfCounting(16), FromLimbs({0x1291c74060266d37, 0x5b8dbc6d30680a6f,
                                           0xc1c2fb5a6f871e63, 0x2d3ae2663381ae8a}));
}

TEST(PoseidonTest, MatchesFilecoinHasherVectors) {
  Fr one = Fr::One(), zero = Fr::Zero();
  std::vector<Fr> h10 = {one, zero};
  EXPECT_EQ(*PoseidonHash(h10), FromLimbs({0xb339ff6079800b5e, 0xec5907b3dc3094af,
                                           0x93c003cc74a24f26, 0x042f94ffbe786bc3}));
  // Binary tree over leaves [1, 0, 0, 1].
  std::vector<Fr> left = {one, zero}, right = {zero, one};
  std::vector<Fr> top = {*PoseidonHash(left), *PoseidonHash(right)};
  EXPECT_EQ(*PoseidonHash(top), FromLimbs({0xefbb8be3e291e671, 0x77cc72b8cb2b5ad2,
                                           0x30eb6385ae6b74ae, 0x1effebb7b26ad9eb}));
}

TEST(PoseidonTest, ConstantCountsAndFingerprints) {
  struct Want {
    size_t arity, count;
    const char *first_prefix, *first_suffix, *last_prefix, *last_suffix;
  };
  for (const Want& w : {Want{2, 189, "669f064b", "9d6ed3d8", "60dfbfa5", "65395e5c"},
                        Want{8, 585, "6ce90d12", "f2f4c2f9", "3b3a75eb", "519d9a8c"},
                        Want{11, 780, "1f6c9576", "d089bce4", "4543ca93", "2aab6a16"}}) {
    const PoseidonParams* p = *PoseidonParamsFor(w.arity);
    ASSERT_EQ(p->round_constants.size(), w.count);
    std::string first = ToHex(p->round_constants.front().ToBytesBE());
    std::string last = ToHex(p->round_constants.back().ToBytesBE());
    EXPECT_EQ(first.substr(0, 8), w.first_prefix) << w.arity;
    EXPECT_EQ(first.substr(56), w.first_suffix) << w.arity;
    EXPECT_EQ(last.substr(0, 8), w.last_prefix) << w.arity;
    EXPECT_EQ(last.substr(56), w.last_suffix) << w.arity;
  }
  EXPECT_EQ((*PoseidonParamsFor(4))->round_constants.size(), 320u);
  EXPECT_EQ((*PoseidonParamsFor(16))->round_constants.size(), 1139u);
}

TEST(PoseidonTest, MdsIsTheCauchyMatrixAndTagsAreMerkleTree) {
  const PoseidonParams* p = *PoseidonParamsFor(8);
  EXPECT_EQ(p->merkle_tag, Fr::FromUint64(255));
  for (size_t i = 0; i < p->width; ++i) {
    for (size_t j = 0; j < p->width; ++j) {
      ASSERT_EQ(p->mds[i][j] * Fr::FromUint64(i + j + p->width), Fr::One());
    }
  }
}

TEST(PoseidonTest, OptimizedScheduleEqualsReferencePermutation) {
  std::mt19937_64 rng(3);
  for (size_t arity : {2u, 4u, 8u, 11u, 16u}) {
    const OptimizedPoseidon* o = *OptimizedPoseidonFor(arity);
    size_t t = arity + 1;
    EXPECT_EQ(o->compressed_constants.size(), 8 * t + o->params->partial_rounds);
    EXPECT_EQ(o->sparse.size(), o->params->partial_rounds);
    for (int k = 0; k < 3; ++k) {
      std::vector<Fr> preimage(arity);
      for (auto& x : preimage) x = Fr::Random(rng);
      ASSERT_EQ(*PoseidonHashOptimized(preimage), *PoseidonHash(preimage)) << "arity " << arity;
    }
  }
}

TEST(PoseidonTest, BatchedHashingMatchesSingleHashes) {
  std::mt19937_64 rng(9);
  std::vector<Fr> preimages(8 * 300);
  for (auto& x : preimages) x = Fr::Random(rng);
  std::vector<Fr> out(300);
  ASSERT_TRUE(PoseidonHashMany(8, preimages, out, 2).ok());
  for (size_t i = 0; i < out.size(); i += 37) {
    ASSERT_EQ(out[i], *PoseidonHash(std::span(preimages).subspan(8 * i, 8)));
  }
  EXPECT_FALSE(PoseidonHashMany(8, std::span(preimages).first(7), std::span(out).first(1)).ok());
}

// filecoin-hashers poseidon.rs test_hash_md: the arity-36 Merkle-Damgard hash of 71 ones.
TEST(PoseidonTest, HashMdMatchesFilecoinHashersVector) {
  std::vector<Fr> ones(71, Fr::One());
  auto h = PoseidonHashMd(ones);
  ASSERT_TRUE(h.ok());
  ff::Limbs<4> want = {0x351c54133b332c90, 0xc26f6d625f4e8195, 0x5fd9623643ed9622,
                       0x59f42220e09ff6f7};
  EXPECT_EQ(h->ToCanonical(), want);
  // Two full blocks: acc = H(1, 35 ones), then H(acc, 35 ones).
  std::vector<Fr> block(36, Fr::One());
  Fr first = *PoseidonHash(block);
  block[0] = first;
  EXPECT_EQ(*h, *PoseidonHash(block));
  EXPECT_FALSE(PoseidonHashMd(std::span(ones).first(1)).ok());
}

TEST(PoseidonTest, DomainTagsSeparateMerkleTreeAndConstantLength) {
  std::mt19937_64 rng(21);
  std::vector<Fr> four(4);
  for (auto& x : four) x = Fr::Random(rng);
  auto merkle = PoseidonHashTyped(four, 4, PoseidonHashType::kMerkleTree);
  ASSERT_TRUE(merkle.ok());
  EXPECT_EQ(*merkle, *PoseidonHash(four));
  // Constant length 3 in arity 4: tag 3 * 2^64, the preimage, one zero.
  auto constant = PoseidonHashTyped(std::span(four).first(3), 4, PoseidonHashType::kConstantLength);
  ASSERT_TRUE(constant.ok());
  const PoseidonParams& p = **PoseidonParamsFor(4);
  Fr two64 = Fr::FromUint64(uint64_t{1} << 63) * Fr::FromUint64(2);
  std::vector<Fr> state = {Fr::FromUint64(3) * two64, four[0], four[1], four[2], Fr::Zero()};
  PoseidonPermute(p, state);
  EXPECT_EQ(*constant, state[1]);
  auto full = PoseidonHashTyped(four, 4, PoseidonHashType::kConstantLength);
  ASSERT_TRUE(full.ok());
  EXPECT_NE(*full, *merkle);
  EXPECT_FALSE(PoseidonHashTyped(std::span(four).first(3), 4, PoseidonHashType::kMerkleTree).ok());
  EXPECT_FALSE(PoseidonHashTyped({}, 4, PoseidonHashType::kConstantLength).ok());
}

TEST(PoseidonTest, RejectsUnsupportedArities) {
  std::vector<Fr> three(3);
  auto r = PoseidonHash(three);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("arity 3"), std::string::npos);
}

}  // namespace
}  // namespace cuzk::hash
