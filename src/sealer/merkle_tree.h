// SPDX-License-Identifier: Apache-2.0 OR MIT
// The sealer's Merkle trees, kept whole in memory, and their inclusion proofs in C1's form:
// tree D (SHA-256, binary, 254-bit nodes; filecoin-hashers sha256.rs) and trees C and R_last
// (Poseidon, arity 8 base levels with optional sub and top levels; merkletree crate's
// MerkleTree / SubTree / TopTree, whose roots equal one tree with per-level arities).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ff/fr.h"
#include "filecoin/c1.h"

namespace cuzk::sealer {

using ff::Fr;
using filecoin::Bytes32;

// Returns SHA256(left || right) with byte 31 &= 0x3f: one tree-D node.
Bytes32 Sha256Node(const Bytes32& left, const Bytes32& right);

// A binary SHA-256 tree over 32-byte leaves (a power of two of them).
class Sha256Tree {
 public:
  // Builds every level above `leaves` (level 0); `threads` 0 means all.
  static Result<Sha256Tree> Build(std::vector<Bytes32> leaves, size_t threads = 0);

  const Bytes32& Root() const { return levels_.back()[0]; }
  // Returns the nodes of level `level` (0 = the leaves).
  const std::vector<Bytes32>& Level(size_t level) const { return levels_[level]; }
  // Returns the C1 "Single" proof of leaf `index`.
  filecoin::MerkleProof Proof(uint64_t index) const;

 private:
  std::vector<std::vector<Bytes32>> levels_;
};

// A Poseidon tree whose level j (leaf side first) has arity arities[j].
class PoseidonTree {
 public:
  // Builds the tree; the product of the arities must equal leaves.size().
  static Result<PoseidonTree> Build(std::vector<Fr> leaves, std::vector<uint32_t> arities,
                                    size_t threads = 0);

  const Fr& Root() const { return levels_.back()[0]; }
  const Fr& Leaf(uint64_t index) const { return levels_[0][index]; }
  // Returns the nodes of level `level` (0 = the leaves).
  const std::vector<Fr>& Level(size_t level) const { return levels_[level]; }
  // Returns the C1 proof of leaf `index` in the form `kind`: Single, Sub (the last level is the
  // sub level) or Top (the last two levels are sub and top).
  filecoin::MerkleProof Proof(uint64_t index, filecoin::MerkleProof::Kind kind) const;

 private:
  std::vector<uint32_t> arities_;
  std::vector<std::vector<Fr>> levels_;
};

// Returns a field element's 32-byte little-endian repr.
Bytes32 FrBytes(const Fr& x);

}  // namespace cuzk::sealer
