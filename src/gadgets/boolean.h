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
    return kind_ == Kind::kConstant ? constant_ : ((value_ != 0) != (kind_ == Kind::kNot));
  }
  // Returns true iff the bit is a constant.
  bool is_constant() const { return kind_ == Kind::kConstant; }
  Kind kind() const { return kind_; }
  // Returns the allocated bit (unset for a constant).
  AllocatedBit bit() const { return {{var_kind_, index_}, value_}; }

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
      : index_(bit.var.index),
        var_kind_(bit.var.kind),
        kind_(kind),
        value_(static_cast<uint8_t>(bit.value)),
        constant_(constant) {}
  bool IsConst(bool v) const { return kind_ == Kind::kConstant && constant_ == v; }

  // The allocated bit's fields and the view, in one 8-byte word without a gap: a Boolean is
  // returned in one register and copied as one word. As an AllocatedBit member beside kind_ and
  // constant_ it took 16-20 bytes, which GCC assembled and copied with stores and loads of other
  // sizes: a store-forwarding stall per bit (perf: most samples of Boolean::Xor and
  // UInt32::Xor).
  uint32_t index_;
  Variable::Kind var_kind_;
  Kind kind_;
  uint8_t value_;  // the allocated bit's value, 0 or 1
  bool constant_;
};
static_assert(sizeof(Boolean) == 8);

}  // namespace cuzk::gadgets
