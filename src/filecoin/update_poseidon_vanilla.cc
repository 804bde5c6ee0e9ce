// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/update_poseidon_vanilla.h"

#include "filecoin/bincode.h"

namespace cuzk::filecoin {

uint32_t UpdatePoseidonChallengeCount(uint64_t nodes) {
  return UpdateChallengesPerPartition(nodes) * UpdatePartitions(nodes);
}

Result<UpdatePoseidonPartitionProof> ParseUpdatePoseidonPartitionProof(
    std::span<const uint8_t> bytes) {
  bincode::Reader r(bytes, "SnapDeals Poseidon partition proof");
  UpdatePoseidonPartitionProof out;
  RETURN_IF_ERROR(r.Domain("comm_c", &out.comm_c));
  RETURN_IF_ERROR(ReadUpdateChallengeProofs(r, &out.challenge_proofs));
  RETURN_IF_ERROR(r.ExpectEnd());
  return out;
}

std::vector<uint8_t> WriteUpdatePoseidonPartitionProof(const UpdatePoseidonPartitionProof& proof) {
  bincode::Writer w;
  w.Domain(proof.comm_c);
  WriteUpdateChallengeProofs(w, proof.challenge_proofs);
  return w.Take();
}

std::string UpdatePoseidonParamsFileName(const RegisteredUpdateProof& proof,
                                         std::string_view extension) {
  constexpr std::string_view kStem = "v28-empty-sector-update-";
  std::string name = UpdateParamsFileName(proof, extension);
  return name.insert(kStem.size(), "poseidon-");
}

}  // namespace cuzk::filecoin
