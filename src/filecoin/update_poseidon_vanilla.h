// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals' Poseidon variant (storage-proofs-update's poseidon module; docs/filecoin.md §9.1): one
// partition whose tree D has tree R's shape and hash. Its vanilla proof (poseidon/vanilla.rs
// PartitionProof: comm_c, then per challenge the openings of the old replica, the new data and
// the new replica, all three Poseidon tree R paths) and its parameter file names.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "filecoin/registered_update.h"
#include "filecoin/update_vanilla.h"

namespace cuzk::filecoin {

// The Poseidon variant's vanilla proof (its only partition).
struct UpdatePoseidonPartitionProof {
  Bytes32 comm_c{};
  std::vector<UpdateChallengeProof> challenge_proofs;  // proof_d_new has tree R's shape
};

// Returns the challenges of the single partition: the SHA-256 variant's challenges per partition
// times its partitions (challenge_count_poseidon: 10 up to 8KiB, 40 at 8MiB, 1376 at 32GiB).
uint32_t UpdatePoseidonChallengeCount(uint64_t nodes);

// Decodes one bincode PartitionProof; errors name the field and byte offset.
Result<UpdatePoseidonPartitionProof> ParseUpdatePoseidonPartitionProof(
    std::span<const uint8_t> bytes);
// Returns the bincode encoding of `proof`.
std::vector<uint8_t> WriteUpdatePoseidonPartitionProof(const UpdatePoseidonPartitionProof& proof);

// The parameter file name: the SHA-256 variant's with "poseidon-" after "empty-sector-update-"
// (poseidon/compound.rs cache_prefix; the public parameters' identifier is the same).
std::string UpdatePoseidonParamsFileName(const RegisteredUpdateProof& proof,
                                         std::string_view extension);

}  // namespace cuzk::filecoin
