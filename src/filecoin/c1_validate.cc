// SPDX-License-Identifier: Apache-2.0 OR MIT
// ValidateC1: a parsed C1 against its registered proof's shape, with JSON-path errors.
#include "ff/fr.h"
#include "filecoin/c1.h"
#include "filecoin/json_path.h"

namespace cuzk::filecoin {
namespace {

using internal::JsonPath;

// Returns true iff the little-endian integer `bytes` is below the Fr modulus (a comparison of
// limbs, no Montgomery conversion: a 32GiB C1 holds over a million values).
bool IsCanonicalFr(const Bytes32& bytes) {
  for (int limb = 3; limb >= 0; --limb) {
    uint64_t v = 0;
    for (int b = 7; b >= 0; --b) v = (v << 8) | bytes[8 * limb + b];
    if (v != ff::Fr::kModulus[limb]) return v < ff::Fr::kModulus[limb];
  }
  return false;  // equal to the modulus
}

bool IsZero(const Bytes32& bytes) {
  for (uint8_t b : bytes) {
    if (b) return false;
  }
  return true;
}

// Checks a Merkle proof's kind, level count, arities and values against the expected arities.
Status ValidateMerkleProof(const MerkleProof& proof, const std::vector<uint32_t>& arities,
                           MerkleProof::Kind kind, const JsonPath& path) {
  static constexpr const char* kKindNames[] = {"Single", "Sub", "Top"};
  if (proof.kind != kind) {
    return path.Error(std::string("is a ") + kKindNames[static_cast<int>(proof.kind)] +
                      " proof, the tree shape needs " + kKindNames[static_cast<int>(kind)]);
  }
  std::vector<const PathElement*> levels = proof.Levels();
  if (levels.size() != arities.size()) {
    return path.Error("has " + std::to_string(levels.size()) + " levels, expected " +
                      std::to_string(arities.size()));
  }
  if (!IsCanonicalFr(proof.root) || !IsCanonicalFr(proof.leaf)) {
    return path.Error("root or leaf is not a canonical field element");
  }
  for (size_t j = 0; j < levels.size(); ++j) {
    const PathElement& level = *levels[j];
    if (level.hashes.size() + 1 != arities[j] || level.index >= arities[j]) {
      return path.Error("level " + std::to_string(j) + " has " +
                        std::to_string(level.hashes.size()) + " siblings and index " +
                        std::to_string(level.index) + ", expected arity " +
                        std::to_string(arities[j]));
    }
    for (const Bytes32& h : level.hashes) {
      if (!IsCanonicalFr(h)) {
        return path.Error("level " + std::to_string(j) + " holds a value >= the field modulus");
      }
    }
  }
  return Status::Ok();
}

Status ValidateColumn(const ColumnProof& column, const SectorShape& shape,
                      const std::vector<uint32_t>& tree_arities, MerkleProof::Kind tree_kind,
                      const JsonPath& path) {
  if (column.rows.size() != shape.layers) {
    return path.Key("column").Key("rows").Error("has " + std::to_string(column.rows.size()) +
                                                " rows, expected " + std::to_string(shape.layers) +
                                                " layers");
  }
  for (const Bytes32& row : column.rows) {
    if (!IsCanonicalFr(row)) return path.Key("column").Error("a row is >= the field modulus");
  }
  JsonPath ip = path.Key("inclusion_proof");
  RETURN_IF_ERROR(ValidateMerkleProof(column.inclusion_proof, tree_arities, tree_kind, ip));
  if (column.inclusion_proof.NodeIndex() != column.index) {
    return ip.Error("proves node " + std::to_string(column.inclusion_proof.NodeIndex()) +
                    ", the column is node " + std::to_string(column.index));
  }
  return Status::Ok();
}

Status ValidateLabeling(const LabelingProof& proof, uint32_t layer, uint64_t challenge,
                        const JsonPath& path) {
  if (proof.parents.size() != 37) {
    return path.Key("parents").Error("has " + std::to_string(proof.parents.size()) +
                                     " parents, expected 37");
  }
  if (proof.layer_index != layer || proof.node != challenge) {
    return path.Error("is for layer " + std::to_string(proof.layer_index) + " node " +
                      std::to_string(proof.node) + ", expected layer " + std::to_string(layer) +
                      " node " + std::to_string(challenge));
  }
  return Status::Ok();
}

Status ValidateVanillaProof(const VanillaProof& p, const SectorShape& shape,
                            const std::vector<uint32_t>& tree_arities, MerkleProof::Kind tree_kind,
                            const JsonPath& path) {
  if (p.labeling_proofs.size() != shape.layers) {
    return path.Key("labeling_proofs")
        .Error("has " + std::to_string(p.labeling_proofs.size()) + " entries, expected " +
               std::to_string(shape.layers) + " layers");
  }
  uint64_t challenge = p.labeling_proofs[0].node;
  if (challenge == 0 || challenge >= shape.nodes) {
    return path.Key("labeling_proofs")
        .Index(0)
        .Key("node")
        .Error("challenge " + std::to_string(challenge) + " is outside 1.." +
               std::to_string(shape.nodes - 1));
  }
  for (uint32_t l = 0; l < shape.layers; ++l) {
    RETURN_IF_ERROR(ValidateLabeling(p.labeling_proofs[l], l + 1, challenge,
                                     path.Key("labeling_proofs").Index(l)));
  }
  RETURN_IF_ERROR(
      ValidateLabeling(p.encoding_proof, shape.layers, challenge, path.Key("encoding_proof")));

  uint32_t d_levels = 0;
  while ((uint64_t{1} << d_levels) < shape.nodes) ++d_levels;
  JsonPath dp = path.Key("comm_d_proofs");
  RETURN_IF_ERROR(ValidateMerkleProof(p.comm_d_proofs, std::vector<uint32_t>(d_levels, 2),
                                      MerkleProof::Kind::kSingle, dp));
  if (p.comm_d_proofs.NodeIndex() != challenge) {
    return dp.Error("proves node " + std::to_string(p.comm_d_proofs.NodeIndex()) +
                    ", the challenge is " + std::to_string(challenge));
  }
  JsonPath rp = path.Key("comm_r_last_proof");
  RETURN_IF_ERROR(ValidateMerkleProof(p.comm_r_last_proof, tree_arities, tree_kind, rp));
  if (p.comm_r_last_proof.NodeIndex() != challenge) {
    return rp.Error("proves node " + std::to_string(p.comm_r_last_proof.NodeIndex()) +
                    ", the challenge is " + std::to_string(challenge));
  }
  JsonPath cp = path.Key("replica_column_proofs");
  if (p.c_x.index != challenge) {
    return cp.Key("c_x").Error("opens node " + std::to_string(p.c_x.index) + ", the challenge is " +
                               std::to_string(challenge));
  }
  RETURN_IF_ERROR(ValidateColumn(p.c_x, shape, tree_arities, tree_kind, cp.Key("c_x")));
  for (size_t i = 0; i < p.drg_parents.size(); ++i) {
    RETURN_IF_ERROR(ValidateColumn(p.drg_parents[i], shape, tree_arities, tree_kind,
                                   cp.Key("drg_parents").Index(i)));
  }
  for (size_t i = 0; i < p.exp_parents.size(); ++i) {
    RETURN_IF_ERROR(ValidateColumn(p.exp_parents[i], shape, tree_arities, tree_kind,
                                   cp.Key("exp_parents").Index(i)));
  }
  return Status::Ok();
}

}  // namespace

Status ValidateC1(const C1Output& c1) {
  const RegisteredSealProof& rp = c1.registered_proof;
  const SectorShape& shape = rp.shape;
  JsonPath top;
  struct Named {
    const char* key;
    const Bytes32* value;
  } commitments[] = {{"comm_r", &c1.comm_r}, {"comm_d", &c1.comm_d}, {"seed", &c1.seed}};
  for (const Named& f : commitments) {
    if (IsZero(*f.value)) return top.Key(f.key).Error("is all zero");
  }
  for (const Named& f : {Named{"comm_r", &c1.comm_r}, Named{"comm_d", &c1.comm_d},
                         Named{"replica_id", &c1.replica_id}}) {
    if (!IsCanonicalFr(*f.value)) return top.Key(f.key).Error("is not a canonical field element");
  }
  std::string variant = VanillaProofsKey(rp);
  JsonPath vp = top.Key("vanilla_proofs");
  JsonPath pp = vp.Key(variant);
  if (c1.vanilla_proofs.size() != rp.partitions) {
    return pp.Error("has " + std::to_string(c1.vanilla_proofs.size()) + " partitions, " +
                    std::string(rp.name) + " has " + std::to_string(rp.partitions));
  }
  std::vector<uint32_t> arities = TreeArities(shape);
  MerkleProof::Kind kind = TreeKind(shape);
  for (size_t k = 0; k < c1.vanilla_proofs.size(); ++k) {
    const auto& part = c1.vanilla_proofs[k];
    JsonPath kp = pp.Index(k);
    if (part.size() != shape.challenges_per_partition) {
      return kp.Error("has " + std::to_string(part.size()) + " challenge proofs, expected " +
                      std::to_string(shape.challenges_per_partition));
    }
    for (size_t i = 0; i < part.size(); ++i) {
      RETURN_IF_ERROR(ValidateVanillaProof(part[i], shape, arities, kind, kp.Index(i)));
      if (part[i].comm_r_last_proof.root != part[0].comm_r_last_proof.root) {
        return kp.Index(i).Key("comm_r_last_proof").Error("root differs from challenge 0's");
      }
      if (part[i].c_x.inclusion_proof.root != part[0].c_x.inclusion_proof.root) {
        return kp.Index(i)
            .Key("replica_column_proofs")
            .Key("c_x")
            .Error("tree C root differs from challenge 0's");
      }
      if (part[i].comm_d_proofs.root != c1.comm_d) {
        return kp.Index(i).Key("comm_d_proofs").Error("root differs from comm_d");
      }
    }
  }
  return Status::Ok();
}

}  // namespace cuzk::filecoin
