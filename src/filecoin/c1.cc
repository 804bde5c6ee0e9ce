// SPDX-License-Identifier: Apache-2.0 OR MIT
// C1 JSON through simdjson's DOM API (one pass, about 1 GB/s), then ValidateC1 (c1_validate.cc).
// Errors carry the JSON path, built only when something is wrong.
#include "filecoin/c1.h"

#include <openssl/evp.h>
#include <simdjson.h>

#include "filecoin/json_path.h"

namespace cuzk::filecoin {
namespace {

using internal::JsonPath;
using simdjson::dom::element;

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
  std::string expected = VanillaProofsKey(*rp);
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

Result<C1Output> ParsePaddedC1(const simdjson::padded_string& padded, C1Envelope* envelope) {
  simdjson::dom::parser parser;
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

}  // namespace

std::string VanillaProofsKey(const RegisteredSealProof& proof) {
  std::string_view name = proof.name;
  return std::string(name.substr(0, name.find("V1") + 2));
}

MerkleProof::Kind TreeKind(const SectorShape& shape) {
  return shape.top_arity   ? MerkleProof::Kind::kTop
         : shape.sub_arity ? MerkleProof::Kind::kSub
                           : MerkleProof::Kind::kSingle;
}

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
  return ParsePaddedC1(simdjson::padded_string(json), envelope);
}


Result<C1Output> ReadC1File(const std::string& path, C1Envelope* envelope) {
  simdjson::padded_string json;
  if (simdjson::padded_string::load(path).get(json)) {
    return Status(StatusCode::kNotFound, "cannot read C1 file " + path);
  }
  auto c1 = ParsePaddedC1(json, envelope);
  if (!c1.ok()) return Status::InvalidArgument(path + ": " + c1.status().message());
  return c1;
}

}  // namespace cuzk::filecoin
