// SPDX-License-Identifier: Apache-2.0 OR MIT
// AllocatedNum: a field element held in one variable together with its value (bellpepper num.rs).
#pragma once

#include <span>
#include <vector>

#include "r1cs/constraint_system.h"

namespace cuzk::gadgets {

using ff::Fr;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Variable;

// A variable and the value assigned to it.
struct AllocatedNum {
  Variable var;
  Fr value;

  // Allocates a private variable holding `value`.
  static AllocatedNum Alloc(ConstraintSystem& cs, const Fr& value) {
    return {cs.Alloc(value), value};
  }
  // Allocates a public input holding `value`.
  static AllocatedNum AllocInput(ConstraintSystem& cs, const Fr& value) {
    return {cs.AllocInput(value), value};
  }
};

class Boolean;

// Returns 255 allocated bits of x, least significant first, with one unpacking constraint
// [0] * [0] = [sum 2^i b_i - x] (bellpepper's non-strict to_bits_le: no range check).
std::vector<Boolean> ToBitsLe(ConstraintSystem& cs, const AllocatedNum& x);
// Returns 255 allocated bits of x, least significant first, range-checked against r - 1
// (bellpepper to_bits_le_strict): walking r - 1 from its top bit, bits inside runs of ones are
// plain bits AND-ed into a running "so far equal" flag at the end of each run, bits inside runs
// of zeros must be 0 while the flag is set (alloc_conditionally), then one unpacking constraint
// [0] * [0] = [sum 2^i b_i - x].
std::vector<Boolean> ToBitsLeStrict(ConstraintSystem& cs, const AllocatedNum& x);
namespace internal {
// ToBitsLeStrict with the bits (and the AND flags derived from them) taken from `bits` instead of
// x's value: lets tests play a prover who claims a congruent representation such as x + r.
std::vector<Boolean> ToBitsLeStrictClaiming(ConstraintSystem& cs, const AllocatedNum& x,
                                            const ff::Limbs<4>& bits);
}  // namespace internal
// Exposes x as a public input u with [u] * [ONE] = [x].
AllocatedNum Inputize(ConstraintSystem& cs, const AllocatedNum& x);
// Returns cond ? a : b as a new variable c with [b - a] * [cond] = [b - c].
AllocatedNum Pick(ConstraintSystem& cs, const Boolean& cond, const AllocatedNum& a,
                  const AllocatedNum& b);
// Returns (a, b) if not cond, else (b, a): two allocations, [a - b] * [cond] = [a - c] and
// [b - a] * [cond] = [b - d] (bellpepper conditionally_reverse).
std::pair<AllocatedNum, AllocatedNum> ConditionallyReverse(ConstraintSystem& cs,
                                                           const AllocatedNum& a,
                                                           const AllocatedNum& b,
                                                           const Boolean& cond);
// Enforces a = b with [a] * [ONE] = [b].
void EnforceEqual(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b);
// Packs at most 254 bits (least significant first) into one variable: [sum 2^i bit_i] * [ONE] =
// [n].
AllocatedNum PackBits(ConstraintSystem& cs, std::span<const Boolean> bits);
// Packs bits into public inputs, one per 254-bit chunk: [sum 2^i bit_i] * [ONE] = [u].
void PackIntoInputs(ConstraintSystem& cs, std::span<const Boolean> bits);
// Pads with constant zeros to a whole number of bytes, then reverses the bits inside each byte
// (storage-proofs-core reverse_bit_numbering).
std::vector<Boolean> ReverseBitNumbering(std::vector<Boolean> bits);

}  // namespace cuzk::gadgets
