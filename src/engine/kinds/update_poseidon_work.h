// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals' Poseidon variant: one bincode poseidon PartitionProof and the three commitments →
// EmptySectorUpdatePoseidonCircuit witness → synthesis → Groth16 proof → verification. One
// partition per proof. A cuzk extension of the wire contract (proof kind 5): the Rust cuzk and
// Curio do not send it. Its descriptor is SnapDealsPoseidonKind() (proof_kind.h).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "base/status.h"
#include "circuits/snap/update_poseidon_inputs.h"
#include "engine/partition.h"

namespace cuzk::engine {

// A Poseidon-variant SnapDeals proof to make: its statement and checked witness.
struct UpdatePoseidonInput {
  circuits::snap::UpdatePoseidonStatement statement;
  circuits::snap::UpdatePoseidonWitness witness;
};

// Decodes and checks a request: the Lotus RegisteredUpdateProof id (the sector size), exactly one
// bincode poseidon PartitionProof and the raw 32-byte commitments.
Result<UpdatePoseidonInput> ParseUpdatePoseidonInput(uint64_t registered_proof,
                                                     std::span<const std::string> vanilla_proofs,
                                                     std::string_view comm_r_old,
                                                     std::string_view comm_d_new,
                                                     std::string_view comm_r_new);

// Returns the circuit id of a sector size's Poseidon variant, e.g. "snap-poseidon-32g".
std::string UpdatePoseidonCircuitId(const filecoin::RegisteredUpdateProof& proof);

}  // namespace cuzk::engine
