// SPDX-License-Identifier: Apache-2.0 OR MIT
// The bincode 1.x encoding (default options) of the Rust types Filecoin's vanilla proofs are made
// of: integers little-endian and fixed width, a Vec as a u64 length and its elements, an enum as
// a u32 variant index and its fields, a 32-byte domain element as its raw bytes, and
// storage-proofs-core's MerkleProof (merkle/proof.rs ProofData: Single, Sub, Top).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "filecoin/c1.h"

namespace cuzk::filecoin::bincode {

// A bounds-checked reader; errors name the field and the byte offset.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> bytes, std::string what)
      : bytes_(bytes), what_(std::move(what)) {}

  // Returns the error "<what>: <field> at byte N: <why>".
  Status Fail(const std::string& field, const std::string& why) const;
  Result<uint64_t> U64(const std::string& field) { return Uint(field, 8); }
  Result<uint64_t> U32(const std::string& field) { return Uint(field, 4); }
  // Reads a 32-byte domain element.
  Status Domain(const std::string& field, Bytes32* out);
  // Reads a Vec length whose elements take at least `min_element_bytes` each; a length larger
  // than the remaining bytes allow is refused before anything is allocated.
  Result<uint64_t> Length(const std::string& field, uint64_t min_element_bytes);
  // Reads a Vec of domain elements.
  Status Domains(const std::string& field, std::vector<Bytes32>* out);
  // Reads a MerkleProof.
  Status Proof(const std::string& field, MerkleProof* out);
  // Fails unless every byte was read.
  Status ExpectEnd() const;

 private:
  Result<uint64_t> Uint(const std::string& field, size_t width);
  Status Path(const std::string& field, std::vector<PathElement>* out);

  std::span<const uint8_t> bytes_;
  std::string what_;
  size_t pos_ = 0;
};

// Appends bincode encodings to a byte vector.
class Writer {
 public:
  void U64(uint64_t v);
  void U32(uint32_t v);
  void Domain(const Bytes32& d) { out_.insert(out_.end(), d.begin(), d.end()); }
  void Domains(const std::vector<Bytes32>& ds);
  void Proof(const MerkleProof& p);
  std::vector<uint8_t> Take() { return std::move(out_); }

 private:
  void Path(const std::vector<PathElement>& path);
  std::vector<uint8_t> out_;
};

}  // namespace cuzk::filecoin::bincode
