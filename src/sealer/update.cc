// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/update.h"

#include <string>

#include "hash/poseidon.h"
#include "sealer/update_randomness.h"

namespace cuzk::sealer {

Result<UpdatedSector> EncodeUpdate(const SealedSector& sector, std::vector<Bytes32> data,
                                   uint32_t h_index) {
  uint64_t nodes = sector.proof.shape.nodes;
  if (data.size() != nodes) {
    return Status::InvalidArgument("the new data has " + std::to_string(data.size()) +
                                   " nodes, the sector " + std::to_string(nodes));
  }
  auto proof = filecoin::UpdateProofById(sector.proof.id % 5);
  RETURN_IF_ERROR(proof);
  std::vector<Fr> values;
  for (const Bytes32& d : data) {
    auto fr = Fr::FromBytesLE(d);
    if (!fr.ok()) return Status::InvalidArgument("a data node is not below the field modulus");
    values.push_back(*fr);
  }
  auto tree_d = Sha256Tree::Build(std::move(data));
  RETURN_IF_ERROR(tree_d);
  UpdatedSector u{*proof,        h_index, std::move(tree_d).value(), {}, sector.tree_c.Root(),
                  sector.comm_r, {}};
  Fr phi = UpdatePhiOf(u.comm_d_new(), u.comm_r_old);
  uint32_t h = filecoin::UpdateHs(nodes)[h_index];
  std::vector<Fr> labels(nodes);
  for (uint64_t i = 0; i < nodes; ++i) {
    labels[i] = sector.tree_r_last.Leaf(i) + values[i] * UpdateRhoOf(phi, nodes, i, h);
  }
  auto tree_r = PoseidonTree::Build(std::move(labels), filecoin::TreeArities(proof->shape));
  RETURN_IF_ERROR(tree_r);
  u.tree_r_new = std::move(tree_r).value();
  Fr pair[] = {u.comm_c, u.tree_r_new.Root()};
  u.comm_r_new = *hash::PoseidonHash(pair);
  return u;
}

Result<filecoin::UpdatePartitionProof> UpdateVanillaProof(const SealedSector& sector,
                                                          const UpdatedSector& u, uint32_t k) {
  const uint64_t nodes = u.proof.shape.nodes;
  const uint32_t partitions = filecoin::UpdatePartitions(nodes);
  if (k >= partitions) {
    return Status::InvalidArgument("partition " + std::to_string(k) + " of " +
                                   std::to_string(partitions));
  }
  filecoin::UpdatePartitionProof out;
  out.comm_c = FrBytes(u.comm_c);
  // Each partition's apex leaves are the nodes of tree D, apex_leaves per partition, at the level
  // where the whole tree has partitions * apex_leaves nodes.
  const uint64_t apex = filecoin::UpdateApexLeaves(nodes);
  uint32_t apex_level = 0;
  while ((nodes >> apex_level) > partitions * apex) ++apex_level;
  const std::vector<Bytes32>& level = u.tree_d_new.Level(apex_level);
  out.apex_leafs.assign(level.begin() + k * apex, level.begin() + (k + 1) * apex);
  filecoin::MerkleProof::Kind kind = filecoin::TreeKind(u.proof.shape);
  for (uint64_t c : UpdateChallengesOf(nodes, u.comm_r_new, k)) {
    out.challenge_proofs.push_back(
        {sector.tree_r_last.Proof(c, kind), u.tree_d_new.Proof(c), u.tree_r_new.Proof(c, kind)});
  }
  return out;
}

}  // namespace cuzk::sealer
