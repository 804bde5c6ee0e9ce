// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "circuits/porep/c1_inputs.h"

#include <string>
#include <tuple>

#include "filecoin/graph.h"

namespace cuzk::circuits::porep {
namespace {

using filecoin::Bytes32;
using filecoin::C1Output;
using filecoin::MerkleProof;

// A C1 Merkle proof as the gadget's levels. ParseC1 has validated the values, but a C1Output
// built in memory may not have been, so a non-canonical value is an error here too.
Result<std::vector<gadgets::MerkleLevel>> Levels(const MerkleProof& proof,
                                                 const std::string& what) {
  std::vector<gadgets::MerkleLevel> levels;
  for (const filecoin::PathElement* e : proof.Levels()) {
    gadgets::MerkleLevel level;
    level.position = e->index;
    for (const Bytes32& h : e->hashes) {
      auto fr = filecoin::DomainToFr(h, what + " path value");
      RETURN_IF_ERROR(fr);
      level.siblings.push_back(*fr);
    }
    levels.push_back(std::move(level));
  }
  return levels;
}

Result<ColumnWitness> Column(const filecoin::ColumnProof& proof, const std::string& what) {
  ColumnWitness c;
  for (const Bytes32& row : proof.rows) {
    auto fr = filecoin::DomainToFr(row, what + " row");
    RETURN_IF_ERROR(fr);
    c.rows.push_back(*fr);
  }
  auto path = Levels(proof.inclusion_proof, what);
  RETURN_IF_ERROR(path);
  c.path = std::move(path).value();
  return c;
}

// Public inputs per challenge (docs/filecoin.md §3.1): comm_d path, 14 parent paths, the challenge,
// tree R_last path, own column path.
constexpr size_t kInputsPerChallenge = 18;

// A public input that holds a node index, in decimal.
std::string ToDecimal(const Fr& node) { return std::to_string(node.ToCanonical()[0]); }

Status CheckPartition(const C1Output& c1, uint32_t partition) {
  if (partition >= c1.vanilla_proofs.size()) {
    return Status::InvalidArgument("partition " + std::to_string(partition) + " does not exist (" +
                                   std::to_string(c1.vanilla_proofs.size()) + " partitions)");
  }
  return Status::Ok();
}

}  // namespace

CircuitShape ShapeOf(const filecoin::SectorShape& sector) {
  return CircuitShape{sector.nodes,     sector.layers,    sector.base_arity,
                      sector.sub_arity, sector.top_arity, sector.challenges_per_partition};
}

Result<SealStatement> StatementOf(const C1Output& c1) {
  SealStatement st;
  st.proof = c1.registered_proof;
  st.porep_id = filecoin::PoRepId(c1.registered_proof.id);
  st.seed = c1.seed;
  for (auto [bytes, out, name] : {std::tuple{&c1.replica_id, &st.replica_id, "replica_id"},
                                  std::tuple{&c1.comm_d, &st.comm_d, "comm_d"},
                                  std::tuple{&c1.comm_r, &st.comm_r, "comm_r"}}) {
    auto fr = filecoin::DomainToFr(*bytes, name);
    RETURN_IF_ERROR(fr);
    *out = *fr;
  }
  return st;
}

Result<std::vector<uint64_t>> PartitionChallenges(const C1Output& c1, uint32_t partition) {
  auto st = StatementOf(c1);
  RETURN_IF_ERROR(st);
  return filecoin::PartitionChallenges(st->proof, st->replica_id, st->comm_r, st->seed, partition);
}

Result<PartitionWitness> PartitionWitnessFromC1(const C1Output& c1, uint32_t partition) {
  Status s = CheckPartition(c1, partition);
  RETURN_IF_ERROR(s);
  const auto& proofs = c1.vanilla_proofs[partition];
  PartitionWitness w;
  for (auto [bytes, out, name] :
       {std::tuple{&c1.replica_id, &w.replica_id, "replica_id"},
        std::tuple{&c1.comm_d, &w.comm_d, "comm_d"}, std::tuple{&c1.comm_r, &w.comm_r, "comm_r"}}) {
    auto fr = filecoin::DomainToFr(*bytes, name);
    RETURN_IF_ERROR(fr);
    *out = *fr;
  }
  if (proofs.empty()) return Status::InvalidArgument("partition has no challenge proofs");
  // docs/filecoin.md §2.4: comm_r_last and comm_c are the roots of challenge 0's tree R and tree C
  // proofs.
  auto comm_r_last = filecoin::DomainToFr(proofs[0].comm_r_last_proof.root, "comm_r_last");
  auto comm_c = filecoin::DomainToFr(proofs[0].c_x.inclusion_proof.root, "comm_c");
  RETURN_IF_ERROR(comm_r_last);
  RETURN_IF_ERROR(comm_c);
  w.comm_r_last = *comm_r_last;
  w.comm_c = *comm_c;
  for (size_t i = 0; i < proofs.size(); ++i) {
    const filecoin::VanillaProof& p = proofs[i];
    std::string where = "challenge " + std::to_string(i) + " ";
    if (p.labeling_proofs.empty()) return Status::InvalidArgument(where + "has no labeling proofs");
    ChallengeWitness c;
    c.challenge = p.labeling_proofs[0].node;
    auto leaf = filecoin::DomainToFr(p.comm_d_proofs.leaf, where + "data leaf");
    RETURN_IF_ERROR(leaf);
    c.data_leaf = *leaf;
    auto d_path = Levels(p.comm_d_proofs, where + "comm_d");
    auto r_path = Levels(p.comm_r_last_proof, where + "comm_r_last");
    auto own_path = Levels(p.c_x.inclusion_proof, where + "c_x");
    for (auto* r : {&d_path, &r_path, &own_path}) {
      if (!r->ok()) return r->status();
    }
    c.comm_d_path = std::move(d_path).value();
    c.comm_r_last_path = std::move(r_path).value();
    c.own_column_path = std::move(own_path).value();
    for (size_t k = 0; k < 14; ++k) {
      const filecoin::ColumnProof& proof = k < 6 ? p.drg_parents[k] : p.exp_parents[k - 6];
      auto column = Column(
          proof, where + (k < 6 ? "drg" : "exp") + " parent " + std::to_string(k < 6 ? k : k - 6));
      RETURN_IF_ERROR(column);
      (k < 6 ? c.drg_parents[k] : c.exp_parents[k - 6]) = std::move(column).value();
    }
    w.challenges.push_back(std::move(c));
  }
  return w;
}

Result<std::vector<Fr>> StatementPublicInputs(const SealStatement& st, uint32_t partition) {
  if (partition >= st.proof.partitions) {
    return Status::InvalidArgument("partition " + std::to_string(partition) + " does not exist (" +
                                   std::to_string(st.proof.partitions) + " partitions)");
  }
  auto challenges =
      filecoin::PartitionChallenges(st.proof, st.replica_id, st.comm_r, st.seed, partition);
  RETURN_IF_ERROR(challenges);
  filecoin::StackedGraph graph(st.proof.shape.nodes, st.porep_id, st.proof.api_version);
  std::vector<Fr> inputs{st.replica_id, st.comm_d, st.comm_r};
  std::array<uint32_t, filecoin::kTotalParents> parents;
  for (uint64_t c : *challenges) {
    graph.Parents(c, parents);
    inputs.push_back(Fr::FromUint64(c));                             // comm_d path
    for (uint32_t p : parents) inputs.push_back(Fr::FromUint64(p));  // 6 drg + 8 exp tree C paths
    inputs.push_back(Fr::FromUint64(c));                             // the UInt64 challenge
    inputs.push_back(Fr::FromUint64(c));                             // tree R_last path
    inputs.push_back(Fr::FromUint64(c));  // tree C path of c's own column
  }
  return inputs;
}

Result<std::vector<Fr>> PartitionPublicInputs(const C1Output& c1, uint32_t partition) {
  Status s = CheckPartition(c1, partition);
  RETURN_IF_ERROR(s);
  auto st = StatementOf(c1);
  RETURN_IF_ERROR(st);
  auto inputs = StatementPublicInputs(*st, partition);
  RETURN_IF_ERROR(inputs);
  // C1 must open exactly the derived challenges and parents (inputs 3 + 18 i + {0, 1..14}).
  const auto& proofs = c1.vanilla_proofs[partition];
  size_t derived = (inputs->size() - 3) / kInputsPerChallenge;
  for (size_t i = 0; i < derived && i < proofs.size(); ++i) {
    const Fr* row = inputs->data() + 3 + kInputsPerChallenge * i;
    std::string where =
        "partition " + std::to_string(partition) + " challenge " + std::to_string(i) + ": ";
    if (proofs[i].labeling_proofs.empty()) {
      return Status::InvalidArgument(where + "C1 has no labeling proofs");
    }
    uint64_t proved = proofs[i].labeling_proofs[0].node;
    if (Fr::FromUint64(proved) != row[0]) {
      return Status::InvalidArgument(where + "C1 proves node " + std::to_string(proved) +
                                     " but the seed derives challenge " + ToDecimal(row[0]));
    }
    for (size_t k = 0; k < filecoin::kTotalParents; ++k) {
      const filecoin::ColumnProof& col =
          k < 6 ? proofs[i].drg_parents[k] : proofs[i].exp_parents[k - 6];
      if (Fr::FromUint64(col.index) != row[1 + k]) {
        return Status::InvalidArgument(where + "C1 opens column " + std::to_string(col.index) +
                                       " as parent " + std::to_string(k) + ", the graph says " +
                                       ToDecimal(row[1 + k]));
      }
    }
  }
  return inputs;
}

}  // namespace cuzk::circuits::porep
