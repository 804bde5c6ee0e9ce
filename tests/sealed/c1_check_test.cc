// SPDX-License-Identifier: Apache-2.0 OR MIT
// The native check of a C1's vanilla proofs on C1s the sealer wrote: sealed sectors of every
// challenge kind pass, and each kind of tampering fails, naming the partition, challenge and
// fault (a flipped comm_r byte was once synthesized and proved for 21 s before the verifier
// refused the proof).
#include "filecoin/c1_check.h"

#include <gtest/gtest.h>

#include <chrono>
#include <utility>

#include "filecoin/c1.h"
#include "sealer/synthetic_c1.h"
#include "support/sealed_c1.h"

namespace cuzk::filecoin {
namespace {

C1Output SealedC1(uint64_t proof_id) { return testing::SealedTestC1(proof_id); }

const C1Output& Interactive2KiB() {
  static const C1Output c1 = SealedC1(5);  // StackedDrg2KiBV1_1
  return c1;
}

void ExpectFailure(const C1Output& c1, const std::string& fragment) {
  Status s = CheckC1Proofs(c1, 2);
  ASSERT_FALSE(s.ok()) << "accepted a C1 that should fail with: " << fragment;
  EXPECT_NE(s.message().find(fragment), std::string::npos) << s.message();
}

TEST(C1CheckTest, SealedSectorsPassForEveryChallengeKind) {
  // Interactive (V1_1), synthetic (V1_2) and non-interactive (13 partitions) 2KiB proofs.
  for (uint64_t proof_id : {5u, 10u, 15u}) {
    C1Output c1 = proof_id == 5 ? Interactive2KiB() : SealedC1(proof_id);
    auto start = std::chrono::steady_clock::now();
    Status s = CheckC1Proofs(c1, 2);
    EXPECT_TRUE(s.ok()) << proof_id << ": " << s.message();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5)) << proof_id;
  }
}

TEST(C1CheckTest, TamperedProofsFailNamingWhatIsWrong) {
  C1Output c1 = Interactive2KiB();
  c1.comm_r[0] ^= 1;
  ExpectFailure(c1, "C1 comm_r is not Poseidon(comm_c, comm_r_last)");

  c1 = Interactive2KiB();
  c1.seed[5] ^= 1;  // other challenges
  ExpectFailure(c1, "C1 vanilla proof of partition 0 challenge 0 (node ");

  c1 = Interactive2KiB();
  VanillaProof& p = c1.vanilla_proofs[0][1];
  p.comm_d_proofs.base[2].hashes[0][0] ^= 1;
  ExpectFailure(c1, "partition 0 challenge 1 (node ");
  ExpectFailure(c1, "): comm_d path does not lead to its root");

  c1 = Interactive2KiB();
  c1.vanilla_proofs[0][0].c_x.rows[0][0] ^= 1;
  ExpectFailure(c1, "column: its labels do not hash to its tree C leaf");

  c1 = Interactive2KiB();
  c1.vanilla_proofs[0][0].comm_r_last_proof.leaf[0] ^= 1;
  ExpectFailure(c1, "comm_r_last path does not lead to its root");

  // Two parents' columns exchanged (each is a valid column of tree C, of the wrong node). In a
  // 64-node graph parents repeat, so take the first two that differ.
  c1 = Interactive2KiB();
  auto& drg = c1.vanilla_proofs[0][0].drg_parents;
  size_t d = 1;
  while (drg[d].index == drg[0].index) ++d;
  std::swap(drg[0], drg[d]);
  ExpectFailure(c1, "drg parent 0 is the column of node ");

  c1 = Interactive2KiB();
  auto& exp = c1.vanilla_proofs[0][0].exp_parents;
  size_t e = 1;
  while (exp[e].index == exp[0].index) ++e;
  std::swap(exp[0], exp[e]);
  ExpectFailure(c1, "expander parent 0 is the column of node ");

  // Another challenge's proof in this challenge's place.
  c1 = Interactive2KiB();
  std::swap(c1.vanilla_proofs[0][0], c1.vanilla_proofs[0][1]);
  ExpectFailure(c1, "partition 0 challenge 0 (node ");
}

// A synthetic C1 (right shape, random values) fails at once: its comm_r belongs to no tree.
TEST(C1CheckTest, ASyntheticC1IsRefused) {
  auto c1 = sealer::SyntheticC1(5, 7);
  ASSERT_TRUE(c1.ok());
  ExpectFailure(*c1, "C1 comm_r is not Poseidon(comm_c, comm_r_last)");
}

}  // namespace
}  // namespace cuzk::filecoin
