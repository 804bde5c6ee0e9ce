// SPDX-License-Identifier: Apache-2.0 OR MIT
// The 15 registered PoSt proofs (Lotus abi.RegisteredPoStProof ids; rust-filecoin-proofs-api
// registry.rs), their FallbackPoSt parameters, and the names of their Groth16 parameter files
// (docs/filecoin.md §8).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"
#include "filecoin/challenges.h"
#include "filecoin/registered_proof.h"

namespace cuzk::filecoin {

// WinningPoSt (block production) or WindowPoSt (the daily proof of every sector).
enum class PoStKind { kWinning, kWindow };

// One registered PoSt proof.
struct RegisteredPoStProof {
  uint64_t id;
  std::string_view name;  // Lotus name, e.g. "StackedDrgWindow32GiBV1_1"
  PoStKind kind;
  ApiVersion api_version;    // V1_2_0 changes the challenge index (docs/filecoin.md §8)
  SectorShape shape;         // sector size and tree R arities (challenges_per_partition unused)
  uint32_t challenge_count;  // leaf challenges per sector: 66 winning, 10 window
  uint32_t sector_count;     // sectors per partition: 1 winning; 2, 2349 or 2300 window

  // Sector slots in the circuit: 66 for Winning (one per challenge), sector_count for Window.
  uint32_t circuit_sectors() const {
    return kind == PoStKind::kWinning ? challenge_count : sector_count;
  }
  // Challenges per slot in the circuit: 1 for Winning, challenge_count for Window.
  uint32_t circuit_challenges() const { return kind == PoStKind::kWinning ? 1 : challenge_count; }
};

// Returns the registered PoSt proof with Lotus id `id` (0..14).
Result<RegisteredPoStProof> PoStProofById(uint64_t id);

// The parameter cache id: "proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-S-T-" +
// hex(SHA-256("FallbackPoSt::PublicParams{sector_size: B, challenge_count: C, sector_count: N}"))
// with the circuit's C and N.
std::string PoStParamsCacheId(const RegisteredPoStProof& proof);
// The parameter file name with `extension` "params", "vk" or "meta".
std::string PoStParamsFileName(const RegisteredPoStProof& proof, std::string_view extension);

// Returns the leaf a PoSt challenges: LE_u64(SHA256(randomness || u64_le(sector_id) ||
// u64_le(challenge_index))[0..8]) mod nodes (storage-proofs-post fallback/vanilla.rs
// generate_leaf_challenge).
uint64_t PoStLeafChallenge(const Bytes32& randomness, uint64_t sector_id, uint64_t challenge_index,
                           uint64_t nodes);

// Returns the challenge index of challenge `n` of sector slot `slot` in partition `k`: n under
// API V1_2_0, (k * sector_count + slot) * challenge_count + n before (counts of the circuit).
uint64_t PoStChallengeIndex(const RegisteredPoStProof& proof, uint32_t k, uint32_t slot,
                            uint32_t n);

}  // namespace cuzk::filecoin
