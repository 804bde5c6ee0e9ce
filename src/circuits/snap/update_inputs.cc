// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "circuits/snap/update_inputs.h"

#include <string>

#include "hash/poseidon.h"
#include "hash/sha256.h"

namespace cuzk::circuits::snap {
namespace {

using filecoin::Bytes32;
using filecoin::MerkleProof;

Bytes32 Sha256Node(const Bytes32& left, const Bytes32& right) {
  uint8_t message[64];
  std::copy(left.begin(), left.end(), message);
  std::copy(right.begin(), right.end(), message + 32);
  auto digest = hash::Sha256(message);
  Bytes32 out;
  std::copy(digest.begin(), digest.end(), out.begin());
  out[31] &= 0x3f;
  return out;
}

}  // namespace

Result<TreeROpening> OpenTreeR(const MerkleProof& p, const UpdateShape& shape, uint64_t c,
                               const std::string& what) {
  std::vector<const filecoin::PathElement*> levels = p.Levels();
  if (levels.size() != shape.tree_r_arities.size()) {
    return Status::InvalidArgument(what + ": path has " + std::to_string(levels.size()) +
                                   " levels, the sector size needs " +
                                   std::to_string(shape.tree_r_arities.size()));
  }
  if (p.NodeIndex() != c) {
    return Status::InvalidArgument(what + ": opens node " + std::to_string(p.NodeIndex()) +
                                   ", the challenge is " + std::to_string(c));
  }
  auto node = filecoin::DomainToFr(p.leaf, what + " leaf");
  RETURN_IF_ERROR(node);
  std::vector<std::vector<Fr>> siblings;
  Fr cur = *node;
  for (size_t l = 0; l < levels.size(); ++l) {
    if (levels[l]->hashes.size() + 1 != shape.tree_r_arities[l]) {
      return Status::InvalidArgument(what + ": level " + std::to_string(l) +
                                     " has the wrong arity");
    }
    siblings.emplace_back();
    for (const Bytes32& h : levels[l]->hashes) {
      auto fr = filecoin::DomainToFr(h, what + " sibling");
      RETURN_IF_ERROR(fr);
      siblings.back().push_back(*fr);
    }
    std::vector<Fr> children = siblings.back();
    children.insert(children.begin() + levels[l]->index, cur);
    auto parent = hash::PoseidonHash(children);
    RETURN_IF_ERROR(parent);
    cur = *parent;
  }
  return TreeROpening{*node, std::move(siblings), cur};
}

UpdateShape ShapeOf(const filecoin::RegisteredUpdateProof& proof) {
  return UpdateShape::For(proof.shape.nodes, filecoin::TreeArities(proof.shape));
}

Result<UpdateWitness> UpdateWitnessFromVanilla(const UpdateStatement& st,
                                               const filecoin::UpdatePartitionProof& v) {
  UpdateShape shape = ShapeOf(st.proof);
  std::string part = "partition " + std::to_string(st.k);
  if (st.k >= shape.partitions()) {
    return Status::InvalidArgument(part + ": " + std::string(st.proof.name) + " has " +
                                   std::to_string(shape.partitions()) + " partitions");
  }
  if (v.apex_leafs.size() != shape.apex_leaves() ||
      v.challenge_proofs.size() != shape.challenges()) {
    return Status::InvalidArgument(
        part + ": " + std::to_string(v.apex_leafs.size()) + " apex leaves and " +
        std::to_string(v.challenge_proofs.size()) + " challenge proofs, the sector size needs " +
        std::to_string(shape.apex_leaves()) + " and " + std::to_string(shape.challenges()));
  }
  UpdateWitness w;
  w.k = st.k;
  w.h_index = st.h_index;
  w.comm_r_old = st.comm_r_old;
  w.comm_d_new = st.comm_d_new;
  w.comm_r_new = st.comm_r_new;
  auto comm_c = filecoin::DomainToFr(v.comm_c, part + " comm_c");
  RETURN_IF_ERROR(comm_c);
  w.comm_c = *comm_c;
  for (const Bytes32& leaf : v.apex_leafs) {
    auto fr = filecoin::DomainToFr(leaf, part + " apex leaf");
    RETURN_IF_ERROR(fr);
    w.apex_leaves.push_back(*fr);
  }
  // The apex tree's root must lead to comm_d_new along challenge 0's partition path.
  const uint32_t bits = shape.challenge_bits(),
                 to_apex = bits - shape.partition_bits() - shape.apex_leaf_bits();
  std::vector<Bytes32> row = v.apex_leafs;
  while (row.size() > 1) {
    std::vector<Bytes32> up;
    for (size_t i = 0; i < row.size(); i += 2) up.push_back(Sha256Node(row[i], row[i + 1]));
    row = std::move(up);
  }
  Fr phi = UpdatePhi(st.comm_d_new, st.comm_r_old);
  uint32_t h = shape.hs()[st.h_index];
  std::vector<uint64_t> challenges = UpdateChallenges(shape, st.comm_r_new, st.k);
  for (size_t i = 0; i < challenges.size(); ++i) {
    const filecoin::UpdateChallengeProof& cp = v.challenge_proofs[i];
    const uint64_t c = challenges[i];
    std::string what = part + " challenge " + std::to_string(i);
    UpdateChallengeWitness cw;
    auto r_old = OpenTreeR(cp.proof_r_old, shape, c, what + " proof_r_old");
    RETURN_IF_ERROR(r_old);
    auto r_new = OpenTreeR(cp.proof_r_new, shape, c, what + " proof_r_new");
    RETURN_IF_ERROR(r_new);
    if (i == 0) {
      w.root_r_old = r_old->root;
      w.root_r_new = r_new->root;
      Fr old_pair[] = {w.comm_c, w.root_r_old}, new_pair[] = {w.comm_c, w.root_r_new};
      if (*hash::PoseidonHash(old_pair) != st.comm_r_old) {
        return Status::InvalidArgument(part + ": comm_r_old is not H(comm_c, tree R root)");
      }
      if (*hash::PoseidonHash(new_pair) != st.comm_r_new) {
        return Status::InvalidArgument(part + ": comm_r_new is not H(comm_c, tree R root)");
      }
    } else if (r_old->root != w.root_r_old || r_new->root != w.root_r_new) {
      return Status::InvalidArgument(what + ": the path leads to another tree R root");
    }
    cw.path_r_old = std::move(r_old->siblings);
    cw.path_r_new = std::move(r_new->siblings);
    // Tree D: the data leaf's path, through its apex leaf, to comm_d_new.
    const MerkleProof& d = cp.proof_d_new;
    if (d.kind != MerkleProof::Kind::kSingle || d.base.size() != bits || d.NodeIndex() != c) {
      return Status::InvalidArgument(what + ": proof_d_new is not a tree D path to the challenge");
    }
    Bytes32 node = d.leaf;
    for (uint32_t l = 0; l < bits; ++l) {
      if (d.base[l].hashes.size() != 1) {
        return Status::InvalidArgument(what + ": proof_d_new level " + std::to_string(l) +
                                       " is not binary");
      }
      if (l == to_apex && node != v.apex_leafs[(c >> to_apex) & (shape.apex_leaves() - 1)]) {
        return Status::InvalidArgument(what + ": the data path misses its apex leaf");
      }
      if (l == bits - shape.partition_bits() && node != row[0]) {
        return Status::InvalidArgument(part +
                                       ": the apex leaves do not hash to the partition's "
                                       "node of tree D");
      }
      if (l >= bits - shape.partition_bits() &&
          d.base[l].hashes[0] != v.challenge_proofs[0].proof_d_new.base[l].hashes[0]) {
        return Status::InvalidArgument(what + ": another partition path than challenge 0's");
      }
      node = d.base[l].index ? Sha256Node(d.base[l].hashes[0], node)
                             : Sha256Node(node, d.base[l].hashes[0]);
      auto sibling = filecoin::DomainToFr(d.base[l].hashes[0], what + " proof_d_new sibling");
      RETURN_IF_ERROR(sibling);
      cw.path_d_new.push_back(*sibling);
    }
    if (shape.partition_bits() == 0 && node != row[0]) {
      return Status::InvalidArgument(part + ": the apex leaves do not hash to comm_d_new");
    }
    auto root_d = filecoin::DomainToFr(node, what + " tree D root");
    if (!root_d.ok() || *root_d != st.comm_d_new) {
      return Status::InvalidArgument(what + ": proof_d_new does not lead to comm_d_new");
    }
    auto r_old_leaf = filecoin::DomainToFr(cp.proof_r_old.leaf, what + " old label");
    auto d_leaf = filecoin::DomainToFr(d.leaf, what + " data");
    auto r_new_leaf = filecoin::DomainToFr(cp.proof_r_new.leaf, what + " new label");
    for (const auto* r : {&r_old_leaf, &d_leaf, &r_new_leaf}) {
      if (!r->ok()) return r->status();
    }
    if (*r_old_leaf + *d_leaf * UpdateRho(shape, phi, c, h) != *r_new_leaf) {
      return Status::InvalidArgument(what + ": the new label is not old + data * rho");
    }
    cw.leaf_r_old = *r_old_leaf;
    cw.leaf_d_new = *d_leaf;
    w.challenges.push_back(std::move(cw));
  }
  return w;
}

std::vector<Fr> UpdateStatementInputs(const UpdateStatement& st) {
  return UpdatePublicInputs(ShapeOf(st.proof), st.k, st.h_index, st.comm_r_old, st.comm_d_new,
                            st.comm_r_new);
}

}  // namespace cuzk::circuits::snap
