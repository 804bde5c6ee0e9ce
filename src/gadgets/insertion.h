// SPDX-License-Identifier: Apache-2.0 OR MIT
// Insertion of the current node among its siblings at the position given by index bits
// (storage-proofs-core gadgets/insertion.rs), with the exact pick sequences of docs/filecoin.md
// §4.2.
#pragma once

#include <span>
#include <vector>

#include "base/status.h"
#include "gadgets/boolean.h"

namespace cuzk::gadgets {

// Returns the arity-vector with `cur` at position sum 2^j bits_j (bits least significant first,
// each an allocated Boolean) and `siblings` (arity - 1 of them) in order around it. Arity 2, 4
// and 8 use the hand-written forms (2, 8 and 22 constraints); other powers of two (16) the
// general one, a Select per position (arity * (arity - 1) constraints).
Result<std::vector<AllocatedNum>> Insert(ConstraintSystem& cs, const AllocatedNum& cur,
                                         std::span<const Boolean> bits,
                                         std::span<const AllocatedNum> siblings);

// Returns elements[sum 2^j bits_j] with a binary tree of picks: size - 1 constraints (size a
// power of two, bits least significant first), in insertion.rs' order: the most significant bit
// first, element j against element j + size/2.
Result<AllocatedNum> Select(ConstraintSystem& cs, std::span<const AllocatedNum> elements,
                            std::span<const Boolean> bits);

}  // namespace cuzk::gadgets
