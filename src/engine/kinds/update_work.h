// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals proving: Curio's per-partition vanilla proofs (bincode PartitionProof) and the three
// commitments → EmptySectorUpdateCircuit witness per partition → synthesis → Groth16 proof →
// verification (a proof that fails is never returned). Partitions are scheduled like PoRep's.
// Its descriptor is SnapDealsKind() (proof_kind.h).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "circuits/snap/update_inputs.h"
#include "engine/partition.h"

namespace cuzk::engine {

// A SnapDeals proof to make: the statement of every partition and their checked witnesses.
struct UpdateInput {
  filecoin::RegisteredUpdateProof proof;
  ff::Fr comm_r_old, comm_d_new, comm_r_new;
  std::vector<circuits::snap::UpdateWitness> partitions;

  // Returns partition k's statement.
  circuits::snap::UpdateStatement Statement(uint32_t k) const {
    return {proof, k, circuits::snap::kDefaultHIndex, comm_r_old, comm_d_new, comm_r_new};
  }
};

// Decodes and checks a SnapDeals request: the Lotus RegisteredUpdateProof id, one bincode
// PartitionProof per partition (all of them, in order) and the raw 32-byte commitments.
Result<UpdateInput> ParseUpdateInput(uint64_t registered_proof,
                                     std::span<const std::string> vanilla_proofs,
                                     std::string_view comm_r_old, std::string_view comm_d_new,
                                     std::string_view comm_r_new);

// Returns the commitment `name` from its raw 32-byte little-endian form; errors name it.
Result<ff::Fr> UpdateCommitment(std::string_view raw, const char* name);

// Returns partition k's circuit with its witness.
Result<std::unique_ptr<r1cs::Circuit>> UpdatePartitionCircuit(const UpdateInput& input, uint32_t k);
// Synthesizes partition `k` (into `reuse` when given, see PrepareAssignment).
Result<SynthesizedPartition> SynthesizeUpdatePartition(const UpdateInput& input, uint32_t k,
                                                       AssignmentPtr reuse = nullptr);

// Returns the R1CS rows of a partition (input constraints included), counting them (a whole
// synthesis: SnapDescriptor counts each size once).
uint64_t UpdateRows(const filecoin::RegisteredUpdateProof& proof);

// Returns the circuit id of a SnapDeals proof type, e.g. "snap-32g".
std::string UpdateCircuitId(const filecoin::RegisteredUpdateProof& proof);

}  // namespace cuzk::engine
