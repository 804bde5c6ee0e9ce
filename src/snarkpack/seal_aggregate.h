// SPDX-License-Identifier: Apache-2.0 OR MIT
// How filecoin-proofs frames SnarkPack for PoRep (api/seal.rs aggregate_seal_commit_proofs and
// verify_aggregate_seal_commit_proofs): the proofs padded to a power of two by repeating the
// last one, and the transcript seeded with SHA-256 over each sector's seed and comm_r, or over
// the comm_rs alone for Non-Interactive PoRep (whose challenges do not come from a seed).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "base/status.h"
#include "ff/fr.h"
#include "groth16/keys.h"
#include "snarkpack/srs.h"

namespace cuzk::snarkpack {

using Bytes32 = std::array<uint8_t, 32>;

// The number of proofs aggregated for `count` proofs (get_aggregate_target_len): 2 for one,
// else the next power of two.
size_t AggregateTargetLen(size_t count);

// SHA-256 over seed_i || comm_r_i for each sector, or over the comm_rs alone when
// `non_interactive`; `seeds` must then be empty or as long as `comm_rs`.
std::array<uint8_t, 32> SealTranscriptInclude(std::span<const Bytes32> comm_rs,
                                              std::span<const Bytes32> seeds, bool non_interactive);

// Aggregates `proofs` (every sector's partition proofs, in order) as filecoin-proofs does and
// returns the aggregate's bytes; `srs` is specialized here to the padded count.
Result<std::vector<uint8_t>> AggregateSealProofs(const GenericSrs& srs,
                                                 std::vector<groth16::Proof> proofs,
                                                 std::span<const Bytes32> comm_rs,
                                                 std::span<const Bytes32> seeds,
                                                 bool non_interactive);

// Verifies aggregate `bytes` as verify_aggregate_seal_commit_proofs does: `public_inputs` holds
// each aggregated proof's inputs in order (padded here, like the proofs, by repeating the last;
// their count must pad to the aggregate's), `vk` the PoRep circuit's key. OK iff valid; errors
// name what failed.
Status VerifySealAggregate(const GenericSrs& srs, const groth16::VerifyingKey& vk,
                           std::span<const uint8_t> bytes,
                           std::vector<std::vector<ff::Fr>> public_inputs,
                           std::span<const Bytes32> comm_rs, std::span<const Bytes32> seeds,
                           bool non_interactive);

}  // namespace cuzk::snarkpack
