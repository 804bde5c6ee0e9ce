// SPDX-License-Identifier: Apache-2.0 OR MIT
// C1 JSON through simdjson's On-Demand API (one forward pass, no document tape: a 51 MB C1 would
// need ~600 MB of DOM tape for its 38 million small integers), then ValidateC1 (c1_validate.cc).
// Errors carry the JSON path, built only when something is wrong.
#include "filecoin/c1.h"

#include <simdjson.h>

#include "filecoin/base64.h"
#include "filecoin/json_path.h"

namespace cuzk::filecoin {
namespace {

using internal::JsonPath;
using simdjson::error_code;
using simdjson::ondemand::array;
using simdjson::ondemand::object;
using simdjson::ondemand::value;

// A simdjson error at `path`: a wrong type says what was expected; anything else means the
// document itself is malformed (truncated, bad syntax), which on-demand parsing finds only when
// it gets there.
Status JsonError(const JsonPath& path, error_code error, const std::string& expected) {
  if (error == simdjson::INCORRECT_TYPE || error == simdjson::NUMBER_OUT_OF_RANGE) {
    return path.Error("expected " + expected);
  }
  return path.Error(std::string("not valid JSON: ") + simdjson::error_message(error));
}

// Calls fn(key, value) for every member of the object `v`, in document order.
template <typename Fn>
Status ForEachField(value v, const JsonPath& path, Fn&& fn) {
  object obj;
  if (auto e = v.get_object().get(obj)) return JsonError(path, e, "an object");
  for (auto field : obj) {
    std::string_view key;
    if (auto e = field.unescaped_key().get(key)) return JsonError(path, e, "a key");
    value member;
    if (auto e = field.value().get(member)) return JsonError(path, e, "a value");
    RETURN_IF_ERROR(fn(key, member));
  }
  return Status::Ok();
}

// Calls fn(index, value) for every element of the array `v`.
template <typename Fn>
Status ForEachElement(value v, const JsonPath& path, const std::string& expected, Fn&& fn) {
  array arr;
  if (auto e = v.get_array().get(arr)) return JsonError(path, e, expected);
  size_t i = 0;
  for (auto element : arr) {
    value item;
    if (auto e = element.get(item)) return JsonError(path.Index(i), e, "a value");
    RETURN_IF_ERROR(fn(i, item));
    ++i;
  }
  return Status::Ok();
}

// Fails naming the first of `keys` that `seen` lacks (bit i = keys[i] was present).
Status RequireKeys(const JsonPath& path, uint32_t seen, std::initializer_list<const char*> keys) {
  uint32_t bit = 0;
  for (const char* key : keys) {
    if (!(seen & (1u << bit++))) return path.Error("missing key \"" + std::string(key) + "\"");
  }
  return Status::Ok();
}

Status ReadU64(value v, const JsonPath& path, uint64_t* out) {
  if (auto e = v.get_uint64().get(*out)) return JsonError(path, e, "a non-negative integer");
  return Status::Ok();
}

Status ReadU32(value v, const JsonPath& path, uint32_t* out) {
  uint64_t x = 0;
  RETURN_IF_ERROR(ReadU64(v, path, &x));
  if (x > UINT32_MAX) return path.Error("value " + std::to_string(x) + " does not fit in u32");
  *out = static_cast<uint32_t>(x);
  return Status::Ok();
}

// A [u8; 32]: an array of exactly 32 integers 0..255.
Status ReadBytes32(value v, const JsonPath& path, Bytes32* out) {
  size_t count = 0;
  RETURN_IF_ERROR(ForEachElement(v, path, "an array of 32 bytes", [&](size_t i, value b) {
    uint64_t x = 0;
    if (i >= 32) return path.Error("more than 32 bytes");
    error_code e = b.get_uint64().get(x);
    if (e && e != simdjson::INCORRECT_TYPE && e != simdjson::NUMBER_OUT_OF_RANGE) {
      return JsonError(path, e, "");  // the document is malformed here
    }
    if (e || x > 255) return path.Error("byte " + std::to_string(i) + " is not an integer 0..255");
    (*out)[i] = static_cast<uint8_t>(x);
    count = i + 1;
    return Status::Ok();
  }));
  if (count != 32) return path.Error("has " + std::to_string(count) + " bytes, expected 32");
  return Status::Ok();
}

Status ReadBytes32Vector(value v, const JsonPath& path, std::vector<Bytes32>* out) {
  out->clear();
  return ForEachElement(v, path, "an array", [&](size_t i, value item) {
    out->emplace_back();
    return ReadBytes32(item, path.Index(i), &out->back());
  });
}

// InclusionPath = {"path": [{"hashes": [D...], "index": usize}, ...]}.
Status ReadInclusionPath(value v, const JsonPath& path, std::vector<PathElement>* out) {
  out->clear();
  uint32_t seen = 0;
  RETURN_IF_ERROR(ForEachField(v, path, [&](std::string_view key, value list) {
    if (key != "path") return Status::Ok();
    seen = 1;
    JsonPath lp = path.Key("path");
    return ForEachElement(list, lp, "an array", [&](size_t i, value level) {
      JsonPath ep = lp.Index(i);
      out->emplace_back();
      PathElement& e = out->back();
      uint32_t level_seen = 0;
      RETURN_IF_ERROR(ForEachField(level, ep, [&](std::string_view k, value x) {
        if (k == "hashes") {
          level_seen |= 1;
          return ReadBytes32Vector(x, ep.Key("hashes"), &e.hashes);
        }
        if (k == "index") {
          level_seen |= 2;
          return ReadU32(x, ep.Key("index"), &e.index);
        }
        return Status::Ok();
      }));
      return RequireKeys(ep, level_seen, {"hashes", "index"});
    });
  }));
  return RequireKeys(path, seen, {"path"});
}

// MerkleProof = {"data": {"Single"|"Sub"|"Top": {...}}}.
Status ReadMerkleProof(value v, const JsonPath& path, MerkleProof* out) {
  uint32_t seen = 0;
  JsonPath dp = path.Key("data");
  RETURN_IF_ERROR(ForEachField(v, path, [&](std::string_view key, value data) {
    if (key != "data") return Status::Ok();
    seen = 1;
    size_t variants = 0;
    RETURN_IF_ERROR(ForEachField(data, dp, [&](std::string_view name, value body) {
      if (++variants > 1) return dp.Error("expected exactly one of \"Single\", \"Sub\", \"Top\"");
      if (name == "Single") {
        out->kind = MerkleProof::Kind::kSingle;
      } else if (name == "Sub") {
        out->kind = MerkleProof::Kind::kSub;
      } else if (name == "Top") {
        out->kind = MerkleProof::Kind::kTop;
      } else {
        return dp.Error("unknown proof kind \"" + std::string(name) + "\"");
      }
      JsonPath p = dp.Key(name);
      bool single = out->kind == MerkleProof::Kind::kSingle;
      out->base.clear();
      out->sub.clear();
      out->top.clear();
      uint32_t body_seen = 0;
      RETURN_IF_ERROR(ForEachField(body, p, [&](std::string_view k, value x) {
        if (k == "root") {
          body_seen |= 1;
          return ReadBytes32(x, p.Key("root"), &out->root);
        }
        if (k == "leaf") {
          body_seen |= 2;
          return ReadBytes32(x, p.Key("leaf"), &out->leaf);
        }
        if (k == (single ? "path" : "base_proof")) {
          body_seen |= 4;
          return ReadInclusionPath(x, p.Key(k), &out->base);
        }
        if (!single && k == "sub_proof") {
          body_seen |= 8;
          return ReadInclusionPath(x, p.Key(k), &out->sub);
        }
        if (out->kind == MerkleProof::Kind::kTop && k == "top_proof") {
          body_seen |= 16;
          return ReadInclusionPath(x, p.Key(k), &out->top);
        }
        return Status::Ok();
      }));
      if (out->kind == MerkleProof::Kind::kSingle) {
        return RequireKeys(p, body_seen, {"root", "leaf", "path"});
      }
      if (out->kind == MerkleProof::Kind::kSub) {
        return RequireKeys(p, body_seen, {"root", "leaf", "base_proof", "sub_proof"});
      }
      return RequireKeys(p, body_seen, {"root", "leaf", "base_proof", "sub_proof", "top_proof"});
    }));
    if (variants != 1) return dp.Error("expected exactly one of \"Single\", \"Sub\", \"Top\"");
    return Status::Ok();
  }));
  return RequireKeys(path, seen, {"data"});
}

// ColumnProof = {"column": {"index", "rows", "_h"}, "inclusion_proof"}.
Status ReadColumnProof(value v, const JsonPath& path, ColumnProof* out) {
  uint32_t seen = 0;
  JsonPath cp = path.Key("column");
  RETURN_IF_ERROR(ForEachField(v, path, [&](std::string_view key, value x) {
    if (key == "inclusion_proof") {
      seen |= 2;
      return ReadMerkleProof(x, path.Key("inclusion_proof"), &out->inclusion_proof);
    }
    if (key != "column") return Status::Ok();
    seen |= 1;
    uint32_t column_seen = 0;
    RETURN_IF_ERROR(ForEachField(x, cp, [&](std::string_view k, value y) {
      if (k == "index") {
        column_seen |= 1;
        return ReadU32(y, cp.Key("index"), &out->index);
      }
      if (k == "rows") {
        column_seen |= 2;
        return ReadBytes32Vector(y, cp.Key("rows"), &out->rows);
      }
      return Status::Ok();
    }));
    return RequireKeys(cp, column_seen, {"index", "rows"});
  }));
  return RequireKeys(path, seen, {"column", "inclusion_proof"});
}

// LabelingProof / EncodingProof = {"parents", "layer_index", "node"}.
Status ReadLabelingProof(value v, const JsonPath& path, LabelingProof* out) {
  uint32_t seen = 0;
  RETURN_IF_ERROR(ForEachField(v, path, [&](std::string_view key, value x) {
    if (key == "parents") {
      seen |= 1;
      return ReadBytes32Vector(x, path.Key(key), &out->parents);
    }
    if (key == "layer_index") {
      seen |= 2;
      return ReadU32(x, path.Key(key), &out->layer_index);
    }
    if (key == "node") {
      seen |= 4;
      return ReadU64(x, path.Key(key), &out->node);
    }
    return Status::Ok();
  }));
  return RequireKeys(path, seen, {"parents", "layer_index", "node"});
}

template <size_t N>
Status ReadColumnArray(value v, const JsonPath& path, std::array<ColumnProof, N>* out) {
  size_t count = 0;
  std::string expected = "an array of " + std::to_string(N) + " column proofs";
  RETURN_IF_ERROR(ForEachElement(v, path, expected, [&](size_t i, value c) {
    if (i >= N) return path.Error(expected);
    count = i + 1;
    return ReadColumnProof(c, path.Index(i), &(*out)[i]);
  }));
  if (count != N) return path.Error(expected);
  return Status::Ok();
}

Status ReadVanillaProof(value v, const JsonPath& path, VanillaProof* out) {
  uint32_t seen = 0;
  JsonPath rp = path.Key("replica_column_proofs");
  JsonPath lp = path.Key("labeling_proofs");
  RETURN_IF_ERROR(ForEachField(v, path, [&](std::string_view key, value x) {
    if (key == "comm_d_proofs") {
      seen |= 1;
      return ReadMerkleProof(x, path.Key(key), &out->comm_d_proofs);
    }
    if (key == "comm_r_last_proof") {
      seen |= 2;
      return ReadMerkleProof(x, path.Key(key), &out->comm_r_last_proof);
    }
    if (key == "replica_column_proofs") {
      seen |= 4;
      uint32_t columns_seen = 0;
      RETURN_IF_ERROR(ForEachField(x, rp, [&](std::string_view k, value y) {
        if (k == "c_x") {
          columns_seen |= 1;
          return ReadColumnProof(y, rp.Key(k), &out->c_x);
        }
        if (k == "drg_parents") {
          columns_seen |= 2;
          return ReadColumnArray(y, rp.Key(k), &out->drg_parents);
        }
        if (k == "exp_parents") {
          columns_seen |= 4;
          return ReadColumnArray(y, rp.Key(k), &out->exp_parents);
        }
        return Status::Ok();
      }));
      return RequireKeys(rp, columns_seen, {"c_x", "drg_parents", "exp_parents"});
    }
    if (key == "labeling_proofs") {
      seen |= 8;
      out->labeling_proofs.clear();
      return ForEachElement(x, lp, "an array", [&](size_t i, value l) {
        out->labeling_proofs.emplace_back();
        return ReadLabelingProof(l, lp.Index(i), &out->labeling_proofs.back());
      });
    }
    if (key == "encoding_proof") {
      seen |= 16;
      return ReadLabelingProof(x, path.Key(key), &out->encoding_proof);
    }
    return Status::Ok();
  }));
  return RequireKeys(path, seen,
                     {"comm_d_proofs", "comm_r_last_proof", "replica_column_proofs",
                      "labeling_proofs", "encoding_proof"});
}

// The fields of either form at the top level: the raw C1's, or Curio's wrapper's.
struct TopLevel {
  C1Output c1;
  std::string variant;  // the vanilla_proofs key
  uint32_t raw_seen = 0;
  bool has_phase1 = false, has_sector_num = false, has_sector_size = false;
  std::string phase1;  // decoded Phase1Out
  C1Envelope envelope;
};

Status ReadTopLevel(value root, TopLevel* t) {
  JsonPath top;
  static constexpr const char* kBytesKeys[] = {"comm_r", "comm_d", "replica_id", "seed", "ticket"};
  Bytes32* bytes_fields[] = {&t->c1.comm_r, &t->c1.comm_d, &t->c1.replica_id, &t->c1.seed,
                             &t->c1.ticket};
  return ForEachField(root, top, [&](std::string_view key, value x) -> Status {
    if (key == "registered_proof") {
      t->raw_seen |= 1;
      std::string_view name;
      if (auto e = x.get_string().get(name)) return JsonError(top.Key(key), e, "a string");
      auto rp = SealProofByName(name);
      if (!rp.ok()) return top.Key(key).Error(rp.status().message());
      t->c1.registered_proof = *rp;
      return Status::Ok();
    }
    if (key == "vanilla_proofs") {
      t->raw_seen |= 2;
      JsonPath vp = top.Key("vanilla_proofs");
      size_t variants = 0;
      RETURN_IF_ERROR(ForEachField(x, vp, [&](std::string_view variant, value partitions) {
        if (++variants > 1) return vp.Error("expected an object with exactly one sector-size key");
        t->variant = std::string(variant);
        JsonPath pp = vp.Key(variant);
        auto& parts = t->c1.vanilla_proofs;
        return ForEachElement(partitions, pp, "an array of partitions", [&](size_t k, value part) {
          parts.emplace_back();
          JsonPath kp = pp.Index(k);
          return ForEachElement(part, kp, "an array of challenge proofs", [&](size_t i, value c) {
            parts.back().emplace_back();
            return ReadVanillaProof(c, kp.Index(i), &parts.back().back());
          });
        });
      }));
      if (variants != 1) return vp.Error("expected an object with exactly one sector-size key");
      return Status::Ok();
    }
    for (size_t f = 0; f < std::size(kBytesKeys); ++f) {
      if (key == kBytesKeys[f]) {
        t->raw_seen |= 4u << f;
        return ReadBytes32(x, top.Key(key), bytes_fields[f]);
      }
    }
    if (key == "Phase1Out") {
      t->has_phase1 = true;
      std::string_view b64;
      if (x.get_string().get(b64)) return top.Key(key).Error("expected a base64 string");
      auto decoded = DecodeBase64(b64);
      if (!decoded.ok()) return top.Key(key).Error(decoded.status().message());
      t->phase1 = std::move(decoded).value();
      return Status::Ok();
    }
    if (key == "SectorNum") {
      t->has_sector_num = true;
      if (x.get_int64().get(t->envelope.sector_num)) return top.Key(key).Error("not an integer");
      return Status::Ok();
    }
    if (key == "SectorSize") {
      t->has_sector_size = true;
      if (x.get_uint64().get(t->envelope.sector_size)) {
        return top.Key(key).Error("not a non-negative integer");
      }
      return Status::Ok();
    }
    return Status::Ok();
  });
}

// Returns "an array", "a number" and so on.
const char* JsonTypeName(simdjson::ondemand::json_type type) {
  using simdjson::ondemand::json_type;
  switch (type) {
    case json_type::array:
      return "an array";
    case json_type::object:
      return "an object";
    case json_type::number:
      return "a number";
    case json_type::string:
      return "a string";
    case json_type::boolean:
      return "a boolean";
    case json_type::null:
      return "null";
  }
  return "not a JSON value";
}

Result<C1Output> ParsePaddedC1(const simdjson::padded_string& padded, C1Envelope* envelope,
                               bool inner = false) {
  std::string_view text(padded.data(), padded.size());
  if (text.starts_with("\xEF\xBB\xBF")) {
    return Status::InvalidArgument(
        "C1 must be a JSON object; it starts with a UTF-8 byte-order mark (remove it)");
  }
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document doc;
  if (auto e = parser.iterate(padded).get(doc)) {
    return Status::InvalidArgument(std::string("C1 is not valid JSON: ") +
                                   simdjson::error_message(e));
  }
  // A scalar document would otherwise get simdjson's advice to its programmer.
  simdjson::ondemand::json_type type;
  if (auto e = doc.type().get(type)) {
    return Status::InvalidArgument(std::string("C1 is not valid JSON: ") +
                                   simdjson::error_message(e));
  }
  if (type != simdjson::ondemand::json_type::object) {
    return Status::InvalidArgument(std::string("C1 must be a JSON object; this is ") +
                                   JsonTypeName(type));
  }
  value root;
  if (auto e = doc.get_value().get(root)) return JsonError(JsonPath(), e, "an object");
  TopLevel t;
  RETURN_IF_ERROR(ReadTopLevel(root, &t));
  JsonPath top;
  if (t.has_phase1 && !inner) {
    // Curio's wrapper (docs/filecoin.md §2.5): the C1 JSON bytes as standard padded base64.
    if (!t.has_sector_num) return top.Key("SectorNum").Error("missing");
    if (!t.has_sector_size) return top.Key("SectorSize").Error("missing");
    auto c1 = ParsePaddedC1(simdjson::padded_string(t.phase1), nullptr, /*inner=*/true);
    if (!c1.ok()) return Status::InvalidArgument("Phase1Out: " + c1.status().message());
    if (t.envelope.sector_size != c1->registered_proof.shape.sector_bytes) {
      return Status::InvalidArgument(
          "C1 SectorSize " + std::to_string(t.envelope.sector_size) +
          " does not match registered_proof " + std::string(c1->registered_proof.name) + " (" +
          std::to_string(c1->registered_proof.shape.sector_bytes) + " bytes)");
    }
    t.envelope.wrapped = true;
    if (envelope) *envelope = t.envelope;
    return c1;
  }
  RETURN_IF_ERROR(RequireKeys(
      top, t.raw_seen,
      {"registered_proof", "vanilla_proofs", "comm_r", "comm_d", "replica_id", "seed", "ticket"}));
  std::string expected = VanillaProofsKey(t.c1.registered_proof);
  if (t.variant != expected) {
    return top.Key("vanilla_proofs")
        .Error("key \"" + t.variant + "\" does not match registered_proof " +
               std::string(t.c1.registered_proof.name) + " (expected \"" + expected + "\")");
  }
  RETURN_IF_ERROR(ValidateC1(t.c1));
  if (envelope) *envelope = C1Envelope{};
  return std::move(t.c1);
}

}  // namespace

std::string VanillaProofsKey(const RegisteredSealProof& proof) {
  std::string_view name = proof.name;
  return std::string(name.substr(0, name.find("V1") + 2));
}

Result<ff::Fr> DomainToFr(const Bytes32& bytes, const std::string& what) {
  auto fr = ff::Fr::FromBytesLE(bytes);
  if (!fr.ok()) return Status::InvalidArgument(what + " is not a canonical field element");
  return *fr;
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
