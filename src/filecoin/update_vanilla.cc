// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/update_vanilla.h"

#include <string>

#include "filecoin/bincode.h"

namespace cuzk::filecoin {

Status ReadUpdateChallengeProofs(bincode::Reader& r, std::vector<UpdateChallengeProof>* out) {
  // A challenge proof is at least three Merkle proofs of 4 + 64 + 8 bytes.
  ASSIGN_OR_RETURN(uint64_t n, r.Length("challenge_proofs", 3 * 76));
  out->resize(n);
  for (uint64_t i = 0; i < n; ++i) {
    std::string at = "challenge_proofs[" + std::to_string(i) + "]";
    UpdateChallengeProof& c = (*out)[i];
    for (auto [name, proof] :
         {std::pair{".proof_r_old", &c.proof_r_old}, std::pair{".proof_d_new", &c.proof_d_new},
          std::pair{".proof_r_new", &c.proof_r_new}}) {
      RETURN_IF_ERROR(r.Proof(at + name, proof));
    }
  }
  return Status::Ok();
}

void WriteUpdateChallengeProofs(bincode::Writer& w,
                                const std::vector<UpdateChallengeProof>& proofs) {
  w.U64(proofs.size());
  for (const UpdateChallengeProof& c : proofs) {
    w.Proof(c.proof_r_old);
    w.Proof(c.proof_d_new);
    w.Proof(c.proof_r_new);
  }
}

Result<UpdatePartitionProof> ParseUpdatePartitionProof(std::span<const uint8_t> bytes) {
  bincode::Reader r(bytes, "SnapDeals partition proof");
  UpdatePartitionProof out;
  RETURN_IF_ERROR(r.Domain("comm_c", &out.comm_c));
  RETURN_IF_ERROR(r.Domains("apex_leafs", &out.apex_leafs));
  RETURN_IF_ERROR(ReadUpdateChallengeProofs(r, &out.challenge_proofs));
  RETURN_IF_ERROR(r.ExpectEnd());
  return out;
}

std::vector<uint8_t> WriteUpdatePartitionProof(const UpdatePartitionProof& proof) {
  bincode::Writer w;
  w.Domain(proof.comm_c);
  w.Domains(proof.apex_leafs);
  WriteUpdateChallengeProofs(w, proof.challenge_proofs);
  return w.Take();
}

}  // namespace cuzk::filecoin
