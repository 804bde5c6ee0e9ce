// SPDX-License-Identifier: Apache-2.0 OR MIT
// The partition kernel every kind proves through: a proof that does not verify against the
// partition's public inputs is never returned, by the kernel or by the engine (issue 45: skipping
// the verification in ProveAndVerify survived every fast test).
#include "engine/partition.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>

#include "engine/engine.h"
#include "engine/kinds/circuit_work.h"
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

// Through the whole engine: a job whose partition's witness does not satisfy its public inputs
// fails with an internal error saying why, returns no proof, and counts as failed.
TEST(PartitionTest, TheEngineFailsAJobWhoseProofDoesNotVerify) {
  testing::MimcCircuit circuit(Fr::FromUint64(3), 8);
  auto shape = r1cs::ShapeRecorder::Record(circuit);
  ASSERT_TRUE(shape.ok());
  auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(6), 2);
  ASSERT_TRUE(pk.ok());
  auto shared_pk = std::make_shared<const groth16::ProvingKey>(std::move(pk).value());
  Engine::Config config;
  config.workers = 1;
  config.memory_budget_bytes = uint64_t{1} << 30;
  config.make_work = [shared_pk](const JobRequest&,
                                 const WorkContext&) -> Result<std::unique_ptr<JobWork>> {
    return std::unique_ptr<JobWork>(std::make_unique<CircuitWork>(
        1, /*partition_memory=*/1 << 20, shared_pk, "mimc", 1,
        [](uint32_t, AssignmentPtr) -> Result<SynthesizedPartition> {
          testing::MimcCircuit mimc(Fr::FromUint64(3), 8);
          return Partition(mimc, {mimc.Output() + Fr::One()});  // not what the witness computes
        }));
  };
  Engine engine(config);
  JobRequest request;
  request.request_id = "unsatisfied";
  request.registered_proof = 5;
  ASSERT_TRUE(engine.Submit(request).ok());
  auto outcome = engine.Await("unsatisfied", std::chrono::milliseconds(0));
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->state, JobState::kFailed);
  EXPECT_TRUE(outcome->proof.empty());
  EXPECT_NE(outcome->error.find("does not verify (not returned)"), std::string::npos)
      << outcome->error;
  EXPECT_EQ(engine.GetStatus().failed, 1u);
}

}  // namespace
}  // namespace cuzk::engine
