// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/post_vanilla.h"

#include <simdjson.h>

#include <cstring>

#include "filecoin/base64.h"

namespace cuzk::filecoin {
namespace {

// A bounds-checked little-endian reader over a bincode buffer.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  Status Fail(const std::string& field, const std::string& why) const {
    return Status::InvalidArgument("vanilla proof: " + field + " at byte " + std::to_string(pos_) +
                                   ": " + why);
  }
  Result<uint64_t> U64(const std::string& field) { return Uint(field, 8); }
  Result<uint64_t> U32(const std::string& field) { return Uint(field, 4); }
  Status Domain(const std::string& field, Bytes32* out) {
    if (bytes_.size() - pos_ < 32) return Fail(field, "truncated (needs 32 bytes)");
    std::memcpy(out->data(), bytes_.data() + pos_, 32);
    pos_ += 32;
    return Status::Ok();
  }
  // Reads a Vec length whose elements take at least `min_element_bytes` each.
  Result<uint64_t> Length(const std::string& field, uint64_t min_element_bytes) {
    auto n = U64(field + " length");
    if (!n.ok()) return n;
    if (*n > (bytes_.size() - pos_) / min_element_bytes) {
      return Fail(field, "length " + std::to_string(*n) + " exceeds the remaining " +
                             std::to_string(bytes_.size() - pos_) + " bytes");
    }
    return n;
  }
  bool AtEnd() const { return pos_ == bytes_.size(); }

 private:
  Result<uint64_t> Uint(const std::string& field, size_t width) {
    if (bytes_.size() - pos_ < width) return Fail(field, "truncated");
    uint64_t v = 0;
    for (size_t i = width; i-- > 0;) v = (v << 8) | bytes_[pos_ + i];
    pos_ += width;
    return v;
  }

  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
};

#define POST_TRY(expr)       \
  do {                       \
    Status _s = (expr);      \
    if (!_s.ok()) return _s; \
  } while (0)

Status ReadPath(Reader& r, const std::string& field, std::vector<PathElement>* out) {
  auto levels = r.Length(field, 16);  // a level is at least its two lengths
  if (!levels.ok()) return levels.status();
  for (uint64_t j = 0; j < *levels; ++j) {
    std::string at = field + "[" + std::to_string(j) + "]";
    PathElement e;
    auto hashes = r.Length(at + ".hashes", 32);
    if (!hashes.ok()) return hashes.status();
    e.hashes.resize(*hashes);
    for (Bytes32& h : e.hashes) POST_TRY(r.Domain(at + ".hashes", &h));
    auto index = r.U64(at + ".index");
    if (!index.ok()) return index.status();
    if (*index > *hashes) return r.Fail(at + ".index", "position beyond the level's arity");
    e.index = static_cast<uint32_t>(*index);
    out->push_back(std::move(e));
  }
  return Status::Ok();
}

Status ReadMerkleProof(Reader& r, const std::string& field, MerkleProof* p) {
  auto variant = r.U32(field + " variant");
  if (!variant.ok()) return variant.status();
  if (*variant > 2) return r.Fail(field, "unknown ProofData variant " + std::to_string(*variant));
  p->kind = static_cast<MerkleProof::Kind>(*variant);
  if (p->kind == MerkleProof::Kind::kSingle) {
    POST_TRY(r.Domain(field + ".root", &p->root));
    POST_TRY(r.Domain(field + ".leaf", &p->leaf));
    return ReadPath(r, field + ".path", &p->base);
  }
  POST_TRY(ReadPath(r, field + ".base_proof", &p->base));
  POST_TRY(ReadPath(r, field + ".sub_proof", &p->sub));
  if (p->kind == MerkleProof::Kind::kTop) POST_TRY(ReadPath(r, field + ".top_proof", &p->top));
  POST_TRY(r.Domain(field + ".root", &p->root));
  return r.Domain(field + ".leaf", &p->leaf);
}

void PutU64(std::vector<uint8_t>& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void PutDomain(std::vector<uint8_t>& out, const Bytes32& d) {
  out.insert(out.end(), d.begin(), d.end());
}
void PutPath(std::vector<uint8_t>& out, const std::vector<PathElement>& path) {
  PutU64(out, path.size());
  for (const PathElement& e : path) {
    PutU64(out, e.hashes.size());
    for (const Bytes32& h : e.hashes) PutDomain(out, h);
    PutU64(out, e.index);
  }
}

}  // namespace

