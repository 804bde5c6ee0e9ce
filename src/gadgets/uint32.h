// SPDX-License-Identifier: Apache-2.0 OR MIT
// 32-bit words as 32 Booleans, LSB first (bellperson gadgets/uint32.rs), and MultiEq, which packs
// many equalities into few constraints (gadgets/multieq.rs). docs/filecoin.md §4.2.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <vector>

#include "gadgets/boolean.h"

namespace cuzk::gadgets {

// Accumulates equalities lhs = rhs of known bit widths and enforces them together, one
// constraint per 253 bits: [lhs] * [ONE] = [rhs]. Flush() must be called at the end (bellperson
// does it when the MultiEq is dropped, at the end of each compression).
class MultiEq {
 public:
  // Takes its two accumulators from a per-thread pool (they keep their capacity between
  // compressions, so steady-state synthesis does not allocate).
  explicit MultiEq(ConstraintSystem& cs);
  // Returns the accumulators to the pool; call Flush() first.
  ~MultiEq();
  MultiEq(const MultiEq&) = delete;
  MultiEq& operator=(const MultiEq&) = delete;
  // Adds the equality of two num_bits-bit combinations; flushes first if it would reach 254 bits.
  void EnforceEqual(size_t num_bits, const LinearCombination& lhs, const LinearCombination& rhs);
  // EnforceEqual in place, for callers that can write their terms directly: flushes first if
  // num_bits would reach 254 bits, reserves num_bits and returns 2^(bits used before), the
  // weight the caller gives its terms in lhs() and rhs(). Same constraints, no temporaries.
  Fr BeginEquality(size_t num_bits);
  // The accumulated left and right sides (for BeginEquality's caller).
  LinearCombination& lhs() { return *lhs_; }
  LinearCombination& rhs() { return *rhs_; }
  // Enforces what has accumulated, if anything.
  void Flush();

 private:
  ConstraintSystem& cs_;
  std::unique_ptr<LinearCombination> lhs_, rhs_;
  size_t bits_used_ = 0;
};

// A 32-bit word of Booleans.
class UInt32 {
 public:
  // The constant 0.
  UInt32() = default;
  // Returns the constant `value` (no variables).
  static UInt32 Constant(uint32_t value);
  // Builds a word from 32 bits given most significant first.
  static UInt32 FromBitsBe(std::span<const Boolean> bits);
  // Returns the bits most significant first.
  std::vector<Boolean> IntoBitsBe() const;
  // Returns the value.
  uint32_t value() const { return value_; }
  const std::array<Boolean, 32>& bits() const { return bits_; }

  // Rotates right by n (free).
  UInt32 Rotr(size_t n) const;
  // Shifts right by n, filling with constant zeros (free).
  UInt32 Shr(size_t n) const;
  // Bitwise xor (bit 0 first).
  UInt32 Xor(ConstraintSystem& cs, const UInt32& other) const;
  // Bitwise SHA-256 ch and maj.
  static UInt32 Sha256Ch(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c);
  static UInt32 Sha256Maj(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c);
  // Sum of 2..10 words mod 2^32: allocates bitlen(n (2^32 - 1)) result bits and one MultiEq
  // equality; a sum of constants is a constant.
  static UInt32 AddMany(ConstraintSystem& cs, MultiEq& eq, std::span<const UInt32> operands);

 private:
  void RecomputeValue();
  // Applies a three-input Boolean operation bit by bit, bit 0 first.
  static UInt32 Bitwise3(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c,
                         Boolean (*op)(ConstraintSystem&, const Boolean&, const Boolean&,
                                       const Boolean&));

  std::array<Boolean, 32> bits_;
  uint32_t value_ = 0;
};

}  // namespace cuzk::gadgets
