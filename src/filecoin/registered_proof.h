// SPDX-License-Identifier: Apache-2.0 OR MIT
// The 20 registered seal proofs (rust-filecoin-proofs-api registry.rs; the same ids as Lotus'
// abi.RegisteredSealProof), their sector shapes, porep_id, and the names of their Groth16
// parameter files (docs/filecoin.md §1 and §7.1).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace cuzk::filecoin {

// The proof API version a registered proof was introduced with; it changes the parent graph.
enum class ApiVersion { kV1_0_0, kV1_1_0, kV1_2_0 };

// How challenges are derived (and how many there are).
enum class PoRepFeature { kInteractive, kSyntheticPoRep, kNonInteractivePoRep };

// What the circuit depends on: identical for every proof of one sector size.
struct SectorShape {
  uint64_t sector_bytes;
  uint64_t nodes;  // sector_bytes / 32
  uint32_t layers;
  uint32_t base_arity;  // 8 for all published sizes
  uint32_t sub_arity;   // 0 when absent
  uint32_t top_arity;   // 0 when absent
  uint32_t challenges_per_partition;
};

// One registered seal proof.
struct RegisteredSealProof {
  uint64_t id;
  std::string_view name;  // serde name, e.g. "StackedDrg32GiBV1_1"
  ApiVersion api_version;
  PoRepFeature feature;
  SectorShape shape;
  uint32_t partitions;
  uint32_t minimum_challenges;
};

// Returns the arities of a tree R/C path, leaf side first: log8 of the base tree's leaves levels
// of arity 8, then the sub level and the top level where the shape has them.
std::vector<uint32_t> TreeArities(const SectorShape& shape);

// Returns the registered proof with Lotus/proofs-api id `id` (0..19).
Result<RegisteredSealProof> SealProofById(uint64_t id);
// Returns the registered proof with serde name `name`.
Result<RegisteredSealProof> SealProofByName(std::string_view name);

// porep_id = u64_le(id) || u64_le(nonce = 0) || 16 zero bytes.
std::array<uint8_t, 32> PoRepId(uint64_t id);

// The parameter cache id: "stacked-proof-of-replication-merkletree-poseidon_hasher-8-S-T-
// sha256_hasher-" + hex(SHA-256(public-params identifier)).
std::string ParamsCacheId(const SectorShape& shape);
// The parameter file name, e.g. "v28-stacked-proof-of-replication-...-82a357d2....params";
// `extension` is "params", "vk" or "meta".
std::string ParamsFileName(const SectorShape& shape, std::string_view extension);

}  // namespace cuzk::filecoin
