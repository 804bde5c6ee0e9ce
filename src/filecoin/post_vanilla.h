// SPDX-License-Identifier: Apache-2.0 OR MIT
// PoSt vanilla proofs as Curio sends them in SubmitProofRequest.vanilla_proofs: one bincode
// FallbackPoStSectorProof per sector (filecoin-proofs types/mod.rs; storage-proofs-post
// fallback/vanilla.rs Proof and SectorProof; storage-proofs-core merkle/proof.rs MerkleProof).
// (bincode.h has the encoding.)
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "filecoin/c1.h"

namespace cuzk::filecoin {

// fallback::SectorProof: the inclusion proofs of one sector's challenged leaves in tree R_last.
struct PoStSectorProof {
  std::vector<MerkleProof> inclusion_proofs;
  Bytes32 comm_c{};
  Bytes32 comm_r_last{};
};

// FallbackPoStSectorProof: one sector's vanilla proof. Its `sectors` holds one entry.
struct FallbackPoStSectorProof {
  uint64_t sector_id = 0;
  Bytes32 comm_r{};
  std::vector<PoStSectorProof> sectors;
};

// Decodes one bincode FallbackPoStSectorProof. Errors name the field at fault and its byte
// offset; counts larger than the remaining bytes allow are refused before allocating.
Result<FallbackPoStSectorProof> ParseFallbackPoStSectorProof(std::span<const uint8_t> bytes);
// Returns the bincode encoding of `proof`.
std::vector<uint8_t> WriteFallbackPoStSectorProof(const FallbackPoStSectorProof& proof);

// Reads a vanilla-proof file: a JSON array of base64 strings, one bincode proof each (the Rust
// cuzk-bench's format).
Result<std::vector<std::string>> ParseVanillaProofList(std::string_view json);
// Returns that JSON array for `proofs`.
std::string WriteVanillaProofList(const std::vector<std::string>& proofs);

}  // namespace cuzk::filecoin
