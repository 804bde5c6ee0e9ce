// SPDX-License-Identifier: Apache-2.0 OR MIT
// C1 JSON through simdjson's DOM API (one pass, about 1 GB/s), validated against the registered
// proof's shape. Errors carry the JSON path, built only when something is wrong.
#include "filecoin/c1.h"

#include <openssl/evp.h>
#include <simdjson.h>

#include <fstream>
#include <sstream>

#include "ff/fr.h"

namespace cuzk::filecoin {
namespace {

using simdjson::dom::element;

// A JSON path as a chain of stack frames: a key or an index per level, rendered on error only.
// Each frame points at its parent, so a named JsonPath must be built from a named parent.
struct JsonPath {
  const JsonPath* parent = nullptr;
  std::string_view key;  // empty: an array index
  size_t index = 0;

  JsonPath Key(std::string_view k) const { return JsonPath{this, k, 0}; }
  JsonPath Index(size_t i) const { return JsonPath{this, {}, i}; }

  std::string ToString() const {
    std::string prefix = parent ? parent->ToString() : std::string();
    if (!parent) return std::string(key);
    if (key.empty()) return prefix + "[" + std::to_string(index) + "]";
    return prefix.empty() ? std::string(key) : prefix + "." + std::string(key);
  }
  Status Error(const std::string& what) const {
    std::string where = ToString();
    return Status::InvalidArgument("C1 " + (where.empty() ? std::string("top level") : where) +
                                   ": " + what);
  }
};

#define C1_RETURN_IF_ERROR(expr)   \
  do {                             \
    Status status_ = (expr);       \
    if (!status_.ok()) return status_; \
  } while (0)

Status Field(element object, const JsonPath& path, std::string_view key, element* out) {
  simdjson::dom::object obj;
  if (object.get_object().get(obj)) return path.Error("expected an object");
  if (obj[key].get(*out)) return path.Error("missing key \"" + std::string(key) + "\"");
  return Status::Ok();
}

Status ReadU64(element e, const JsonPath& path, uint64_t* out) {
  if (e.get_uint64().get(*out)) return path.Error("expected a non-negative integer");
  return Status::Ok();
}

Status ReadU32(element e, const JsonPath& path, uint32_t* out) {
  uint64_t v = 0;
  C1_RETURN_IF_ERROR(ReadU64(e, path, &v));
  if (v > UINT32_MAX) return path.Error("value " + std::to_string(v) + " does not fit in u32");
  *out = static_cast<uint32_t>(v);
  return Status::Ok();
}

// A [u8; 32]: an array of exactly 32 integers 0..255.
Status ReadBytes32(element e, const JsonPath& path, Bytes32* out) {
  simdjson::dom::array arr;
  if (e.get_array().get(arr)) return path.Error("expected an array of 32 bytes");
  size_t i = 0;
  for (element b : arr) {
    uint64_t v;
    if (i >= 32 || b.get_uint64().get(v) || v > 255) {
      return path.Error(i >= 32 ? "more than 32 bytes"
                                : "byte " + std::to_string(i) + " is not an integer 0..255");
    }
    (*out)[i++] = static_cast<uint8_t>(v);
  }
  if (i != 32) return path.Error("has " + std::to_string(i) + " bytes, expected 32");
  return Status::Ok();
}

Status ReadBytes32Vector(element e, const JsonPath& path, std::vector<Bytes32>* out) {
  simdjson::dom::array arr;
  if (e.get_array().get(arr)) return path.Error("expected an array");
  out->resize(arr.size());
  size_t i = 0;
  for (element v : arr) {
    C1_RETURN_IF_ERROR(ReadBytes32(v, path.Index(i), &(*out)[i]));
    ++i;
  }
  return Status::Ok();
}

// InclusionPath = {"path": [{"hashes": [D...], "index": usize}, ...]}.
Status ReadInclusionPath(element e, const JsonPath& path, std::vector<PathElement>* out) {
  element list;
  C1_RETURN_IF_ERROR(Field(e, path, "path", &list));
  JsonPath list_path = path.Key("path");
  simdjson::dom::array arr;
  if (list.get_array().get(arr)) return list_path.Error("expected an array");
  out->resize(arr.size());
  size_t i = 0;
  for (element level : arr) {
    JsonPath p = list_path.Index(i);
    element hashes, index;
    C1_RETURN_IF_ERROR(Field(level, p, "hashes", &hashes));
    C1_RETURN_IF_ERROR(Field(level, p, "index", &index));
    C1_RETURN_IF_ERROR(ReadBytes32Vector(hashes, p.Key("hashes"), &(*out)[i].hashes));
    C1_RETURN_IF_ERROR(ReadU32(index, p.Key("index"), &(*out)[i].index));
    ++i;
  }
  return Status::Ok();
}

// MerkleProof = {"data": {"Single"|"Sub"|"Top": {...}}}.
Status ReadMerkleProof(element e, const JsonPath& path, MerkleProof* out) {
  element data;
  C1_RETURN_IF_ERROR(Field(e, path, "data", &data));
  JsonPath data_path = path.Key("data");
  simdjson::dom::object variants;
  if (data.get_object().get(variants) || variants.size() != 1) {
    return data_path.Error("expected exactly one of \"Single\", \"Sub\", \"Top\"");
  }
  auto [name, body] = *variants.begin();
  JsonPath p = data_path.Key(name);
  if (name == "Single") {
    out->kind = MerkleProof::Kind::kSingle;
  } else if (name == "Sub") {
    out->kind = MerkleProof::Kind::kSub;
  } else if (name == "Top") {
    out->kind = MerkleProof::Kind::kTop;
  } else {
    return data_path.Error("unknown proof kind \"" + std::string(name) + "\"");
  }
  element root, leaf, v;
  C1_RETURN_IF_ERROR(Field(body, p, "root", &root));
  C1_RETURN_IF_ERROR(ReadBytes32(root, p.Key("root"), &out->root));
  C1_RETURN_IF_ERROR(Field(body, p, "leaf", &leaf));
  C1_RETURN_IF_ERROR(ReadBytes32(leaf, p.Key("leaf"), &out->leaf));
  const char* base_key = out->kind == MerkleProof::Kind::kSingle ? "path" : "base_proof";
  C1_RETURN_IF_ERROR(Field(body, p, base_key, &v));
  C1_RETURN_IF_ERROR(ReadInclusionPath(v, p.Key(base_key), &out->base));
  out->sub.clear();
  out->top.clear();
  if (out->kind != MerkleProof::Kind::kSingle) {
    C1_RETURN_IF_ERROR(Field(body, p, "sub_proof", &v));
    C1_RETURN_IF_ERROR(ReadInclusionPath(v, p.Key("sub_proof"), &out->sub));
  }
  if (out->kind == MerkleProof::Kind::kTop) {
    C1_RETURN_IF_ERROR(Field(body, p, "top_proof", &v));
    C1_RETURN_IF_ERROR(ReadInclusionPath(v, p.Key("top_proof"), &out->top));
  }
  return Status::Ok();
}

// ColumnProof = {"column": {"index", "rows", "_h"}, "inclusion_proof"}.
Status ReadColumnProof(element e, const JsonPath& path, ColumnProof* out) {
  element column, v;
  C1_RETURN_IF_ERROR(Field(e, path, "column", &column));
  JsonPath cp = path.Key("column");
  C1_RETURN_IF_ERROR(Field(column, cp, "index", &v));
  C1_RETURN_IF_ERROR(ReadU32(v, cp.Key("index"), &out->index));
  C1_RETURN_IF_ERROR(Field(column, cp, "rows", &v));
  C1_RETURN_IF_ERROR(ReadBytes32Vector(v, cp.Key("rows"), &out->rows));
  C1_RETURN_IF_ERROR(Field(e, path, "inclusion_proof", &v));
  return ReadMerkleProof(v, path.Key("inclusion_proof"), &out->inclusion_proof);
}

// LabelingProof / EncodingProof = {"parents", "layer_index", "node"}.
Status ReadLabelingProof(element e, const JsonPath& path, LabelingProof* out) {
  element v;
  C1_RETURN_IF_ERROR(Field(e, path, "parents", &v));
  C1_RETURN_IF_ERROR(ReadBytes32Vector(v, path.Key("parents"), &out->parents));
  C1_RETURN_IF_ERROR(Field(e, path, "layer_index", &v));
  C1_RETURN_IF_ERROR(ReadU32(v, path.Key("layer_index"), &out->layer_index));
  C1_RETURN_IF_ERROR(Field(e, path, "node", &v));
  return ReadU64(v, path.Key("node"), &out->node);
}

template <size_t N>
Status ReadColumnArray(element e, const JsonPath& path, std::array<ColumnProof, N>* out) {
  simdjson::dom::array arr;
  if (e.get_array().get(arr) || arr.size() != N) {
    return path.Error("expected an array of " + std::to_string(N) + " column proofs");
  }
  size_t i = 0;
  for (element c : arr) {
    C1_RETURN_IF_ERROR(ReadColumnProof(c, path.Index(i), &(*out)[i]));
    ++i;
  }
  return Status::Ok();
}

Status ReadVanillaProof(element e, const JsonPath& path, VanillaProof* out) {
  element v, rcp;
  C1_RETURN_IF_ERROR(Field(e, path, "comm_d_proofs", &v));
  C1_RETURN_IF_ERROR(ReadMerkleProof(v, path.Key("comm_d_proofs"), &out->comm_d_proofs));
  C1_RETURN_IF_ERROR(Field(e, path, "comm_r_last_proof", &v));
  C1_RETURN_IF_ERROR(ReadMerkleProof(v, path.Key("comm_r_last_proof"), &out->comm_r_last_proof));
  C1_RETURN_IF_ERROR(Field(e, path, "replica_column_proofs", &rcp));
  JsonPath rp = path.Key("replica_column_proofs");
  C1_RETURN_IF_ERROR(Field(rcp, rp, "c_x", &v));
  C1_RETURN_IF_ERROR(ReadColumnProof(v, rp.Key("c_x"), &out->c_x));
  C1_RETURN_IF_ERROR(Field(rcp, rp, "drg_parents", &v));
  C1_RETURN_IF_ERROR(ReadColumnArray(v, rp.Key("drg_parents"), &out->drg_parents));
  C1_RETURN_IF_ERROR(Field(rcp, rp, "exp_parents", &v));
  C1_RETURN_IF_ERROR(ReadColumnArray(v, rp.Key("exp_parents"), &out->exp_parents));
  C1_RETURN_IF_ERROR(Field(e, path, "labeling_proofs", &v));
  JsonPath lp = path.Key("labeling_proofs");
  simdjson::dom::array labels;
  if (v.get_array().get(labels)) return lp.Error("expected an array");
  out->labeling_proofs.resize(labels.size());
  size_t i = 0;
  for (element l : labels) {
    C1_RETURN_IF_ERROR(ReadLabelingProof(l, lp.Index(i), &out->labeling_proofs[i]));
    ++i;
  }
  C1_RETURN_IF_ERROR(Field(e, path, "encoding_proof", &v));
  return ReadLabelingProof(v, path.Key("encoding_proof"), &out->encoding_proof);
}

// The vanilla_proofs enum variant: the V1 name of the size for every version (spec 2.1).
std::string VanillaVariantName(const RegisteredSealProof& rp) {
  std::string_view name = rp.name;
  return std::string(name.substr(0, name.find("V1") + 2));
}

Status ParseRawC1(element root, C1Output* out) {
  JsonPath top;
  element v;
  std::string_view proof_name;
  C1_RETURN_IF_ERROR(Field(root, top, "registered_proof", &v));
  if (v.get_string().get(proof_name)) return top.Key("registered_proof").Error("expected a string");
  auto rp = SealProofByName(proof_name);
  if (!rp.ok()) return top.Key("registered_proof").Error(rp.status().message());
  out->registered_proof = *rp;

  C1_RETURN_IF_ERROR(Field(root, top, "vanilla_proofs", &v));
  JsonPath vp = top.Key("vanilla_proofs");
  simdjson::dom::object variants;
  if (v.get_object().get(variants) || variants.size() != 1) {
    return vp.Error("expected an object with exactly one sector-size key");
  }
  auto [variant, partitions] = *variants.begin();
  std::string expected = VanillaVariantName(*rp);
  if (variant != expected) {
    return vp.Error("key \"" + std::string(variant) + "\" does not match registered_proof " +
                    std::string(rp->name) + " (expected \"" + expected + "\")");
  }
  JsonPath pp = vp.Key(variant);
  simdjson::dom::array parts;
  if (partitions.get_array().get(parts)) return pp.Error("expected an array of partitions");
  out->vanilla_proofs.assign(parts.size(), {});
  size_t k = 0;
  for (element part : parts) {
    simdjson::dom::array challenges;
    JsonPath kp = pp.Index(k);
    if (part.get_array().get(challenges)) return kp.Error("expected an array of challenge proofs");
    out->vanilla_proofs[k].resize(challenges.size());
    size_t i = 0;
    for (element c : challenges) {
      C1_RETURN_IF_ERROR(ReadVanillaProof(c, kp.Index(i), &out->vanilla_proofs[k][i]));
      ++i;
    }
    ++k;
  }
  struct Named {
    const char* key;
    Bytes32* value;
  } fields[] = {{"comm_r", &out->comm_r},
                {"comm_d", &out->comm_d},
                {"replica_id", &out->replica_id},
                {"seed", &out->seed},
                {"ticket", &out->ticket}};
  for (const Named& f : fields) {
    C1_RETURN_IF_ERROR(Field(root, top, f.key, &v));
    C1_RETURN_IF_ERROR(ReadBytes32(v, top.Key(f.key), f.value));
  }
  return Status::Ok();
}

Result<std::string> DecodeBase64(std::string_view text) {
  if (text.size() % 4 != 0) return Status::InvalidArgument("length is not a multiple of 4");
  std::string out(text.size() / 4 * 3, '\0');
  int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                          reinterpret_cast<const unsigned char*>(text.data()),
                          static_cast<int>(text.size()));
  if (n < 0) return Status::InvalidArgument("not valid standard base64");
  size_t padding = 0;
  while (padding < 2 && padding < text.size() && text[text.size() - 1 - padding] == '=') {
    ++padding;
  }
  out.resize(static_cast<size_t>(n) - padding);
  return out;
}

std::string EncodeBase64(std::string_view bytes) {
  std::string out((bytes.size() + 2) / 3 * 4 + 1, '\0');
  int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                          reinterpret_cast<const unsigned char*>(bytes.data()),
                          static_cast<int>(bytes.size()));
  out.resize(static_cast<size_t>(n));
  return out;
}

