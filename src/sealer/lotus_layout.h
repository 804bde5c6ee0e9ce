// SPDX-License-Identifier: Apache-2.0 OR MIT
// A sealed sector's files as Lotus and Curio keep them, the part PoSt reads
// (filecoin-proofs PrivateReplicaInfo::merkle_tree): the replica `sealed/s-t0<miner>-<number>`
// (the encoded sector, 32-byte little-endian nodes) and the cache directory
// `cache/s-t0<miner>-<number>/` with
// - `p_aux`: comm_c then comm_r_last, 32 bytes each (bincode PersistentAux);
// - `t_aux`: bincode TemporaryAux, the store configurations of the layers and trees (only
//   SnapDeals reads it, for tree R_last's rows_to_discard);
// - tree R_last as merkletree's LevelCacheStore keeps it: one file per base tree,
//   `sc-02-data-tree-r-last.dat` (or `-0` ... `-<n-1>` when the sector has n base trees), holding
//   only the rows above the base and above the `DefaultRowsToDiscard` rows over it, leaf side
//   first, each base tree's root last. A proof rebuilds the discarded rows of the challenged
//   leaf's neighbourhood from the replica (merkletree gen_cached_proof).
// A finalized sector (clear_cache) has nothing else there. The sealer writes this layout for
// tests; cuzk-bench gen-vanilla reads it from real sectors.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "filecoin/post_vanilla.h"
#include "filecoin/registered_post.h"
#include "sealer/lotus_files.h"
#include "sealer/sealer.h"

namespace cuzk::sealer {

// Returns `root`/sealed/s-t0<miner_id>-<sector_number> and `root`/cache/s-t0<...>.
LotusSectorPaths LotusPaths(const std::string& root, uint64_t miner_id, uint64_t sector_number);

// Returns the bincode TemporaryAux (storage-proofs-porep stacked/vanilla/params.rs) of a sector of
// shape `shape` in `cache_dir`, as rust-fil-proofs writes it after sealing: a store configuration
// (path, id, size, rows_to_discard) per layer (layer-1 ...), then tree-d, tree-r-last and tree-c.
std::vector<uint8_t> TemporaryAuxBytes(const filecoin::SectorShape& shape,
                                       const std::string& cache_dir);

// Writes `sector`'s replica, p_aux, t_aux and tree R_last files at `paths` (creating the
// folders).
Status WriteLotusSector(const SealedSector& sector, const LotusSectorPaths& paths);

// Returns the PoSt vanilla proof of the sector at `paths`, read as filecoin-proofs reads it
// (p_aux, tree R_last files, challenged leaves from the replica): sector `sector_id` with
// commitment `comm_r`, the rest as GeneratePoStVanilla. Fails, naming the file, if a file is
// missing or of the wrong size for `post`'s sector size, if the replica does not hash to the
// stored tree, or if comm_r is not Poseidon(comm_c, comm_r_last) of p_aux.
Result<filecoin::FallbackPoStSectorProof> GeneratePoStVanillaFromFiles(
    const LotusSectorPaths& paths, const filecoin::RegisteredPoStProof& post,
    const filecoin::Bytes32& comm_r, uint64_t sector_id, const filecoin::Bytes32& randomness,
    uint32_t partition = 0, uint32_t slot = 0);

}  // namespace cuzk::sealer
