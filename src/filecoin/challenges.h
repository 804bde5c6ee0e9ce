// SPDX-License-Identifier: Apache-2.0 OR MIT
// replica_id and the PoRep challenge derivations (stacked/vanilla/params.rs and challenges.rs;
// docs/filecoin.md §3.2-3.3): interactive, non-interactive and synthetic.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "base/status.h"
#include "ff/fr.h"
#include "filecoin/registered_proof.h"

namespace cuzk::filecoin {

using Bytes32 = std::array<uint8_t, 32>;

// Returns the prover_id of a miner actor: the actor id as an unsigned LEB128 varint (its ID
// address payload), zero-padded to 32 bytes (docs/filecoin.md §2.5; filecoin-ffi's to_prover_id).
Bytes32 ProverId(uint64_t miner_id);

// replica_id = Fr_LE(SHA256(prover_id || u64_be(sector_id) || ticket || comm_d || porep_id),
// byte 31 &= 0x3f).
ff::Fr ReplicaId(const Bytes32& prover_id, uint64_t sector_id, const Bytes32& ticket,
                 const Bytes32& comm_d, const Bytes32& porep_id);

// Interactive challenge j: (LE(SHA256(replica_id_repr || seed || u32_le(j))) mod (nodes-1)) + 1.
uint64_t InteractiveChallenge(const ff::Fr& replica_id, const Bytes32& seed, uint32_t j,
                              uint64_t nodes);

// Non-interactive challenge j: as interactive over
// "filecoin.io|PoRep|1|NonInteractive|1" || replica_id_repr || comm_r_repr || u32_le(j).
uint64_t NonInteractiveChallenge(const ff::Fr& replica_id, const ff::Fr& comm_r, uint32_t j,
                                 uint64_t nodes);

// Returns the number of synthetic challenges a sector of `nodes` nodes has: min(nodes, 2^18).
uint64_t SyntheticChallengeCount(uint64_t nodes);

// The first `num_synthetic` synthetic challenges (ChaCha20 keystream keyed by a BLAKE2b-256 MAC
// of replica_id || comm_r under "filecoin.io|PoRep|1|Synthetic|1|Generation").
Result<std::vector<uint64_t>> SyntheticChallenges(const ff::Fr& replica_id, const ff::Fr& comm_r,
                                                  uint64_t nodes, uint64_t num_synthetic);

// Synthetic PoRep challenges j in [first, first + count): synthetic challenge number
// (u32_le keystream word j mod num_synthetic), the keystream keyed by BLAKE2b-256 of
// replica_id || seed under "filecoin.io|PoRep|1|Synthetic|1|Selection".
Result<std::vector<uint64_t>> SyntheticPoRepChallenges(const ff::Fr& replica_id,
                                                       const ff::Fr& comm_r, const Bytes32& seed,
                                                       uint64_t nodes, uint64_t num_synthetic,
                                                       uint32_t first, uint32_t count);

// The challenges of partition `partition` (global numbers j = C*partition + i) as `proof`'s
// feature derives them: interactive from the seed, non-interactive from comm_r, synthetic by
// selecting among the synthetic challenges with the seed.
Result<std::vector<uint64_t>> PartitionChallenges(const RegisteredSealProof& proof,
                                                  const ff::Fr& replica_id, const ff::Fr& comm_r,
                                                  const Bytes32& seed, uint32_t partition);

}  // namespace cuzk::filecoin