bool IsCanonicalFr(const Bytes32& bytes) { return ff::Fr::FromBytesLE(bytes).ok(); }

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
                                                 " rows, expected " +
                                                 std::to_string(shape.layers) + " layers");
  }
  for (const Bytes32& row : column.rows) {
    if (!IsCanonicalFr(row)) return path.Key("column").Error("a row is >= the field modulus");
  }
  JsonPath ip = path.Key("inclusion_proof");
  C1_RETURN_IF_ERROR(ValidateMerkleProof(column.inclusion_proof, tree_arities, tree_kind, ip));
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
    return path.Key("labeling_proofs").Index(0).Key("node").Error(
        "challenge " + std::to_string(challenge) + " is outside 1.." +
        std::to_string(shape.nodes - 1));
  }
  for (uint32_t l = 0; l < shape.layers; ++l) {
    C1_RETURN_IF_ERROR(
        ValidateLabeling(p.labeling_proofs[l], l + 1, challenge, path.Key("labeling_proofs").Index(l)));
  }
  C1_RETURN_IF_ERROR(
      ValidateLabeling(p.encoding_proof, shape.layers, challenge, path.Key("encoding_proof")));

  uint32_t d_levels = 0;
  while ((uint64_t{1} << d_levels) < shape.nodes) ++d_levels;
  JsonPath dp = path.Key("comm_d_proofs");
  C1_RETURN_IF_ERROR(ValidateMerkleProof(p.comm_d_proofs, std::vector<uint32_t>(d_levels, 2),
                                         MerkleProof::Kind::kSingle, dp));
  if (p.comm_d_proofs.NodeIndex() != challenge) {
    return dp.Error("proves node " + std::to_string(p.comm_d_proofs.NodeIndex()) +
                    ", the challenge is " + std::to_string(challenge));
  }
  JsonPath rp = path.Key("comm_r_last_proof");
  C1_RETURN_IF_ERROR(ValidateMerkleProof(p.comm_r_last_proof, tree_arities, tree_kind, rp));
  if (p.comm_r_last_proof.NodeIndex() != challenge) {
    return rp.Error("proves node " + std::to_string(p.comm_r_last_proof.NodeIndex()) +
                    ", the challenge is " + std::to_string(challenge));
  }
  JsonPath cp = path.Key("replica_column_proofs");
  if (p.c_x.index != challenge) {
    return cp.Key("c_x").Error("opens node " + std::to_string(p.c_x.index) +
                               ", the challenge is " + std::to_string(challenge));
  }
  C1_RETURN_IF_ERROR(ValidateColumn(p.c_x, shape, tree_arities, tree_kind, cp.Key("c_x")));
  for (size_t i = 0; i < p.drg_parents.size(); ++i) {
    C1_RETURN_IF_ERROR(ValidateColumn(p.drg_parents[i], shape, tree_arities, tree_kind,
                                      cp.Key("drg_parents").Index(i)));
  }
  for (size_t i = 0; i < p.exp_parents.size(); ++i) {
    C1_RETURN_IF_ERROR(ValidateColumn(p.exp_parents[i], shape, tree_arities, tree_kind,
                                      cp.Key("exp_parents").Index(i)));
  }
  return Status::Ok();
}

