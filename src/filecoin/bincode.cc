// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/bincode.h"

#include <cstring>

namespace cuzk::filecoin::bincode {

Status Reader::Fail(const std::string& field, const std::string& why) const {
  return Status::InvalidArgument(what_ + ": " + field + " at byte " + std::to_string(pos_) + ": " +
                                 why);
}

Result<uint64_t> Reader::Uint(const std::string& field, size_t width) {
  if (bytes_.size() - pos_ < width) return Fail(field, "truncated");
  uint64_t v = 0;
  for (size_t i = width; i-- > 0;) v = (v << 8) | bytes_[pos_ + i];
  pos_ += width;
  return v;
}

Status Reader::Domain(const std::string& field, Bytes32* out) {
  if (bytes_.size() - pos_ < 32) return Fail(field, "truncated (needs 32 bytes)");
  std::memcpy(out->data(), bytes_.data() + pos_, 32);
  pos_ += 32;
  return Status::Ok();
}

Result<uint64_t> Reader::Length(const std::string& field, uint64_t min_element_bytes) {
  auto n = U64(field + " length");
  RETURN_IF_ERROR(n);
  if (*n > (bytes_.size() - pos_) / min_element_bytes) {
    return Fail(field, "length " + std::to_string(*n) + " exceeds the remaining " +
                           std::to_string(bytes_.size() - pos_) + " bytes");
  }
  return n;
}

Status Reader::Domains(const std::string& field, std::vector<Bytes32>* out) {
  auto n = Length(field, 32);
  RETURN_IF_ERROR(n);
  out->resize(*n);
  for (Bytes32& d : *out) {
    RETURN_IF_ERROR(Domain(field, &d));
  }
  return Status::Ok();
}

Status Reader::Path(const std::string& field, std::vector<PathElement>* out) {
  auto levels = Length(field, 16);  // a level is at least its two lengths
  RETURN_IF_ERROR(levels);
  for (uint64_t j = 0; j < *levels; ++j) {
    std::string at = field + "[" + std::to_string(j) + "]";
    PathElement e;
    RETURN_IF_ERROR(Domains(at + ".hashes", &e.hashes));
    auto index = U64(at + ".index");
    RETURN_IF_ERROR(index);
    if (*index > e.hashes.size()) return Fail(at + ".index", "position beyond the level's arity");
    e.index = static_cast<uint32_t>(*index);
    out->push_back(std::move(e));
  }
  return Status::Ok();
}

Status Reader::Proof(const std::string& field, MerkleProof* p) {
  auto variant = U32(field + " variant");
  RETURN_IF_ERROR(variant);
  if (*variant > 2) return Fail(field, "unknown ProofData variant " + std::to_string(*variant));
  p->kind = static_cast<MerkleProof::Kind>(*variant);
  Status s;
  if (p->kind == MerkleProof::Kind::kSingle) {
    if (s = Domain(field + ".root", &p->root); !s.ok()) return s;
    if (s = Domain(field + ".leaf", &p->leaf); !s.ok()) return s;
    return Path(field + ".path", &p->base);
  }
  if (s = Path(field + ".base_proof", &p->base); !s.ok()) return s;
  if (s = Path(field + ".sub_proof", &p->sub); !s.ok()) return s;
  if (p->kind == MerkleProof::Kind::kTop) {
    if (s = Path(field + ".top_proof", &p->top); !s.ok()) return s;
  }
  if (s = Domain(field + ".root", &p->root); !s.ok()) return s;
  return Domain(field + ".leaf", &p->leaf);
}

Status Reader::ExpectEnd() const {
  return pos_ == bytes_.size() ? Status::Ok() : Fail("end", "trailing bytes after the proof");
}

void Writer::U64(uint64_t v) {
  for (int i = 0; i < 8; ++i) out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

void Writer::U32(uint32_t v) {
  for (int i = 0; i < 4; ++i) out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

void Writer::Domains(const std::vector<Bytes32>& ds) {
  U64(ds.size());
  for (const Bytes32& d : ds) Domain(d);
}

void Writer::Path(const std::vector<PathElement>& path) {
  U64(path.size());
  for (const PathElement& e : path) {
    Domains(e.hashes);
    U64(e.index);
  }
}

void Writer::Proof(const MerkleProof& p) {
  U32(static_cast<uint32_t>(p.kind));
  if (p.kind == MerkleProof::Kind::kSingle) {
    Domain(p.root);
    Domain(p.leaf);
    Path(p.base);
    return;
  }
  Path(p.base);
  Path(p.sub);
  if (p.kind == MerkleProof::Kind::kTop) Path(p.top);
  Domain(p.root);
  Domain(p.leaf);
}

}  // namespace cuzk::filecoin::bincode
