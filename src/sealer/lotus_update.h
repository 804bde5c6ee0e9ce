// SPDX-License-Identifier: Apache-2.0 OR MIT
// An updated (SnapDeals) sector's files as Lotus and Curio keep them, the part filecoin-proofs'
// generate_partition_proofs reads besides the sector key (the sector as sealed, lotus_layout.h):
// the new replica `update/s-t0<miner>-<number>` and its cache `update-cache/s-t0<miner>-<number>/`
// with
// - `p_aux`: comm_c (the sector key's) then the new replica's comm_r_last;
// - the new replica's tree R_last files, laid out as the sector key's;
// - `sc-02-data-tree-d.dat`: tree D of the new data, kept whole (merkletree DiskStore: every row,
//   leaves first, the root last).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "filecoin/registered_update.h"
#include "filecoin/update_vanilla.h"
#include "sealer/lotus_layout.h"
#include "sealer/update.h"

namespace cuzk::sealer {

// Returns `root`/update/s-t0<miner_id>-<sector_number> and `root`/update-cache/s-t0<...>.
LotusSectorPaths LotusUpdatePaths(const std::string& root, uint64_t miner_id,
                                  uint64_t sector_number);

// Writes `update`'s new replica, p_aux, tree R_last files and tree D at `paths` (creating the
// folders). The sector key is written by WriteLotusSector.
Status WriteLotusUpdate(const UpdatedSector& update, const LotusSectorPaths& paths);

// Returns every partition's SnapDeals vanilla proof of the update at `replica` of the sector key
// at `sector_key`, read as filecoin-proofs reads them, for `proof` with the given commitments.
// Fails, naming the file, if a file is missing or of the wrong size, if comm_r_old or comm_r_new
// is not Poseidon(comm_c, comm_r_last) of its p_aux, if tree D's root is not comm_d_new, or if a
// replica does not hash to its tree files.
Result<std::vector<filecoin::UpdatePartitionProof>> GenerateUpdateVanillaFromFiles(
    const LotusSectorPaths& sector_key, const LotusSectorPaths& replica,
    const filecoin::RegisteredUpdateProof& proof, const filecoin::Bytes32& comm_r_old,
    const filecoin::Bytes32& comm_d_new, const filecoin::Bytes32& comm_r_new);

}  // namespace cuzk::sealer
