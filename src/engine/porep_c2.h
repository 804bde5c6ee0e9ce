// SPDX-License-Identifier: Apache-2.0 OR MIT
// A whole PoRep C2 on one machine, partition after partition: C1 → witness → synthesis →
// Groth16 proof → verification against the public inputs derived from C1 (a proof that fails is
// never returned). The daemon schedules the same two steps per partition (porep_work.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "circuits/porep/c1_inputs.h"
#include "filecoin/c1.h"
#include "groth16/keys.h"
#include "groth16/prover.h"
#include "groth16/verifier.h"
#include "r1cs/proving_assignment.h"
#include "r1cs/shape.h"

namespace cuzk::engine {

// What happened to one partition, for progress output and benchmarks.
struct PartitionReport {
  uint32_t partition = 0;
  double synthesis_s = 0;
  groth16::ProverTimings prover;
  double verify_s = 0;
};

// Options of a local C2.
struct C2Options {
  size_t threads = 0;                                        // 0: every hardware thread
  std::function<void(const PartitionReport&)> on_partition;  // called after each partition
  std::function<bool()> cancelled;  // polled before each partition; true stops with kCancelled
  // Synthesize partition k+1 while partition k proves (two partitions' assignments in memory:
  // about 2 x 15 GiB at 32GiB).
  bool overlap_synthesis = false;
};

// The proof of a sector: one 192-byte Groth16 proof per partition, concatenated in partition
// order (Filecoin's seal proof bytes), and what each partition cost.
struct C2Result {
  std::vector<uint8_t> proof;
  std::vector<PartitionReport> partitions;
};

// A ProvingAssignment handed from one partition to the next of the same circuit.
using AssignmentPtr = std::unique_ptr<r1cs::ProvingAssignment>;

// Returns `reuse` emptied (or a new assignment when it is null), with room reserved for `rows`
// constraints (a/b/c up to the QAP domain) and as many aux variables. A reused assignment's pages
// are already mapped: at 32GiB, first-touch page clearing is ~15 of a fresh partition's ~38 s.
AssignmentPtr PrepareAssignment(AssignmentPtr reuse, uint64_t rows);

// One partition's circuit (PoRep or PoSt), synthesized and ready to prove.
struct SynthesizedCircuit {
  uint32_t index = 0;
  std::vector<ff::Fr> inputs;  // public inputs, derived (not read) from C1
  std::unique_ptr<r1cs::ProvingAssignment> assignment;
  double synthesis_s = 0;
};

// Derives partition `k`'s public inputs from `c1` and synthesizes its circuit. A C1 whose
// challenges or parents do not match its seed and graph fails here, before any proving work.
// Synthesizes into `reuse` when given (see PrepareAssignment).
Result<SynthesizedCircuit> SynthesizePoRepPartition(const filecoin::C1Output& c1, uint32_t k,
                                                    AssignmentPtr reuse = nullptr);

// Proves `partition` with `pk` on `threads` threads (0 = all), frees its assignment (or, when
// `keep` is set, moves it there with its buffers for the next partition), and verifies the proof
// with `pvk` (calling `verifying`, when set, just before); returns the 192-byte proof. `report`
// receives the timings.
Result<std::vector<uint8_t>> ProveAndVerify(const groth16::ProvingKey& pk,
                                            const groth16::PreparedVerifyingKey& pvk,
                                            SynthesizedCircuit partition, size_t threads,
                                            PartitionReport* report,
                                            const std::function<void()>& verifying = nullptr,
                                            AssignmentPtr* keep = nullptr);

// Proves every partition of `c1` with `pk` and verifies each proof before returning it.
Result<C2Result> ProvePoRepC2(const filecoin::C1Output& c1, const groth16::ProvingKey& pk,
                              const C2Options& options = {});

// Returns partition k's public inputs (without ONE).
using PartitionInputsFn = std::function<Result<std::vector<ff::Fr>>(uint32_t k)>;
// Verifies `proof`, `partitions` 192-byte proofs concatenated, partition k against inputs_of(k);
// the error names the first partition that fails.
Status VerifyPartitionProofs(size_t partitions, const groth16::PreparedVerifyingKey& pvk,
                             std::span<const uint8_t> proof, const PartitionInputsFn& inputs_of);

// Verifies the concatenated partition proofs `proof` against the public inputs of `c1`. The
// error names the first partition that fails.
Status VerifyPoRepC2(const filecoin::C1Output& c1, const groth16::PreparedVerifyingKey& pvk,
                     std::span<const uint8_t> proof);

// Verifies the concatenated partition proofs `proof` of a seal statement (for example one of
// rust-fil-proofs' regression records). The error names the first partition that fails.
Status VerifySealStatement(const circuits::porep::SealStatement& statement,
                           const groth16::PreparedVerifyingKey& pvk,
                           std::span<const uint8_t> proof);

// Records the R1CS of one partition of `sector` (input constraints appended), as parameter
// generation needs it; synthesis does not depend on the witness values.
Result<r1cs::R1csShape> PoRepCircuitShape(const filecoin::SectorShape& sector);

// Returns the R1CS rows of one partition of `sector` (input constraints included; spec 4.9), an
// upper bound for the published sizes: 64GiB's count for both 11-layer sizes.
uint64_t PoRepPartitionRows(const filecoin::SectorShape& sector);

// Returns the estimated peak host memory of proving one partition of `sector` (assignment, NTT
// and MSM working sets, not the parameters): 512 bytes per element of the QAP domain, calibrated
// on 2KiB (2.1 GiB above the resident parameters at domain 2^22); likely pessimistic for 32GiB.
uint64_t PoRepPartitionMemoryEstimate(const filecoin::SectorShape& sector);
// Returns the estimated peak host memory of proving a partition of `rows` R1CS rows, whatever
// the circuit: 512 bytes per row of the QAP domain (calibrated on the 2KiB PoRep).
uint64_t PartitionMemoryEstimate(uint64_t rows);

// Returns the path of `sector`'s parameter file in `dir` under its official name; `extension` is
// "params" or "vk".
std::string PoRepParamsPath(const std::string& dir, const filecoin::SectorShape& sector,
                            const std::string& extension);

}  // namespace cuzk::engine
