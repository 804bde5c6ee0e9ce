// SPDX-License-Identifier: Apache-2.0 OR MIT
// A whole PoRep C2 on one machine, partition after partition: C1 → witness → synthesis →
// Groth16 proof → verification against the public inputs derived from C1 (a proof that fails is
// never returned). The daemon schedules the same two steps per partition (PoRepKind, proof_kind.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "circuits/porep/c1_inputs.h"
#include "engine/partition.h"
#include "filecoin/c1.h"
#include "groth16/keys.h"
#include "groth16/prover.h"
#include "groth16/verifier.h"
#include "r1cs/proving_assignment.h"

namespace cuzk::engine {

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

// Returns partition k's circuit with its witness from the C1.
Result<std::unique_ptr<r1cs::Circuit>> PoRepPartitionCircuit(const filecoin::C1Output& c1,
                                                             uint32_t k);

// Derives partition `k`'s public inputs from `c1` and synthesizes its circuit. A C1 whose
// challenges or parents do not match its seed and graph fails here, before any proving work.
// Synthesizes into `reuse` when given (see PrepareAssignment).
Result<SynthesizedPartition> SynthesizePoRepPartition(const filecoin::C1Output& c1, uint32_t k,
                                                      AssignmentPtr reuse = nullptr);

// Proves every partition of `c1` with `pk` and verifies each proof before returning it.
Result<C2Result> ProvePoRepC2(const filecoin::C1Output& c1, const groth16::ProvingKey& pk,
                              const C2Options& options = {});

// Verifies the concatenated partition proofs `proof` against the public inputs of `c1`. The
// error names the first partition that fails.
Status VerifyPoRepC2(const filecoin::C1Output& c1, const groth16::PreparedVerifyingKey& pvk,
                     std::span<const uint8_t> proof);

// Verifies the concatenated partition proofs `proof` of a seal statement (for example one of
// rust-fil-proofs' regression records). The error names the first partition that fails.
Status VerifySealStatement(const circuits::porep::SealStatement& statement,
                           const groth16::PreparedVerifyingKey& pvk,
                           std::span<const uint8_t> proof);

// Returns the R1CS rows of one partition of `sector` (input constraints included; docs/filecoin.md
// §4.9), an upper bound for the published sizes: 64GiB's count for both 11-layer sizes.
uint64_t PoRepPartitionRows(const filecoin::SectorShape& sector);

// Returns the estimated peak host memory of proving one partition of `sector` (assignment, NTT
// and MSM working sets, not the parameters): 512 bytes per element of the QAP domain, calibrated
// on 2KiB (2.1 GiB above the resident parameters at domain 2^22); likely pessimistic for 32GiB.
uint64_t PoRepPartitionMemoryEstimate(const filecoin::SectorShape& sector);
// Returns the path of `sector`'s parameter file in `dir` under its official name; `extension` is
// "params" or "vk".
std::string PoRepParamsPath(const std::string& dir, const filecoin::SectorShape& sector,
                            const std::string& extension);

}  // namespace cuzk::engine
