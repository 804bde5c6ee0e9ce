// SPDX-License-Identifier: Apache-2.0 OR MIT
// The registered SnapDeals proofs (Lotus abi.RegisteredUpdateProof ids 0..4, one per sector
// size), and the names of their Groth16 parameter files (docs/filecoin.md §9).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"
#include "filecoin/registered_proof.h"

namespace cuzk::filecoin {

// One registered update proof.
struct RegisteredUpdateProof {
  uint64_t id;
  std::string_view name;  // e.g. "StackedDrg32GiBV1"
  SectorShape shape;      // the sector's size and tree R arities
};

// SnapDeals' dimensions for a sector of `nodes` 32-byte nodes (storage-proofs-update
// constants.rs): partitions (1 up to 8KiB, 2 up to 32KiB, 4 up to 16MiB, then 16), challenges per
// partition (10 up to 16MiB, then 86), apex leaves of tree D per partition (8 up to 8KiB, then
// 128) and the allowed h (all 1 up to 32KiB, else 7..12).
uint32_t UpdatePartitions(uint64_t nodes);
uint32_t UpdateChallengesPerPartition(uint64_t nodes);
uint32_t UpdateApexLeaves(uint64_t nodes);
std::array<uint32_t, 6> UpdateHs(uint64_t nodes);

// The registered update proofs' ids are 0 .. kUpdateProofCount - 1.
inline constexpr uint64_t kUpdateProofCount = 5;
// Returns the registered update proof with Lotus id `id` (0..4: 2KiB, 8MiB, 512MiB, 32GiB, 64GiB).
Result<RegisteredUpdateProof> UpdateProofById(uint64_t id);

// The parameter file name: "v28-empty-sector-update-merkletree-poseidon_hasher-8-S-T-" +
// hex(SHA-256("empty_sector_update::PublicParams{ sector_nodes: N }")) + "." + extension.
std::string UpdateParamsFileName(const RegisteredUpdateProof& proof, std::string_view extension);

}  // namespace cuzk::filecoin
