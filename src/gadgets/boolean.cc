// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "gadgets/boolean.h"

namespace cuzk::gadgets {
namespace {

LinearCombination One() { return LinearCombination::Of(Variable::One()); }
LinearCombination OneMinus(Variable v) {
  LinearCombination lc = One();
  lc.Sub(v);
  return lc;
}

// The bit gadgets' constraints, built only for systems that read them. Out of line: inlined,
// their combinations gave every gadget a kilobyte frame to set up even on the values-only path.
[[gnu::noinline]] void EnforceBit(ConstraintSystem& cs, Variable v) {
  cs.Enforce(OneMinus(v), LinearCombination::Of(v), LinearCombination());
}
[[gnu::noinline]] void EnforceBitUnless(ConstraintSystem& cs, Variable v, Variable must_be_false) {
  LinearCombination a = OneMinus(must_be_false);
  a.Sub(v);
  cs.Enforce(a, LinearCombination::Of(v), LinearCombination());
}
[[gnu::noinline]] void EnforceXor(ConstraintSystem& cs, Variable a, Variable b, Variable c) {
  LinearCombination two_a;
  two_a.AddTerm(a, Fr::Two());
  LinearCombination rhs = LinearCombination::Of(a);
  rhs.Add(b).Sub(c);
  cs.Enforce(two_a, LinearCombination::Of(b), rhs);
}
[[gnu::noinline]] void EnforceAnd(ConstraintSystem& cs, Variable a, Variable b, Variable c) {
  cs.Enforce(LinearCombination::Of(a), LinearCombination::Of(b), LinearCombination::Of(c));
}
[[gnu::noinline]] void EnforceAndNot(ConstraintSystem& cs, Variable a, Variable b, Variable c) {
  cs.Enforce(LinearCombination::Of(a), OneMinus(b), LinearCombination::Of(c));
}
[[gnu::noinline]] void EnforceNor(ConstraintSystem& cs, Variable a, Variable b, Variable c) {
  cs.Enforce(OneMinus(a), OneMinus(b), LinearCombination::Of(c));
}

}  // namespace

AllocatedBit AllocatedBit::Alloc(ConstraintSystem& cs, bool value) {
  Variable v = cs.AllocBit(value);
  cs.WantsCombinations() ? EnforceBit(cs, v) : cs.EnforceUnread();
  return {v, value};
}

AllocatedBit AllocatedBit::AllocConditionally(ConstraintSystem& cs, bool value,
                                              const AllocatedBit& must_be_false) {
  Variable v = cs.AllocBit(value);
  cs.WantsCombinations() ? EnforceBitUnless(cs, v, must_be_false.var) : cs.EnforceUnread();
  return {v, value};
}

AllocatedBit AllocatedBit::Xor(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  bool value = a.value != b.value;
  Variable c = cs.AllocBit(value);
  cs.WantsCombinations() ? EnforceXor(cs, a.var, b.var, c) : cs.EnforceUnread();
  return {c, value};
}

AllocatedBit AllocatedBit::And(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  bool value = a.value && b.value;
  Variable c = cs.AllocBit(value);
  cs.WantsCombinations() ? EnforceAnd(cs, a.var, b.var, c) : cs.EnforceUnread();
  return {c, value};
}

AllocatedBit AllocatedBit::AndNot(ConstraintSystem& cs, const AllocatedBit& a,
                                  const AllocatedBit& b) {
  bool value = a.value && !b.value;
  Variable c = cs.AllocBit(value);
  cs.WantsCombinations() ? EnforceAndNot(cs, a.var, b.var, c) : cs.EnforceUnread();
  return {c, value};
}

AllocatedBit AllocatedBit::Nor(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  bool value = !a.value && !b.value;
  Variable c = cs.AllocBit(value);
  cs.WantsCombinations() ? EnforceNor(cs, a.var, b.var, c) : cs.EnforceUnread();
  return {c, value};
}

Boolean Boolean::Not() const {
  switch (kind_) {
    case Kind::kIs:
      return Boolean(Kind::kNot, bit(), false);
    case Kind::kNot:
      return Boolean(Kind::kIs, bit(), false);
    case Kind::kConstant:
      return Constant(!constant_);
  }
  return *this;
}

void Boolean::AddTo(LinearCombination& lc, const Fr& coeff) const {
  switch (kind_) {
    case Kind::kIs:
      lc.AddTerm(Variable{var_kind_, index_}, coeff);
      break;
    case Kind::kNot:
      lc.AddTerm(Variable::One(), coeff);
      lc.AddTerm(Variable{var_kind_, index_}, -coeff);
      break;
    case Kind::kConstant:
      if (constant_) lc.AddTerm(Variable::One(), coeff);
      break;
  }
}

LinearCombination Boolean::Lc() const {
  LinearCombination lc;
  AddTo(lc, Fr::One());
  return lc;
}

Boolean Boolean::Xor(ConstraintSystem& cs, const Boolean& a, const Boolean& b) {
  if (a.IsConst(false)) return b;
  if (b.IsConst(false)) return a;
  if (a.IsConst(true)) return b.Not();
  if (b.IsConst(true)) return a.Not();
  // bellpepper boolean.rs: (Is, Not) and (Not, Is) both become xor(is, not.not()).not(), so the
  // Is operand's bit comes first ([2 is] * [not] = ...); (Is, Is) and (Not, Not) keep a's first.
  if (a.kind_ == Kind::kNot && b.kind_ == Kind::kIs) {
    return Is(AllocatedBit::Xor(cs, b.bit(), a.bit())).Not();
  }
  Boolean x = Is(AllocatedBit::Xor(cs, a.bit(), b.bit()));
  return a.kind_ == b.kind_ ? x : x.Not();  // (Is, Not): the xor is negated
}

Boolean Boolean::And(ConstraintSystem& cs, const Boolean& a, const Boolean& b) {
  if (a.IsConst(false) || b.IsConst(false)) return Constant(false);
  if (a.IsConst(true)) return b;
  if (b.IsConst(true)) return a;
  if (a.kind_ == Kind::kIs && b.kind_ == Kind::kNot)
    return Is(AllocatedBit::AndNot(cs, a.bit(), b.bit()));
  if (a.kind_ == Kind::kNot && b.kind_ == Kind::kIs)
    return Is(AllocatedBit::AndNot(cs, b.bit(), a.bit()));
  if (a.kind_ == Kind::kNot) return Is(AllocatedBit::Nor(cs, a.bit(), b.bit()));
  return Is(AllocatedBit::And(cs, a.bit(), b.bit()));
}

Boolean Boolean::Sha256Ch(ConstraintSystem& cs, const Boolean& a, const Boolean& b,
                          const Boolean& c) {
  bool value = (a.value() && b.value()) != (!a.value() && c.value());
  if (a.is_constant() && b.is_constant() && c.is_constant()) return Constant(value);
  if (a.IsConst(false)) return c;
  if (b.IsConst(false)) return And(cs, a.Not(), c);
  if (c.IsConst(false)) return And(cs, a, b);
  if (c.IsConst(true)) return And(cs, a, b.Not()).Not();
  if (b.IsConst(true)) return And(cs, a.Not(), c.Not()).Not();
  // General case (a = true included): [b - c] * [a] = [ch - c].
  Variable ch = cs.AllocBit(value);
  if (cs.WantsCombinations()) {
    LinearCombination bc = b.Lc();
    c.AddTo(bc, Fr::MinusOne());
    LinearCombination rhs = LinearCombination::Of(ch);
    c.AddTo(rhs, Fr::MinusOne());
    cs.Enforce(bc, a.Lc(), rhs);
  } else {
    cs.EnforceUnread();
  }
  return Is({ch, value});
}

Boolean Boolean::Sha256Maj(ConstraintSystem& cs, const Boolean& a, const Boolean& b,
                           const Boolean& c) {
  bool value = ((a.value() && b.value()) != (a.value() && c.value())) != (b.value() && c.value());
  if (a.is_constant() && b.is_constant() && c.is_constant()) return Constant(value);
  if (a.IsConst(false)) return And(cs, b, c);
  if (b.IsConst(false)) return And(cs, a, c);
  if (c.IsConst(false)) return And(cs, a, b);
  if (c.IsConst(true)) return And(cs, a.Not(), b.Not()).Not();
  if (b.IsConst(true)) return And(cs, a.Not(), c.Not()).Not();
  if (a.IsConst(true)) return And(cs, b.Not(), c.Not()).Not();
  // General case: maj first, then bc = b and c, then [2bc - b - c] * [a] = [bc - maj].
  Variable maj = cs.AllocBit(value);
  Boolean bc = And(cs, b, c);
  if (cs.WantsCombinations()) {
    LinearCombination lhs;
    bc.AddTo(lhs, Fr::Two());
    b.AddTo(lhs, Fr::MinusOne());
    c.AddTo(lhs, Fr::MinusOne());
    LinearCombination rhs = bc.Lc();
    rhs.Sub(maj);
    cs.Enforce(lhs, a.Lc(), rhs);
  } else {
    cs.EnforceUnread();
  }
  return Is({maj, value});
}

}  // namespace cuzk::gadgets
