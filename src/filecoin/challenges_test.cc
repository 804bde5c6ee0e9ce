// SPDX-License-Identifier: Apache-2.0 OR MIT
// Challenge derivation: challenges.rs test_synth_challenges_against_hardcoded (docs/filecoin.md
// §3.3), and properties of the interactive/non-interactive forms against a direct SHA-256
// computation.
#include "filecoin/challenges.h"

#include <gtest/gtest.h>

#include "hash/sha256.h"

namespace cuzk::filecoin {
namespace {

TEST(ChallengesTest, SyntheticChallengesMatchHardcodedVectors) {
  ff::Fr replica_id = ff::Fr::FromUint64(55), comm_r = ff::Fr::FromUint64(101);
  uint64_t nodes = 1 << 10;
  EXPECT_EQ(SyntheticChallengeCount(nodes), nodes);
  EXPECT_EQ(SyntheticChallengeCount(uint64_t{1} << 30), uint64_t{1} << 18);
  auto synthetic = SyntheticChallenges(replica_id, comm_r, nodes, 21);
  ASSERT_TRUE(synthetic.ok()) << synthetic.status().ToString();
  std::vector<uint64_t> want = {178, 297, 869, 211, 875, 477, 94,  781, 124, 332, 856,
                                801, 176, 692, 429, 691, 290, 204, 986, 210, 973};
  EXPECT_EQ(*synthetic, want);
  Bytes32 seed;
  seed.fill(1);
  auto porep = SyntheticPoRepChallenges(replica_id, comm_r, seed, nodes, 21, 0, 10);
  ASSERT_TRUE(porep.ok());
  EXPECT_EQ(*porep, (std::vector<uint64_t>{176, 781, 801, 986, 290, 211, 692, 856, 986, 332}));
}

TEST(ChallengesTest, InteractiveChallengesAreNeverZeroAndFollowTheFormula) {
  ff::Fr replica_id = ff::Fr::FromUint64(7);
  Bytes32 seed;
  seed.fill(9);
  for (uint32_t j = 0; j < 50; ++j) {
    uint64_t c = InteractiveChallenge(replica_id, seed, j, 64);
    ASSERT_GE(c, 1u);
    ASSERT_LT(c, 64u);
  }
  // j = 0 by hand: SHA256(repr || seed || 0u32) as a little-endian integer, mod 63, plus 1.
  std::vector<uint8_t> pre;
  auto repr = replica_id.ToBytesLE();
  pre.insert(pre.end(), repr.begin(), repr.end());
  pre.insert(pre.end(), seed.begin(), seed.end());
  pre.insert(pre.end(), 4, 0);
  auto d = hash::Sha256(pre);
  uint64_t rem = 0;
  for (size_t i = 32; i-- > 0;) rem = (rem * 256 + d[i]) % 63;
  EXPECT_EQ(InteractiveChallenge(replica_id, seed, 0, 64), rem + 1);
  EXPECT_NE(NonInteractiveChallenge(replica_id, ff::Fr::One(), 0, 1 << 30),
            NonInteractiveChallenge(replica_id, ff::Fr::One(), 1, 1 << 30));
}

TEST(ChallengesTest, ReplicaIdIsTheTruncatedSha256OfItsInputs) {
  Bytes32 prover{}, ticket{}, comm_d{}, porep{};
  prover[0] = 1;
  ticket[0] = 2;
  comm_d[0] = 3;
  porep[0] = 8;
  std::vector<uint8_t> pre(prover.begin(), prover.end());
  for (int i = 0; i < 7; ++i) pre.push_back(0);
  pre.push_back(42);  // sector 42, big-endian
  pre.insert(pre.end(), ticket.begin(), ticket.end());
  pre.insert(pre.end(), comm_d.begin(), comm_d.end());
  pre.insert(pre.end(), porep.begin(), porep.end());
  EXPECT_EQ(ReplicaId(prover, 42, ticket, comm_d, porep), hash::DigestToField(hash::Sha256(pre)));
}

// The ID address payload: f01000 is 0xe8 0x07, f0127 one byte, f0128 two, f0 one zero byte.
TEST(ChallengesTest, ProverIdIsTheLeb128ActorId) {
  Bytes32 want{};
  want[0] = 0xe8;
  want[1] = 0x07;
  EXPECT_EQ(ProverId(1000), want);
  want = {};
  want[0] = 0x7f;
  EXPECT_EQ(ProverId(127), want);
  want[0] = 0x80;
  want[1] = 0x01;
  EXPECT_EQ(ProverId(128), want);
  EXPECT_EQ(ProverId(0), Bytes32{});
}

}  // namespace
}  // namespace cuzk::filecoin