Result<FallbackPoStSectorProof> ParseFallbackPoStSectorProof(std::span<const uint8_t> bytes) {
  Reader r(bytes);
  FallbackPoStSectorProof out;
  auto id = r.U64("sector_id");
  if (!id.ok()) return id.status();
  out.sector_id = *id;
  POST_TRY(r.Domain("comm_r", &out.comm_r));
  // A sector proof is at least a length and two domains; a Merkle proof at least 4 + 64 + 8.
  auto sectors = r.Length("vanilla_proof.sectors", 72);
  if (!sectors.ok()) return sectors.status();
  out.sectors.resize(*sectors);
  for (uint64_t s = 0; s < *sectors; ++s) {
    std::string at = "vanilla_proof.sectors[" + std::to_string(s) + "]";
    PoStSectorProof& sp = out.sectors[s];
    auto proofs = r.Length(at + ".inclusion_proofs", 76);
    if (!proofs.ok()) return proofs.status();
    sp.inclusion_proofs.resize(*proofs);
    for (uint64_t i = 0; i < *proofs; ++i) {
      POST_TRY(ReadMerkleProof(r, at + ".inclusion_proofs[" + std::to_string(i) + "]",
                               &sp.inclusion_proofs[i]));
    }
    POST_TRY(r.Domain(at + ".comm_c", &sp.comm_c));
    POST_TRY(r.Domain(at + ".comm_r_last", &sp.comm_r_last));
  }
  if (!r.AtEnd()) return r.Fail("end", "trailing bytes after the proof");
  return out;
}

std::vector<uint8_t> WriteFallbackPoStSectorProof(const FallbackPoStSectorProof& proof) {
  std::vector<uint8_t> out;
  PutU64(out, proof.sector_id);
  PutDomain(out, proof.comm_r);
  PutU64(out, proof.sectors.size());
  for (const PoStSectorProof& sp : proof.sectors) {
    PutU64(out, sp.inclusion_proofs.size());
    for (const MerkleProof& p : sp.inclusion_proofs) {
      uint32_t variant = static_cast<uint32_t>(p.kind);
      for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(variant >> (8 * i)));
      if (p.kind == MerkleProof::Kind::kSingle) {
        PutDomain(out, p.root);
        PutDomain(out, p.leaf);
        PutPath(out, p.base);
        continue;
      }
      PutPath(out, p.base);
      PutPath(out, p.sub);
      if (p.kind == MerkleProof::Kind::kTop) PutPath(out, p.top);
      PutDomain(out, p.root);
      PutDomain(out, p.leaf);
    }
    PutDomain(out, sp.comm_c);
    PutDomain(out, sp.comm_r_last);
  }
  return out;
}

Result<std::vector<std::string>> ParseVanillaProofList(std::string_view json) {
  simdjson::padded_string padded(json);
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document doc;
  simdjson::ondemand::array array;
  if (parser.iterate(padded).get(doc) || doc.get_array().get(array)) {
    return Status::InvalidArgument("vanilla proofs: expected a JSON array of base64 strings");
  }
  std::vector<std::string> out;
  for (auto element : array) {
    std::string_view text;
    if (element.get_string().get(text)) {
      return Status::InvalidArgument("vanilla proofs[" + std::to_string(out.size()) +
                                     "]: expected a base64 string");
    }
    auto bytes = DecodeBase64(text);
    if (!bytes.ok()) {
      return Status::InvalidArgument("vanilla proofs[" + std::to_string(out.size()) +
                                     "]: " + bytes.status().message());
    }
    out.push_back(std::move(bytes).value());
  }
  if (out.empty()) return Status::InvalidArgument("vanilla proofs: the array is empty");
  return out;
}

std::string WriteVanillaProofList(const std::vector<std::string>& proofs) {
  std::string out = "[";
  for (size_t i = 0; i < proofs.size(); ++i) {
    if (i) out += ",";
    out.append("\"").append(EncodeBase64(proofs[i])).append("\"");
  }
  return out + "]\n";
}

}  // namespace cuzk::filecoin
