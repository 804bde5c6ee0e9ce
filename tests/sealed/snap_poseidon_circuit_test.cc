// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals' Poseidon variant against rust-fil-proofs' storage-proofs-update
// tests/circuit_poseidon.rs: constraint counts of its test sizes and of 32GiB; its challenges
// against the SHA-256 variant's (equal where that has one partition, and whose first values
// snap_circuit_test pins to challenges.rs) and against the sealer's own derivation; and a sealed
// sector's update, through the bincode vanilla proof, satisfying the circuit with the public
// inputs the verifier derives, and refused with a named reason once tampered with.
#include <gtest/gtest.h>

#include "circuits/snap/update_poseidon_inputs.h"
#include "r1cs/counting.h"
#include "r1cs/digest.h"
#include "r1cs/proving_assignment.h"
#include "sealer/sealer.h"
#include "sealer/update_poseidon.h"

namespace cuzk::circuits::snap {
namespace {

size_t Constraints(uint64_t nodes, std::vector<uint32_t> arities) {
  UpdateShape shape = UpdateShape::For(nodes, std::move(arities));
  r1cs::CountingConstraintSystem cs;
  EmptySectorUpdatePoseidonCircuit circuit(shape, PlaceholderUpdatePoseidonWitness(shape, 1));
  Status s = circuit.Synthesize(cs);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(cs.num_inputs(), 5u);
  return cs.num_constraints();
}

TEST(EmptySectorUpdatePoseidonCircuitTest, MatchesCircuitPoseidonRsCounts) {
  // tests/circuit_poseidon.rs: 1KiB and 8KiB, both with U8 U4 U0 trees.
  EXPECT_EQ(Constraints(1 << 5, {8, 4}), 32164u);
  EXPECT_EQ(Constraints(1 << 8, {8, 8, 4}), 47974u);
}

TEST(EmptySectorUpdatePoseidonCircuitTest, TwoKiBDigestIsPinned) {
  // The 2KiB circuit's R1CS digest (bellpepper's TestConstraintSystem::hash, r1cs/digest.h) as
  // first built, so a later change to the constraints or their order cannot pass unnoticed.
  UpdateShape shape = UpdateShape::For(1 << 6, {8, 8});
  auto d = r1cs::DigestCircuit(
      EmptySectorUpdatePoseidonCircuit(shape, PlaceholderUpdatePoseidonWitness(shape, 1)));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->Hex(), "c4c30fa1d5352f2413fd7ac8d04dfb05747b33e49ba060892d1a1b801dd1220e");
  EXPECT_EQ(d->constraints, 36424u);
  EXPECT_EQ(d->inputs, 5u);
}

TEST(EmptySectorUpdatePoseidonCircuitSlowTest, Matches32GiB) {
  // test_empty_sector_update_poseidon_constraints_32gib, on a blank circuit (about 30 s here):
  // U8 U8 U0, nine base levels of arity 8 and a sub level of 8.
  EXPECT_EQ(Constraints(uint64_t{1} << 30, std::vector<uint32_t>(10, 8)), 22305906u);
}

TEST(UpdatePoseidonChallengesTest, AgreeWithTheShaVariantAndTheSealer) {
  Fr comm_r_new = Fr::FromUint64(0x5eed);
  for (uint64_t nodes : {uint64_t{1} << 5, uint64_t{1} << 6, uint64_t{1} << 8}) {
    // One partition: the same digests and chunks as the SHA-256 variant's partition 0.
    UpdateShape shape = UpdateShape::For(nodes, {});
    ASSERT_EQ(shape.partitions(), 1u);
    EXPECT_EQ(UpdatePoseidonChallenges(shape, comm_r_new), UpdateChallenges(shape, comm_r_new, 0))
        << nodes;
  }
  for (uint64_t nodes : {uint64_t{1} << 6, uint64_t{1} << 18, uint64_t{1} << 30}) {
    UpdateShape shape = UpdateShape::For(nodes, {});
    std::vector<uint64_t> c = UpdatePoseidonChallenges(shape, comm_r_new);
    EXPECT_EQ(c, sealer::UpdatePoseidonChallengesOf(nodes, comm_r_new)) << nodes;
    // All partitions' challenges at once, anywhere in the sector.
    EXPECT_EQ(c.size(), shape.challenges() * shape.partitions());
    for (uint64_t x : c) EXPECT_LT(x, nodes);
  }
  EXPECT_EQ(UpdatePoseidonChallenges(UpdateShape::For(uint64_t{1} << 30, {}), comm_r_new).size(),
            1376u);  // 86 challenges x 16 partitions
}

// Returns the index of the first constraint with a * b != c, or -1 when all hold; `inputs`
// receives the public inputs without ONE.
int64_t FirstUnsatisfied(const UpdateShape& shape, const UpdatePoseidonWitness& w,
                         std::vector<Fr>* inputs = nullptr) {
  r1cs::ProvingAssignment pa;
  Status s = EmptySectorUpdatePoseidonCircuit(shape, w).Synthesize(pa);
  EXPECT_TRUE(s.ok()) << s.message();
  if (inputs) inputs->assign(pa.inputs().begin() + 1, pa.inputs().end());
  for (size_t i = 0; i < pa.num_constraints(); ++i) {
    if (pa.a()[i] * pa.b()[i] != pa.c()[i]) return static_cast<int64_t>(i);
  }
  return -1;
}

TEST(UpdatePoseidonVanillaTest, SealedSectorUpdateSatisfiesTheCircuitThroughBincode) {
  sealer::SealIdentity id;
  id.registered_proof = 5;  // StackedDrg2KiBV1_1
  id.sector_id = 3;
  auto sector = sealer::Seal(id, sealer::RandomSectorData(64, 3));
  ASSERT_TRUE(sector.ok()) << sector.status().message();
  auto update = sealer::EncodeUpdatePoseidon(*sector, sealer::RandomSectorData(64, 4));
  ASSERT_TRUE(update.ok()) << update.status().message();
  std::vector<uint8_t> bytes = filecoin::WriteUpdatePoseidonPartitionProof(
      sealer::UpdatePoseidonVanillaProof(*sector, *update));
  auto parsed = filecoin::ParseUpdatePoseidonPartitionProof(bytes);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(filecoin::WriteUpdatePoseidonPartitionProof(*parsed), bytes);
  UpdatePoseidonStatement st{update->proof, kDefaultHIndex, update->comm_r_old,
                             update->comm_d_new(), update->comm_r_new};
  auto w = UpdatePoseidonWitnessFromVanilla(st, *parsed);
  ASSERT_TRUE(w.ok()) << w.status().message();
  UpdateShape shape = ShapeOf(st.proof);
  std::vector<Fr> inputs;
  EXPECT_EQ(FirstUnsatisfied(shape, *w, &inputs), -1);
  EXPECT_EQ(inputs, UpdatePoseidonStatementInputs(st));
  // h = hs[3] = 1 at 2KiB, first found at index 0: Rust's h_select is 1 (constants.rs h_select).
  EXPECT_EQ(inputs[0], Fr::One());
  // A witness the vanilla checks would refuse does not satisfy the circuit either.
  UpdatePoseidonWitness bad_w = *w;
  bad_w.challenges[4].leaf_d_new += Fr::One();
  EXPECT_NE(FirstUnsatisfied(shape, bad_w), -1);
  bad_w = *w;
  bad_w.comm_r_new += Fr::One();  // other challenges, another comm_r
  EXPECT_NE(FirstUnsatisfied(shape, bad_w), -1);
  // Each wrong statement or opening is named.
  auto refused = [&](UpdatePoseidonStatement s2, filecoin::UpdatePoseidonPartitionProof v2,
                     const char* says) {
    auto r = UpdatePoseidonWitnessFromVanilla(s2, v2);
    ASSERT_FALSE(r.ok()) << says;
    EXPECT_NE(r.status().message().find(says), std::string::npos) << r.status().message();
  };
  UpdatePoseidonStatement other = st;
  other.comm_r_old += Fr::One();
  refused(other, *parsed, "comm_r_old is not H(comm_c");
  other = st;
  other.comm_d_new += Fr::One();
  refused(other, *parsed, "challenge 0: proof_d_new does not lead to comm_d_new");
  other = st;
  other.comm_r_new += Fr::One();
  refused(other, *parsed, "opens node");  // other challenges
  filecoin::UpdatePoseidonPartitionProof bad = *parsed;
  bad.challenge_proofs[2].proof_d_new.leaf[0] ^= 1;
  refused(st, bad, "challenge 2: proof_d_new does not lead to comm_d_new");
  bad = *parsed;
  bad.challenge_proofs[7].proof_r_new.base[0].hashes[1][0] ^= 1;
  refused(st, bad, "challenge 7: the path leads to another tree R root");
  bad = *parsed;
  bad.challenge_proofs.pop_back();
  refused(st, bad, "9 challenge proofs, the sector size needs 10");
  // Every truncation of the bincode is refused.
  for (size_t n = 0; n < bytes.size(); n += 97) {
    EXPECT_FALSE(filecoin::ParseUpdatePoseidonPartitionProof(std::span(bytes).first(n)).ok()) << n;
  }
}

TEST(UpdatePoseidonVanillaTest, ParameterNamesInsertPoseidon) {
  auto proof = filecoin::UpdateProofById(3);
  ASSERT_TRUE(proof.ok());
  // poseidon/compound.rs cache_prefix with the shared identifier's digest.
  EXPECT_EQ(filecoin::UpdatePoseidonParamsFileName(*proof, "vk"),
            "v28-empty-sector-update-poseidon-merkletree-poseidon_hasher-8-8-0-"
            "3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18.vk");
}

}  // namespace
}  // namespace cuzk::circuits::snap
