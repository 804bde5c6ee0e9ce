// SPDX-License-Identifier: Apache-2.0 OR MIT
// StackedCircuit built from freshly sealed sectors' C1: satisfied for every PoRep variant, with
// public inputs equal to those derived independently from the seed and the graph; tampering with
// the vanilla proofs or the seed is caught.
#include <gtest/gtest.h>

#include "circuits/porep/c1_inputs.h"
#include "circuits/r1cs_cases.h"
#include "r1cs/digest.h"
#include "r1cs/proving_assignment.h"
#include "r1cs/test_constraint_system.h"
#include "sealer/sealer.h"

namespace cuzk::circuits::porep {
namespace {

filecoin::C1Output SealedC1(uint64_t proof_id, uint64_t data_seed = 1) {
  auto proof = filecoin::SealProofById(proof_id);
  EXPECT_TRUE(proof.ok());
  sealer::SealIdentity id;
  id.registered_proof = proof_id;
  id.prover_id[0] = 0xe8;  // actor 1000, LEB128
  id.prover_id[1] = 0x07;
  id.sector_id = 19;
  for (size_t i = 0; i < 32; ++i) id.ticket[i] = static_cast<uint8_t>(7 * i);
  auto sector = sealer::Seal(id, sealer::RandomSectorData(proof->shape.nodes, data_seed));
  EXPECT_TRUE(sector.ok()) << sector.status().message();
  filecoin::Bytes32 seed;
  for (size_t i = 0; i < 32; ++i) seed[i] = static_cast<uint8_t>(200 - i);
  auto c1 = sealer::Commit1(*sector, seed);
  EXPECT_TRUE(c1.ok()) << c1.status().message();
  // Through JSON, as C2 receives it.
  auto parsed = filecoin::ParseC1(filecoin::WriteC1Json(*c1));
  EXPECT_TRUE(parsed.ok()) << parsed.status().message();
  return *parsed;
}

// Synthesizes partition `k` into a proving assignment; returns the index of the first constraint
// with a*b != c, or -1 when all hold. Also checks the inputs against PartitionPublicInputs.
int64_t FirstUnsatisfied(const filecoin::C1Output& c1, uint32_t k) {
  auto witness = PartitionWitnessFromC1(c1, k);
  EXPECT_TRUE(witness.ok()) << witness.status().message();
  StackedCircuit circuit(ShapeOf(c1.registered_proof.shape), *witness);
  r1cs::ProvingAssignment pa;
  Status s = circuit.Synthesize(pa);
  EXPECT_TRUE(s.ok()) << s.message();
  auto inputs = PartitionPublicInputs(c1, k);
  EXPECT_TRUE(inputs.ok()) << inputs.status().message();
  if (inputs.ok()) {
    EXPECT_EQ(inputs->size() + 1, pa.inputs().size());
    for (size_t i = 0; i < inputs->size() && i + 1 < pa.inputs().size(); ++i) {
      EXPECT_EQ((*inputs)[i], pa.inputs()[i + 1]) << "public input " << i + 1;
    }
  }
  for (size_t i = 0; i < pa.num_constraints(); ++i) {
    if (pa.a()[i] * pa.b()[i] != pa.c()[i]) return static_cast<int64_t>(i);
  }
  return -1;
}

// The R1CS digest does not depend on the witness: a sealed sector's partition hashes as the
// placeholder circuit pinned in r1cs_digest_test does.
TEST(C1CircuitTest, SealedPartitionHasThePlaceholderDigest) {
  filecoin::C1Output c1 = SealedC1(5);  // StackedDrg2KiBV1_1 (one partition)
  auto witness = PartitionWitnessFromC1(c1, 0);
  ASSERT_TRUE(witness.ok()) << witness.status().message();
  auto sealed = r1cs::DigestCircuit(StackedCircuit(ShapeOf(c1.registered_proof.shape), *witness));
  auto placeholder = r1cs::DigestCircuit(*PlaceholderPoRepCircuit(c1.registered_proof.shape));
  ASSERT_TRUE(sealed.ok() && placeholder.ok());
  EXPECT_EQ(sealed->Hex(), placeholder->Hex());
  EXPECT_EQ(sealed->Hex(), "2c120b1125bd531d5a62b11932b2ae0e0cb47f455cea582994f97534e296bb42");
}

TEST(C1CircuitTest, TwoKiBPartitionSatisfiesTheTestConstraintSystem) {
  filecoin::C1Output c1 = SealedC1(5);  // StackedDrg2KiBV1_1
  auto witness = PartitionWitnessFromC1(c1, 0);
  ASSERT_TRUE(witness.ok()) << witness.status().message();
  StackedCircuit circuit(ShapeOf(c1.registered_proof.shape), *witness);
  r1cs::TestConstraintSystem cs;
  ASSERT_TRUE(circuit.Synthesize(cs).ok());
  EXPECT_EQ(cs.num_constraints(), 2687921u);
  auto unsatisfied = cs.WhichIsUnsatisfied();
  EXPECT_FALSE(unsatisfied.has_value()) << *unsatisfied;
  auto inputs = PartitionPublicInputs(c1, 0);
  ASSERT_TRUE(inputs.ok()) << inputs.status().message();
  ASSERT_EQ(inputs->size(), 39u);
  for (size_t i = 0; i < inputs->size(); ++i) EXPECT_EQ((*inputs)[i], cs.inputs()[i + 1]) << i;
}

TEST(C1CircuitTest, EveryVariantIsSatisfied) {
  // V1 (predecessor last, u32 expander truncation), synthetic and non-interactive challenges.
  for (uint64_t id : {0u, 10u}) {
    EXPECT_EQ(FirstUnsatisfied(SealedC1(id), 0), -1) << "registered proof " << id;
  }
  filecoin::C1Output ni = SealedC1(15);
  ASSERT_EQ(ni.vanilla_proofs.size(), 13u);
  EXPECT_EQ(FirstUnsatisfied(ni, 0), -1);
  EXPECT_EQ(FirstUnsatisfied(ni, 12), -1);
}

TEST(C1CircuitTest, EightMiBPartitionIsSatisfied) {
  EXPECT_EQ(FirstUnsatisfied(SealedC1(6), 0), -1);  // StackedDrg8MiBV1_1
}

TEST(C1CircuitTest, TamperedVanillaProofsAreUnsatisfied) {
  const filecoin::C1Output good = SealedC1(5, 3);
  ASSERT_EQ(FirstUnsatisfied(good, 0), -1);
  struct Tamper {
    const char* what;
    void (*apply)(filecoin::C1Output&);
  } tampers[] = {
      {"comm_d path sibling",
       [](filecoin::C1Output& c) {
         c.vanilla_proofs[0][0].comm_d_proofs.base[2].hashes[0][0] ^= 1;
       }},
      {"data leaf",
       [](filecoin::C1Output& c) { c.vanilla_proofs[0][1].comm_d_proofs.leaf[5] ^= 4; }},
      {"drg parent row",
       [](filecoin::C1Output& c) { c.vanilla_proofs[0][0].drg_parents[3].rows[1][0] ^= 1; }},
      {"exp parent row (the layer the label uses)",
       [](filecoin::C1Output& c) { c.vanilla_proofs[0][1].exp_parents[7].rows[0][9] ^= 1; }},
      {"tree C sibling",
       [](filecoin::C1Output& c) {
         c.vanilla_proofs[0][0].exp_parents[0].inclusion_proof.base[1].hashes[6][0] ^= 1;
       }},
      {"tree R sibling",
       [](filecoin::C1Output& c) {
         c.vanilla_proofs[0][1].comm_r_last_proof.base[0].hashes[0][1] ^= 1;
       }},
      {"own column path",
       [](filecoin::C1Output& c) {
         c.vanilla_proofs[0][0].c_x.inclusion_proof.base[0].hashes[2][0] ^= 1;
       }},
      {"comm_r", [](filecoin::C1Output& c) { c.comm_r[0] ^= 1; }},
  };
  for (const Tamper& t : tampers) {
    filecoin::C1Output bad = good;
    t.apply(bad);
    auto witness = PartitionWitnessFromC1(bad, 0);
    ASSERT_TRUE(witness.ok()) << t.what;
    StackedCircuit circuit(ShapeOf(bad.registered_proof.shape), *witness);
    r1cs::ProvingAssignment pa;
    ASSERT_TRUE(circuit.Synthesize(pa).ok()) << t.what;
    bool satisfied = true;
    for (size_t i = 0; i < pa.num_constraints() && satisfied; ++i) {
      satisfied = pa.a()[i] * pa.b()[i] == pa.c()[i];
    }
    EXPECT_FALSE(satisfied) << t.what;
  }
}

TEST(C1CircuitTest, PublicInputsRejectAForeignSeedOrGraph) {
  filecoin::C1Output c1 = SealedC1(5, 4);
  filecoin::C1Output other_seed = c1;
  other_seed.seed[0] ^= 1;
  auto inputs = PartitionPublicInputs(other_seed, 0);
  ASSERT_FALSE(inputs.ok());
  EXPECT_NE(inputs.status().message().find("partition 0 challenge 0: C1 proves node"),
            std::string::npos)
      << inputs.status().message();
  // The same sector claimed as V1 (registered proof 0): a different graph and porep_id.
  filecoin::C1Output v1 = c1;
  v1.registered_proof = *filecoin::SealProofById(0);
  EXPECT_FALSE(PartitionPublicInputs(v1, 0).ok());
  EXPECT_FALSE(PartitionPublicInputs(c1, 1).ok());
}

TEST(C1CircuitTest, StatementInputsEqualTheC1InputsAndFollowThePoRepId) {
  filecoin::C1Output c1 = SealedC1(5, 5);
  auto statement = StatementOf(c1);
  ASSERT_TRUE(statement.ok());
  auto from_c1 = PartitionPublicInputs(c1, 0);
  auto from_statement = StatementPublicInputs(*statement, 0);
  ASSERT_TRUE(from_c1.ok() && from_statement.ok());
  EXPECT_EQ(*from_c1, *from_statement);
  ASSERT_EQ(from_statement->size(), 3u + 18 * 2);
  // Another porep_id keys another graph: the same challenges, other parents.
  SealStatement foreign = *statement;
  foreign.porep_id.fill(0x7f);
  auto moved = StatementPublicInputs(foreign, 0);
  ASSERT_TRUE(moved.ok());
  EXPECT_EQ((*moved)[3], (*from_statement)[3]);
  EXPECT_NE(*moved, *from_statement);
  EXPECT_FALSE(StatementPublicInputs(*statement, 1).ok());
}

TEST(C1CircuitTest, UnvalidatedValuesAreErrorsNotCrashes) {
  filecoin::C1Output c1 = SealedC1(5, 6);
  c1.vanilla_proofs[0][1].drg_parents[2].rows[0].fill(0xff);  // >= r
  auto witness = PartitionWitnessFromC1(c1, 0);
  ASSERT_FALSE(witness.ok());
  EXPECT_NE(witness.status().message().find("challenge 1 drg parent 2 row"), std::string::npos)
      << witness.status().message();
  c1.vanilla_proofs[0][0].labeling_proofs.clear();
  EXPECT_FALSE(PartitionWitnessFromC1(c1, 0).ok());
  EXPECT_FALSE(PartitionPublicInputs(c1, 0).ok());
}

}  // namespace
}  // namespace cuzk::circuits::porep
