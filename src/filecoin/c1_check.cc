// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/c1_check.h"

#include <array>
#include <string>
#include <vector>

#include "base/parallel.h"
#include "filecoin/challenges.h"
#include "filecoin/graph.h"
#include "filecoin/sdr_label.h"
#include "hash/poseidon.h"
#include "hash/sha256.h"

namespace cuzk::filecoin {
namespace {

using ff::Fr;

// What every challenge of a C1 is checked against.
struct Statement {
  const C1Output* c1;
  Fr replica_id, comm_r;
  Bytes32 comm_c{}, comm_r_last{};
  uint32_t layers = 0;
  const StackedGraph* graph;
};

// Returns the field element of a validated C1 value.
Fr ToFr(const Bytes32& bytes) { return *Fr::FromBytesLE(bytes); }

// Returns the root a Merkle proof's leaf and path lead to: SHA-256 nodes (tree D) or Poseidon
// nodes of each level's arity (trees C and R_last).
Result<Bytes32> PathRoot(const MerkleProof& proof, bool sha256) {
  Bytes32 node = proof.leaf;
  for (const PathElement* level : proof.Levels()) {
    if (sha256) {
      uint8_t message[64];
      bool left = level->index == 0;
      std::copy(node.begin(), node.end(), message + (left ? 0 : 32));
      std::copy(level->hashes[0].begin(), level->hashes[0].end(), message + (left ? 32 : 0));
      node = hash::TruncateTo254Bits(hash::Sha256(message));
      continue;
    }
    std::vector<Fr> children;
    children.reserve(level->hashes.size() + 1);
    for (size_t j = 0, h = 0; j <= level->hashes.size(); ++j) {
      children.push_back(j == level->index ? ToFr(node) : ToFr(level->hashes[h++]));
    }
    ASSIGN_OR_RETURN(Fr parent, hash::PoseidonHash(children));
    node = parent.ToBytesLE();
  }
  return node;
}

// Checks that `proof` opens node `node` and leads to `root`; `what` names it in errors.
Status CheckPath(const MerkleProof& proof, uint64_t node, const Bytes32& root, bool sha256,
                 const std::string& what) {
  if (proof.NodeIndex() != node) {
    return Status::InvalidArgument(what + " opens node " + std::to_string(proof.NodeIndex()) +
                                   ", expected node " + std::to_string(node));
  }
  if (proof.root != root) return Status::InvalidArgument(what + " is for another tree's root");
  ASSIGN_OR_RETURN(Bytes32 reached, PathRoot(proof, sha256));
  if (reached != root) return Status::InvalidArgument(what + " does not lead to its root");
  return Status::Ok();
}

// Checks a tree-C column: node `node`, its labels hashing to the leaf, the path to comm_c.
Status CheckColumn(const Statement& st, const ColumnProof& column, uint64_t node,
                   const std::string& what) {
  if (column.index != node) {
    return Status::InvalidArgument(what + " is the column of node " + std::to_string(column.index) +
                                   ", expected node " + std::to_string(node));
  }
  std::vector<Fr> rows;
  for (const Bytes32& row : column.rows) rows.push_back(ToFr(row));
  ASSIGN_OR_RETURN(Fr leaf, hash::PoseidonHash(rows));
  if (leaf.ToBytesLE() != column.inclusion_proof.leaf) {
    return Status::InvalidArgument(what + ": its labels do not hash to its tree C leaf");
  }
  return CheckPath(column.inclusion_proof, node, st.comm_c, false, what + " tree C path");
}

Status CheckChallenge(const Statement& st, const VanillaProof& p, uint64_t challenge) {
  RETURN_IF_ERROR(CheckPath(p.comm_d_proofs, challenge, st.c1->comm_d, true, "comm_d path"));
  RETURN_IF_ERROR(
      CheckPath(p.comm_r_last_proof, challenge, st.comm_r_last, false, "comm_r_last path"));
  RETURN_IF_ERROR(CheckColumn(st, p.c_x, challenge, "column"));
  std::array<uint32_t, kTotalParents> parents;
  st.graph->Parents(challenge, parents);
  for (size_t j = 0; j < kBaseDegree; ++j) {
    RETURN_IF_ERROR(
        CheckColumn(st, p.drg_parents[j], parents[j], "drg parent " + std::to_string(j)));
  }
  for (size_t j = 0; j < kExpansionDegree; ++j) {
    RETURN_IF_ERROR(CheckColumn(st, p.exp_parents[j], parents[kBaseDegree + j],
                                "expander parent " + std::to_string(j)));
  }
  // Each layer's label from the parents' labels: base parents in this layer, expander parents
  // in the one before, repeated in hashing order (sealer/labels.h LabelParents).
  for (uint32_t layer = 1; layer <= st.layers; ++layer) {
    std::array<Bytes32, kTotalParents> distinct;
    size_t count = layer == 1 ? kBaseDegree : kTotalParents;
    for (size_t j = 0; j < count; ++j) {
      distinct[j] = j < kBaseDegree ? p.drg_parents[j].rows[layer - 1]
                                    : p.exp_parents[j - kBaseDegree].rows[layer - 2];
    }
    std::array<Bytes32, kLabelParents> ordered;
    for (size_t i = 0; i < ordered.size(); ++i) ordered[i] = distinct[i % count];
    if (SdrLabel(st.replica_id, layer, challenge, ordered) != p.c_x.rows[layer - 1]) {
      return Status::InvalidArgument("the layer " + std::to_string(layer) +
                                     " label is not the label of its parents");
    }
  }
  // The replica node encodes the data with the last layer's label: key + data.
  if (ToFr(p.c_x.rows[st.layers - 1]) + ToFr(p.comm_d_proofs.leaf) !=
      ToFr(p.comm_r_last_proof.leaf)) {
    return Status::InvalidArgument("the replica node is not its data encoded with its last label");
  }
  return Status::Ok();
}

}  // namespace

Status CheckC1Proofs(const C1Output& c1, size_t threads) {
  if (c1.vanilla_proofs.empty() || c1.vanilla_proofs[0].empty()) {
    return Status::InvalidArgument("C1 has no vanilla proofs");
  }
  const SectorShape& shape = c1.registered_proof.shape;
  StackedGraph graph(shape.nodes, PoRepId(c1.registered_proof.id), c1.registered_proof.api_version);
  Statement st{&c1, ToFr(c1.replica_id), ToFr(c1.comm_r), {}, {}, shape.layers, &graph};
  // docs/filecoin.md §2.4: comm_c and comm_r_last are the roots of the first challenge's tree C and
  // R proofs.
  const VanillaProof& first = c1.vanilla_proofs[0][0];
  st.comm_c = first.c_x.inclusion_proof.root;
  st.comm_r_last = first.comm_r_last_proof.root;
  std::array<Fr, 2> roots = {ToFr(st.comm_c), ToFr(st.comm_r_last)};
  ASSIGN_OR_RETURN(Fr comm_r, hash::PoseidonHash(roots));
  if (comm_r != st.comm_r) {
    return Status::InvalidArgument(
        "C1 comm_r is not Poseidon(comm_c, comm_r_last) of its vanilla proofs: the comm_r does "
        "not belong to these proofs");
  }
  // One item per challenge, checked in parallel; the first failure in order is reported.
  struct Item {
    uint32_t partition, index;
    uint64_t challenge;
  };
  std::vector<Item> items;
  for (uint32_t k = 0; k < c1.vanilla_proofs.size(); ++k) {
    ASSIGN_OR_RETURN(
        std::vector<uint64_t> challenges,
        PartitionChallenges(c1.registered_proof, st.replica_id, st.comm_r, c1.seed, k));
    if (challenges.size() != c1.vanilla_proofs[k].size()) {
      return Status::InvalidArgument(
          "partition " + std::to_string(k) + " has " + std::to_string(c1.vanilla_proofs[k].size()) +
          " challenge proofs, the seed gives " + std::to_string(challenges.size()) + " challenges");
    }
    for (uint32_t i = 0; i < challenges.size(); ++i) items.push_back({k, i, challenges[i]});
  }
  std::vector<Status> results(items.size());
  ParallelFor(items.size(), threads, [&](size_t begin, size_t end) {
    for (size_t n = begin; n < end; ++n) {
      const Item& it = items[n];
      results[n] = CheckChallenge(st, c1.vanilla_proofs[it.partition][it.index], it.challenge);
    }
  });
  for (size_t n = 0; n < items.size(); ++n) {
    if (!results[n].ok()) {
      const Item& it = items[n];
      return Status::InvalidArgument("C1 vanilla proof of partition " +
                                     std::to_string(it.partition) + " challenge " +
                                     std::to_string(it.index) + " (node " +
                                     std::to_string(it.challenge) + "): " + results[n].message());
    }
  }
  return Status::Ok();
}

Status CheckReplicaIdentity(const C1Output& c1, uint64_t miner_id, uint64_t sector_number) {
  std::string requested =
      "miner " + std::to_string(miner_id) + ", sector " + std::to_string(sector_number);
  ff::Fr expected = ReplicaId(ProverId(miner_id), sector_number, c1.ticket, c1.comm_d,
                              PoRepId(c1.registered_proof.id));
  auto actual = DomainToFr(c1.replica_id, "replica_id");
  RETURN_IF_ERROR(actual);
  if (*actual != expected) {
    return Status::InvalidArgument(
        "the request is for " + requested +
        " but the C1's replica_id was derived for another miner or sector (with the C1's ticket, "
        "comm_d and porep_id, " +
        requested + " give another replica_id)");
  }
  return Status::Ok();
}

}  // namespace cuzk::filecoin
