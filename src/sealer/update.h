// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals test data: a sealed sector's replica updated with new data (storage-proofs-update
// vanilla.rs encode_into: new label = old label + data * rho, rho = H_gr(phi, c >> (log2 nodes
// - h))), its trees, and the per-partition vanilla proofs Curio would send.
#pragma once

#include <cstdint>
#include <vector>

#include "filecoin/registered_update.h"
#include "filecoin/update_vanilla.h"
#include "sealer/sealer.h"

namespace cuzk::sealer {

// An updated sector: the new data's tree D and the new replica's tree R.
struct UpdatedSector {
  filecoin::RegisteredUpdateProof proof{};
  uint32_t h_index = 3;
  Sha256Tree tree_d_new;
  PoseidonTree tree_r_new;
  Fr comm_c, comm_r_old, comm_r_new;

  Fr comm_d_new() const { return *Fr::FromBytesLE(tree_d_new.Root()); }
};

// Encodes `data` (one node each, < 2^254) into `sector`'s replica with h = hs[h_index].
Result<UpdatedSector> EncodeUpdate(const SealedSector& sector, std::vector<Bytes32> data,
                                   uint32_t h_index = 3);

// Returns partition `k`'s vanilla proof: comm_c, the apex leaves of tree D, and per challenge the
// openings of the old replica, the new data and the new replica.
Result<filecoin::UpdatePartitionProof> UpdateVanillaProof(const SealedSector& sector,
                                                          const UpdatedSector& update, uint32_t k);

}  // namespace cuzk::sealer
