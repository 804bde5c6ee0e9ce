// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnarkPack over PoRep proofs for cuzk-bench: `aggregate` (several sectors, as Lotus) and `prove`
// (an NI-PoRep sector's partitions, as seal_commit_phase2) share it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "filecoin/c1.h"
#include "groth16/keys.h"

namespace cuzk::bench {

// Parses concatenated 192-byte proofs; an error says which one is not a proof.
Result<std::vector<groth16::Proof>> ParseProofs(std::string_view bytes);

// Aggregates `proofs` (every C1's partition proofs, in order) with the SRS and .vk in
// `param_dir` as filecoin-proofs does, verifies the aggregate, and returns its bytes; errors name
// what was missing or wrong.
Result<std::vector<uint8_t>> AggregateSealC1s(std::span<const filecoin::C1Output> c1s,
                                              std::span<const groth16::Proof> proofs,
                                              const std::string& param_dir);

// Verifies aggregate `bytes` of the C1s' proofs as verify_aggregate_seal_commit_proofs does.
Status VerifySealC1sAggregate(std::span<const filecoin::C1Output> c1s,
                              std::span<const uint8_t> bytes, const std::string& param_dir);

}  // namespace cuzk::bench
