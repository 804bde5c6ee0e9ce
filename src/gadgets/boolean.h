// SPDX-License-Identifier: Apache-2.0 OR MIT
// Bits in a constraint system (bellpepper-core boolean.rs; docs/filecoin.md §4.2):
// AllocatedBit is a variable constrained to 0 or 1; Boolean is a view of one (as is, negated)
// or a constant. Boolean operations fold constants and negations exactly as bellpepper does,
// because that decides how many constraints a circuit has.
#pragma once

#include "gadgets/num.h"

namespace cuzk::gadgets {

// A variable holding 0 or 1.
struct AllocatedBit {
  Variable var;
  // The bit (0 or 1). A word, not a bool: an AllocatedBit returned by value then leaves in two
  // registers without a byte stored and a word loaded back (a store-forwarding stall per bit).
  uint32_t value = 0;

  // Allocates b with [ONE - b] * [b] = [0].
  static AllocatedBit Alloc(ConstraintSystem& cs, bool value);
  // Allocates b that must be 0 when `must_be_false` is 1: [ONE - must_be_false - b] * [b] = [0]
  // (bellpepper alloc_conditionally).
  static AllocatedBit AllocConditionally(ConstraintSystem& cs, bool value,
                                         const AllocatedBit& must_be_false);
  // c = a xor b: [2a] * [b] = [a + b - c].
  static AllocatedBit Xor(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);
  // c = a and b: [a] * [b] = [c].
  static AllocatedBit And(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);
  // c = a and not b: [a] * [ONE - b] = [c].
  static AllocatedBit AndNot(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);
  // c = not a and not b: [ONE - a] * [ONE - b] = [c].
  static AllocatedBit Nor(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);
};

// An allocated bit, its negation, or a constant.
class Boolean {
 public:
  enum class Kind : uint8_t { kIs, kNot, kConstant };

  // The constant false.
  Boolean() : Boolean(Kind::kConstant, {}, false) {}

  // Returns the constant `value`.
  static Boolean Constant(bool value) { return Boolean(Kind::kConstant, {}, value); }
  // Returns a view of `bit` as is.
  static Boolean Is(const AllocatedBit& bit) { return Boolean(Kind::kIs, bit, false); }
  // Allocates a fresh bit (with its booleanity constraint) and returns it.
  static Boolean Alloc(ConstraintSystem& cs, bool value) {
    return Is(AllocatedBit::Alloc(cs, value));
  }

  // Returns the negation (free: only the view changes).
  Boolean Not() const;
  // Returns the bit's value.
  bool value() const {
    return kind_ == Kind::kConstant ? constant_ : (bit_.value != (kind_ == Kind::kNot));
  }
  // Returns true iff the bit is a constant.
  bool is_constant() const { return kind_ == Kind::kConstant; }
  Kind kind() const { return kind_; }
  const AllocatedBit& bit() const { return bit_; }

  // Adds coeff * this to `lc`: Is(v) -> coeff v, Not(v) -> coeff ONE - coeff v, true -> coeff ONE,
  // false -> nothing.
  void AddTo(LinearCombination& lc, const Fr& coeff) const;
  // Returns the combination 1 * this.
  LinearCombination Lc() const;

  // a xor b with bellpepper's folding.
  static Boolean Xor(ConstraintSystem& cs, const Boolean& a, const Boolean& b);
  // a and b with bellpepper's folding.
  static Boolean And(ConstraintSystem& cs, const Boolean& a, const Boolean& b);
  // SHA-256 ch(a, b, c) = (a and b) xor (not a and c): one constraint in general.
  static Boolean Sha256Ch(ConstraintSystem& cs, const Boolean& a, const Boolean& b,
                          const Boolean& c);
  // SHA-256 maj(a, b, c): two constraints in general.
  static Boolean Sha256Maj(ConstraintSystem& cs, const Boolean& a, const Boolean& b,
                           const Boolean& c);

 private:
  Boolean(Kind kind, AllocatedBit bit, bool constant)
      : bit_(bit), kind_(kind), constant_(constant) {}
  bool IsConst(bool v) const { return kind_ == Kind::kConstant && constant_ == v; }

  // In this order, with the two last bytes named, the whole is 16 bytes without a gap: returned
  // in two registers and stored as two words. With kind_ first it took 20 bytes, returned
  // through memory; with a gap at the end, GCC copied it out with overlapping loads. Either way
  // a store-forwarding stall per bit (perf: most of UInt32::Xor's samples).
  AllocatedBit bit_;
  Kind kind_;
  bool constant_;
  uint16_t unused_ = 0;
};
static_assert(sizeof(Boolean) == 16);

}  // namespace cuzk::gadgets
