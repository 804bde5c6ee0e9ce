// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/update_poseidon.h"

#include <bit>
#include <string>

#include "hash/poseidon.h"
#include "sealer/update_randomness.h"

namespace cuzk::sealer {

Result<UpdatedSectorPoseidon> EncodeUpdatePoseidon(const SealedSector& sector,
                                                   std::vector<Bytes32> data, uint32_t h_index) {
  const uint64_t nodes = sector.proof.shape.nodes;
  if (data.size() != nodes) {
    return Status::InvalidArgument("the new data has " + std::to_string(data.size()) +
                                   " nodes, the sector " + std::to_string(nodes));
  }
  ASSIGN_OR_RETURN(filecoin::RegisteredUpdateProof proof,
                   filecoin::UpdateProofById(sector.proof.id % 5));
  std::vector<Fr> values;
  for (const Bytes32& d : data) {
    auto fr = Fr::FromBytesLE(d);
    if (!fr.ok()) return Status::InvalidArgument("a data node is not below the field modulus");
    values.push_back(*fr);
  }
  const std::vector<uint32_t> arities = filecoin::TreeArities(proof.shape);
  ASSIGN_OR_RETURN(PoseidonTree tree_d, PoseidonTree::Build(values, arities));
  const Fr comm_c = sector.tree_c.Root();
  const Fr phi = UpdatePhiOf(tree_d.Root(), sector.comm_r);
  const uint32_t h = filecoin::UpdateHs(nodes)[h_index];
  std::vector<Fr> labels(nodes);
  for (uint64_t i = 0; i < nodes; ++i) {
    labels[i] = sector.tree_r_last.Leaf(i) + values[i] * UpdateRhoOf(phi, nodes, i, h);
  }
  ASSIGN_OR_RETURN(PoseidonTree tree_r, PoseidonTree::Build(std::move(labels), arities));
  Fr pair[] = {comm_c, tree_r.Root()};
  Fr comm_r_new = *hash::PoseidonHash(pair);
  return UpdatedSectorPoseidon{proof,  h_index,       std::move(tree_d), std::move(tree_r),
                               comm_c, sector.comm_r, comm_r_new};
}

std::vector<uint64_t> UpdatePoseidonChallengesOf(uint64_t nodes, const Fr& comm_r_new) {
  const uint64_t count =
      uint64_t{filecoin::UpdateChallengesPerPartition(nodes)} * filecoin::UpdatePartitions(nodes);
  const unsigned bits = static_cast<unsigned>(std::countr_zero(nodes));
  const uint64_t per_digest = 254 / bits;
  std::vector<uint64_t> challenges;
  for (uint64_t j = 0; challenges.size() < count; ++j) {
    Fr preimage[] = {comm_r_new, Fr::FromUint64(j)};
    auto digest =
        hash::PoseidonHashTyped(preimage, 2, hash::PoseidonHashType::kGenRandomness)->ToBytesLE();
    for (uint64_t c = 0; c < per_digest && challenges.size() < count; ++c) {
      uint64_t value = 0;
      for (unsigned b = 0; b < bits; ++b) {
        unsigned pos = static_cast<unsigned>(c) * bits + b;
        value |= uint64_t{(digest[pos / 8] >> (pos % 8)) & 1u} << b;
      }
      challenges.push_back(value);
    }
  }
  return challenges;
}

filecoin::UpdatePoseidonPartitionProof UpdatePoseidonVanillaProof(const SealedSector& sector,
                                                                  const UpdatedSectorPoseidon& u) {
  filecoin::UpdatePoseidonPartitionProof out;
  out.comm_c = FrBytes(u.comm_c);
  const filecoin::MerkleProof::Kind kind = filecoin::TreeKind(u.proof.shape);
  for (uint64_t c : UpdatePoseidonChallengesOf(u.proof.shape.nodes, u.comm_r_new)) {
    out.challenge_proofs.push_back({sector.tree_r_last.Proof(c, kind), u.tree_d_new.Proof(c, kind),
                                    u.tree_r_new.Proof(c, kind)});
  }
  return out;
}

}  // namespace cuzk::sealer
