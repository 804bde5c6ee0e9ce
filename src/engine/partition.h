// SPDX-License-Identifier: Apache-2.0 OR MIT
// The partition kernel every proof kind shares: an assignment prepared (or reused) for a
// partition's rows, the synthesized partition, its Groth16 proof verified before it is returned,
// batch verification of concatenated partition proofs, and the working-memory estimate.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "groth16/keys.h"
#include "groth16/prover.h"
#include "groth16/verifier.h"
#include "r1cs/compact_witness.h"
#include "r1cs/compiled_circuit.h"
#include "r1cs/proving_assignment.h"

namespace cuzk::engine {

// Returns "partition K: ", the prefix of every error about partition K.
std::string PartitionPrefix(uint32_t k);
// Returns the seconds since `start` (steady clock), for the phase timings of PartitionReport.
double SecondsSince(std::chrono::steady_clock::time_point start);

// What happened to one partition, for progress output and benchmarks.
struct PartitionReport {
  uint32_t partition = 0;
  double synthesis_s = 0;
  groth16::ProverTimings prover;
  double verify_s = 0;
};

// A ProvingAssignment handed from one partition to the next of the same circuit.
using AssignmentPtr = std::unique_ptr<r1cs::ProvingAssignment>;

// Returns `reuse` emptied (or a new assignment when it is null), with room reserved for `rows`
// constraints (a/b/c up to the QAP domain) and as many aux variables. A reused assignment's pages
// are already mapped: at 32GiB, first-touch page clearing is ~15 of a fresh partition's ~38 s.
AssignmentPtr PrepareAssignment(AssignmentPtr reuse, uint64_t rows);

// One partition of any kind, synthesized and ready to prove: what JobWork::Synthesize hands to
// JobWork::Prove (virtual destructor: test doubles derive from it).
struct SynthesizedPartition {
  SynthesizedPartition() = default;
  SynthesizedPartition(SynthesizedPartition&&) = default;
  SynthesizedPartition& operator=(SynthesizedPartition&&) = default;
  virtual ~SynthesizedPartition() = default;

  uint32_t index = 0;
  std::vector<ff::Fr> inputs;  // public inputs, derived (not read) from C1
  std::unique_ptr<r1cs::ProvingAssignment> assignment;
  // Or, on the compiled path (engine/compiled_circuits.h): the values only, and the circuit that
  // evaluates a and b from them into an assignment just before the partition is proved.
  std::unique_ptr<r1cs::CompactWitness> witness;
  std::shared_ptr<const r1cs::CompiledCircuit> compiled;
  double synthesis_s = 0;
};

// Proves `partition` with `pk` on `threads` threads (0 = all), frees its assignment (or, when
// `keep` is set, moves it there with its buffers for the next partition), and verifies the proof
// with `pvk` (calling `verifying`, when set, just before); returns the 192-byte proof. `report`
// receives the timings. Setting `*cancel` stops the proof with a kCancelled error
// (groth16::ProverOptions::cancel says when).
Result<std::vector<uint8_t>> ProveAndVerify(
    const groth16::ProvingKey& pk, const groth16::PreparedVerifyingKey& pvk,
    SynthesizedPartition partition, size_t threads, PartitionReport* report,
    const std::function<void()>& verifying = nullptr, AssignmentPtr* keep = nullptr,
    groth16::ProverBackend* backend = nullptr, const std::atomic<bool>* cancel = nullptr);

// Returns partition k's circuit with its witness.
using PartitionCircuitFn = std::function<Result<std::unique_ptr<r1cs::Circuit>>(uint32_t k)>;
// Returns partition k's public inputs (without ONE).
using PartitionInputsFn = std::function<Result<std::vector<ff::Fr>>(uint32_t k)>;
// Verifies `proof`, `partitions` 192-byte proofs concatenated, partition k against inputs_of(k);
// the error names the first partition that fails.
Status VerifyPartitionProofs(size_t partitions, const groth16::PreparedVerifyingKey& pvk,
                             std::span<const uint8_t> proof, const PartitionInputsFn& inputs_of);

// Returns the estimated peak host memory of proving a partition of `rows` R1CS rows, whatever
// the circuit: 512 bytes per row of the QAP domain (calibrated on the 2KiB PoRep).
uint64_t PartitionMemoryEstimate(uint64_t rows);

}  // namespace cuzk::engine
