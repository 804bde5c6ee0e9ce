// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "circuits/snap/update_poseidon_inputs.h"

#include <string>

#include "hash/poseidon.h"

namespace cuzk::circuits::snap {

Result<UpdatePoseidonWitness> UpdatePoseidonWitnessFromVanilla(
    const UpdatePoseidonStatement& st, const filecoin::UpdatePoseidonPartitionProof& v) {
  UpdateShape shape = ShapeOf(st.proof);
  const uint32_t count = UpdatePoseidonChallengeCount(shape);
  if (v.challenge_proofs.size() != count) {
    return Status::InvalidArgument(std::to_string(v.challenge_proofs.size()) +
                                   " challenge proofs, the sector size needs " +
                                   std::to_string(count));
  }
  UpdatePoseidonWitness w;
  w.h_index = st.h_index;
  w.comm_r_old = st.comm_r_old;
  w.comm_d_new = st.comm_d_new;
  w.comm_r_new = st.comm_r_new;
  ASSIGN_OR_RETURN(w.comm_c, filecoin::DomainToFr(v.comm_c, "comm_c"));
  const Fr phi = UpdatePhi(st.comm_d_new, st.comm_r_old);
  const uint32_t h = shape.hs()[st.h_index];
  std::vector<uint64_t> challenges = UpdatePoseidonChallenges(shape, st.comm_r_new);
  for (uint32_t i = 0; i < count; ++i) {
    const filecoin::UpdateChallengeProof& cp = v.challenge_proofs[i];
    const uint64_t c = challenges[i];
    const std::string what = "challenge " + std::to_string(i);
    ASSIGN_OR_RETURN(TreeROpening r_old,
                     OpenTreeR(cp.proof_r_old, shape, c, what + " proof_r_old"));
    ASSIGN_OR_RETURN(TreeROpening d_new,
                     OpenTreeR(cp.proof_d_new, shape, c, what + " proof_d_new"));
    ASSIGN_OR_RETURN(TreeROpening r_new,
                     OpenTreeR(cp.proof_r_new, shape, c, what + " proof_r_new"));
    if (i == 0) {
      w.root_r_old = r_old.root;
      w.root_r_new = r_new.root;
      Fr old_pair[] = {w.comm_c, w.root_r_old}, new_pair[] = {w.comm_c, w.root_r_new};
      if (*hash::PoseidonHash(old_pair) != st.comm_r_old) {
        return Status::InvalidArgument("comm_r_old is not H(comm_c, tree R root)");
      }
      if (*hash::PoseidonHash(new_pair) != st.comm_r_new) {
        return Status::InvalidArgument("comm_r_new is not H(comm_c, tree R root)");
      }
    } else if (r_old.root != w.root_r_old || r_new.root != w.root_r_new) {
      return Status::InvalidArgument(what + ": the path leads to another tree R root");
    }
    if (d_new.root != st.comm_d_new) {
      return Status::InvalidArgument(what + ": proof_d_new does not lead to comm_d_new");
    }
    if (r_old.leaf + d_new.leaf * UpdateRho(shape, phi, c, h) != r_new.leaf) {
      return Status::InvalidArgument(what + ": the new label is not old + data * rho");
    }
    w.challenges.push_back({r_old.leaf, d_new.leaf, std::move(r_old.siblings),
                            std::move(d_new.siblings), std::move(r_new.siblings)});
  }
  return w;
}

std::vector<Fr> UpdatePoseidonStatementInputs(const UpdatePoseidonStatement& st) {
  return UpdatePoseidonPublicInputs(ShapeOf(st.proof), st.h_index, st.comm_r_old, st.comm_d_new,
                                    st.comm_r_new);
}

}  // namespace cuzk::circuits::snap
