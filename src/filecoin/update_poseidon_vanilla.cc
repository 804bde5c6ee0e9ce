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
  // A challenge proof is at least three Merkle proofs of 4 + 64 + 8 bytes.
  ASSIGN_OR_RETURN(uint64_t n, r.Length("challenge_proofs", 3 * 76));
  out.challenge_proofs.resize(n);
  for (uint64_t i = 0; i < n; ++i) {
    std::string at = "challenge_proofs[" + std::to_string(i) + "]";
    UpdateChallengeProof& c = out.challenge_proofs[i];
    RETURN_IF_ERROR(r.Proof(at + ".proof_r_old", &c.proof_r_old));
    RETURN_IF_ERROR(r.Proof(at + ".proof_d_new", &c.proof_d_new));
    RETURN_IF_ERROR(r.Proof(at + ".proof_r_new", &c.proof_r_new));
  }
  RETURN_IF_ERROR(r.ExpectEnd());
  return out;
}

std::vector<uint8_t> WriteUpdatePoseidonPartitionProof(const UpdatePoseidonPartitionProof& proof) {
  bincode::Writer w;
  w.Domain(proof.comm_c);
  w.U64(proof.challenge_proofs.size());
  for (const UpdateChallengeProof& c : proof.challenge_proofs) {
    w.Proof(c.proof_r_old);
    w.Proof(c.proof_d_new);
    w.Proof(c.proof_r_new);
  }
  return w.Take();
}

std::string UpdatePoseidonParamsFileName(const RegisteredUpdateProof& proof,
                                         std::string_view extension) {
  constexpr std::string_view kStem = "v28-empty-sector-update-";
  std::string name = UpdateParamsFileName(proof, extension);
  return name.insert(kStem.size(), "poseidon-");
}

}  // namespace cuzk::filecoin
