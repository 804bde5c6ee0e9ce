// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/sealer.h"

#include <chrono>
#include <random>

#include "filecoin/challenges.h"
#include "filecoin/graph.h"
#include "hash/poseidon_optimized.h"
#include "sealer/labels.h"

namespace cuzk::sealer {
namespace {

using filecoin::MerkleProof;

class StageTimer {
 public:
  explicit StageTimer(const ProgressFn& progress) : progress_(progress) {}
  void Done(std::string_view stage) {
    auto now = std::chrono::steady_clock::now();
    if (progress_) progress_(stage, std::chrono::duration<double>(now - start_).count());
    start_ = now;
  }

 private:
  const ProgressFn& progress_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

Bytes32 RandomNode(std::mt19937_64& rng) {
  Bytes32 node;
  for (size_t i = 0; i < 32; i += 8) {
    uint64_t word = rng();
    for (size_t b = 0; b < 8; ++b) node[i + b] = static_cast<uint8_t>(word >> (8 * b));
  }
  node[31] &= 0x3f;
  return node;
}

std::vector<Bytes32> RandomSectorData(uint64_t nodes, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Bytes32> data(nodes);
  for (Bytes32& node : data) node = RandomNode(rng);
  return data;
}

Result<std::vector<Bytes32>> Fr32Pad(std::string_view raw, uint64_t nodes) {
  uint64_t capacity_bits = nodes * 254;
  if (raw.size() * 8 > capacity_bits) {
    return Status::InvalidArgument("data of " + std::to_string(raw.size()) +
                                   " bytes does not fit a sector of " + std::to_string(nodes) +
                                   " nodes (at most " + std::to_string(capacity_bits / 8) +
                                   " bytes after Fr32 padding)");
  }
  std::vector<Bytes32> data(nodes, Bytes32{});
  // Input bit b (LSB first within bytes) lands in node b / 254 at bit b % 254.
  for (uint64_t byte = 0; byte < raw.size(); ++byte) {
    uint8_t value = static_cast<uint8_t>(raw[byte]);
    if (!value) continue;
    for (int bit = 0; bit < 8; ++bit) {
      if (!((value >> bit) & 1)) continue;
      uint64_t b = byte * 8 + bit;
      uint64_t node = b / 254, offset = b % 254;
      data[node][offset / 8] |= static_cast<uint8_t>(1u << (offset % 8));
    }
  }
  return data;
}

Result<SealedSector> Seal(const SealIdentity& identity, std::vector<Bytes32> data, size_t threads,
                          const ProgressFn& progress) {
  auto proof = filecoin::SealProofById(identity.registered_proof);
  RETURN_IF_ERROR(proof);
  const filecoin::SectorShape& shape = proof->shape;
  if (data.size() != shape.nodes) {
    return Status::InvalidArgument("sector data has " + std::to_string(data.size()) + " nodes, " +
                                   std::string(proof->name) + " needs " +
                                   std::to_string(shape.nodes));
  }
  std::vector<Fr> data_fr(data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    auto fr = Fr::FromBytesLE(data[i]);
    if (!fr.ok()) {
      return Status::InvalidArgument("sector data node " + std::to_string(i) +
                                     " is not below 2^254 (unpadded data?)");
    }
    data_fr[i] = *fr;
  }
  StageTimer timer(progress);
  SealedSector sector;
  sector.proof = *proof;
  sector.identity = identity;

  auto tree_d = Sha256Tree::Build(std::move(data), threads);
  RETURN_IF_ERROR(tree_d);
  sector.tree_d = std::move(tree_d).value();
  timer.Done("tree D (comm_d)");

  filecoin::Bytes32 porep_id = filecoin::PoRepId(proof->id);
  sector.replica_id = filecoin::ReplicaId(identity.prover_id, identity.sector_id, identity.ticket,
                                          sector.comm_d(), porep_id);
  filecoin::StackedGraph graph(shape.nodes, porep_id, proof->api_version);
  ParentTable parents(graph, threads);
  timer.Done("parent graph");
  sector.labels = LabelLayers(parents, sector.replica_id, shape.layers);
  timer.Done("labels");

  // Tree C leaves: Poseidon (arity = layers) of each node's column of labels.
  std::vector<Fr> columns(shape.nodes * shape.layers);
  for (uint32_t l = 0; l < shape.layers; ++l) {
    for (uint64_t node = 0; node < shape.nodes; ++node) {
      columns[node * shape.layers + l] = *Fr::FromBytesLE(sector.labels[l][node]);
    }
  }
  std::vector<Fr> column_hashes(shape.nodes);
  Status s = hash::PoseidonHashMany(shape.layers, columns, column_hashes, threads);
  RETURN_IF_ERROR(s);
  columns = {};
  auto tree_c =
      PoseidonTree::Build(std::move(column_hashes), filecoin::TreeArities(shape), threads);
  RETURN_IF_ERROR(tree_c);
  sector.tree_c = std::move(tree_c).value();
  timer.Done("tree C (comm_c)");

  // The replica: key (last layer's label) + data, as field elements.
  std::vector<Fr> replica(shape.nodes);
  const std::vector<Bytes32>& key = sector.labels.back();
  for (uint64_t node = 0; node < shape.nodes; ++node) {
    replica[node] = *Fr::FromBytesLE(key[node]) + data_fr[node];
  }
  auto tree_r = PoseidonTree::Build(std::move(replica), filecoin::TreeArities(shape), threads);
  RETURN_IF_ERROR(tree_r);
  sector.tree_r_last = std::move(tree_r).value();
  Fr pair[] = {sector.tree_c.Root(), sector.tree_r_last.Root()};
  auto comm_r = hash::PoseidonHashOptimized(pair);
  RETURN_IF_ERROR(comm_r);
  sector.comm_r = *comm_r;
  timer.Done("encoding and tree R_last (comm_r)");
  return sector;
}

Result<filecoin::C1Output> Commit1(const SealedSector& sector, const Bytes32& seed) {
  const filecoin::RegisteredSealProof& proof = sector.proof;
  const filecoin::SectorShape& shape = proof.shape;
  filecoin::C1Output c1;
  c1.registered_proof = proof;
  c1.comm_r = FrBytes(sector.comm_r);
  c1.comm_d = sector.comm_d();
  c1.replica_id = FrBytes(sector.replica_id);
  c1.seed = seed;
  c1.ticket = sector.identity.ticket;
  MerkleProof::Kind kind = filecoin::TreeKind(shape);
  filecoin::StackedGraph graph(shape.nodes, filecoin::PoRepId(proof.id), proof.api_version);
  auto column = [&](uint64_t node) {
    filecoin::ColumnProof c;
    c.index = static_cast<uint32_t>(node);
    for (const auto& layer : sector.labels) c.rows.push_back(layer[node]);
    c.inclusion_proof = sector.tree_c.Proof(node, kind);
    return c;
  };
  for (uint32_t k = 0; k < proof.partitions; ++k) {
    auto challenges =
        filecoin::PartitionChallenges(proof, sector.replica_id, sector.comm_r, seed, k);
    RETURN_IF_ERROR(challenges);
    std::vector<filecoin::VanillaProof> partition;
    for (uint64_t c : *challenges) {
      filecoin::VanillaProof p;
      p.comm_d_proofs = sector.tree_d.Proof(c);
      p.comm_r_last_proof = sector.tree_r_last.Proof(c, kind);
      p.c_x = column(c);
      std::array<uint32_t, filecoin::kTotalParents> parents;
      graph.Parents(c, parents);
      for (size_t i = 0; i < p.drg_parents.size(); ++i) p.drg_parents[i] = column(parents[i]);
      for (size_t i = 0; i < p.exp_parents.size(); ++i) {
        p.exp_parents[i] = column(parents[filecoin::kBaseDegree + i]);
      }
      for (uint32_t layer = 1; layer <= shape.layers; ++layer) {
        filecoin::LabelingProof l;
        l.layer_index = layer;
        l.node = c;
        l.parents.resize(37);
        std::span<const Bytes32> previous;
        if (layer > 1) previous = sector.labels[layer - 2];
        LabelParents(parents, layer, sector.labels[layer - 1], previous,
                     std::span<Bytes32, 37>(l.parents.data(), 37));
        p.labeling_proofs.push_back(std::move(l));
      }
      p.encoding_proof = p.labeling_proofs.back();
      partition.push_back(std::move(p));
    }
    c1.vanilla_proofs.push_back(std::move(partition));
  }
  Status s = filecoin::ValidateC1(c1);
  if (!s.ok())
    return Status(StatusCode::kInternal, "sealer produced an invalid C1: " + s.message());
  return c1;
}

}  // namespace cuzk::sealer
