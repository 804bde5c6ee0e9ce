// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals vanilla proofs as Curio sends them in SubmitProofRequest.vanilla_proofs: one bincode
// PartitionProof per partition (storage-proofs-update vanilla.rs PartitionProof and
// ChallengeProof; bincode.h has the encoding).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "base/status.h"
#include "filecoin/c1.h"

namespace cuzk::filecoin {

// One challenge's openings: the old replica (tree R), the new data (tree D), the new replica.
struct UpdateChallengeProof {
  MerkleProof proof_r_old, proof_d_new, proof_r_new;
};

// One partition's vanilla proof.
struct UpdatePartitionProof {
  Bytes32 comm_c{};
  std::vector<Bytes32> apex_leafs;  // this partition's apex leaves of tree D
  std::vector<UpdateChallengeProof> challenge_proofs;
};

namespace bincode {
class Reader;
class Writer;
}  // namespace bincode

// Reads the challenge_proofs sequence both variants' PartitionProofs end with (three Merkle
// proofs per challenge).
Status ReadUpdateChallengeProofs(bincode::Reader& r, std::vector<UpdateChallengeProof>* out);
// Writes it.
void WriteUpdateChallengeProofs(bincode::Writer& w,
                                const std::vector<UpdateChallengeProof>& proofs);

// Decodes one bincode PartitionProof; errors name the field and byte offset.
Result<UpdatePartitionProof> ParseUpdatePartitionProof(std::span<const uint8_t> bytes);
// Returns the bincode encoding of `proof`.
std::vector<uint8_t> WriteUpdatePartitionProof(const UpdatePartitionProof& proof);

}  // namespace cuzk::filecoin