// Tree R/C arities leaf side first (base levels, sub, top), as the circuit expects them.
std::vector<uint32_t> TreeArities(const SectorShape& shape) {
  uint64_t below = (shape.sub_arity ? shape.sub_arity : 1) * (shape.top_arity ? shape.top_arity : 1);
  std::vector<uint32_t> arities;
  for (uint64_t n = shape.nodes / below; n > 1; n /= shape.base_arity) {
    arities.push_back(shape.base_arity);
  }
  if (shape.sub_arity) arities.push_back(shape.sub_arity);
  if (shape.top_arity) arities.push_back(shape.top_arity);
  return arities;
}

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

std::vector<const PathElement*> MerkleProof::Levels() const {
  std::vector<const PathElement*> levels;
  for (const auto* part : {&base, &sub, &top}) {
    for (const PathElement& e : *part) levels.push_back(&e);
  }
  return levels;
}

uint64_t MerkleProof::NodeIndex() const {
  uint64_t index = 0, weight = 1;
  for (const PathElement* level : Levels()) {
    index += level->index * weight;
    weight *= level->hashes.size() + 1;
  }
  return index;
}

Result<C1Output> ParseC1(std::string_view json, C1Envelope* envelope) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded(json);
  element root;
  if (auto error = parser.parse(padded).get(root)) {
    return Status::InvalidArgument(std::string("C1 is not valid JSON: ") +
                                   simdjson::error_message(error));
  }
  C1Envelope env;
  element phase1;
  C1Output c1;
  if (root.is_object() && !root["Phase1Out"].get(phase1)) {
    // Curio's wrapper (spec 2.5): the C1 JSON bytes as standard padded base64.
    env.wrapped = true;
    std::string_view b64;
    if (phase1.get_string().get(b64)) return Status::InvalidArgument("C1 Phase1Out: expected a base64 string");
    element v;
    if (root["SectorNum"].get(v) || v.get_int64().get(env.sector_num)) {
      return Status::InvalidArgument("C1 SectorNum: missing or not an integer");
    }
    if (root["SectorSize"].get(v) || v.get_uint64().get(env.sector_size)) {
      return Status::InvalidArgument("C1 SectorSize: missing or not a non-negative integer");
    }
    auto inner = DecodeBase64(b64);
    if (!inner.ok()) return Status::InvalidArgument("C1 Phase1Out: " + inner.status().message());
    simdjson::dom::parser inner_parser;
    simdjson::padded_string inner_padded(*inner);
    element inner_root;
    if (auto error = inner_parser.parse(inner_padded).get(inner_root)) {
      return Status::InvalidArgument(std::string("C1 Phase1Out does not hold valid JSON: ") +
                                     simdjson::error_message(error));
    }
    Status s = ParseRawC1(inner_root, &c1);
    if (!s.ok()) return Status::InvalidArgument("Phase1Out: " + s.message());
    if (env.sector_size != c1.registered_proof.shape.sector_bytes) {
      return Status::InvalidArgument(
          "C1 SectorSize " + std::to_string(env.sector_size) + " does not match registered_proof " +
          std::string(c1.registered_proof.name) + " (" +
          std::to_string(c1.registered_proof.shape.sector_bytes) + " bytes)");
    }
  } else {
    Status s = ParseRawC1(root, &c1);
    if (!s.ok()) return s;
  }
  Status s = ValidateC1(c1);
  if (!s.ok()) return s;
  if (envelope) *envelope = env;
  return c1;
}

