// SPDX-License-Identifier: Apache-2.0 OR MIT
// Number gadgets (bellpepper num.rs, multipack.rs; storage-proofs-core gadgets and util.rs):
// shapes per docs/filecoin.md §4.2.
#include "gadgets/num.h"

#include <algorithm>
#include <optional>

#include "gadgets/boolean.h"

namespace cuzk::gadgets {
namespace {

LinearCombination One() { return LinearCombination::Of(Variable::One()); }

// Returns (sum 2^i bits_i as a combination (empty unless `lc_wanted`), its value).
std::pair<LinearCombination, Fr> Weighted(std::span<const Boolean> bits, bool lc_wanted = true) {
  LinearCombination lc;
  Fr coeff = Fr::One(), value;
  for (const Boolean& b : bits) {
    if (lc_wanted) b.AddTo(lc, coeff);
    if (b.value()) value += coeff;
    coeff = coeff.Double();
  }
  return {std::move(lc), value};
}

// Enforces [0] * [0] = [sum 2^i bits_i - x]: `bits` are x's, least significant first.
void EnforcePacks(ConstraintSystem& cs, std::span<const Boolean> bits, const AllocatedNum& x) {
  if (!cs.WantsCombinations()) return cs.EnforceUnread();
  auto [lc, value] = Weighted(bits);
  lc.Sub(x.var);
  cs.Enforce(LinearCombination(), LinearCombination(), lc);
}

}  // namespace

std::vector<Boolean> ToBitsLe(ConstraintSystem& cs, const AllocatedNum& x) {
  ff::Limbs<4> v = x.value.ToCanonical();
  std::vector<Boolean> bits;
  bits.reserve(255);
  for (size_t i = 0; i < 255; ++i) bits.push_back(Boolean::Alloc(cs, (v[i / 64] >> (i % 64)) & 1));
  EnforcePacks(cs, bits, x);
  return bits;
}

std::vector<Boolean> ToBitsLeStrict(ConstraintSystem& cs, const AllocatedNum& x) {
  return internal::ToBitsLeStrictClaiming(cs, x, x.value.ToCanonical());
}

namespace internal {

std::vector<Boolean> ToBitsLeStrictClaiming(ConstraintSystem& cs, const AllocatedNum& x,
                                            const ff::Limbs<4>& v) {
  ff::Limbs<4> r_minus_1 = Fr::kModulus;
  r_minus_1[0] -= 1;  // r is odd
  auto bit_of = [](const ff::Limbs<4>& l, size_t i) { return ((l[i / 64] >> (i % 64)) & 1) != 0; };
  size_t top = 255;
  while (!bit_of(r_minus_1, top)) --top;  // r - 1 has 255 bits: top = 254
  std::vector<AllocatedBit> msb_first;
  std::vector<AllocatedBit> run;
  std::optional<AllocatedBit> last_run;  // 1 iff x's bits so far equal r - 1's
  for (size_t i = top + 1; i-- > 0;) {
    bool x_bit = bit_of(v, i);
    if (bit_of(r_minus_1, i)) {
      msb_first.push_back(AllocatedBit::Alloc(cs, x_bit));
      run.push_back(msb_first.back());
      continue;
    }
    if (!run.empty()) {  // a run of ones ends: AND it (and the previous flag) into the flag
      if (last_run) run.push_back(*last_run);
      AllocatedBit flag = run[0];
      for (size_t k = 1; k < run.size(); ++k) flag = AllocatedBit::And(cs, flag, run[k]);
      last_run = flag;
      run.clear();
    }
    msb_first.push_back(AllocatedBit::AllocConditionally(cs, x_bit, *last_run));
  }
  std::vector<Boolean> bits;
  bits.reserve(msb_first.size());
  for (size_t i = msb_first.size(); i-- > 0;) bits.push_back(Boolean::Is(msb_first[i]));
  EnforcePacks(cs, bits, x);
  return bits;
}

}  // namespace internal

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
  const bool lcs = cs.WantsCombinations();
  auto [lc, value] = Weighted(bits, lcs);
  AllocatedNum n = AllocatedNum::Alloc(cs, value);
  if (lcs) {
    cs.Enforce(lc, One(), LinearCombination::Of(n.var));
  } else {
    cs.EnforceUnread();
  }
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
