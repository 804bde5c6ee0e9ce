// SPDX-License-Identifier: Apache-2.0 OR MIT
// The C1 writer: exactly serde_json's compact output (keys in declaration order, byte arrays as
// integer lists, "_h": null in columns), and Curio's base64 wrapper.
#include "filecoin/base64.h"
#include "filecoin/c1.h"

namespace cuzk::filecoin {
namespace {

void AppendBytes(std::string& out, const Bytes32& bytes) {
  out.push_back('[');
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i) out.push_back(',');
    uint8_t b = bytes[i];
    if (b >= 100) out.push_back(static_cast<char>('0' + b / 100));
    if (b >= 10) out.push_back(static_cast<char>('0' + b / 10 % 10));
    out.push_back(static_cast<char>('0' + b % 10));
  }
  out.push_back(']');
}

void AppendBytesVector(std::string& out, const std::vector<Bytes32>& values) {
  out.push_back('[');
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out.push_back(',');
    AppendBytes(out, values[i]);
  }
  out.push_back(']');
}

void AppendInclusionPath(std::string& out, const std::vector<PathElement>& levels) {
  out += "{\"path\":[";
  for (size_t i = 0; i < levels.size(); ++i) {
    if (i) out.push_back(',');
    out += "{\"hashes\":";
    AppendBytesVector(out, levels[i].hashes);
    out += ",\"index\":" + std::to_string(levels[i].index) + "}";
  }
  out += "]}";
}

void AppendMerkleProof(std::string& out, const MerkleProof& p) {
  out += "{\"data\":{";
  if (p.kind == MerkleProof::Kind::kSingle) {
    out += "\"Single\":{\"root\":";
    AppendBytes(out, p.root);
    out += ",\"leaf\":";
    AppendBytes(out, p.leaf);
    out += ",\"path\":";
    AppendInclusionPath(out, p.base);
  } else {
    out += p.kind == MerkleProof::Kind::kSub ? "\"Sub\":{" : "\"Top\":{";
    out += "\"base_proof\":";
    AppendInclusionPath(out, p.base);
    out += ",\"sub_proof\":";
    AppendInclusionPath(out, p.sub);
    if (p.kind == MerkleProof::Kind::kTop) {
      out += ",\"top_proof\":";
      AppendInclusionPath(out, p.top);
    }
    out += ",\"root\":";
    AppendBytes(out, p.root);
    out += ",\"leaf\":";
    AppendBytes(out, p.leaf);
  }
  out += "}}}";
}

void AppendColumnProof(std::string& out, const ColumnProof& c) {
  out += "{\"column\":{\"index\":" + std::to_string(c.index) + ",\"rows\":";
  AppendBytesVector(out, c.rows);
  out += ",\"_h\":null},\"inclusion_proof\":";
  AppendMerkleProof(out, c.inclusion_proof);
  out += "}";
}

void AppendLabelingProof(std::string& out, const LabelingProof& l) {
  out += "{\"parents\":";
  AppendBytesVector(out, l.parents);
  out += ",\"layer_index\":" + std::to_string(l.layer_index) +
         ",\"node\":" + std::to_string(l.node) + "}";
}

void AppendVanillaProof(std::string& out, const VanillaProof& p) {
  out += "{\"comm_d_proofs\":";
  AppendMerkleProof(out, p.comm_d_proofs);
  out += ",\"comm_r_last_proof\":";
  AppendMerkleProof(out, p.comm_r_last_proof);
  out += ",\"replica_column_proofs\":{\"c_x\":";
  AppendColumnProof(out, p.c_x);
  out += ",\"drg_parents\":[";
  for (size_t i = 0; i < p.drg_parents.size(); ++i) {
    if (i) out.push_back(',');
    AppendColumnProof(out, p.drg_parents[i]);
  }
  out += "],\"exp_parents\":[";
  for (size_t i = 0; i < p.exp_parents.size(); ++i) {
    if (i) out.push_back(',');
    AppendColumnProof(out, p.exp_parents[i]);
  }
  out += "]},\"labeling_proofs\":[";
  for (size_t i = 0; i < p.labeling_proofs.size(); ++i) {
    if (i) out.push_back(',');
    AppendLabelingProof(out, p.labeling_proofs[i]);
  }
  out += "],\"encoding_proof\":";
  AppendLabelingProof(out, p.encoding_proof);
  out += "}";
}

}  // namespace

std::string WriteC1Json(const C1Output& c1) {
  std::string out;
  out.reserve(1 << 20);
  out += "{\"registered_proof\":\"" + std::string(c1.registered_proof.name) +
         "\",\"vanilla_proofs\":{\"" + VanillaProofsKey(c1.registered_proof) + "\":[";
  for (size_t k = 0; k < c1.vanilla_proofs.size(); ++k) {
    if (k) out.push_back(',');
    out.push_back('[');
    for (size_t i = 0; i < c1.vanilla_proofs[k].size(); ++i) {
      if (i) out.push_back(',');
      AppendVanillaProof(out, c1.vanilla_proofs[k][i]);
    }
    out.push_back(']');
  }
  out += "]},\"comm_r\":";
  AppendBytes(out, c1.comm_r);
  out += ",\"comm_d\":";
  AppendBytes(out, c1.comm_d);
  out += ",\"replica_id\":";
  AppendBytes(out, c1.replica_id);
  out += ",\"seed\":";
  AppendBytes(out, c1.seed);
  out += ",\"ticket\":";
  AppendBytes(out, c1.ticket);
  out += "}";
  return out;
}

std::string WrapC1ForCurio(std::string_view c1_json, int64_t sector_num, uint64_t sector_size) {
  return "{\"SectorNum\":" + std::to_string(sector_num) + ",\"Phase1Out\":\"" +
         EncodeBase64(c1_json) + "\",\"SectorSize\":" + std::to_string(sector_size) + "}";
}

}  // namespace cuzk::filecoin