Result<C1Output> ReadC1File(const std::string& path, C1Envelope* envelope) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(StatusCode::kNotFound, "cannot open C1 file " + path);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  auto c1 = ParseC1(buffer.str(), envelope);
  if (!c1.ok()) return Status::InvalidArgument(path + ": " + c1.status().message());
  return c1;
}

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
  std::string variant = VanillaVariantName(rp);
  JsonPath vp = top.Key("vanilla_proofs");
  JsonPath pp = vp.Key(variant);
  if (c1.vanilla_proofs.size() != rp.partitions) {
    return pp.Error("has " + std::to_string(c1.vanilla_proofs.size()) + " partitions, " +
                    std::string(rp.name) + " has " + std::to_string(rp.partitions));
  }
  std::vector<uint32_t> arities = TreeArities(shape);
  MerkleProof::Kind kind = shape.top_arity   ? MerkleProof::Kind::kTop
                           : shape.sub_arity ? MerkleProof::Kind::kSub
                                             : MerkleProof::Kind::kSingle;
  for (size_t k = 0; k < c1.vanilla_proofs.size(); ++k) {
    const auto& part = c1.vanilla_proofs[k];
    JsonPath kp = pp.Index(k);
    if (part.size() != shape.challenges_per_partition) {
      return kp.Error("has " + std::to_string(part.size()) + " challenge proofs, expected " +
                      std::to_string(shape.challenges_per_partition));
    }
    for (size_t i = 0; i < part.size(); ++i) {
      C1_RETURN_IF_ERROR(ValidateVanillaProof(part[i], shape, arities, kind, kp.Index(i)));
      if (part[i].comm_r_last_proof.root != part[0].comm_r_last_proof.root) {
        return kp.Index(i).Key("comm_r_last_proof").Error("root differs from challenge 0's");
      }
      if (part[i].c_x.inclusion_proof.root != part[0].c_x.inclusion_proof.root) {
        return kp.Index(i).Key("replica_column_proofs").Key("c_x").Error(
            "tree C root differs from challenge 0's");
      }
      if (part[i].comm_d_proofs.root != c1.comm_d) {
        return kp.Index(i).Key("comm_d_proofs").Error("root differs from comm_d");
      }
    }
  }
  return Status::Ok();
}

std::string WriteC1Json(const C1Output& c1) {
  std::string out;
  out.reserve(1 << 20);
  out += "{\"registered_proof\":\"" + std::string(c1.registered_proof.name) +
         "\",\"vanilla_proofs\":{\"" + VanillaVariantName(c1.registered_proof) + "\":[";
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
