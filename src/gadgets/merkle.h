// SPDX-License-Identifier: Apache-2.0 OR MIT
// Merkle inclusion as Filecoin's PoR circuit lays it down (storage-proofs-core gadgets/por.rs,
// private mode; docs/filecoin.md §4.4-4.5), for Poseidon trees of any arity mix (base,
// sub, top levels) and the SHA-256 binary tree D.
#pragma once

#include <span>
#include <vector>

#include "base/status.h"
#include "gadgets/boolean.h"

namespace cuzk::gadgets {

// Which hash combines the children of a node.
enum class TreeHash { kPoseidon, kSha256 };

// One level of a path, leaf side first: the node's position among its arity siblings and the
// siblings' values in order (arity = siblings.size() + 1).
struct MerkleLevel {
  uint32_t position = 0;
  std::vector<Fr> siblings;
};

// SHA-256 node of tree D (filecoin-hashers hash_multi_leaf_circuit, arity 2): each child as 256
// bits of its little-endian repr in message order, SHA-256 over both, digest truncated to 254
// bits and packed: SHA256(left_repr || right_repr) with byte 31 &= 0x3f.
Result<AllocatedNum> Sha256NodeGadget(ConstraintSystem& cs, const AllocatedNum& left,
                                      const AllocatedNum& right);
// The same for any number of children (SHA-256 trees of arity 4 and 8): SHA256 of the
// concatenated reprs, truncated to 254 bits.
Result<AllocatedNum> Sha256MultiNodeGadget(ConstraintSystem& cs,
                                           std::span<const AllocatedNum> children);

// Proves that `leaf` sits under `root` along `levels`: per level, log2(arity) allocated index
// bits, arity - 1 allocated siblings, insertion and the hash; then the index bits of all levels
// packed into one public input, and computed root = root. Returns an error for an arity that is
// not a power of two.
Status MerkleInclusionGadget(ConstraintSystem& cs, TreeHash hash, const AllocatedNum& leaf,
                             std::span<const MerkleLevel> levels, const AllocatedNum& root);

// por_no_challenge_input (storage-proofs-update gadgets.rs): proves that `leaf` sits under
// `root` with the index bits given (least significant first, log2(arity) per level, all used)
// and the siblings already allocated, level by level leaf side first; no public input; the root
// compared with [computed] * [ONE] = [root].
Status MerkleInclusionWithBits(ConstraintSystem& cs, TreeHash hash, const AllocatedNum& leaf,
                               std::span<const Boolean> bits,
                               std::span<const std::vector<AllocatedNum>> siblings,
                               const AllocatedNum& root);

}  // namespace cuzk::gadgets
