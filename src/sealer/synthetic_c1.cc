// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/synthetic_c1.h"

#include <random>

#include "filecoin/graph.h"
#include "sealer/sealer.h"

namespace cuzk::sealer {
namespace {

using filecoin::Bytes32;
using filecoin::MerkleProof;

// A random proof of `node` in a tree with the given per-level arities and root.
MerkleProof RandomProof(std::mt19937_64& rng, const std::vector<uint32_t>& arities,
                        MerkleProof::Kind kind, uint64_t node, const Bytes32& root) {
  MerkleProof proof;
  proof.kind = kind;
  proof.root = root;
  proof.leaf = RandomNode(rng);
  size_t extra = kind == MerkleProof::Kind::kTop ? 2 : kind == MerkleProof::Kind::kSub ? 1 : 0;
  for (size_t j = 0; j < arities.size(); ++j) {
    filecoin::PathElement e;
    e.index = static_cast<uint32_t>(node % arities[j]);
    node /= arities[j];
    for (uint32_t k = 0; k + 1 < arities[j]; ++k) e.hashes.push_back(RandomNode(rng));
    size_t base = arities.size() - extra;
    (j < base ? proof.base : j == base ? proof.sub : proof.top).push_back(std::move(e));
  }
  return proof;
}

}  // namespace

Result<filecoin::C1Output> SyntheticC1(uint64_t proof_id, uint64_t seed) {
  auto proof = filecoin::SealProofById(proof_id);
  RETURN_IF_ERROR(proof);
  const filecoin::SectorShape& shape = proof->shape;
  std::mt19937_64 rng(seed);
  filecoin::C1Output c1;
  c1.registered_proof = *proof;
  for (Bytes32* v : {&c1.comm_r, &c1.comm_d, &c1.replica_id, &c1.seed, &c1.ticket}) {
    *v = RandomNode(rng);
  }
  std::vector<uint32_t> tree_arities = filecoin::TreeArities(shape);
  MerkleProof::Kind kind = filecoin::TreeKind(shape);
  std::vector<uint32_t> binary;
  for (uint64_t n = shape.nodes; n > 1; n /= 2) binary.push_back(2);

  filecoin::StackedGraph graph(shape.nodes, filecoin::PoRepId(proof_id), proof->api_version);
  Bytes32 comm_c = RandomNode(rng), comm_r_last = RandomNode(rng);
  auto column = [&](uint64_t node) {
    filecoin::ColumnProof c;
    c.index = static_cast<uint32_t>(node);
    for (uint32_t l = 0; l < shape.layers; ++l) c.rows.push_back(RandomNode(rng));
    c.inclusion_proof = RandomProof(rng, tree_arities, kind, node, comm_c);
    return c;
  };
  for (uint32_t k = 0; k < proof->partitions; ++k) {
    auto challenges = filecoin::PartitionChallenges(*proof, *ff::Fr::FromBytesLE(c1.replica_id),
                                                    *ff::Fr::FromBytesLE(c1.comm_r), c1.seed, k);
    RETURN_IF_ERROR(challenges);
    std::vector<filecoin::VanillaProof> partition;
    for (uint64_t c : *challenges) {
      filecoin::VanillaProof p;
      p.comm_d_proofs = RandomProof(rng, binary, MerkleProof::Kind::kSingle, c, c1.comm_d);
      p.comm_r_last_proof = RandomProof(rng, tree_arities, kind, c, comm_r_last);
      p.c_x = column(c);
      std::array<uint32_t, filecoin::kTotalParents> parents;
      graph.Parents(c, parents);
      for (size_t i = 0; i < 6; ++i) p.drg_parents[i] = column(parents[i]);
      for (size_t i = 0; i < 8; ++i) p.exp_parents[i] = column(parents[6 + i]);
      for (uint32_t layer = 1; layer <= shape.layers; ++layer) {
        filecoin::LabelingProof l;
        l.layer_index = layer;
        l.node = c;
        for (int i = 0; i < 37; ++i) l.parents.push_back(RandomNode(rng));
        p.labeling_proofs.push_back(std::move(l));
      }
      p.encoding_proof = p.labeling_proofs.back();
      partition.push_back(std::move(p));
    }
    c1.vanilla_proofs.push_back(std::move(partition));
  }
  Status s = filecoin::ValidateC1(c1);
  if (!s.ok()) return Status(StatusCode::kInternal, "synthetic C1 is malformed: " + s.message());
  return c1;
}

}  // namespace cuzk::sealer
