// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "circuits/snap/update_circuit.h"

#include <random>
#include <string>

#include "circuits/snap/update_gadgets.h"
#include "filecoin/registered_update.h"
#include "gadgets/boolean.h"
#include "gadgets/insertion.h"
#include "gadgets/merkle.h"
#include "gadgets/poseidon.h"
#include "hash/poseidon.h"

namespace cuzk::circuits::snap {
namespace {

using gadgets::AllocatedNum;
using gadgets::Boolean;
using gadgets::TreeHash;
using r1cs::LinearCombination;
using r1cs::Variable;

uint32_t Log2(uint64_t n) {
  uint32_t k = 0;
  while ((uint64_t{1} << k) < n) ++k;
  return k;
}

}  // namespace

uint32_t UpdateShape::challenge_bits() const { return Log2(nodes); }
uint32_t UpdateShape::partitions() const { return filecoin::UpdatePartitions(nodes); }
uint32_t UpdateShape::partition_bits() const { return Log2(partitions()); }
uint32_t UpdateShape::challenges() const { return filecoin::UpdateChallengesPerPartition(nodes); }
uint32_t UpdateShape::apex_leaves() const { return filecoin::UpdateApexLeaves(nodes); }
uint32_t UpdateShape::apex_leaf_bits() const { return Log2(apex_leaves()); }
std::array<uint32_t, 6> UpdateShape::hs() const { return filecoin::UpdateHs(nodes); }
uint64_t UpdateShape::h_select(uint32_t h_index) const {
  const std::array<uint32_t, 6> allowed = hs();
  uint32_t first = 0;
  while (allowed[first] != allowed[h_index]) ++first;
  return uint64_t{1} << first;
}

Status EmptySectorUpdateCircuit::Synthesize(r1cs::ConstraintSystem& cs) const {
  const UpdateShape& s = shape_;
  const UpdateWitness& w = witness_;
  const uint32_t challenge_bits = s.challenge_bits(), partition_bits = s.partition_bits();
  const uint32_t apex_bits = s.apex_leaf_bits();
  if (w.challenges.size() != s.challenges() || w.apex_leaves.size() != s.apex_leaves() ||
      w.k >= s.partitions() || w.h_index >= 6) {
    return Status::InvalidArgument("the witness does not fit the sector's update shape");
  }
  for (const UpdateChallengeWitness& c : w.challenges) {
    if (c.path_d_new.size() != challenge_bits || c.path_r_old.size() != s.tree_r_arities.size() ||
        c.path_r_new.size() != s.tree_r_arities.size()) {
      return Status::InvalidArgument("a challenge's paths do not fit the sector's trees");
    }
  }
  // k_and_h_select: one public input, decomposed into partition bits and h_select bits.
  uint64_t packed = w.k | s.h_select(w.h_index) << partition_bits;
  AllocatedNum k_and_h = AllocatedNum::Alloc(cs, Fr::FromUint64(packed));
  gadgets::Inputize(cs, k_and_h);
  std::vector<Boolean> kh_bits;
  for (uint32_t i = 0; i < partition_bits + 6; ++i) {
    kh_bits.push_back(Boolean::Alloc(cs, (packed >> i) & 1));
  }
  EnforceDecomposition(cs, kh_bits, k_and_h);
  std::span<const Boolean> k_bits = std::span(kh_bits).first(partition_bits);
  std::span<const Boolean> h_select = std::span(kh_bits).subspan(partition_bits);
  AllocatedNum partition = gadgets::PackBits(cs, k_bits);
  ASSIGN_OR_RETURN(UpdateCommitments commitments,
                   AllocateCommitments(cs, w.comm_r_old, w.comm_d_new, w.comm_r_new));
  const AllocatedNum &comm_d_new = commitments.comm_d_new, &comm_r_new = commitments.comm_r_new;
  // Private inputs other than the challenges' openings.
  AllocatedNum comm_c = AllocatedNum::Alloc(cs, w.comm_c);
  AllocatedNum root_r_old = AllocatedNum::Alloc(cs, w.root_r_old);
  AllocatedNum root_r_new = AllocatedNum::Alloc(cs, w.root_r_new);
  std::vector<AllocatedNum> apex_leaves = AllocAll(cs, w.apex_leaves);
  std::vector<std::vector<AllocatedNum>> partition_path;
  const std::vector<Fr>& d0 = w.challenges[0].path_d_new;
  for (uint32_t i = challenge_bits - partition_bits; i < challenge_bits; ++i) {
    partition_path.push_back({AllocatedNum::Alloc(cs, d0[i])});
  }
  RETURN_IF_ERROR(EnforceCommR(cs, commitments, comm_c, root_r_old, root_r_new));
  // The apex tree over this partition's apex leaves, then its root's path up to comm_d_new.
  if (cs.Cancelled()) return r1cs::SynthesisCancelled();
  std::vector<AllocatedNum> row = apex_leaves;
  while (row.size() > 1) {
    std::vector<AllocatedNum> next;
    for (size_t i = 0; i < row.size(); i += 2) {
      auto h = gadgets::Sha256NodeGadget(cs, row[i], row[i + 1]);
      RETURN_IF_ERROR(h);
      next.push_back(*h);
    }
    row = std::move(next);
  }
  Status st = gadgets::MerkleInclusionWithBits(cs, TreeHash::kSha256, row[0], k_bits,
                                               partition_path, comm_d_new);
  RETURN_IF_ERROR(st);
  // The challenges' random bits: digest_j = H_gr(comm_r_new, k * digests + j), 255 bits each,
  // cut into chunks of (challenge_bits - partition_bits).
  ASSIGN_OR_RETURN(
      std::vector<std::vector<Boolean>> generated,
      GenChallengeBits(cs, comm_r_new, partition, s.challenges(), challenge_bits - partition_bits));
  for (uint32_t i = 0; i < s.challenges(); ++i) {
    if (cs.Cancelled()) return r1cs::SynthesisCancelled();
    const UpdateChallengeWitness& cw = w.challenges[i];
    std::vector<Boolean> c_bits = generated[i];
    c_bits.insert(c_bits.end(), k_bits.begin(), k_bits.end());
    AllocatedNum high = ChallengeHighBits(cs, c_bits, h_select, s.hs());
    AllocatedNum rho_in[] = {commitments.phi, high};
    auto rho = gadgets::PoseidonGenRandomnessGadget(cs, rho_in);
    RETURN_IF_ERROR(rho);
    AllocatedNum leaf_r_old = AllocatedNum::Alloc(cs, cw.leaf_r_old);
    AllocatedNum leaf_d_new = AllocatedNum::Alloc(cs, cw.leaf_d_new);
    AllocatedNum leaf_r_new = LabelRNew(cs, leaf_r_old, leaf_d_new, *rho);
    // Each tree R path's siblings are allocated just before its inclusion proof.
    auto tree_r_inclusion = [&](const AllocatedNum& leaf, const std::vector<std::vector<Fr>>& path,
                                const AllocatedNum& root) {
      std::vector<std::vector<AllocatedNum>> siblings;
      for (const std::vector<Fr>& level : path) siblings.push_back(AllocAll(cs, level));
      return gadgets::MerkleInclusionWithBits(cs, TreeHash::kPoseidon, leaf, c_bits, siblings,
                                              root);
    };
    st = tree_r_inclusion(leaf_r_old, cw.path_r_old, root_r_old);
    if (st.ok()) st = tree_r_inclusion(leaf_r_new, cw.path_r_new, root_r_new);
    if (!st.ok())
      return Status::InvalidArgument("challenge " + std::to_string(i) + ": " + st.message());
    uint32_t to_apex = challenge_bits - partition_bits - apex_bits;
    auto apex_leaf =
        gadgets::Select(cs, apex_leaves, std::span(c_bits).subspan(to_apex, apex_bits));
    RETURN_IF_ERROR(apex_leaf);
    std::vector<std::vector<AllocatedNum>> d_path;
    for (uint32_t l = 0; l < to_apex; ++l)
      d_path.push_back({AllocatedNum::Alloc(cs, cw.path_d_new[l])});
    st = gadgets::MerkleInclusionWithBits(cs, TreeHash::kSha256, leaf_d_new,
                                          std::span(c_bits).first(to_apex), d_path, *apex_leaf);
    if (!st.ok())
      return Status::InvalidArgument("challenge " + std::to_string(i) + ": " + st.message());
  }
  return Status::Ok();
}

std::vector<uint64_t> UpdateChallenges(const UpdateShape& shape, const Fr& comm_r_new, uint32_t k) {
  const uint32_t random_bits = shape.challenge_bits() - shape.partition_bits();
  const uint32_t per_digest = 254 / random_bits;
  const uint32_t digests = (shape.challenges() + per_digest - 1) / per_digest;
  std::vector<uint64_t> out;
  for (uint32_t j = 0; out.size() < shape.challenges(); ++j) {
    Fr preimage[] = {comm_r_new, Fr::FromUint64(uint64_t{k} * digests + j)};
    auto digest = hash::PoseidonHashTyped(preimage, 2, hash::PoseidonHashType::kGenRandomness);
    auto bits = digest->ToCanonical();
    for (uint32_t c = 0; c < per_digest && out.size() < shape.challenges(); ++c) {
      uint64_t v = 0;
      for (uint32_t b = 0; b < random_bits; ++b) {
        size_t i = c * random_bits + b;
        v |= ((bits[i / 64] >> (i % 64)) & 1) << b;
      }
      out.push_back(v | uint64_t{k} << random_bits);
    }
  }
  return out;
}

Fr UpdatePhi(const Fr& comm_d_new, const Fr& comm_r_old) {
  Fr preimage[] = {comm_d_new, comm_r_old};
  return *hash::PoseidonHashTyped(preimage, 2, hash::PoseidonHashType::kGenRandomness);
}

Fr UpdateRho(const UpdateShape& shape, const Fr& phi, uint64_t c, uint32_t h) {
  Fr preimage[] = {phi, Fr::FromUint64(c >> (shape.challenge_bits() - h))};
  return *hash::PoseidonHashTyped(preimage, 2, hash::PoseidonHashType::kGenRandomness);
}

std::vector<Fr> UpdatePublicInputs(const UpdateShape& shape, uint32_t k, uint32_t h_index,
                                   const Fr& comm_r_old, const Fr& comm_d_new,
                                   const Fr& comm_r_new) {
  uint64_t packed = k | shape.h_select(h_index) << shape.partition_bits();
  return {Fr::FromUint64(packed), comm_r_old, comm_d_new, comm_r_new};
}

std::vector<std::vector<Fr>> RandomTreeRPath(const UpdateShape& shape, std::mt19937_64& rng) {
  std::vector<std::vector<Fr>> path;
  for (uint32_t arity : shape.tree_r_arities) {
    path.emplace_back();
    for (uint32_t k = 0; k + 1 < arity; ++k) path.back().push_back(Fr::Random(rng));
  }
  return path;
}

UpdateWitness PlaceholderUpdateWitness(const UpdateShape& shape, uint64_t seed) {
  std::mt19937_64 rng(seed);
  UpdateWitness w;
  for (Fr* f :
       {&w.comm_r_old, &w.comm_d_new, &w.comm_r_new, &w.comm_c, &w.root_r_old, &w.root_r_new}) {
    *f = Fr::Random(rng);
  }
  for (uint32_t i = 0; i < shape.apex_leaves(); ++i) w.apex_leaves.push_back(Fr::Random(rng));
  auto path = [&] { return RandomTreeRPath(shape, rng); };
  for (uint32_t i = 0; i < shape.challenges(); ++i) {
    UpdateChallengeWitness c;
    c.leaf_r_old = Fr::Random(rng);
    c.leaf_d_new = Fr::Random(rng);
    c.path_r_old = path();
    c.path_r_new = path();
    for (uint32_t l = 0; l < shape.challenge_bits(); ++l) c.path_d_new.push_back(Fr::Random(rng));
    w.challenges.push_back(std::move(c));
  }
  return w;
}

}  // namespace cuzk::circuits::snap
