// SPDX-License-Identifier: Apache-2.0 OR MIT
// The partition kernel every kind proves through: a proof that does not verify against the
// partition's public inputs is never returned (issue 45: skipping the verification in
// ProveAndVerify survived every fast test).
#include "engine/partition.h"

#include <gtest/gtest.h>

#include "groth16/generator.h"
#include "r1cs/shape.h"
#include "support/test_circuits.h"

namespace cuzk::engine {
namespace {

using ff::Fr;

// A MiMC partition synthesized with the given public inputs.
SynthesizedPartition Partition(const testing::MimcCircuit& circuit, std::vector<Fr> inputs) {
  SynthesizedPartition p;
  p.index = 3;
  p.assignment = std::make_unique<r1cs::ProvingAssignment>();
  EXPECT_TRUE(p.assignment->SynthesizeFrom(circuit).ok());
  p.inputs = std::move(inputs);
  return p;
}

TEST(PartitionTest, AProofThatDoesNotVerifyIsNeverReturned) {
  testing::MimcCircuit circuit(Fr::FromUint64(3), 8);
  auto shape = r1cs::ShapeRecorder::Record(circuit);
  ASSERT_TRUE(shape.ok());
  auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(5), 2);
  ASSERT_TRUE(pk.ok());
  groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(pk->vk);
  PartitionReport report;
  auto proved = ProveAndVerify(*pk, pvk, Partition(circuit, {circuit.Output()}), 1, &report);
  ASSERT_TRUE(proved.ok()) << proved.status().message();
  EXPECT_EQ(proved->size(), 192u);
  // The same witness, but the inputs the proof is checked against are not the circuit's: the
  // proof is made (the prover does not check) and must not come back.
  auto refused =
      ProveAndVerify(*pk, pvk, Partition(circuit, {circuit.Output() + Fr::One()}), 1, &report);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), StatusCode::kInternal);
  EXPECT_NE(refused.status().message().find("partition 3"), std::string::npos)
      << refused.status().message();
  EXPECT_NE(refused.status().message().find("does not verify (not returned)"), std::string::npos)
      << refused.status().message();
}

}  // namespace
}  // namespace cuzk::engine
