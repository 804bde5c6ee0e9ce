// SPDX-License-Identifier: Apache-2.0 OR MIT
// Number gadgets (bellpepper num.rs, multipack.rs; storage-proofs-core gadgets and util.rs):
// shapes per spec porep-c2-circuit.md 4.2.
#include "gadgets/num.h"

#include <algorithm>

#include "gadgets/boolean.h"

namespace cuzk::gadgets {
namespace {

LinearCombination One() { return LinearCombination::Of(Variable::One()); }

// Returns (sum 2^i bits_i as a combination, its value).
std::pair<LinearCombination, Fr> Weighted(std::span<const Boolean> bits) {
  LinearCombination lc;
  Fr coeff = Fr::One(), value;
  for (const Boolean& b : bits) {
    b.AddTo(lc, coeff);
    if (b.value()) value += coeff;
    coeff = coeff.Double();
  }
  return {std::move(lc), value};
}

}  // namespace

std::vector<Boolean> ToBitsLe(ConstraintSystem& cs, const AllocatedNum& x) {
  ff::Limbs<4> v = x.value.ToCanonical();
  std::vector<Boolean> bits;
  bits.reserve(255);
  for (size_t i = 0; i < 255; ++i) bits.push_back(Boolean::Alloc(cs, (v[i / 64] >> (i % 64)) & 1));
  auto [lc, value] = Weighted(bits);
  lc.Sub(x.var);
  cs.Enforce(LinearCombination(), LinearCombination(), lc);
  return bits;
}

AllocatedNum Inputize(ConstraintSystem& cs, const AllocatedNum& x) {
  AllocatedNum u = AllocatedNum::AllocInput(cs, x.value);
  cs.Enforce(LinearCombination::Of(u.var), One(), LinearCombination::Of(x.var));
  return u;
}

AllocatedNum Pick(ConstraintSystem& cs, const Boolean& cond, const AllocatedNum& a,
                  const AllocatedNum& b) {
  AllocatedNum c = AllocatedNum::Alloc(cs, cond.value() ? a.value : b.value);
  LinearCombination ba = LinearCombination::Of(b.var);
  ba.Sub(a.var);
  LinearCombination bc = LinearCombination::Of(b.var);
  bc.Sub(c.var);
  cs.Enforce(ba, cond.Lc(), bc);
  return c;
}

std::pair<AllocatedNum, AllocatedNum> ConditionallyReverse(ConstraintSystem& cs,
                                                           const AllocatedNum& a,
                                                           const AllocatedNum& b,
                                                           const Boolean& cond) {
  bool swap = cond.value();
  AllocatedNum c = AllocatedNum::Alloc(cs, swap ? b.value : a.value);
  LinearCombination ab = LinearCombination::Of(a.var);
  ab.Sub(b.var);
  LinearCombination ac = LinearCombination::Of(a.var);
  ac.Sub(c.var);
  cs.Enforce(ab, cond.Lc(), ac);
  AllocatedNum d = AllocatedNum::Alloc(cs, swap ? a.value : b.value);
  LinearCombination ba = LinearCombination::Of(b.var);
  ba.Sub(a.var);
  LinearCombination bd = LinearCombination::Of(b.var);
  bd.Sub(d.var);
  cs.Enforce(ba, cond.Lc(), bd);
  return {c, d};
}

void EnforceEqual(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b) {
  cs.Enforce(LinearCombination::Of(a.var), One(), LinearCombination::Of(b.var));
}

AllocatedNum PackBits(ConstraintSystem& cs, std::span<const Boolean> bits) {
  auto [lc, value] = Weighted(bits);
  AllocatedNum n = AllocatedNum::Alloc(cs, value);
  cs.Enforce(lc, One(), LinearCombination::Of(n.var));
  return n;
}

void PackIntoInputs(ConstraintSystem& cs, std::span<const Boolean> bits) {
  for (size_t begin = 0; begin < bits.size(); begin += 254) {
    auto [lc, value] = Weighted(bits.subspan(begin, std::min<size_t>(254, bits.size() - begin)));
    Variable u = cs.AllocInput(value);
    cs.Enforce(lc, One(), LinearCombination::Of(u));
  }
}

std::vector<Boolean> ReverseBitNumbering(std::vector<Boolean> bits) {
  while (bits.size() % 8 != 0) bits.push_back(Boolean::Constant(false));
  for (size_t i = 0; i < bits.size(); i += 8) std::reverse(bits.begin() + i, bits.begin() + i + 8);
  return bits;
}

}  // namespace cuzk::gadgets
