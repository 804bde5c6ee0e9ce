// SPDX-License-Identifier: Apache-2.0 OR MIT
// PoSt vanilla proofs of a sealed test sector, as Lotus and Curio make them for the prover
// (filecoin-proofs post_util.rs generate_single_vanilla_proof): the challenged leaves of tree
// R_last with their inclusion proofs, comm_c and comm_r_last.
#pragma once

#include <cstdint>
#include <functional>

#include "filecoin/post_vanilla.h"
#include "filecoin/registered_post.h"
#include "sealer/sealer.h"

namespace cuzk::sealer {

// Returns the inclusion proof of leaf `leaf` of a sector's tree R_last.
using InclusionProofFn = std::function<Result<filecoin::MerkleProof>(uint64_t leaf)>;

// Returns the vanilla proof of sector `sector_id` (commitments comm_r, comm_c and comm_r_last) for
// `post` under `randomness`, its challenged leaves' inclusion proofs from `proof_of`; the sector
// being number `slot` of partition `partition` (only WindowPoSt before API V1_2_0 depends on
// them).
Result<filecoin::FallbackPoStSectorProof> GeneratePoStVanilla(
    const filecoin::RegisteredPoStProof& post, const filecoin::Bytes32& randomness,
    uint64_t sector_id, const filecoin::Bytes32& comm_r, const filecoin::Bytes32& comm_c,
    const filecoin::Bytes32& comm_r_last, const InclusionProofFn& proof_of, uint32_t partition,
    uint32_t slot);

// Returns the vanilla proof of `sector` for `post` under `randomness`, the sector being number
// `slot` of partition `partition` (only WindowPoSt before API V1_2_0 depends on them). Fails if
// the sector's size is not the proof type's.
Result<filecoin::FallbackPoStSectorProof> GeneratePoStVanilla(
    const SealedSector& sector, const filecoin::RegisteredPoStProof& post,
    const filecoin::Bytes32& randomness, uint32_t partition = 0, uint32_t slot = 0);

}  // namespace cuzk::sealer
