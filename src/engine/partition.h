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

// Returns the estimated peak host memory, beyond its key, of synthesizing and proving a partition
// of `rows` R1CS rows, less the MSM threads' buckets (PartitionThreadMemory): a, b and c over the
// QAP domain and H's signed scalars (128 bytes per domain element), the rest of the prover's and
// the allocator's working memory (measured: about 75 more), the values and query scalars (aux is
// within 1% of rows in every Filecoin circuit: 32 bytes per row), and about 25% on top: 256 bytes
// per domain element, 40 per row and 16 MiB. Measured on the 2-core VM with 2 threads, as the
// daemon's peak resident memory over four jobs less its idle size, key and compiled circuit
// (issue 44), against the estimate with 2 threads: 2KiB PoRep 0.85 GiB (1.15), SnapDeals 465 MiB
// (633), WinningPoSt 52 MiB (91), SnapDeals-Poseidon 28 MiB (73). Was 512 bytes per domain
// element, twice the PoRep's need: a 3 GiB budget refused a 2KiB PoRep that peaks at 2.1 GB.
uint64_t PartitionMemoryEstimate(uint64_t rows);
// Returns the buckets of `threads` MSM threads (0: every hardware thread): up to 2^16 buckets of
// 252 bytes each (an affine bucket, its stamp and a Jacobian one), 20 MiB per thread.
uint64_t PartitionThreadMemory(size_t threads);

}  // namespace cuzk::engine
