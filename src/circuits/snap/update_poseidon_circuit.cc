// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "circuits/snap/update_poseidon_circuit.h"

#include <random>
#include <string>

#include "circuits/snap/update_gadgets.h"
#include "filecoin/update_poseidon_vanilla.h"
#include "gadgets/merkle.h"
#include "gadgets/poseidon.h"
#include "hash/poseidon.h"

namespace cuzk::circuits::snap {

using gadgets::AllocatedNum;
using gadgets::Boolean;
using gadgets::TreeHash;

uint32_t UpdatePoseidonChallengeCount(const UpdateShape& shape) {
  return filecoin::UpdatePoseidonChallengeCount(shape.nodes);
}

Status EmptySectorUpdatePoseidonCircuit::Synthesize(r1cs::ConstraintSystem& cs) const {
  const UpdateShape& s = shape_;
  const UpdatePoseidonWitness& w = witness_;
  const uint32_t challenge_bits = s.challenge_bits();
  const uint32_t count = UpdatePoseidonChallengeCount(s);
  if (w.challenges.size() != count || w.h_index >= 6) {
    return Status::InvalidArgument("the witness does not fit the sector's Poseidon update shape");
  }
  auto fits = [&](const std::vector<std::vector<Fr>>& path) {
    if (path.size() != s.tree_r_arities.size()) return false;
    for (size_t l = 0; l < path.size(); ++l) {
      if (path[l].size() + 1 != s.tree_r_arities[l]) return false;
    }
    return true;
  };
  for (const UpdatePoseidonChallengeWitness& c : w.challenges) {
    if (!fits(c.path_r_old) || !fits(c.path_d_new) || !fits(c.path_r_new)) {
      return Status::InvalidArgument("a challenge's paths do not fit the sector's tree R shape");
    }
  }
  // h_select: a public input and its six bits (exactly one set).
  const uint64_t h_select_value = s.h_select(w.h_index);
  AllocatedNum h_select = AllocatedNum::Alloc(cs, Fr::FromUint64(h_select_value));
  gadgets::Inputize(cs, h_select);
  std::vector<Boolean> h_select_bits;
  for (uint32_t i = 0; i < 6; ++i)
    h_select_bits.push_back(Boolean::Alloc(cs, (h_select_value >> i) & 1));
  EnforceDecomposition(cs, h_select_bits, h_select);
  ASSIGN_OR_RETURN(UpdateCommitments commitments,
                   AllocateCommitments(cs, w.comm_r_old, w.comm_d_new, w.comm_r_new));
  const AllocatedNum &comm_d_new = commitments.comm_d_new, &comm_r_new = commitments.comm_r_new;
  const AllocatedNum& phi = commitments.phi;
  AllocatedNum comm_c = AllocatedNum::Alloc(cs, w.comm_c);
  const AllocatedNum root_r_old = AllocatedNum::Alloc(cs, w.root_r_old);
  const AllocatedNum root_r_new = AllocatedNum::Alloc(cs, w.root_r_new);
  RETURN_IF_ERROR(EnforceCommR(cs, commitments, comm_c, root_r_old, root_r_new));
  // The single partition's index: allocated, not constrained, zero (as poseidon/circuit.rs).
  AllocatedNum partition = AllocatedNum::Alloc(cs, Fr::Zero());
  ASSIGN_OR_RETURN(std::vector<std::vector<Boolean>> generated,
                   GenChallengeBits(cs, comm_r_new, partition, count, challenge_bits));
  for (uint32_t i = 0; i < count; ++i) {
    if (cs.Cancelled()) return r1cs::SynthesisCancelled();
    const UpdatePoseidonChallengeWitness& cw = w.challenges[i];
    const std::vector<Boolean>& c_bits = generated[i];
    AllocatedNum high = ChallengeHighBits(cs, c_bits, h_select_bits, s.hs());
    AllocatedNum rho_in[] = {phi, high};
    ASSIGN_OR_RETURN(AllocatedNum rho, gadgets::PoseidonGenRandomnessGadget(cs, rho_in));
    AllocatedNum leaf_r_old = AllocatedNum::Alloc(cs, cw.leaf_r_old);
    AllocatedNum leaf_d_new = AllocatedNum::Alloc(cs, cw.leaf_d_new);
    AllocatedNum leaf_r_new = LabelRNew(cs, leaf_r_old, leaf_d_new, rho);
    // Each path's siblings are allocated just before its inclusion proof: old replica, new
    // replica, new data.
    for (auto [leaf, path, root] : {std::tuple{&leaf_r_old, &cw.path_r_old, &root_r_old},
                                    std::tuple{&leaf_r_new, &cw.path_r_new, &root_r_new},
                                    std::tuple{&leaf_d_new, &cw.path_d_new, &comm_d_new}}) {
      std::vector<std::vector<AllocatedNum>> siblings;
      for (const std::vector<Fr>& level : *path) siblings.push_back(AllocAll(cs, level));
      Status st =
          gadgets::MerkleInclusionWithBits(cs, TreeHash::kPoseidon, *leaf, c_bits, siblings, *root);
      if (!st.ok()) {
        return Status::InvalidArgument("challenge " + std::to_string(i) + ": " + st.message());
      }
    }
  }
  return Status::Ok();
}

std::vector<uint64_t> UpdatePoseidonChallenges(const UpdateShape& shape, const Fr& comm_r_new) {
  const uint32_t bits = shape.challenge_bits(), per_digest = 254 / bits;
  const uint32_t count = UpdatePoseidonChallengeCount(shape);
  std::vector<uint64_t> out;
  for (uint64_t j = 0; out.size() < count; ++j) {
    Fr preimage[] = {comm_r_new, Fr::FromUint64(j)};
    auto digest = hash::PoseidonHashTyped(preimage, 2, hash::PoseidonHashType::kGenRandomness);
    auto limbs = digest->ToCanonical();
    for (uint32_t c = 0; c < per_digest && out.size() < count; ++c) {
      uint64_t v = 0;
      for (uint32_t b = 0; b < bits; ++b) {
        size_t i = c * bits + b;
        v |= ((limbs[i / 64] >> (i % 64)) & 1) << b;
      }
      out.push_back(v);
    }
  }
  return out;
}

std::vector<Fr> UpdatePoseidonPublicInputs(const UpdateShape& shape, uint32_t h_index,
                                           const Fr& comm_r_old, const Fr& comm_d_new,
                                           const Fr& comm_r_new) {
  return {Fr::FromUint64(shape.h_select(h_index)), comm_r_old, comm_d_new, comm_r_new};
}

UpdatePoseidonWitness PlaceholderUpdatePoseidonWitness(const UpdateShape& shape, uint64_t seed) {
  std::mt19937_64 rng(seed);
  UpdatePoseidonWitness w;
  for (Fr* f :
       {&w.comm_r_old, &w.comm_d_new, &w.comm_r_new, &w.comm_c, &w.root_r_old, &w.root_r_new}) {
    *f = Fr::Random(rng);
  }
  auto path = [&] { return RandomTreeRPath(shape, rng); };
  for (uint32_t i = 0; i < UpdatePoseidonChallengeCount(shape); ++i) {
    UpdatePoseidonChallengeWitness c;
    c.leaf_r_old = Fr::Random(rng);
    c.leaf_d_new = Fr::Random(rng);
    c.path_r_old = path();
    c.path_d_new = path();
    c.path_r_new = path();
    w.challenges.push_back(std::move(c));
  }
  return w;
}

}  // namespace cuzk::circuits::snap
