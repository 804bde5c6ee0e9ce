// SPDX-License-Identifier: Apache-2.0 OR MIT
// The C1 output (rust-filecoin-proofs-api SealCommitPhase1Output) that Lotus and Curio hand to
// C2: its in-memory model, a validating JSON reader for the raw form and Curio's wrapper, and a
// writer that emits exactly serde_json's compact encoding (docs/filecoin.md §2).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "ff/fr.h"
#include "filecoin/challenges.h"
#include "filecoin/registered_proof.h"

namespace cuzk::filecoin {

// One level of a Merkle inclusion path: the other arity-1 children and the running node's
// position among its siblings.
struct PathElement {
  std::vector<Bytes32> hashes;
  uint32_t index = 0;
};

// A Merkle inclusion proof (storage-proofs-core merkle/proof.rs ProofData).
struct MerkleProof {
  // Which tree shape the proof is for: base only, base+sub, or base+sub+top.
  enum class Kind { kSingle, kSub, kTop };
  Kind kind = Kind::kSingle;
  Bytes32 root{};
  Bytes32 leaf{};
  std::vector<PathElement> base;  // "path" of a Single proof, "base_proof" otherwise
  std::vector<PathElement> sub;   // empty for kSingle
  std::vector<PathElement> top;   // empty unless kTop

  // Returns every level leaf side first: base, then sub, then top.
  std::vector<const PathElement*> Levels() const;
  // Returns the node index the path proves: sum of index_j * prod_{i<j} arity_i.
  uint64_t NodeIndex() const;
};

// A tree-C column opening: the node's label in every layer and its inclusion proof.
struct ColumnProof {
  uint32_t index = 0;
  std::vector<Bytes32> rows;  // rows[l-1] = label of node `index` in layer l
  MerkleProof inclusion_proof;
};

// The parents a label was hashed from (the circuit recomputes them; kept for round trips).
struct LabelingProof {
  std::vector<Bytes32> parents;
  uint32_t layer_index = 0;
  uint64_t node = 0;
};

// The vanilla proof of one challenge (stacked/vanilla/params.rs Proof).
struct VanillaProof {
  MerkleProof comm_d_proofs;
  MerkleProof comm_r_last_proof;
  ColumnProof c_x;
  std::array<ColumnProof, 6> drg_parents;
  std::array<ColumnProof, 8> exp_parents;
  std::vector<LabelingProof> labeling_proofs;  // index l-1 for layer l
  LabelingProof encoding_proof;
};

// SealCommitPhase1Output.
struct C1Output {
  RegisteredSealProof registered_proof{};
  std::vector<std::vector<VanillaProof>> vanilla_proofs;  // [partition][challenge]
  Bytes32 comm_r{};
  Bytes32 comm_d{};
  Bytes32 replica_id{};
  Bytes32 seed{};
  Bytes32 ticket{};
};

// What Curio's wrapper adds around the C1 bytes (docs/filecoin.md §2.5); zero when the input was
// raw.
struct C1Envelope {
  bool wrapped = false;
  int64_t sector_num = 0;
  uint64_t sector_size = 0;
};

// Returns the field element whose little-endian repr is `bytes` (a Poseidon or truncated SHA
// domain element); an error naming `what` when it is not canonical.
Result<ff::Fr> DomainToFr(const Bytes32& bytes, const std::string& what);

// Returns the key of C1's vanilla_proofs enum: the V1 name of the sector size for every version
// (docs/filecoin.md §2.1), e.g. "StackedDrg32GiBV1" for StackedDrg32GiBV1_1.
std::string VanillaProofsKey(const RegisteredSealProof& proof);

// Returns the form of tree R/C proofs for a sector shape: Single, Sub or Top.
MerkleProof::Kind TreeKind(const SectorShape& shape);

// Parses and validates a C1 in either form: raw SealCommitPhase1Output JSON, or Curio's
// {"SectorNum","Phase1Out"(base64),"SectorSize"} wrapper. Errors name the JSON path at fault,
// e.g. "vanilla_proofs.StackedDrg2KiBV1[0][3].comm_r_last_proof: ...". `envelope` (optional)
// receives the wrapper fields.
Result<C1Output> ParseC1(std::string_view json, C1Envelope* envelope = nullptr);

// Reads and parses the C1 file at `path`.
Result<C1Output> ReadC1File(const std::string& path, C1Envelope* envelope = nullptr);

// Checks a C1 against its registered proof's shape: partitions, challenges, path lengths and
// arities, layers, canonical field elements, and non-zero comm_r / comm_d / seed.
Status ValidateC1(const C1Output& c1);

// Returns the compact JSON serde_json writes for `c1` (keys in declaration order, "_h": null in
// columns).
std::string WriteC1Json(const C1Output& c1);

// Returns Curio's wrapper JSON around the raw C1 JSON bytes `c1_json`.
std::string WrapC1ForCurio(std::string_view c1_json, int64_t sector_num, uint64_t sector_size);

}  // namespace cuzk::filecoin
