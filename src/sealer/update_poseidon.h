// SPDX-License-Identifier: Apache-2.0 OR MIT
// Test data for SnapDeals' Poseidon variant (storage-proofs-update's poseidon module): a sealed
// sector's replica updated with new data whose tree D is a Poseidon tree of tree R's shape, and
// the single vanilla proof a client would send. Its challenges are derived here from the
// specification (challenges.rs Challenges::new_poseidon), not taken from circuits/snap, so the
// sealer and the circuit check each other.
#pragma once

#include <cstdint>
#include <vector>

#include "filecoin/update_poseidon_vanilla.h"
#include "sealer/sealer.h"

namespace cuzk::sealer {

// An updated sector: the new data's and the new replica's Poseidon trees.
struct UpdatedSectorPoseidon {
  filecoin::RegisteredUpdateProof proof{};
  uint32_t h_index = 3;
  PoseidonTree tree_d_new, tree_r_new;
  Fr comm_c, comm_r_old, comm_r_new;

  // Returns comm_d_new, tree D's root.
  const Fr& comm_d_new() const { return tree_d_new.Root(); }
};

// Encodes `data` (one node each, < 2^254) into `sector`'s replica with h = hs[h_index]: new label
// = old label + data * rho, rho = H_gr(phi, c >> (log2 nodes - h)), phi = H_gr(comm_d_new,
// comm_r_old).
Result<UpdatedSectorPoseidon> EncodeUpdatePoseidon(const SealedSector& sector,
                                                   std::vector<Bytes32> data, uint32_t h_index = 3);

// The challenged nodes: log2(nodes) bits each, least significant first, from successive digests
// H_gr(comm_r_new, j), j = 0, 1, ..., 254 / log2(nodes) challenges per digest, the per-partition
// count of the SHA-256 variant times its partitions in all.
std::vector<uint64_t> UpdatePoseidonChallengesOf(uint64_t nodes, const Fr& comm_r_new);

// Returns the vanilla proof: comm_c and, per challenge, the openings of the old replica, the new
// data and the new replica.
filecoin::UpdatePoseidonPartitionProof UpdatePoseidonVanillaProof(
    const SealedSector& sector, const UpdatedSectorPoseidon& update);

}  // namespace cuzk::sealer
