// SPDX-License-Identifier: Apache-2.0 OR MIT
// Filecoin proofs through the CUDA backend (CTest label `gpu`): a 2KiB PoRep C2 partition and a
// 2KiB WindowPoSt of two freshly sealed sectors, proved with TEST parameters on the GPU (from a
// synthesized assignment and from a compact witness) and on the CPU with the same r and s: the
// proofs are equal and verify. Skips, saying why, without a GPU.
// Built a second time as gpu_emulated_proof_test, against the host emulator (gpu/emulated),
// where it runs the WindowPoSt (the PoRep partition's MSMs are too slow emulated) on every
// make test.
#include <gtest/gtest.h>

#include <random>

#include "circuits/porep/c1_inputs.h"
#include "circuits/post/fallback_circuit.h"
#include "gpu/cuda_backend.h"
#include "groth16/generator.h"
#include "groth16/prover.h"
#include "groth16/verifier.h"
#include "r1cs/shape.h"
#include "sealer/post.h"
#include "sealer/sealer.h"
#include "support/backend_proofs.h"

namespace cuzk {
namespace {

using ff::Fr;

// Proves `circuit` with TEST parameters on the CPU and on device 0 with the same r and s;
// expects equal proofs that verify against `inputs`.
void ExpectGpuProofEqualsCpuProof(const r1cs::Circuit& circuit, const std::vector<Fr>& inputs) {
  auto devices = gpu::ListDevices();
  if (!devices.ok()) GTEST_SKIP() << "no GPU: " << devices.status().message();
  auto backend = gpu::CudaBackend::Create(0);
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  auto shape = r1cs::ShapeRecorder::Record(circuit);
  ASSERT_TRUE(shape.ok()) << shape.status().ToString();
  auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(17), 0);
  ASSERT_TRUE(pk.ok()) << pk.status().ToString();
  std::mt19937_64 rng(23);
  Fr r = Fr::Random(rng), s = Fr::Random(rng);
  // As the engine proves: c derived from a and b.
  auto [cpu, gpu] =
      testing::ProveOnCpuAndOn(**backend, *pk, circuit, r, s, r1cs::CEvaluations::kDerive);
  ASSERT_TRUE(cpu.ok()) << cpu.status().ToString();
  ASSERT_TRUE(gpu.ok()) << gpu.status().ToString();
  EXPECT_EQ(*gpu, *cpu);
  Status verified = groth16::VerifyProof(groth16::PrepareVerifyingKey(pk->vk), *gpu, inputs);
  EXPECT_TRUE(verified.ok()) << verified.ToString();
  // And as the engine's compiled path hands it over: a compiled circuit and a compact witness.
  auto compact = testing::ProveCompactOn(**backend, *pk, circuit, r, s);
  ASSERT_TRUE(compact.ok()) << compact.status().ToString();
  EXPECT_EQ(*compact, *cpu);
}

sealer::SealIdentity Identity2KiB(uint64_t sector_id) {
  sealer::SealIdentity id;
  id.registered_proof = 5;  // StackedDrg2KiBV1_1
  id.prover_id[0] = 0xe8;   // actor 1000, LEB128
  id.prover_id[1] = 0x07;
  id.sector_id = sector_id;
  for (size_t i = 0; i < 32; ++i) id.ticket[i] = static_cast<uint8_t>(3 * i + sector_id);
  return id;
}

TEST(GpuProofTest, PoRep2KiBPartitionEqualsTheCpuProof) {
#if CUZK_GPU_EMULATED
  GTEST_SKIP() << "the 2KiB PoRep partition runs on a GPU only (too slow emulated)";
#endif
  auto sector = sealer::Seal(Identity2KiB(19), sealer::RandomSectorData(64, 1));
  ASSERT_TRUE(sector.ok()) << sector.status().message();
  filecoin::Bytes32 seed;
  for (size_t i = 0; i < 32; ++i) seed[i] = static_cast<uint8_t>(200 - i);
  auto c1 = sealer::Commit1(*sector, seed);
  ASSERT_TRUE(c1.ok()) << c1.status().message();
  auto witness = circuits::porep::PartitionWitnessFromC1(*c1, 0);
  ASSERT_TRUE(witness.ok()) << witness.status().message();
  auto inputs = circuits::porep::PartitionPublicInputs(*c1, 0);
  ASSERT_TRUE(inputs.ok()) << inputs.status().message();
  circuits::porep::StackedCircuit circuit(circuits::porep::ShapeOf(c1->registered_proof.shape),
                                          *witness);
  ExpectGpuProofEqualsCpuProof(circuit, *inputs);
}

TEST(GpuProofTest, WindowPoSt2KiBEqualsTheCpuProof) {
  auto post = filecoin::PoStProofById(10);  // StackedDrgWindow2KiBV1_2
  ASSERT_TRUE(post.ok());
  circuits::post::PoStStatement statement{*post, {}, 0};
  for (size_t i = 0; i < 32; ++i) statement.randomness[i] = static_cast<uint8_t>(11 * i + 5);
  statement.randomness[31] &= 0x3f;
  std::vector<filecoin::FallbackPoStSectorProof> vanilla;
  std::vector<std::pair<uint64_t, filecoin::Bytes32>> sectors;
  for (uint64_t id : {7, 8}) {
    auto sector = sealer::Seal(Identity2KiB(id), sealer::RandomSectorData(64, id));
    ASSERT_TRUE(sector.ok()) << sector.status().message();
    auto v = sealer::GeneratePoStVanilla(*sector, *post, statement.randomness, 0,
                                         static_cast<uint32_t>(vanilla.size()));
    ASSERT_TRUE(v.ok()) << v.status().message();
    sectors.emplace_back(v->sector_id, v->comm_r);
    vanilla.push_back(std::move(v).value());
  }
  auto slots = circuits::post::PoStSlots(statement, vanilla);
  ASSERT_TRUE(slots.ok()) << slots.status().message();
  auto inputs = circuits::post::PoStPublicInputs(statement, sectors);
  ASSERT_TRUE(inputs.ok()) << inputs.status().message();
  ExpectGpuProofEqualsCpuProof(circuits::post::FallbackPoStCircuit(*slots), *inputs);
}

}  // namespace
}  // namespace cuzk
